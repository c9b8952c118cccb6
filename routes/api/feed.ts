/** `/api/teams/{teamId}/posts`: the team feed's calls (the dashboard's forms are in pages/family_dashboard/feed.tsx). */
import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { actorOf, requireTeamMember, teamViewer } from "../auth_middleware.ts";
import { jsonBody, pageQuery, readJsonFields } from "../http.ts";
import { deletePost, listTeamPosts, postAsViewer } from "../../lib/feed/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { refusalOf } from "../errors.ts";
import { NO_STORE } from "../security_headers.ts";

/** A post's fields, in the call's body and the dashboard's form alike. */
export const POST_FIELDS = ["postType", "content", "playerId"] as const;

export const feedApi = new Hono<AppEnv>()
  .get("/posts", requireTeamMember, async (c) => {
    const viewer = teamViewer(c);
    const page = await listTeamPosts(c.var.deps.kv, viewer.teamId, { ...pageQuery(c), lang: viewer.language });
    return c.json(page, 200, NO_STORE);
  })
  .post("/posts", jsonBody, requireTeamMember, async (c) => {
    const body = await readJsonFields(c, POST_FIELDS);
    try {
      const post = await postAsViewer(c.var.deps.kv, teamViewer(c), body, c.var.deps.now());
      return c.json(post, 201, NO_STORE);
    } catch (error) {
      // The island shows each message next to its field.
      const { message, fields } = refusalOf(error, ValidationError);
      return c.json({ message, fields }, 400, NO_STORE);
    }
  })
  .delete("/posts/:postId", jsonBody, requireTeamMember, async (c) => {
    await deletePost(c.var.deps.kv, teamViewer(c), c.req.param("postId"), await actorOf(c), c.var.deps.now());
    return c.json({ success: true }, 200, NO_STORE);
  });
