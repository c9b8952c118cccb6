import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { actorOf, requireTeamMember, teamViewer } from "../auth_middleware.ts";
import { formText, pageQuery, readForm, readJsonFields } from "../http.ts";
import { deletePost, listTeamPosts, postAsViewer } from "../../lib/feed/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { sendFamilyDashboard } from "../pages/family_dashboard.tsx";

type Ctx = Context<AppEnv>;

/** What people of a team wrote: never stored by a browser or proxy cache. */
const NO_STORE = { "Cache-Control": "no-store" };
const POST_FIELDS = ["postType", "content", "playerId"] as const;
/** How much of a refused form's text is sent back to be edited (far above the 280 allowed). */
const MAX_ECHO = 2_000;

const feedOf = (c: Ctx) => `/family-dashboard/${encodeURIComponent(teamViewer(c).teamId)}#feed`;

/**
 * The team feed: `GET`/`POST /api/teams/:teamId/posts` and `DELETE …/posts/:postId` (JSON), and
 * the same two changes as plain forms under `/family-dashboard/:teamId/posts` for browsers
 * without JavaScript (303 back to the feed; a refused post re-renders the page with its errors).
 */
export const postRoutes = new Hono<AppEnv>()
  .get("/api/teams/:teamId/posts", requireTeamMember, async (c) => {
    const page = await listTeamPosts(c.var.deps.kv, teamViewer(c).teamId, pageQuery(c));
    return c.json(page, 200, NO_STORE);
  })
  .post("/api/teams/:teamId/posts", requireTeamMember, async (c) => {
    const body = await readJsonFields(c, POST_FIELDS);
    try {
      const post = await postAsViewer(c.var.deps.kv, teamViewer(c), body, c.var.deps.now());
      return c.json(post, 201, NO_STORE);
    } catch (error) {
      // The island shows each message next to its field.
      if (!(error instanceof ValidationError)) throw error;
      return c.json({ message: error.message, fields: error.fields }, 400, NO_STORE);
    }
  })
  .delete("/api/teams/:teamId/posts/:postId", requireTeamMember, async (c) => {
    await deletePost(c.var.deps.kv, teamViewer(c), c.req.param("postId"), await actorOf(c), c.var.deps.now());
    return c.json({ success: true }, 200, NO_STORE);
  })
  .post("/family-dashboard/:teamId/posts", requireTeamMember, async (c) => {
    const form = await readForm(c);
    const values = Object.fromEntries(POST_FIELDS.map((name) => [name, formText(form, name).slice(0, MAX_ECHO)]));
    try {
      await postAsViewer(c.var.deps.kv, teamViewer(c), {
        postType: formText(form, "postType"),
        content: formText(form, "content"),
        playerId: formText(form, "playerId"),
      }, c.var.deps.now());
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const errors = Object.keys(error.fields).length > 0 ? error.fields : { content: error.message };
      return await sendFamilyDashboard(c, { post: { values, errors } }, 422);
    }
    return c.redirect(feedOf(c), 303);
  })
  .post("/family-dashboard/:teamId/posts/:postId/delete", requireTeamMember, async (c) => {
    await deletePost(c.var.deps.kv, teamViewer(c), c.req.param("postId"), await actorOf(c), c.var.deps.now());
    return c.redirect(feedOf(c), 303);
  });
