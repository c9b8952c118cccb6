/**
 * `/api/teams/{teamId}`: the team calendar calls (SPEC.md section 7, DECISIONS.md 'Sync now'),
 * for the team's admins (and a system administrator): list, connect (the link is fetched and
 * read first), remove, sync now. Every answer shows the feed URL masked: it is a secret that
 * reads the team's schedule. The Team Calendar card's forms are in pages/team_admin/calendar.tsx.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { actorOf, requireTeamRole } from "../../auth_middleware.ts";
import { jsonBody, readJsonFields } from "../../http.ts";
import {
  type Calendar,
  CALENDAR_TEXTS,
  calendarView,
  calendarViewIn,
  getCalendar,
  removeCalendar,
  syncCalendarNow,
} from "../../../lib/calendar/mod.ts";
import { connectCalendar, syncDepsOf } from "../../contexts.ts";
import { NO_STORE } from "../../security_headers.ts";
import { requestLanguage } from "../../language.ts";

/** The calendar as the card shows it, a failed sync's reason in the request's language (the `message` is translated on the way out). */
const viewFor = async (c: Context<AppEnv>, calendar: Calendar) =>
  calendarViewIn(calendarView(calendar), await requestLanguage(c));

const admin = requireTeamRole("TEAM_ADMIN");

export const calendarApi = new Hono<AppEnv>()
  .get("/calendars", admin, async (c) => {
    const calendar = await getCalendar(c.var.deps.kv, c.var.teamId!);
    return c.json(calendar ? [await viewFor(c, calendar)] : [], 200, NO_STORE);
  })
  .post("/calendar", jsonBody, admin, async (c) => {
    const { calendarUrl } = await readJsonFields(c, ["calendarUrl"]);
    const calendar = await connectCalendar(c, calendarUrl);
    return c.json({ message: CALENDAR_TEXTS.added, calendar: await viewFor(c, calendar) }, 201, NO_STORE);
  })
  .delete("/calendars/:calendarId", jsonBody, admin, async (c) => {
    const { kv, now } = c.var.deps;
    await removeCalendar(kv, c.var.teamId!, c.req.param("calendarId"), await actorOf(c), now());
    return c.json({ message: CALENDAR_TEXTS.removed }, 200, NO_STORE);
  })
  // Waits for the sync: 200 with the calendar as the sync left it, whatever the feed did (a
  // failure is `lastSyncStatus: "error"` with its `lastSyncError`, and the message says it).
  .post("/calendars/:calendarId/sync", jsonBody, admin, async (c) => {
    const outcome = await syncCalendarNow(c.var.deps.kv, c.var.teamId!, c.req.param("calendarId"), syncDepsOf(c));
    const message = outcome.kind === "failed" ? outcome.error : CALENDAR_TEXTS.synced;
    return c.json({ message, calendar: await viewFor(c, outcome.calendar) }, 200, NO_STORE);
  });
