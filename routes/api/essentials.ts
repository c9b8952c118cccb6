/**
 * `/api/teams/{teamId}/essentials`: the Essentials' calls (the dashboard's forms are in
 * pages/family_dashboard/essentials.tsx).
 */
import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { requireTeamMember, teamViewer } from "../auth_middleware.ts";
import { jsonBody, pageQuery, readJsonFields } from "../http.ts";
import {
  addEssentialAsViewer,
  ESSENTIAL_FIELDS,
  listTeamEssentials,
  removeEssential,
} from "../../lib/essentials/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { refusalOf } from "../errors.ts";
import { NO_STORE } from "../security_headers.ts";

export const essentialsApi = new Hono<AppEnv>()
  .get("/essentials", requireTeamMember, async (c) => {
    const viewer = teamViewer(c);
    const page = await listTeamEssentials(c.var.deps.kv, viewer.teamId, { ...pageQuery(c), lang: viewer.language });
    return c.json(page, 200, NO_STORE);
  })
  .post("/essentials", jsonBody, requireTeamMember, async (c) => {
    const body = await readJsonFields(c, ESSENTIAL_FIELDS);
    try {
      const item = await addEssentialAsViewer(c.var.deps.kv, teamViewer(c), body, c.var.deps.now());
      return c.json(item, 201, NO_STORE);
    } catch (error) {
      // The form shows each refused field's message next to it.
      const { message, fields } = refusalOf(error, ValidationError);
      return c.json({ message, fields }, 400, NO_STORE);
    }
  })
  .delete("/essentials/:itemId", jsonBody, requireTeamMember, async (c) => {
    await removeEssential(c.var.deps.kv, teamViewer(c), c.req.param("itemId"));
    return c.json({ success: true }, 200, NO_STORE);
  });
