/**
 * Times of a feed. A TZID that names an IANA zone ('America/Chicago', also inside Mozilla's
 * '/mozilla.org/…/America/Chicago') is resolved with the runtime's own zone data, and the
 * feed's VTIMEZONE for it is left out: its rules may be stale, Outlook's start in 1601 (1,700
 * iterator steps to expand), and a hostile one never ends (ical.js#318). Any other TZID
 * resolves to the feed's VTIMEZONE through ical.js, else to a Windows zone name's IANA zone.
 * Floating times are read in the feed's X-WR-TIMEZONE, else in the team's zone; an all-day
 * event starts at midnight of its date in the team's zone. ical.js then iterates recurrences
 * in wall-clock time, as RFC 5545 defines them.
 *
 * The feed's own zone (its X-WR-TIMEZONE, else the zone most of its events' DTSTARTs name) is
 * reported, so the sync can give it to a team whose admin never chose one.
 */
import ICAL from "ical.js";
import { canonicalTimeZone } from "../time_zone.ts";

export const DAY_MS = 24 * 60 * 60 * 1000;

const utcFromFields = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number => {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // Date.UTC would read years 0–99 as 1900–1999.
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** How far `zone`'s wall clock is ahead of UTC at `instant`. */
export function zoneOffsetMs(zone: string, instant: number): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, format);
  }
  const fields: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) fields[part.type] = Number(part.value);
  const wall = utcFromFields(fields.year, fields.month, fields.day, fields.hour % 24, fields.minute, fields.second);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant a wall-clock time in `zone` names. Near a clock change RFC 5545 decides: a time
 * the clock shows twice is the first one, a time it skips is read with the offset before the
 * skip (2:30 AM on the spring-forward night is 3:30 AM daylight time).
 */
function wallClockInstant(wall: number, zone: string): number {
  const offsetBefore = zoneOffsetMs(zone, wall - DAY_MS);
  const offsetAfter = zoneOffsetMs(zone, wall + DAY_MS);
  if (offsetBefore === offsetAfter) return wall - offsetBefore;
  const readings = [wall - offsetBefore, wall - offsetAfter].filter((instant) =>
    instant + zoneOffsetMs(zone, instant) === wall
  );
  return readings.length > 0 ? Math.min(...readings) : wall - offsetBefore;
}

const zoneCache = new Map<string, string | null>();

/** The runtime's name for an IANA zone, or null when it knows no such zone. */
function runtimeZone(name: string | undefined): string | null {
  if (!name || name.length > 64) return null;
  let zone = zoneCache.get(name);
  if (zone === undefined) {
    try {
      zone = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      zone = null;
    }
    if (zoneCache.size < 1000) zoneCache.set(name, zone);
  }
  return zone;
}

/** The IANA zone a TZID names, as is or at the end of a path ('/mozilla.org/20050126_1/America/Chicago'). */
export function strictIanaZone(tzid: string): string | null {
  return runtimeZone(tzid) ?? runtimeZone(/([A-Za-z]+\/[A-Za-z0-9_+-]+(?:\/[A-Za-z0-9_+-]+)?)$/.exec(tzid)?.[1]);
}

/** Zone names Windows-made feeds use, for when they come without a VTIMEZONE. */
const WINDOWS_ZONES: Record<string, string> = {
  "eastern standard time": "America/New_York",
  "central standard time": "America/Chicago",
  "mountain standard time": "America/Denver",
  "us mountain standard time": "America/Phoenix",
  "pacific standard time": "America/Los_Angeles",
  "alaskan standard time": "America/Anchorage",
  "hawaiian standard time": "Pacific/Honolulu",
  "atlantic standard time": "America/Halifax",
};

/** An IANA zone for a TZID or X-WR-TIMEZONE (an IANA name, or a Windows one), or null. */
export function ianaZone(tzid: string | null | undefined): string | null {
  if (!tzid) return null;
  return strictIanaZone(tzid) ?? runtimeZone(WINDOWS_ZONES[tzid.trim().toLowerCase()]);
}

export const wallMs = (time: ICAL.Time) =>
  utcFromFields(time.year, time.month, time.day, time.isDate ? 0 : time.hour, time.minute, time.second);

/** The zones of one parse: floating times' (X-WR-TIMEZONE, else the team's) and all-day dates' (the team's). */
export interface Zones {
  floating: string;
  day: string;
}

/** Midnight in `zone` of the date `days` after the date of `time`. */
export function midnight(time: ICAL.Time, zone: string, days = 0): number {
  return wallClockInstant(utcFromFields(time.year, time.month, time.day + days), zone);
}

/**
 * The instant of `time`: a date at the team's midnight; UTC as is; a zone from the feed's
 * VTIMEZONE through ical.js; a TZID ical.js could not resolve (no VTIMEZONE) or a floating time
 * through the IANA zone.
 */
export function instantOf(time: ICAL.Time, tzid: string | null, zones: Zones): number {
  if (time.isDate) return midnight(time, zones.day);
  if (time.zone === ICAL.Timezone.utcTimezone) return wallMs(time);
  if (time.zone && time.zone !== ICAL.Timezone.localTimezone) return time.toUnixTime() * 1000;
  return wallClockInstant(wallMs(time), ianaZone(tzid) ?? zones.floating);
}

/**
 * The feed's own zone as a team may have it: X-WR-TIMEZONE, else the zone its events' DTSTARTs
 * name most often (TZIDs that name the same zone count together; one that names no IANA zone,
 * such as a VTIMEZONE's own name, is passed over).
 */
export function feedZoneOf(calendarZone: string | null, tzidCounts: Map<string, number>): string | null {
  const named = canonicalTimeZone(ianaZone(calendarZone));
  if (named) return named;
  const uses = new Map<string, number>();
  for (const [tzid, count] of tzidCounts) {
    const zone = canonicalTimeZone(ianaZone(tzid));
    if (zone) uses.set(zone, (uses.get(zone) ?? 0) + count);
  }
  let best: string | null = null;
  for (const [zone, count] of uses) if (best === null || count > uses.get(best)!) best = zone;
  return best;
}
