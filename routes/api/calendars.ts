/**
 * The team calendar calls (SPEC.md section 7, DECISIONS.md 'Sync now'), for the team's admins
 * (and a system administrator): list, connect (the link is fetched and read first), remove,
 * sync now. Every answer shows the feed URL masked: it is a secret that reads the team's
 * schedule. The Team Calendar card's forms without JavaScript (routes/pages/admin_calendar.tsx) share the helpers below.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { actorOf, getSessionUser, requireTeamRole } from "../auth_middleware.ts";
import { readJsonFields } from "../http.ts";
import {
  CALENDAR_TEXTS,
  calendarView,
  connectCalendar as connectTeamCalendar,
  getCalendar,
  removeCalendar,
  syncCalendarNow,
  type SyncDeps,
} from "../../lib/calendar/mod.ts";

type Ctx = Context<AppEnv>;

const NO_STORE = { "Cache-Control": "no-store" };
const admin = requireTeamRole("TEAM_ADMIN");

/** What a sync started by this request needs: the app's clock, and the test-only loopback switch. */
export function syncDepsOf(c: Ctx): SyncDeps {
  const { now, config } = c.var.deps;
  return { now, allowPrivateHosts: config.calendarAllowPrivateHosts };
}

/** Who connects a calendar: the person (null for a team's shared login or a system administrator) and the audit label. */
export async function calendarActor(c: Ctx): Promise<{ id: string | null; label: string }> {
  const user = await getSessionUser(c);
  return { id: user?.kind === "person" ? user.id : null, label: await actorOf(c) };
}

/**
 * Connects the team's calendar once its link has been fetched and read (up to the fetch's
 * 10-second deadline): a link that fails is refused with the reason, and nothing is stored.
 */
export async function connectCalendar(c: Ctx, rawUrl: unknown) {
  return await connectTeamCalendar(c.var.deps.kv, c.var.teamId!, rawUrl, await calendarActor(c), syncDepsOf(c));
}

export const calendarApiRoutes = new Hono<AppEnv>()
  .get("/api/teams/:teamId/calendars", admin, async (c) => {
    const calendar = await getCalendar(c.var.deps.kv, c.var.teamId!);
    return c.json(calendar ? [calendarView(calendar)] : [], 200, NO_STORE);
  })
  .post("/api/teams/:teamId/calendar", admin, async (c) => {
    const { calendarUrl } = await readJsonFields(c, ["calendarUrl"]);
    const calendar = await connectCalendar(c, calendarUrl);
    return c.json({ message: CALENDAR_TEXTS.added, calendar: calendarView(calendar) }, 201, NO_STORE);
  })
  .delete("/api/teams/:teamId/calendars/:calendarId", admin, async (c) => {
    const { kv, now } = c.var.deps;
    await removeCalendar(kv, c.var.teamId!, c.req.param("calendarId"), await actorOf(c), now());
    return c.json({ message: CALENDAR_TEXTS.removed }, 200, NO_STORE);
  })
  // Waits for the sync: 200 with the calendar as the sync left it, whatever the feed did (a
  // failure is `lastSyncStatus: "error"` with its `lastSyncError`, and the message says it).
  .post("/api/teams/:teamId/calendars/:calendarId/sync", admin, async (c) => {
    const outcome = await syncCalendarNow(c.var.deps.kv, c.var.teamId!, c.req.param("calendarId"), syncDepsOf(c));
    const message = outcome.kind === "failed" ? outcome.error : CALENDAR_TEXTS.synced;
    return c.json({ message, calendar: calendarView(outcome.calendar) }, 200, NO_STORE);
  });
