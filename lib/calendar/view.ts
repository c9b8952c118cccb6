/**
 * A calendar as the API and the admin's card show it. The feed URL is a secret (whoever has it
 * reads the team's schedule), so it leaves the server only masked; sync bookkeeping stays in.
 */
import type { Calendar } from "../db/calendars.ts";
import type { Language } from "../i18n/languages.ts";
import { translateMessage } from "../i18n/translate.ts";
import { maskCalendarUrl } from "./url.ts";

/** What leaves the server: no team id, creator or fetch bookkeeping, and `calendarUrl` masked (scheme, host, last characters). */
export type CalendarView = Omit<Calendar, "teamId" | "failures" | "validators" | "createdBy">;

export function calendarView(calendar: Calendar): CalendarView {
  return {
    id: calendar.id,
    calendarType: calendar.calendarType,
    calendarUrl: maskCalendarUrl(calendar.calendarUrl),
    lastSync: calendar.lastSync,
    lastSyncStatus: calendar.lastSyncStatus,
    lastSyncError: calendar.lastSyncError,
    lastSuccessAt: calendar.lastSuccessAt,
    nextSyncAt: calendar.nextSyncAt,
    eventCount: calendar.eventCount,
    truncated: calendar.truncated,
    createdAt: calendar.createdAt,
  };
}

/** The view for a reader of `lang`: a failed sync's reason is stored in English (the catalogue's), and shown in theirs. */
export const calendarViewIn = (view: CalendarView, lang: Language): CalendarView =>
  view.lastSyncError ? { ...view, lastSyncError: translateMessage(view.lastSyncError, lang) } : view;
