/** The Essentials' plain forms on the family dashboard, for browsers without JavaScript (the island calls api/essentials.ts). */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { requireTeamMember, teamViewer } from "../../auth_middleware.ts";
import { formBody, formText, readForm } from "../../http.ts";
import { addEssentialAsViewer, ESSENTIAL_FIELDS, removeEssential } from "../../../lib/essentials/mod.ts";
import { NotFoundError, RateLimitError, ValidationError } from "../../../lib/errors.ts";
import { refusalOf } from "../../errors.ts";
import { sendFamilyDashboard } from "./dashboard.tsx";

/** How much of a refused form's text is sent back to be edited (above every bound). */
const MAX_ECHO = 2_500;

const essentialsOf = (c: Context<AppEnv>) => `/family-dashboard/${encodeURIComponent(teamViewer(c).teamId)}#essentials`;

/**
 * `/family-dashboard/{teamId}/essentials` (add) and `…/essentials/{itemId}/delete`: 303 back to
 * the section; a refused item re-renders the page with what was typed and the message next to
 * each field.
 */
export const essentialForms = new Hono<AppEnv>()
  .post("/essentials", formBody, requireTeamMember, async (c) => {
    const form = await readForm(c);
    const input = Object.fromEntries(ESSENTIAL_FIELDS.map((name) => [name, formText(form, name)]));
    const values = Object.fromEntries(ESSENTIAL_FIELDS.map((name) => [name, input[name].slice(0, MAX_ECHO)]));
    try {
      await addEssentialAsViewer(c.var.deps.kv, teamViewer(c), input, c.var.deps.now());
    } catch (error) {
      // The page again with what was typed: 422 for a refused item, 429 (and when to retry) for too many.
      const refused = refusalOf(error, ValidationError, RateLimitError);
      const status = refused.error instanceof RateLimitError ? 429 : 422;
      const res = await sendFamilyDashboard(c, { essential: { values, errors: refused.fieldsOr("form") } }, status);
      for (const [name, value] of refused.headers) res.headers.set(name, value);
      return res;
    }
    return c.redirect(essentialsOf(c), 303);
  })
  .post("/essentials/:itemId/delete", formBody, requireTeamMember, async (c) => {
    try {
      await removeEssential(c.var.deps.kv, teamViewer(c), c.req.param("itemId"));
    } catch (error) {
      // Already gone (a second click, another admin): what the person wanted is done.
      refusalOf(error, NotFoundError);
    }
    return c.redirect(essentialsOf(c), 303);
  });
