/**
 * SPEC.md section 2: a post's time relative to now: 'just now', 'N minutes ago', 'N hours
 * ago', 'N days ago' within a week, otherwise its date ('Nov 3, 2026') on the team's calendar.
 * Pure, so the server and the island render the same text.
 */
import { dateTime, shortDate, zoneAbbreviation } from "../time_zone.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"} ago`;

/** How long ago `date` was at `now`; a week or more back, its date in the team's zone. */
export function relativeTime(date: Date | string, now: Date | string, zone: string): string {
  const then = new Date(date);
  const elapsed = new Date(now).getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return "";
  // A clock a little ahead of the server's (or the server's a little ahead of ours) is still "now".
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return ago(Math.floor(elapsed / DAY), "day");
  return shortDate(then, zone);
}

/** The full date and time in the team's zone, named ('Nov 3, 2026, 5:30 PM PT'), for a tooltip. */
export function fullTime(date: Date | string, zone: string): string {
  const then = new Date(date);
  return Number.isNaN(then.getTime()) ? "" : `${dateTime(then, zone)} ${zoneAbbreviation(zone, then)}`;
}
