/**
 * What reading a calendar feed promises (R36): its options and result, and the bounds every
 * feed is read within. The text comes from a stranger's server, so everything is bounded: at
 * most 2,000 VEVENTs are read, recurrences are expanded only inside [now − 30 days, now + 365
 * days], at most 500 occurrences per event and 5,000 in all, ical.js's recurrence iterator is
 * metered step by step (`ical_guard.ts`), and a parse that still runs too long is stopped from
 * outside (`parse.ts`: on a worker with a 2-second budget). Shared by both sides of the worker.
 */
import type { FeedEvent } from "./types.ts";
import { adminCalendar } from "../i18n/en/adminCalendar.ts";

export interface ParseOptions {
  now: Date;
  /** The team's name, to tell its side from the opponent's in 'Hawks vs Tigers'. */
  teamName?: string;
  /** The team's zone (America/New_York when absent): all-day dates and floating times without X-WR-TIMEZONE. */
  timeZone?: string;
  /** The team takes the feed's own zone at this sync (no one chose one yet): its all-day dates are in that zone. */
  adoptFeedZone?: boolean;
  /**
   * The expansion clock (`PARSE_LIMITS.expansionMs` when absent). Tests of the step bounds lift
   * it, so that what they check does not depend on how busy the machine is.
   */
  expansionMs?: number;
}

export interface ParseResult {
  /** Sorted by start time; each `uid` appears once. */
  events: FeedEvent[];
  /** The feed held more than the limits let through (events, occurrences, or expansion work). */
  truncated: boolean;
  /**
   * The feed's own zone, as a team may have it: X-WR-TIMEZONE, else the zone its events'
   * DTSTARTs name most often; null when it names none (or none a team may have).
   */
  timeZone?: string | null;
}

export const PARSE_LIMITS = {
  maxEvents: 2_000,
  maxOccurrencesPerEvent: 500,
  maxOccurrences: 5_000,
  pastDays: 30,
  futureDays: 365,
  /** Candidate dates ical.js may test for one event, and for the whole feed (a step takes 5–10 µs). */
  stepsPerEvent: 20_000,
  steps: 150_000,
  /** Expansion stops here, keeping what it has, so a slow feed degrades before the worker is stopped. */
  expansionMs: 1_500,
} as const;

/**
 * The English catalogue's texts (lib/i18n/en/adminCalendar.ts): a failed sync stores them, pages
 * show them translated. Read from the English area itself, not the catalogue: the parse worker
 * loads this module, and needs no other language nor area.
 */
export const PARSE_MESSAGES = {
  notCalendar: adminCalendar.feed.notCalendar,
  tooSlow: adminCalendar.feed.tooSlow,
  unreadable: adminCalendar.feed.unreadable,
} as const;

export const PARSE_BUDGET_MS = 2_000;
