/**
 * How the admin's Team Calendar card words a calendar in the page's language (SPEC.md section 2
 * 'Team Calendar card'): the type and status labels, the last-sync time and the stale-schedule
 * line, from the `adminCalendar` area it is given. Pure and catalogue-free: the card (an island)
 * gets its texts with its props; lib/calendar/display.ts gives the English ones to the server.
 */
import type { adminCalendar } from "../i18n/en/adminCalendar.ts";
import { format } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { clockTime, shortDate, zoneAbbreviation } from "../time_zone.ts";

/** The card's words: the `adminCalendar` area in `lang`. */
export interface CardWords {
  texts: typeof adminCalendar;
  lang: Language;
}

/** 'PlayMetrics', 'TeamSnap', else 'Calendar link (ICS)' (the stored type stays `generic`). */
export const cardTypeLabel = (type: string, { texts }: CardWords): string =>
  type === "playmetrics" || type === "teamsnap" ? texts.types[type] : texts.types.generic;

export type StatusTone = "active" | "error" | "syncing" | "pending";

/** SPEC.md: Active for success, Error, Syncing for pending, otherwise Pending. */
export function cardStatusBadge(status: string, { texts }: CardWords): { label: string; tone: StatusTone } {
  const tone: StatusTone = status === "success"
    ? "active"
    : status === "error"
    ? "error"
    : status === "pending"
    ? "syncing"
    : "pending";
  return { label: texts.badges[tone], tone };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** 'Nov 23, 2026' in the team's zone ('23 nov 2026'). */
export const cardDate = (iso: string, zone: string, lang: Language): string => shortDate(new Date(iso), zone, lang);

/** 'Nov 23, 2026, 7:05 AM PT' in the team's zone, named (the card is read from anywhere). */
export function cardDateTime(iso: string, zone: string, lang: Language): string {
  const at = new Date(iso);
  return `${shortDate(at, zone, lang)}, ${clockTime(at, zone, lang)} ${zoneAbbreviation(zone, at)}`;
}

/** 'Never', 'Just now', 'N minutes ago', 'N hours ago', else the date in the team's zone. */
export function cardLastSync(lastSync: string | null, now: Date, zone: string, words: CardWords): string {
  const { texts, lang } = words;
  const at = lastSync ? Date.parse(lastSync) : NaN;
  if (Number.isNaN(at)) return texts.lastSync.never;
  const ago = now.getTime() - at;
  if (ago < MINUTE_MS) return texts.lastSync.justNow;
  if (ago < HOUR_MS) return format(lang, texts.lastSync.minutesAgo, { count: Math.floor(ago / MINUTE_MS) });
  if (ago < 24 * HOUR_MS) return format(lang, texts.lastSync.hoursAgo, { count: Math.floor(ago / HOUR_MS) });
  return cardDate(lastSync!, zone, lang);
}

/**
 * After a failed sync the events are the last good sync's: 'Showing the schedule from <when>'.
 * Null when the last sync worked or none ever did.
 */
export function cardStaleSchedule(
  calendar: { lastSyncStatus: string; lastSuccessAt: string | null },
  zone: string,
  { texts, lang }: CardWords,
): string | null {
  if (calendar.lastSyncStatus !== "error" || !calendar.lastSuccessAt) return null;
  return format(lang, texts.staleSchedule, { when: cardDateTime(calendar.lastSuccessAt, zone, lang) });
}

/** Where the card's forms post without JavaScript, under the dashboard's own path. */
export function calendarFormPaths(dashboardPath: string, calendarId?: string) {
  const base = `${dashboardPath}/calendar`;
  const one = calendarId ? `${base}/${encodeURIComponent(calendarId)}` : base;
  return { add: base, sync: `${one}/sync`, remove: `${one}/remove` };
}
