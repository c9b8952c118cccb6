/** The system administrator's overview calls (a system administrator's session; 401 otherwise). */
import { Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { requireSysadmin } from "../../auth_middleware.ts";
import { pageQuery } from "../../http.ts";
import { listAuditLog, loadTeamsOverview } from "../../../lib/sysadmin/mod.ts";
import { ValidationError } from "../../../lib/errors.ts";
import { NO_STORE } from "../../security_headers.ts";
import { messagesFor } from "../../../lib/i18n/catalog.ts";
import { format } from "../../../lib/i18n/format.ts";

/** The longest search text taken (a team slug holds at most 48 characters). */
export const MAX_TEAM_SEARCH = 200;
/** In English: the answer puts it in the request's language (routes/language.ts translateApiMessages). */
export const TEAM_SEARCH_TOO_LONG = format("en", messagesFor("en").sysadmin.api.searchTooLong, {
  max: String(MAX_TEAM_SEARCH),
});

export const overviewApi = new Hono<AppEnv>()
  /**
   * `GET /api/admin/teams?q=&cursor=&limit=` → `{ values: TeamSummary[], cursor }`, teams in
   * slug order, those whose slug starts with the search's slug when `q` is given (24 a page by
   * default, at most 100).
   */
  .get("/teams", requireSysadmin, async (c) => {
    const query = c.req.query("q") ?? "";
    if (query.length > MAX_TEAM_SEARCH) throw new ValidationError(TEAM_SEARCH_TOO_LONG, { q: TEAM_SEARCH_TOO_LONG });
    const { cursor, limit } = pageQuery(c);
    const overview = await loadTeamsOverview(c.var.deps.kv, c.var.deps.now(), { query, cursor, limit });
    return c.json({ values: overview.values, cursor: overview.cursor }, 200, NO_STORE);
  })
  /**
   * `GET /api/admin/audit?teamId=&action=&cursor=&limit=` → `{ values: AuditEntry[], cursor }`:
   * the audit log newest first (25 a page by default), of one team (`teamId`: its id or slug;
   * 404 when it names no team) and of one action (`action`, e.g. `claim.approved`; 400 when
   * malformed). The only route about the audit log: nothing edits or deletes an entry.
   */
  .get("/audit", requireSysadmin, async (c) => {
    const { cursor, limit } = pageQuery(c);
    const page = await listAuditLog(c.var.deps.kv, {
      teamId: c.req.query("teamId") ?? "",
      action: c.req.query("action") ?? "",
      cursor,
      limit,
    });
    return c.json({ values: page.values, cursor: page.cursor }, 200, NO_STORE);
  });
