/**
 * What one VEVENT (a series' master, a single event or an override) says: its times, its
 * title and the details derived from it, and the names its occurrences are stored under.
 */
import ICAL from "ical.js";
import { deriveEventDetails } from "./derive.ts";
import type { FeedEvent } from "./types.ts";
import { DAY_MS, instantOf, wallMs, type Zones } from "./feed_zones.ts";

/** Longer UIDs are replaced by a hash of themselves: the sync keeps them, they stay stable. */
const MAX_UID_LENGTH = 255;
/**
 * Titles and locations are cut here (the store keeps 200 and 300 characters): every
 * occurrence carries its own copy to the main thread, and 5,000 copies of a 2 MB SUMMARY
 * would not fit in memory.
 */
const MAX_TEXT_LENGTH = 1_000;

/** What one VEVENT (a series' master, a single event or an override) says. */
export interface Entry {
  component: ICAL.Component;
  start: ICAL.Time;
  startTzid: string | null;
  end: ICAL.Time | null;
  endTzid: string | null;
  /** DURATION in ms, when there is no DTEND. */
  durationProperty: number | null;
  allDay: boolean;
  /** All-day: how many days it covers (DTEND is the day after the last one). */
  days: number;
  fields: Omit<FeedEvent, "uid" | "startTime" | "endTime" | "allDay">;
  /** Set once needed: resolving DTEND may expand a VTIMEZONE. */
  lengthMs?: number;
}

const CANCELLED_PREFIX = /^\s*[[(]?\s*cancell?ed\b\s*[\])]?\s*[:\-–—]?\s*/i;

export function textValue(component: ICAL.Component, name: string): string | null {
  const value = component.getFirstPropertyValue(name);
  const text = typeof value === "string" ? value.slice(0, MAX_TEXT_LENGTH * 4).trim().slice(0, MAX_TEXT_LENGTH) : "";
  return text ? text : null;
}

/** STATUS, or a title that opens with 'Cancelled:' (how some apps mark a cancelled game). */
function statusOf(component: ICAL.Component, summary: string): FeedEvent["status"] {
  const status = textValue(component, "status")?.toUpperCase();
  if (status === "CANCELLED" || status === "CANCELED" || CANCELLED_PREFIX.test(summary)) return "cancelled";
  return status === "TENTATIVE" ? "tentative" : "confirmed";
}

export function tzidOf(property: ICAL.Property | null): string | null {
  const tzid = property?.getParameter("tzid");
  return typeof tzid === "string" ? tzid : null;
}

export const validTime = (time: unknown): time is ICAL.Time =>
  time instanceof ICAL.Time &&
  [time.year, time.month, time.day, time.hour, time.minute, time.second].every(Number.isFinite) &&
  time.year >= 1 && time.year <= 9999;

/** The entry a VEVENT describes, or null when it has no usable DTSTART. */
export function readEntry(component: ICAL.Component, teamName: string | undefined): Entry | null {
  const startProperty = component.getFirstProperty("dtstart");
  const start = startProperty?.getFirstValue();
  if (!validTime(start)) return null;
  const endProperty = component.getFirstProperty("dtend");
  const end = endProperty?.getFirstValue();
  const duration = component.getFirstPropertyValue("duration");
  const durationMs = duration instanceof ICAL.Duration ? duration.toSeconds() * 1000 : null;
  let days = 1;
  if (validTime(end)) days = Math.round((wallMs(end) - wallMs(start)) / DAY_MS);
  else if (durationMs !== null) days = Math.ceil(durationMs / DAY_MS);
  const summary = textValue(component, "summary") ?? "";
  const title = summary.replace(CANCELLED_PREFIX, "");
  const categories = component.getAllProperties("categories").flatMap((property) =>
    property.getValues().filter((value): value is string => typeof value === "string")
  );
  return {
    component,
    start,
    startTzid: tzidOf(startProperty),
    end: validTime(end) ? end : null,
    endTzid: tzidOf(endProperty),
    durationProperty: durationMs !== null && Number.isFinite(durationMs) ? durationMs : null,
    allDay: start.isDate,
    days: Number.isFinite(days) ? Math.max(1, days) : 1,
    fields: {
      title,
      ...deriveEventDetails(title, categories, teamName),
      status: statusOf(component, summary),
      location: textValue(component, "location"),
    },
  };
}

/** A rough length for window checks: wall-clock difference, no zone resolved. */
export const roughLengthMs = (entry: Entry) =>
  entry.allDay
    ? entry.days * DAY_MS
    : entry.end
    ? wallMs(entry.end) - wallMs(entry.start)
    : entry.durationProperty ?? 0;

/** The exact length of a timed entry (DTEND and DTSTART may be in different zones). */
export function lengthMs(entry: Entry, zones: Zones): number {
  if (entry.lengthMs === undefined) {
    const length = entry.end
      ? instantOf(entry.end, entry.endTzid, zones) - instantOf(entry.start, entry.startTzid, zones)
      : entry.durationProperty ?? 0;
    entry.lengthMs = Number.isFinite(length) ? Math.max(0, length) : 0;
  }
  return entry.lengthMs;
}

/** FNV-1a: a short stable name for an entry without a usable UID. */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

export function uidOf(component: ICAL.Component): string {
  const raw = component.getFirstPropertyValue("uid");
  const uid = typeof raw === "string" ? raw.trim() : "";
  if (uid && uid.length <= MAX_UID_LENGTH) return uid;
  if (uid) return `uid-${hashText(uid)}-${uid.length}`;
  const summary = textValue(component, "summary") ?? "";
  const start = String(component.getFirstProperty("dtstart")?.toICALString() ?? "");
  return `no-uid-${hashText(`${summary}\n${start}`)}`;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** How an occurrence is named after its series: the date of an all-day one, else its UTC start. */
export function occurrenceStamp(time: ICAL.Time, startMs: number): string {
  if (time.isDate) return `${String(time.year).padStart(4, "0")}${pad(time.month)}${pad(time.day)}`;
  return new Date(startMs).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}
