/**
 * How the Upcoming Events widget words an event (SPEC.md sections 2 and 8): times in
 * America/New_York whatever the server's or reader's zone, 'Today' and 'Tomorrow' by that
 * zone's calendar. Pure: it runs in server-rendered components and in tests.
 */
import type { TeamEvent } from "./types.ts";

export const EVENTS_TIME_ZONE = "America/New_York";
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

const dayParts = new Intl.DateTimeFormat("en-US", {
  timeZone: EVENTS_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
});
const dateLabel = new Intl.DateTimeFormat("en-US", {
  timeZone: EVENTS_TIME_ZONE,
  weekday: "short",
  month: "short",
  day: "numeric",
});
const dateLabelWithYear = new Intl.DateTimeFormat("en-US", {
  timeZone: EVENTS_TIME_ZONE,
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});
const clock = new Intl.DateTimeFormat("en-US", { timeZone: EVENTS_TIME_ZONE, hour: "numeric", minute: "2-digit" });

/** The New York calendar date of an instant, as [year, month, day]. */
function newYorkDate(date: Date): [number, number, number] {
  const parts = Object.fromEntries(dayParts.formatToParts(date).map((p) => [p.type, p.value]));
  return [Number(parts.year), Number(parts.month), Number(parts.day)];
}

const dayKey = ([y, m, d]: [number, number, number]) => `${y}-${m}-${d}`;

/** The calendar day after [y, m, d] (month and year ends included). */
function nextDay([y, m, d]: [number, number, number]): [number, number, number] {
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()];
}

/** 'Today', 'Tomorrow', else 'Sat, Mar 14' (with the year when it is not `now`'s), in New York. */
export function dayLabel(date: Date, now: Date): string {
  const day = newYorkDate(date);
  const today = newYorkDate(now);
  if (dayKey(day) === dayKey(today)) return EVENTS_TEXTS.today;
  if (dayKey(day) === dayKey(nextDay(today))) return EVENTS_TEXTS.tomorrow;
  return (day[0] === today[0] ? dateLabel : dateLabelWithYear).format(date);
}

/** '5:30 PM' in New York (ordinary spaces: ICU's narrow no-break space is not in every font). */
export const timeLabel = (date: Date): string => clock.format(date).replace(/[\u202f\u00a0]/g, " ");

/**
 * When an event happens, e.g. 'Today · 5:30 PM – 7:00 PM', 'Sat, Mar 14 · 9:00 AM', or for one
 * that ends on a later day 'Sat, Mar 14 · 9:00 AM – Sun, Mar 15, 5:00 PM'.
 */
export function formatEventWhen(event: Pick<TeamEvent, "startTime" | "endTime">, now: Date): string {
  const start = new Date(event.startTime);
  const end = new Date(event.endTime);
  const head = `${dayLabel(start, now)} · ${timeLabel(start)}`;
  if (!(end.getTime() > start.getTime())) return head;
  if (dayKey(newYorkDate(start)) === dayKey(newYorkDate(end))) return `${head} – ${timeLabel(end)}`;
  return `${head} – ${dayLabel(end, now)}, ${timeLabel(end)}`;
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
