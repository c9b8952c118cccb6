/**
 * A team's time zone and how times read in it. Times are stored as UTC instants and shown in
 * the team's zone (events, posts, the admin's calendar card, and the digest mails to come), so
 * a West Coast team's 9:00 AM game reads 9:00 AM wherever the server runs. Pure and free of
 * dependencies: pages, islands, the calendar sync and mails share it. Formatters are built on
 * first use and kept in a small bounded map (building one costs far more than formatting).
 */
import type { Language } from "./i18n/languages.ts";

/** SPEC.md's zone: a team's until its calendar or its admin says otherwise. */
export const DEFAULT_TIME_ZONE = "America/New_York";

/** Who set a team's zone: its admin (final), its calendar's first sync (once), or no one yet. */
export type TimeZoneSource = "admin" | "calendar" | "default";

/** IANA names are at most 32 characters today; anything much longer is not a zone. */
export const MAX_TIME_ZONE_LENGTH = 64;
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

let zones: { list: readonly string[]; set: ReadonlySet<string> } | null = null;

/** Read on first use: `Intl.supportedValuesOf` is newer than what a page's other code needs. */
function knownZones() {
  if (!zones) {
    const list = [...new Set([...Intl.supportedValuesOf("timeZone"), "UTC"])].sort();
    zones = { list, set: new Set(list) };
  }
  return zones;
}

/** The zones a team may have: the runtime's IANA zones and UTC, sorted. */
export const timeZoneChoices = (): readonly string[] => knownZones().list;

/**
 * The runtime's name of a zone a team may have ('america/los_angeles' → 'America/Los_Angeles';
 * 'Asia/Kolkata' may read 'Asia/Calcutta', the name the runtime lists), or null for anything
 * else: not text, too long, unknown, or a fixed offset such as 'Etc/GMT+5'.
 */
export function canonicalTimeZone(name: unknown): string | null {
  if (typeof name !== "string" || name.length > MAX_TIME_ZONE_LENGTH || !ZONE_NAME.test(name)) return null;
  const { set } = knownZones();
  if (set.has(name)) return name;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  return set.has(resolved) ? resolved : null;
}

/** What a team record says about its zone (teams made before zones had none). */
export interface TeamZoneSettings {
  timeZone?: string;
  timeZoneSource?: TimeZoneSource;
}

/** A team's zone: its setting when this runtime knows it, else America/New_York. */
export function teamTimeZone(team: { settings: TeamZoneSettings }): string {
  return canonicalTimeZone(team.settings.timeZone) ?? DEFAULT_TIME_ZONE;
}

/** Who set a team's zone ('default' for a team made before zones). */
export const teamTimeZoneSource = (team: { settings: TeamZoneSettings }): TimeZoneSource =>
  team.settings.timeZoneSource ?? "default";

/** Whether a calendar's sync may still set the team's zone: neither its admin nor an earlier calendar did. */
export const mayTakeCalendarZone = (settings: TeamZoneSettings): boolean =>
  (settings.timeZoneSource ?? "default") === "default";

/** The zone a calendar's sync gives the team, or null to leave it (someone set it, or it is no zone a team may have). */
export function zoneToAdopt(settings: TeamZoneSettings, calendarZone: string | null | undefined): string | null {
  return mayTakeCalendarZone(settings) ? canonicalTimeZone(calendarZone) : null;
}

// ---------------------------------------------------------------------------------------------
// Formatting

/**
 * The locale each page language formats dates in (issue 24): US English, and the Spanish of the
 * US ('9:30 a.m.', 'sáb, 14 de mar', and 'PT' after a time as in English). Every formatter takes
 * the language last, English by default, so callers that show English are unchanged.
 */
const LOCALES: Record<Language, string> = { en: "en-US", es: "es-US" };

/** The locale a language's dates and relative times are written in. */
export const dateLocale = (lang: Language = "en"): string => LOCALES[lang] ?? LOCALES.en;

const STYLES = {
  day: { year: "numeric", month: "numeric", day: "numeric" },
  hour: { hour: "numeric", hourCycle: "h23" },
  weekday: { weekday: "short", month: "short", day: "numeric" },
  weekdayYear: { weekday: "short", month: "short", day: "numeric", year: "numeric" },
  date: { month: "short", day: "numeric", year: "numeric" },
  clock: { hour: "numeric", minute: "2-digit" },
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  shortName: { timeZoneName: "short" },
  genericName: { timeZoneName: "shortGeneric" },
  longName: { timeZoneName: "longGeneric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type Style = keyof typeof STYLES;

/** A team's few formatters are reused; the bound keeps a process that meets every zone small. */
const MAX_FORMATTERS = 256;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style, zone: string, lang: Language = "en"): Intl.DateTimeFormat {
  const key = `${style} ${zone} ${lang}`;
  let format = formatters.get(key);
  if (!format) {
    const locale = dateLocale(lang);
    try {
      format = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone: zone });
    } catch {
      // A zone this runtime does not know (a browser older than the server): the default's times.
      format = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone: DEFAULT_TIME_ZONE });
    }
    if (formatters.size >= MAX_FORMATTERS) formatters.delete(formatters.keys().next().value!);
    formatters.set(key, format);
  }
  return format;
}

/** ICU's narrow no-break space before 'PM' is not in every font: ordinary spaces. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

const partOf = (style: Style, zone: string, date: Date, type: Intl.DateTimeFormatPartTypes, lang?: Language) =>
  formatter(style, zone, lang).formatToParts(date).find((p) => p.type === type)?.value ?? "";

/**
 * `formatToParts` is the dearest call of a page that shows times (the family dashboard asks
 * the same zone names and days on every request): answers are kept per zone and minute, which
 * no time zone rule splits (offsets and their changes fall on whole minutes).
 */
const MAX_MINUTE_ANSWERS = 4096;
const minuteAnswers = new Map<string, string>();

function perMinute(what: string, zone: string, date: Date, compute: () => string): string {
  const key = `${what} ${zone} ${Math.floor(date.getTime() / 60_000)}`;
  let answer = minuteAnswers.get(key);
  if (answer === undefined) {
    answer = compute();
    if (minuteAnswers.size >= MAX_MINUTE_ANSWERS) minuteAnswers.delete(minuteAnswers.keys().next().value!);
    minuteAnswers.set(key, answer);
  }
  return answer;
}

/** A date on the zone's calendar: [year, month (1–12), day]. */
export type CalendarDay = [number, number, number];

/** The zone's calendar date at an instant. */
export function calendarDay(date: Date, zone: string): CalendarDay {
  const day = perMinute("day", zone, date, () => {
    const parts = Object.fromEntries(formatter("day", zone).formatToParts(date).map((p) => [p.type, p.value]));
    return `${parts.year} ${parts.month} ${parts.day}`;
  });
  const [year, month, dayOfMonth] = day.split(" ").map(Number);
  return [year, month, dayOfMonth];
}

/** The hour (0–23) on the zone's clock at an instant. */
export const zoneHour = (date: Date, zone: string): number =>
  Number(perMinute("hour", zone, date, () => partOf("hour", zone, date, "hour"))) % 24;

export const sameDay = (a: CalendarDay, b: CalendarDay): boolean => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/** The calendar day after `day` (month and year ends included). */
export function nextDay([y, m, d]: CalendarDay): CalendarDay {
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()];
}

/** '5:30 PM' on the zone's clock ('5:30 p.m.' in Spanish). */
export const clockTime = (date: Date, zone: string, lang?: Language): string =>
  plainSpaces(formatter("clock", zone, lang).format(date));

/** 'Sat, Mar 14', or with `withYear` 'Sat, Mar 14, 2027', on the zone's calendar ('sáb, 14 de mar'). */
export const weekdayDate = (date: Date, zone: string, withYear = false, lang?: Language): string =>
  plainSpaces(formatter(withYear ? "weekdayYear" : "weekday", zone, lang).format(date));

/** 'Nov 3, 2026' on the zone's calendar ('3 nov 2026'). */
export const shortDate = (date: Date, zone: string, lang?: Language): string =>
  plainSpaces(formatter("date", zone, lang).format(date));

/** 'Nov 3, 2026, 5:30 PM' in the zone ('3 nov 2026, 5:30 p.m.'). */
export const dateTime = (date: Date, zone: string, lang?: Language): string =>
  plainSpaces(formatter("dateTime", zone, lang).format(date));

/**
 * The zone's short name at an instant, as people write it after a time: 'PT', 'ET', 'MST',
 * 'HST' where English has one, else the offset ('GMT+2', 'GMT+5:30') or 'UTC'.
 */
export function zoneAbbreviation(zone: string, at: Date): string {
  return perMinute("abbreviation", zone, at, () => {
    const generic = partOf("genericName", zone, at, "timeZoneName");
    if (/^[A-Z]{2,5}$/.test(generic) && !generic.startsWith("GMT")) return generic;
    return partOf("shortName", zone, at, "timeZoneName");
  });
}

/** The zone's name in words ('Pacific Time', 'Central European Time'; 'hora del Pacífico'), for a label's tooltip. */
export const zoneName = (zone: string, at: Date, lang: Language = "en"): string =>
  perMinute(`name ${lang}`, zone, at, () => partOf("longName", zone, at, "timeZoneName", lang));
