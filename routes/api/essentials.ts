import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { requireTeamMember, teamViewer } from "../auth_middleware.ts";
import { formText, pageQuery, readForm, readJsonFields } from "../http.ts";
import {
  addEssentialAsViewer,
  ESSENTIAL_FIELDS,
  listTeamEssentials,
  removeEssential,
} from "../../lib/essentials/mod.ts";
import { NotFoundError, RateLimitError, ValidationError } from "../../lib/errors.ts";
import { retryAfterHeader } from "../errors.ts";
import { sendFamilyDashboard } from "../pages/family_dashboard.tsx";

type Ctx = Context<AppEnv>;

/** What people of a team wrote: never stored by a browser or proxy cache. */
const NO_STORE = { "Cache-Control": "no-store" };
/** How much of a refused form's text is sent back to be edited (above every bound). */
const MAX_ECHO = 2_500;

const essentialsOf = (c: Ctx) => `/family-dashboard/${encodeURIComponent(teamViewer(c).teamId)}#essentials`;

/**
 * The Essentials: `GET`/`POST /api/teams/:teamId/essentials` and `DELETE …/essentials/:itemId`
 * (JSON), and the same two changes as plain forms under `/family-dashboard/:teamId/essentials`
 * for browsers without JavaScript (303 back to the section; a refused item re-renders the page
 * with what was typed and the message next to each field).
 */
export const essentialRoutes = new Hono<AppEnv>()
  .get("/api/teams/:teamId/essentials", requireTeamMember, async (c) => {
    const page = await listTeamEssentials(c.var.deps.kv, teamViewer(c).teamId, pageQuery(c));
    return c.json(page, 200, NO_STORE);
  })
  .post("/api/teams/:teamId/essentials", requireTeamMember, async (c) => {
    const body = await readJsonFields(c, ESSENTIAL_FIELDS);
    try {
      const item = await addEssentialAsViewer(c.var.deps.kv, teamViewer(c), body, c.var.deps.now());
      return c.json(item, 201, NO_STORE);
    } catch (error) {
      // The form shows each refused field's message next to it.
      if (!(error instanceof ValidationError)) throw error;
      return c.json({ message: error.message, fields: error.fields }, 400, NO_STORE);
    }
  })
  .delete("/api/teams/:teamId/essentials/:itemId", requireTeamMember, async (c) => {
    await removeEssential(c.var.deps.kv, teamViewer(c), c.req.param("itemId"));
    return c.json({ success: true }, 200, NO_STORE);
  })
  .post("/family-dashboard/:teamId/essentials", requireTeamMember, async (c) => {
    const form = await readForm(c);
    const input = Object.fromEntries(ESSENTIAL_FIELDS.map((name) => [name, formText(form, name)]));
    const values = Object.fromEntries(ESSENTIAL_FIELDS.map((name) => [name, input[name].slice(0, MAX_ECHO)]));
    try {
      await addEssentialAsViewer(c.var.deps.kv, teamViewer(c), input, c.var.deps.now());
    } catch (error) {
      if (error instanceof ValidationError) {
        const errors = Object.keys(error.fields).length > 0 ? error.fields : { form: error.message };
        return await sendFamilyDashboard(c, { essential: { values, errors } }, 422);
      }
      if (error instanceof RateLimitError) {
        const res = await sendFamilyDashboard(c, { essential: { values, errors: { form: error.message } } }, 429);
        for (const [name, value] of retryAfterHeader(error)) res.headers.set(name, value);
        return res;
      }
      throw error;
    }
    return c.redirect(essentialsOf(c), 303);
  })
  .post("/family-dashboard/:teamId/essentials/:itemId/delete", requireTeamMember, async (c) => {
    try {
      await removeEssential(c.var.deps.kv, teamViewer(c), c.req.param("itemId"));
    } catch (error) {
      // Already gone (a second click, another admin): what the person wanted is done.
      if (!(error instanceof NotFoundError)) throw error;
    }
    return c.redirect(essentialsOf(c), 303);
  });
