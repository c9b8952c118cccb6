/** The feed's plain forms on the family dashboard, for browsers without JavaScript (the island calls api/feed.ts). */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { actorOf, requireTeamMember, teamViewer } from "../../auth_middleware.ts";
import { formBody, formText, readForm } from "../../http.ts";
import { deletePost, postAsViewer } from "../../../lib/feed/mod.ts";
import { ValidationError } from "../../../lib/errors.ts";
import { refusalOf } from "../../errors.ts";
import { POST_FIELDS } from "../../api/feed.ts";
import { sendFamilyDashboard } from "./dashboard.tsx";

/** How much of a refused form's text is sent back to be edited (far above the 280 allowed). */
const MAX_ECHO = 2_000;

const feedOf = (c: Context<AppEnv>) => `/family-dashboard/${encodeURIComponent(teamViewer(c).teamId)}#feed`;

/**
 * `/family-dashboard/{teamId}/posts` (post) and `…/posts/{postId}/delete`: 303 back to the feed;
 * a refused post re-renders the page with its errors.
 */
export const feedForms = new Hono<AppEnv>()
  .post("/posts", formBody, requireTeamMember, async (c) => {
    const form = await readForm(c);
    const values = Object.fromEntries(POST_FIELDS.map((name) => [name, formText(form, name).slice(0, MAX_ECHO)]));
    try {
      await postAsViewer(c.var.deps.kv, teamViewer(c), {
        postType: formText(form, "postType"),
        content: formText(form, "content"),
        playerId: formText(form, "playerId"),
      }, c.var.deps.now());
    } catch (error) {
      const errors = refusalOf(error, ValidationError).fieldsOr("content");
      return await sendFamilyDashboard(c, { post: { values, errors } }, 422);
    }
    return c.redirect(feedOf(c), 303);
  })
  .post("/posts/:postId/delete", formBody, requireTeamMember, async (c) => {
    await deletePost(c.var.deps.kv, teamViewer(c), c.req.param("postId"), await actorOf(c), c.var.deps.now());
    return c.redirect(feedOf(c), 303);
  });
