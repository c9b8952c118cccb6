import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { requireTeamMember, teamViewer } from "../auth_middleware.ts";
import { cursorQuery } from "../http.ts";
import { eventsLimit, listUpcomingEvents } from "../../lib/events/mod.ts";
import { NO_STORE } from "../security_headers.ts";

/**
 * `GET /api/teams/:teamId/events?limit=&cursor=`: the team's events that have not ended yet,
 * in start order, `{ values, cursor }` (5 unless `limit` says otherwise, at most 100).
 */
export const eventsApi = new Hono<AppEnv>()
  .get("/events", requireTeamMember, async (c) => {
    const options = { cursor: cursorQuery(c), limit: eventsLimit(c.req.query("limit")) };
    const page = await listUpcomingEvents(c.var.deps.kv, teamViewer(c).teamId, c.var.deps.now(), options);
    return c.json(page, 200, NO_STORE);
  });
