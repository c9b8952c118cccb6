/**
 * How the admin's Team Calendar card words a calendar (SPEC.md section 2 'Team Calendar card',
 * section 8 'Calendar'): texts, the type and status labels, and the last-sync time. Pure: the
 * card (an island), the dashboard page and the server's form routes share it.
 */
import type { CalendarType } from "./types.ts";

export const CALENDAR_TEXTS = {
  title: "Team Calendar",
  intro: "Connect your team's schedule: families see the next events on their dashboard.",
  urlLabel: "Calendar URL",
  urlPlaceholder: "https://… or webcal://…",
  urlHint: "Paste the subscribe (iCal) link from TeamSnap, PlayMetrics, Google Calendar or any schedule app.",
  add: "Add Calendar",
  adding: "Adding...",
  connected: "Calendar Connected",
  syncNow: "Sync now",
  syncing: "Syncing...",
  remove: "Remove",
  removing: "Removing...",
  removeConfirm: "Remove this calendar? Its events leave the family dashboard.",
  note: "Syncs every 30 minutes.",
  lastSync: "Last sync",
  url: "Link",
  events: "Events",
  truncated: "The calendar has more events than GoalMates keeps; the first ones are shown.",
  syncError: "Sync error:",
  /** SPEC.md section 8. */
  addError: "Error Adding Calendar",
  addFallback: "Failed to add calendar",
  removeError: "Error Removing Calendar",
  removeFallback: "Failed to remove calendar",
  syncErrorTitle: "Error Syncing Calendar",
  syncFallback: "Failed to sync calendar",
  /** The answers of the calls (and the notices of the forms without JavaScript). */
  added: "Calendar added",
  addedNotice: "Calendar added. Its first sync is running: the status shows when it is done.",
  removed: "Calendar removed",
  synced: "Calendar synced",
  syncFailed: "The calendar could not be synced: the card shows why.",
  missing: "That calendar is no longer connected.",
  busy: "This calendar is syncing right now. Please try again in a moment.",
  limited: "Too many syncs of this calendar. Please wait a few minutes and try again.",
} as const;

const TYPE_LABELS: Record<CalendarType, string> = {
  playmetrics: "PlayMetrics",
  teamsnap: "TeamSnap",
  generic: "Generic ICS",
};

/** 'PlayMetrics', 'TeamSnap', else 'Generic ICS'. */
export const calendarTypeLabel = (type: string): string =>
  Object.hasOwn(TYPE_LABELS, type) ? TYPE_LABELS[type as CalendarType] : TYPE_LABELS.generic;

export type StatusTone = "active" | "error" | "syncing" | "pending";

/** SPEC.md: Active for success, Error, Syncing for pending, otherwise Pending. */
export function syncStatusBadge(status: string): { label: string; tone: StatusTone } {
  if (status === "success") return { label: "Active", tone: "active" };
  if (status === "error") return { label: "Error", tone: "error" };
  if (status === "pending") return { label: "Syncing", tone: "syncing" };
  return { label: "Pending", tone: "pending" };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const TIME_ZONE = "America/New_York";
const day = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, month: "short", day: "numeric", year: "numeric" });
const clock = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, hour: "numeric", minute: "2-digit" });

/** 'Nov 23, 2026' in New York. */
export const calendarDate = (iso: string): string => day.format(new Date(iso));

/** 'Nov 23, 2026, 7:05 AM' in New York (ordinary spaces: ICU's narrow no-break space differs between engines). */
export const calendarDateTime = (iso: string): string =>
  `${calendarDate(iso)}, ${clock.format(new Date(iso)).replace(/[\u202f\u00a0]/g, " ")}`;

/** 'Never', 'Just now', 'N minutes ago', 'N hours ago', else the date. */
export function lastSyncLabel(lastSync: string | null, now: Date): string {
  if (!lastSync) return "Never";
  const at = Date.parse(lastSync);
  if (Number.isNaN(at)) return "Never";
  const ago = now.getTime() - at;
  if (ago < MINUTE_MS) return "Just now";
  if (ago < HOUR_MS) {
    const minutes = Math.floor(ago / MINUTE_MS);
    return `${minutes} ${minutes === 1 ? "minute" : "minutes"} ago`;
  }
  if (ago < 24 * HOUR_MS) {
    const hours = Math.floor(ago / HOUR_MS);
    return `${hours} ${hours === 1 ? "hour" : "hours"} ago`;
  }
  return calendarDate(lastSync);
}

/**
 * After a failed sync the events are the last good sync's: 'Showing the schedule from <when>'.
 * Null when the last sync worked or none ever did.
 */
export function staleScheduleLabel(
  calendar: { lastSyncStatus: string; lastSuccessAt: string | null },
): string | null {
  if (calendar.lastSyncStatus !== "error" || !calendar.lastSuccessAt) return null;
  return `Showing the schedule from ${calendarDateTime(calendar.lastSuccessAt)}`;
}

/** Where the card's forms post without JavaScript, under the dashboard's own path. */
export function calendarFormPaths(dashboardPath: string, calendarId?: string) {
  const base = `${dashboardPath}/calendar`;
  const one = calendarId ? `${base}/${encodeURIComponent(calendarId)}` : base;
  return { add: base, sync: `${one}/sync`, remove: `${one}/remove` };
}
