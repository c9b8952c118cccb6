/**
 * The calendar sync's shapes, shared by the feed reader (fetch, parse) and the sync itself.
 * Pure: no server code, so components may import its types.
 */
import type { EventType } from "../events/types.ts";
import type { FeedValidators } from "../db/calendars.ts";

/** Stored with the calendar record, so defined with it (lib/db never imports lib/calendar). */
export type { CalendarType, FeedValidators } from "../db/calendars.ts";

/** One occurrence as the sync stores it (recurrences already expanded). */
export interface FeedEvent {
  /** Stable across syncs: the UID, plus the occurrence's start (RECURRENCE-ID) for a recurring one. */
  uid: string;
  /** SUMMARY: untrusted text, bounded by `normalizeEvent` before it is stored. */
  title: string;
  eventType: EventType;
  status: "confirmed" | "cancelled" | "tentative";
  /** ISO instants; an all-day event starts at midnight of its date in the team's zone. */
  startTime: string;
  endTime: string;
  allDay: boolean;
  opponent: string | null;
  isHome: boolean | null;
  location: string | null;
}

export type FeedFetchResult =
  | { kind: "not-modified" }
  | { kind: "fetched"; body: string; validators: FeedValidators };

/** A sync failure whose message is shown to the team admin as the calendar's sync error. */
export class CalendarSyncError extends Error {
  override name = "CalendarSyncError";
}
