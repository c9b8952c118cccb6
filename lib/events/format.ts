/**
 * How the Upcoming Events widget words an event (SPEC.md sections 2 and 8): times in the
 * team's zone whatever the server's or reader's zone, 'Today' and 'Tomorrow' by that zone's
 * calendar. Pure: it runs in server-rendered components, mails and tests.
 */
import type { TeamEvent } from "./types.ts";
import { calendarDay, clockTime, nextDay, sameDay, weekdayDate, zoneAbbreviation, zoneName } from "../time_zone.ts";

/** SPEC.md section 9: the widget shows 5 events. */
export const EVENTS_WIDGET_LIMIT = 5;

export const EVENTS_TEXTS = {
  title: "Upcoming Events",
  cancelled: "CANCELLED:",
  tentative: "Time/location may change",
  /** SPEC.md section 8: the widget without events (or when they could not be read). */
  emptyTitle: "No Events To Display",
  emptyHint: "Ask your Team Admin to connect GoalMates to TeamSnap, PlayMetrics or your favorite schedule app.",
  today: "Today",
  tomorrow: "Tomorrow",
  location: "Location:",
  types: { game: "Game", practice: "Practice", other: "Event" } as Record<string, string>,
} as const;

/** 'Today', 'Tomorrow', else 'Sat, Mar 14' (with the year when it is not `now`'s), on the zone's calendar. */
export function dayLabel(date: Date, now: Date, zone: string, relative = true): string {
  const day = calendarDay(date, zone);
  const today = calendarDay(now, zone);
  if (relative && sameDay(day, today)) return EVENTS_TEXTS.today;
  if (relative && sameDay(day, nextDay(today))) return EVENTS_TEXTS.tomorrow;
  return weekdayDate(date, zone, day[0] !== today[0]);
}

/** '5:30 PM' on the zone's clock (ordinary spaces: ICU's narrow no-break space is not in every font). */
export const timeLabel = (date: Date, zone: string): string => clockTime(date, zone);

/**
 * When an event happens in the zone, e.g. 'Today · 5:30 PM – 7:00 PM', 'Sat, Mar 14 · 9:00 AM',
 * or for one that ends on a later day 'Sat, Mar 14 · 9:00 AM – Sun, Mar 15, 5:00 PM'.
 */
export function formatEventWhen(
  event: Pick<TeamEvent, "startTime" | "endTime">,
  now: Date,
  zone: string,
  /** 'Today' and 'Tomorrow' for the page; a mail, read on another day, gives the date (false). */
  relativeDays = true,
): string {
  const start = new Date(event.startTime);
  const end = new Date(event.endTime);
  const head = `${dayLabel(start, now, zone, relativeDays)} · ${timeLabel(start, zone)}`;
  if (!(end.getTime() > start.getTime())) return head;
  if (sameDay(calendarDay(start, zone), calendarDay(end, zone))) return `${head} – ${timeLabel(end, zone)}`;
  return `${head} – ${dayLabel(end, now, zone, relativeDays)}, ${timeLabel(end, zone)}`;
}

/** The zone an event's times are in, as written after them ('PT') and in words ('Pacific Time'). */
export function eventZoneLabel(event: Pick<TeamEvent, "startTime">, zone: string): { short: string; long: string } {
  const start = new Date(event.startTime);
  return { short: zoneAbbreviation(zone, start), long: zoneName(zone, start) };
}

/** 'vs Hawks' at home (or when the source does not say), '@ Hawks' away; null without an opponent. */
export function opponentLabel(event: Pick<TeamEvent, "opponent" | "isHome">): string | null {
  if (!event.opponent) return null;
  return `${event.isHome === false ? "@" : "vs"} ${event.opponent}`;
}

export const isCancelled = (status: string | null | undefined): boolean =>
  typeof status === "string" && /^cancel+ed$/i.test(status.trim());

export const isTentative = (status: string | null | undefined): boolean =>
  typeof status === "string" && status.trim().toLowerCase() === "tentative";
