/**
 * How the Upcoming Events widget words an event (SPEC.md sections 2 and 8): times in the
 * team's zone whatever the server's or reader's zone, 'Today' and 'Tomorrow' by that zone's
 * calendar, in a language (English unless told: mails and tests ask for it). Pure: it runs in
 * server-rendered components, mails and tests.
 */
import type { TeamEvent } from "./types.ts";
import { calendarDay, clockTime, nextDay, sameDay, weekdayDate, zoneAbbreviation, zoneName } from "../time_zone.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";

/** SPEC.md section 9: the widget shows 5 events. */
export const EVENTS_WIDGET_LIMIT = 5;

/** The widget's words in English (the catalogue's `events`), for mails and tests. */
export const EVENTS_TEXTS = messagesFor("en").events;

/** An event type's name ('Game', 'Partido'); the type "other", or one this version does not know, is 'Event'. */
export function eventTypeLabel(type: string, lang: Language = "en"): string {
  const { types } = messagesFor(lang).events;
  return type === "game" || type === "practice" ? types[type] : types.event;
}

/**
 * 'Today', 'Tomorrow', else 'Sat, Mar 14' (with the year when it is not `now`'s), on the zone's
 * calendar ('Hoy', 'Mañana', 'sáb, 14 de mar' in Spanish).
 */
export function dayLabel(date: Date, now: Date, zone: string, relative = true, lang: Language = "en"): string {
  const day = calendarDay(date, zone);
  const today = calendarDay(now, zone);
  if (relative && sameDay(day, today)) return messagesFor(lang).events.today;
  if (relative && sameDay(day, nextDay(today))) return messagesFor(lang).events.tomorrow;
  return weekdayDate(date, zone, day[0] !== today[0], lang);
}

/** '5:30 PM' on the zone's clock (ordinary spaces: ICU's narrow no-break space is not in every font). */
export const timeLabel = (date: Date, zone: string, lang?: Language): string => clockTime(date, zone, lang);

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
  lang: Language = "en",
): string {
  const start = new Date(event.startTime);
  const end = new Date(event.endTime);
  const head = `${dayLabel(start, now, zone, relativeDays, lang)} · ${timeLabel(start, zone, lang)}`;
  if (!(end.getTime() > start.getTime())) return head;
  if (sameDay(calendarDay(start, zone), calendarDay(end, zone))) return `${head} – ${timeLabel(end, zone, lang)}`;
  return `${head} – ${dayLabel(end, now, zone, relativeDays, lang)}, ${timeLabel(end, zone, lang)}`;
}

/** The zone an event's times are in, as written after them ('PT') and in words ('Pacific Time', 'hora del Pacífico'). */
export function eventZoneLabel(
  event: Pick<TeamEvent, "startTime">,
  zone: string,
  lang: Language = "en",
): { short: string; long: string } {
  const start = new Date(event.startTime);
  return { short: zoneAbbreviation(zone, start), long: zoneName(zone, start, lang) };
}

/** 'vs Hawks' at home (or when the source does not say), '@ Hawks' away; null without an opponent. */
export function opponentLabel(event: Pick<TeamEvent, "opponent" | "isHome">, lang: Language = "en"): string | null {
  if (!event.opponent) return null;
  const words = messagesFor(lang).events;
  return format(lang, event.isHome === false ? words.away : words.home, { opponent: event.opponent });
}

export const isCancelled = (status: string | null | undefined): boolean =>
  typeof status === "string" && /^cancel+ed$/i.test(status.trim());

export const isTentative = (status: string | null | undefined): boolean =>
  typeof status === "string" && status.trim().toLowerCase() === "tentative";
