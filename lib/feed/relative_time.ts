/**
 * SPEC.md section 2: a post's time relative to now: 'just now', 'N minutes ago', 'N hours
 * ago', 'N days ago' within a week, otherwise its date ('Nov 3, 2026') on the team's calendar,
 * in the page's language (Intl.RelativeTimeFormat: 'hace 3 minutos'). Pure, so the server and
 * the island render the same text.
 */
import type { Language } from "../i18n/languages.ts";
import { dateLocale, dateTime, shortDate, zoneAbbreviation } from "../time_zone.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The words a relative time needs besides Intl's: its language and the catalogue's `feed.justNow`. */
export interface RelativeTimeWords {
  lang: Language;
  justNow: string;
}

const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>();

function ago(words: RelativeTimeWords, count: number, unit: "minute" | "hour" | "day"): string {
  let relative = relativeFormats.get(words.lang);
  if (!relative) {
    relative = new Intl.RelativeTimeFormat(dateLocale(words.lang), { numeric: "always" });
    relativeFormats.set(words.lang, relative);
  }
  return relative.format(-count, unit);
}

/** How long ago `date` was at `now`; a week or more back, its date in the team's zone. */
export function relativeTime(
  date: Date | string,
  now: Date | string,
  zone: string,
  words: RelativeTimeWords,
): string {
  const then = new Date(date);
  const elapsed = new Date(now).getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return "";
  // A clock a little ahead of the server's (or the server's a little ahead of ours) is still "now".
  if (elapsed < MINUTE) return words.justNow;
  if (elapsed < HOUR) return ago(words, Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return ago(words, Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return ago(words, Math.floor(elapsed / DAY), "day");
  return shortDate(then, zone, words.lang);
}

/** The full date and time in the team's zone, named ('Nov 3, 2026, 5:30 PM PT'), for a tooltip. */
export function fullTime(date: Date | string, zone: string, lang?: Language): string {
  const then = new Date(date);
  return Number.isNaN(then.getTime()) ? "" : `${dateTime(then, zone, lang)} ${zoneAbbreviation(zone, then)}`;
}
