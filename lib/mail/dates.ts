/**
 * Dates and times in a mail, in the recipient's language (issue 24): English exactly as
 * lib/time_zone.ts writes it for the pages ('Sat, Mar 14 · 5:30 PM'), other languages through
 * `Intl.DateTimeFormat` in the same zone. Spanish is written as in the United States
 * ('sáb, 14 de mar', '5:30 p.m.'), the way a family in Los Angeles or Miami reads it. Zone
 * abbreviations ('PT', 'ET') stay as they are: US Spanish writes them the same.
 */
import type { Language } from "../i18n/languages.ts";
import { calendarDay, clockTime, DEFAULT_TIME_ZONE, sameDay, weekdayDate } from "../time_zone.ts";

const LOCALES: Record<Exclude<Language, "en">, string> = { es: "es-US" };

const STYLES = {
  weekday: { weekday: "short", month: "short", day: "numeric" },
  weekdayYear: { weekday: "short", month: "short", day: "numeric", year: "numeric" },
  weekdayLong: { weekday: "long" },
  clock: { hour: "numeric", minute: "2-digit" },
  utc: { dateStyle: "long", timeStyle: "short", timeZone: "UTC" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type Style = keyof typeof STYLES;

/** Mails are written by jobs that meet many zones: the formatters kept are bounded. */
const MAX_FORMATTERS = 256;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: Exclude<Language, "en">, style: Style, zone: string): Intl.DateTimeFormat {
  const key = `${lang} ${style} ${zone}`;
  let format = formatters.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { timeZone: zone, ...STYLES[style] };
    try {
      format = new Intl.DateTimeFormat(LOCALES[lang], options);
    } catch {
      // A zone this runtime does not know: the default's times, as lib/time_zone.ts does.
      format = new Intl.DateTimeFormat(LOCALES[lang], { ...options, timeZone: DEFAULT_TIME_ZONE });
    }
    if (formatters.size >= MAX_FORMATTERS) formatters.delete(formatters.keys().next().value!);
    formatters.set(key, format);
  }
  return format;
}

/** ICU's narrow no-break space ('5:30 p. m.') is not in every mail font: ordinary spaces. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** 'Sat, Mar 14' ('sáb, 14 de mar'), with `withYear` the year too, on the zone's calendar. */
export function mailWeekdayDate(lang: Language, date: Date, zone: string, withYear = false): string {
  if (lang === "en") return weekdayDate(date, zone, withYear);
  return plainSpaces(formatter(lang, withYear ? "weekdayYear" : "weekday", zone).format(date));
}

/** '5:30 PM' ('5:30 p.m.') on the zone's clock. */
export function mailClockTime(lang: Language, date: Date, zone: string): string {
  if (lang === "en") return clockTime(date, zone);
  return plainSpaces(formatter(lang, "clock", zone).format(date));
}

/** 'Tuesday' ('martes') on the zone's calendar. */
export function mailWeekday(lang: Language, date: Date, zone: string): string {
  if (lang === "en") return new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: zone }).format(date);
  return formatter(lang, "weekdayLong", zone).format(date);
}

/** A moment in UTC, for account mails that name no team: '2026-03-14 21:30' ('14 de marzo de 2026, 9:30 p.m.'). */
export function mailUtcTime(lang: Language, date: Date): string {
  if (lang === "en") return date.toISOString().slice(0, 16).replace("T", " ");
  return plainSpaces(formatter(lang, "utc", "UTC").format(date));
}

/** The day of a date in a mail: never 'Today', since a mail is read on another day; the year when not `now`'s. */
const mailDay = (lang: Language, date: Date, now: Date, zone: string) =>
  mailWeekdayDate(lang, date, zone, calendarDay(date, zone)[0] !== calendarDay(now, zone)[0]);

/**
 * When an event happens, as the dashboard's events widget words it without 'Today'
 * (lib/events/format.ts `formatEventWhen(…, false)`): 'Sat, Mar 14 · 9:00 AM – 10:30 AM', or for
 * one that ends on a later day 'Sat, Mar 14 · 9:00 AM – Sun, Mar 15, 5:00 PM'.
 */
export function mailEventWhen(
  lang: Language,
  event: { startTime: string; endTime: string },
  now: Date,
  zone: string,
): string {
  const start = new Date(event.startTime);
  const end = new Date(event.endTime);
  const head = `${mailDay(lang, start, now, zone)} · ${mailClockTime(lang, start, zone)}`;
  if (!(end.getTime() > start.getTime())) return head;
  if (sameDay(calendarDay(start, zone), calendarDay(end, zone))) return `${head} – ${mailClockTime(lang, end, zone)}`;
  return `${head} – ${mailDay(lang, end, now, zone)}, ${mailClockTime(lang, end, zone)}`;
}
