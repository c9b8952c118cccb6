/**
 * When the weekly digest goes out (issue 23, item 4): Sunday from 17:00 to midnight on the
 * person's clock, once per week. A week runs Monday to Sunday on that clock and is named by its
 * Sunday's date ("2026-03-08"), so a run on Sunday evening and the development call earlier the
 * same week share one name (and one mail), and a wall-clock rule needs no care for DST: 17:00
 * never falls in a change (those are at night). Pure.
 */
import { namesIn } from "../mail/templates.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";
import { calendarDay, teamTimeZone, type TeamZoneSettings, zoneHour } from "../time_zone.ts";

/** The hour of Sunday, on the person's clock, from which their digest goes. */
export const DIGEST_HOUR = 17;
/** Posts and photos of the past 7 days, events of the next 7. */
export const DIGEST_DAYS = 7;
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * UTC offsets that a zone may have: UTC−12 to UTC+14. Sunday 17:00–24:00 somewhere on Earth is
 * thus Sunday 03:00 to Monday 12:00 UTC (33 of the week's 168 hours): outside it the job reads nothing.
 */
const MIN_OFFSET_MINUTES = -12 * 60;
const MAX_OFFSET_MINUTES = 14 * 60;
const WINDOW_START = DIGEST_HOUR * 60;
const WINDOW_END = 24 * 60;

/** Whether any zone's clock may read Sunday 17:00 or later (same Sunday) at `now`, by arithmetic alone. */
export function someZoneMayBeDue(now: Date): boolean {
  const minuteOfWeek = now.getUTCDay() * 24 * 60 + now.getUTCHours() * 60 + now.getUTCMinutes();
  return minuteOfWeek >= WINDOW_START - MAX_OFFSET_MINUTES && minuteOfWeek < WINDOW_END - MIN_OFFSET_MINUTES;
}

/** A zone's clock at an instant: weekday (0 = Sunday), hour (0–23) and date. */
export interface ZoneClock {
  weekday: number;
  hour: number;
  year: number;
  month: number;
  day: number;
}

export function zoneClock(now: Date, zone: string): ZoneClock {
  const [year, month, day] = calendarDay(now, zone);
  return { weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(), hour: zoneHour(now, zone), year, month, day };
}

/** Sunday, from 17:00 until midnight, on the zone's clock. */
export function isDigestTime(now: Date, zone: string): boolean {
  const clock = zoneClock(now, zone);
  return clock.weekday === 0 && clock.hour >= DIGEST_HOUR;
}

/** The week `now` is in on the zone's clock, named by its Sunday's date: "2026-03-08". */
export function digestWeek(now: Date, zone: string): string {
  const clock = zoneClock(now, zone);
  const sunday = new Date(Date.UTC(clock.year, clock.month - 1, clock.day + (7 - clock.weekday) % 7));
  return sunday.toISOString().slice(0, 10);
}

/** A membership as the rule needs it. */
export interface DigestMembership {
  teamId: string;
  createdAt: string;
}

/**
 * Whose clock a person's digest follows: the team they joined first (then the smaller team id),
 * so one person in teams of several zones gets one mail at one time, and it does not move when
 * they join another team.
 */
export function homeTeamId(memberships: readonly DigestMembership[]): string | null {
  const sorted = [...memberships].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.teamId < b.teamId ? -1 : 1
  );
  return sorted[0]?.teamId ?? null;
}

/** The zone of a team (America/New_York unless set): lib/time_zone.ts's rule. */
export const digestZone = (team: { settings: TeamZoneSettings }): string => teamTimeZone(team);

/** The mail's subject, naming the team or teams, in the reader's language. */
export const digestSubject = (teamNames: readonly string[], lang: Language = DEFAULT_LANGUAGE): string =>
  format(lang, messagesFor(lang).mail.digest.subject, { teams: namesIn(lang, teamNames) });
