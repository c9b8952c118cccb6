/**
 * The two ways only mail writes a moment, in the recipient's language (issue 24): a weekday in
 * full, and a UTC time for account mails that name no team. Dates and clock times in a team's zone
 * come from lib/time_zone.ts (`weekdayDate`, `clockTime`, with the language), as the pages write
 * them; Spanish as in the United States ('sáb, 14 de mar', '5:30 p.m.').
 */
import type { Language } from "../i18n/languages.ts";
import { DEFAULT_TIME_ZONE } from "../time_zone.ts";

const LOCALES: Record<Exclude<Language, "en">, string> = { es: "es-US" };

const STYLES = {
  weekdayLong: { weekday: "long" },
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
