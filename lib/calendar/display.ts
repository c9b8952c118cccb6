/**
 * How the admin's Team Calendar card words a calendar (SPEC.md section 2 'Team Calendar card',
 * section 8 'Calendar'): texts, the type and status labels, and the last-sync time. Pure: the
 * card (an island), the dashboard page and the server's form routes share it.
 */
import type { CalendarType } from "./types.ts";
import { clockTime, shortDate, zoneAbbreviation } from "../time_zone.ts";

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
  /** The red card of a calendar whose last sync failed: the reason, and the way out. */
  errorHeading: "The calendar could not be updated",
  errorHelp: "Try again, or remove the calendar and add a link that works.",
  tryAgain: "Try again",
  /** SPEC.md section 8. */
  addError: "Error Adding Calendar",
  addFallback: "Failed to add calendar",
  removeError: "Error Removing Calendar",
  removeFallback: "Failed to remove calendar",
  syncErrorTitle: "Error Syncing Calendar",
  syncFallback: "Failed to sync calendar",
  /** The answers of the calls (and the notices of the forms without JavaScript). */
  added: "Calendar added",
  addedNotice: "Calendar added. Families now see its next events on their dashboard.",
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
  generic: "Calendar link (ICS)",
};

/** 'PlayMetrics', 'TeamSnap', else 'Calendar link (ICS)' (the stored type stays `generic`). */
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

/** 'Nov 23, 2026' in the team's zone. */
export const calendarDate = (iso: string, zone: string): string => shortDate(new Date(iso), zone);

/** 'Nov 23, 2026, 7:05 AM PT' in the team's zone, named (the card is read from anywhere). */
export function calendarDateTime(iso: string, zone: string): string {
  const at = new Date(iso);
  return `${shortDate(at, zone)}, ${clockTime(at, zone)} ${zoneAbbreviation(zone, at)}`;
}

/** 'Never', 'Just now', 'N minutes ago', 'N hours ago', else the date in the team's zone. */
export function lastSyncLabel(lastSync: string | null, now: Date, zone: string): string {
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
  return calendarDate(lastSync, zone);
}

/**
 * After a failed sync the events are the last good sync's: 'Showing the schedule from <when>'.
 * Null when the last sync worked or none ever did.
 */
export function staleScheduleLabel(
  calendar: { lastSyncStatus: string; lastSuccessAt: string | null },
  zone: string,
): string | null {
  if (calendar.lastSyncStatus !== "error" || !calendar.lastSuccessAt) return null;
  return `Showing the schedule from ${calendarDateTime(calendar.lastSuccessAt, zone)}`;
}

/**
 * What the family dashboard's Upcoming Events says about the team's calendar: none connected,
 * connected, or its last sync failed (the events shown are the last good sync's).
 */
export type ScheduleState = "none" | "connected" | "failed";

export function scheduleStateOf(calendar: { lastSyncStatus: string } | null): ScheduleState {
  if (!calendar) return "none";
  return calendar.lastSyncStatus === "error" ? "failed" : "connected";
}

/** The admin's Team Calendar card on the admin dashboard. */
export const teamCalendarCardPath = (teamId: string): string => `/teams/${encodeURIComponent(teamId)}#team-calendar`;

/** Where the card's forms post without JavaScript, under the dashboard's own path. */
export function calendarFormPaths(dashboardPath: string, calendarId?: string) {
  const base = `${dashboardPath}/calendar`;
  const one = calendarId ? `${base}/${encodeURIComponent(calendarId)}` : base;
  return { add: base, sync: `${one}/sync`, remove: `${one}/remove` };
}
