/**
 * How the admin's Team Calendar card words a calendar (SPEC.md section 2 'Team Calendar card',
 * section 8 'Calendar'), in English for the server: the texts, the type and status labels, and
 * the last-sync time (the English catalogue's, lib/i18n/en/adminCalendar.ts). The card itself
 * words them in its page's language with card_labels.ts.
 */
import { messagesFor } from "../i18n/catalog.ts";
import type { Language } from "../i18n/languages.ts";
import {
  calendarFormPaths,
  cardDate,
  cardDateTime,
  cardLastSync,
  cardStaleSchedule,
  cardStatusBadge,
  cardTypeLabel,
  type CardWords,
  type StatusTone,
} from "./card_labels.ts";

export { calendarFormPaths, type StatusTone };

const ENGLISH: CardWords = { texts: messagesFor("en").adminCalendar, lang: "en" };

/** The card's texts, its toasts and its forms' notices, in English. */
export const CALENDAR_TEXTS = ENGLISH.texts.card;

/** 'PlayMetrics', 'TeamSnap', else 'Calendar link (ICS)' (the stored type stays `generic`), in `lang`. */
export const calendarTypeLabel = (type: string, lang: Language = "en"): string =>
  cardTypeLabel(type, { texts: messagesFor(lang).adminCalendar, lang });

/** SPEC.md: Active for success, Error, Syncing for pending, otherwise Pending. */
export const syncStatusBadge = (status: string): { label: string; tone: StatusTone } =>
  cardStatusBadge(status, ENGLISH);

/** 'Nov 23, 2026' in the team's zone. */
export const calendarDate = (iso: string, zone: string): string => cardDate(iso, zone, "en");

/** 'Nov 23, 2026, 7:05 AM PT' in the team's zone, named (the card is read from anywhere). */
export const calendarDateTime = (iso: string, zone: string): string => cardDateTime(iso, zone, "en");

/** 'Never', 'Just now', 'N minutes ago', 'N hours ago', else the date in the team's zone. */
export const lastSyncLabel = (lastSync: string | null, now: Date, zone: string): string =>
  cardLastSync(lastSync, now, zone, ENGLISH);

/** 'Showing the schedule from <when>' after a failed sync that had a good one before, else null. */
export const staleScheduleLabel = (
  calendar: { lastSyncStatus: string; lastSuccessAt: string | null },
  zone: string,
): string | null => cardStaleSchedule(calendar, zone, ENGLISH);

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
