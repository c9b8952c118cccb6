/**
 * A calendar as the API and the admin's card show it. The feed URL is a secret (whoever has it
 * reads the team's schedule), so it leaves the server only masked; sync bookkeeping stays in.
 */
import type { Calendar, SyncStatus } from "../db/calendars.ts";
import type { CalendarType } from "./types.ts";
import { maskCalendarUrl } from "./url.ts";

export interface CalendarView {
  id: string;
  calendarType: CalendarType;
  /** Masked: scheme, host and the last characters. */
  calendarUrl: string;
  lastSync: string | null;
  lastSyncStatus: SyncStatus;
  lastSyncError: string | null;
  /** When the events last came from a good fetch: with an error, the schedule shown is from then. */
  lastSuccessAt: string | null;
  nextSyncAt: string;
  eventCount: number;
  truncated: boolean;
  createdAt: string;
}

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
