/**
 * Team calendars: connecting a feed (TeamSnap, PlayMetrics or any ICS link), syncing it on a
 * schedule and on demand, what the admin's Team Calendar card shows, and each person's private
 * family calendar link.
 */
export type { Calendar, SyncStatus } from "../db/calendars.ts";
export { getCalendar } from "../db/calendars.ts";
export type { CalendarType, FeedEvent } from "./types.ts";
export {
  addCalendar,
  backoffMs,
  CALENDAR_MESSAGES,
  isSyncDue,
  removeCalendar,
  SYNC_INTERVAL_MS,
  type SyncDeps,
  syncDueCalendars,
  type SyncOutcome,
  syncTeamCalendar,
} from "./sync.ts";
export { CALENDAR_SYNC_CRON, calendarSyncJob, runScheduledSync } from "./schedule.ts";
export { maskCalendarUrl, normalizeCalendarUrl } from "./url.ts";
export { type CalendarView, calendarView, calendarViewIn } from "./view.ts";
export { SYNC_NOW_PER_WINDOW, syncCalendarNow } from "./sync_now.ts";
export { CONNECT_MESSAGES, CONNECT_PER_WINDOW, connectCalendar } from "./connect.ts";
export { CALENDAR_TEXTS, calendarTypeLabel, type ScheduleState, scheduleStateOf } from "./display.ts";
export {
  createFamilyCalendarLink,
  FAMILY_CALENDAR_MESSAGES,
  familyCalendarUrls,
  getFamilyCalendarLink,
  readFamilyCalendar,
  resetFamilyCalendarLink,
  revokeFamilyCalendarLink,
  tokenOfFeedFile,
} from "./subscription.ts";
