/**
 * SPEC.md section 2: a post's time relative to now: 'just now', 'N minutes ago', 'N hours
 * ago', 'N days ago' within a week, otherwise its date ('Nov 3, 2026'). Pure, so the server
 * and the island render the same text.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Dates are shown in the team's time zone, the one the events use (SPEC.md section 2). */
export const FEED_TIME_ZONE = "America/New_York";

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: FEED_TIME_ZONE,
});
const fullFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: FEED_TIME_ZONE,
});

const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"} ago`;

export function relativeTime(date: Date | string, now: Date | string): string {
  const then = new Date(date);
  const elapsed = new Date(now).getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return "";
  // A clock a little ahead of the server's (or the server's a little ahead of ours) is still "now".
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return ago(Math.floor(elapsed / DAY), "day");
  return dateFormat.format(then);
}

/** The full date and time, for a tooltip beside the relative time. */
export function fullTime(date: Date | string): string {
  const then = new Date(date);
  return Number.isNaN(then.getTime()) ? "" : fullFormat.format(then);
}
