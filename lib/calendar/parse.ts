/**
 * Reading a calendar feed into the occurrences the sync stores (R36). The text comes from a
 * stranger's server, so everything is bounded: at most 2,000 VEVENTs are read, recurrences
 * are expanded only inside [now − 30 days, now + 365 days], at most 500 occurrences per event
 * and 5,000 in all, and ical.js's recurrence iterator, whose inner loops have no end of their
 * own (ical.js#509, #318, a rule no date can match), is metered step by step. A parse that
 * still runs too long is stopped from outside: `parseCalendarFeed` runs it on a Web Worker
 * with a 2-second budget.
 *
 * Times: a TZID that names an IANA zone ('America/Chicago', also inside Mozilla's
 * '/mozilla.org/…/America/Chicago') is resolved with the runtime's own zone data, and the
 * feed's VTIMEZONE for it is left out: its rules may be stale, Outlook's start in 1601 (1,700
 * iterator steps to expand), and a hostile one never ends (ical.js#318). Any other
 * TZID resolves to the feed's VTIMEZONE through ical.js, else to a Windows zone name's IANA
 * zone. Floating times are read in the feed's X-WR-TIMEZONE, else in the team's zone; an
 * all-day event starts at midnight of its date in the team's zone. ical.js then iterates
 * recurrences in wall-clock time, as RFC 5545 defines them.
 *
 * The feed's own zone (its X-WR-TIMEZONE, else the zone most of its events' DTSTARTs name) is
 * reported, so the sync can give it to a team whose admin never chose one; such a team's
 * all-day events are then placed in that zone already.
 */
import ICAL from "ical.js";
import { deriveEventDetails } from "./derive.ts";
import { CalendarSyncError, type FeedEvent } from "./types.ts";
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "../time_zone.ts";

export interface ParseOptions {
  now: Date;
  /** The team's name, to tell its side from the opponent's in 'Hawks vs Tigers'. */
  teamName?: string;
  /** The team's zone (America/New_York when absent): all-day dates and floating times without X-WR-TIMEZONE. */
  timeZone?: string;
  /** The team takes the feed's own zone at this sync (no one chose one yet): its all-day dates are in that zone. */
  adoptFeedZone?: boolean;
}

export interface ParseResult {
  /** Sorted by start time; each `uid` appears once. */
  events: FeedEvent[];
  /** The feed held more than the limits let through (events, occurrences, or expansion work). */
  truncated: boolean;
  /**
   * The feed's own zone, as a team may have it: X-WR-TIMEZONE, else the zone its events'
   * DTSTARTs name most often; null when it names none (or none a team may have).
   */
  timeZone?: string | null;
}

export const PARSE_LIMITS = {
  maxEvents: 2_000,
  maxOccurrencesPerEvent: 500,
  maxOccurrences: 5_000,
  pastDays: 30,
  futureDays: 365,
  /** Candidate dates ical.js may test for one event, and for the whole feed (a step takes 5–10 µs). */
  stepsPerEvent: 20_000,
  steps: 150_000,
  /** Expansion stops here, keeping what it has, so a slow feed degrades before the worker is stopped. */
  expansionMs: 1_500,
} as const;

export const PARSE_MESSAGES = {
  notCalendar: "This link did not return a calendar (.ics) file",
  tooSlow: "The calendar took too long to read",
  unreadable: "This calendar file could not be read",
} as const;

export const PARSE_BUDGET_MS = 2_000;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A TZID longer than this names no zone (and is not counted). */
const MAX_TZID_LENGTH = 200;
/** Zone offsets stay within ±26 hours of UTC, so a wall-clock time this far outside the window is outside it. */
const OFFSET_SLACK_MS = 2 * DAY_MS;
/** Longer UIDs are replaced by a hash of themselves: the sync keeps them, they stay stable. */
const MAX_UID_LENGTH = 255;
/**
 * Titles and locations are cut here (the store keeps 200 and 300 characters): every
 * occurrence carries its own copy to the main thread, and 5,000 copies of a 2 MB SUMMARY
 * would not fit in memory.
 */
const MAX_TEXT_LENGTH = 1_000;

// ---------------------------------------------------------------------------------------------
// Metering ical.js

/** Thrown from inside ical.js when a budget runs out; `scope` says whether the feed or only the event stops. */
class BudgetExhausted extends Error {
  constructor(readonly scope: "event" | "feed") {
    super(`The ${scope}'s expansion budget ran out`);
  }
}

class ExpansionBudget {
  #eventSteps = 0;
  #steps: number = PARSE_LIMITS.steps;
  readonly #deadline = performance.now() + PARSE_LIMITS.expansionMs;

  startEvent(): void {
    this.#eventSteps = PARSE_LIMITS.stepsPerEvent;
  }

  spend(): void {
    this.#eventSteps--;
    this.#steps--;
    if (this.#steps < 0) throw new BudgetExhausted("feed");
    if ((this.#steps & 0x3ff) === 0 && performance.now() > this.#deadline) throw new BudgetExhausted("feed");
    if (this.#eventSteps < 0) throw new BudgetExhausted("event");
  }
}

/** The budget of the parse under way; outside a parse ical.js runs unmetered. */
let activeBudget: ExpansionBudget | null = null;

/**
 * Every candidate date ical.js's iterator tests passes through `check_contracting_rules`, and
 * every year a YEARLY rule looks at through `expand_year_days`. Metering them bounds every
 * loop of the iterator, including the ones inside a VTIMEZONE's rules, with no change to what
 * it computes; the feed-wide clock covers a step that is slow rather than endless.
 */
function meterRecurIterator(): void {
  const prototype = ICAL.RecurIterator.prototype as unknown as Record<string, unknown>;
  if (prototype.__goalmatesMetered) return;
  prototype.__goalmatesMetered = true;
  const meter = (name: string) => {
    const original = prototype[name] as (...args: unknown[]) => unknown;
    prototype[name] = function (this: unknown, ...args: unknown[]) {
      activeBudget?.spend();
      return original.apply(this, args);
    };
  };
  meter("check_contracting_rules");
  meter("expand_year_days");
}
meterRecurIterator();

// ---------------------------------------------------------------------------------------------
// Times

const utcFromFields = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number => {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // Date.UTC would read years 0–99 as 1900–1999.
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** How far `zone`'s wall clock is ahead of UTC at `instant`. */
function zoneOffsetMs(zone: string, instant: number): number {
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
function strictIanaZone(tzid: string): string | null {
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
function ianaZone(tzid: string | null | undefined): string | null {
  if (!tzid) return null;
  return strictIanaZone(tzid) ?? runtimeZone(WINDOWS_ZONES[tzid.trim().toLowerCase()]);
}

const wallMs = (time: ICAL.Time) =>
  utcFromFields(time.year, time.month, time.day, time.isDate ? 0 : time.hour, time.minute, time.second);

/** The zones of one parse: floating times' (X-WR-TIMEZONE, else the team's) and all-day dates' (the team's). */
interface Zones {
  floating: string;
  day: string;
}

/** Midnight in `zone` of the date `days` after the date of `time`. */
function midnight(time: ICAL.Time, zone: string, days = 0): number {
  return wallClockInstant(utcFromFields(time.year, time.month, time.day + days), zone);
}

/**
 * The instant of `time`: a date at the team's midnight; UTC as is; a zone from the feed's
 * VTIMEZONE through ical.js; a TZID ical.js could not resolve (no VTIMEZONE) or a floating time
 * through the IANA zone.
 */
function instantOf(time: ICAL.Time, tzid: string | null, zones: Zones): number {
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
function feedZoneOf(calendarZone: string | null, tzidCounts: Map<string, number>): string | null {
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

// ---------------------------------------------------------------------------------------------
// Reading the text

/** One top-level component of the calendar, as its unfolded lines. */
interface Block {
  name: string;
  lines: string[];
  /** A VTIMEZONE's TZID. */
  tzid: string | null;
  /** A VEVENT with an RRULE whose INTERVAL is not a whole number of at least 1 (ical.js would read it as 1). */
  badInterval: boolean;
}

interface Prepared {
  calendarLines: string[];
  blocks: Block[];
  truncated: boolean;
  /** How many kept VEVENTs' DTSTARTs name each TZID (the feed's own zone is the most named). */
  tzidCounts: Map<string, number>;
}

const notCalendar = () => new CalendarSyncError(PARSE_MESSAGES.notCalendar);

/**
 * Splits the text into the calendar's own properties and its top-level components, dropping
 * what ical.js would refuse as a whole (lines that are not content lines, components never
 * ended, content outside a VCALENDAR) and every VEVENT past the limit, so one broken entry
 * costs only itself.
 */
function prepare(text: string): Prepared {
  const logical: string[] = [];
  for (const line of text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/)) {
    if ((line.startsWith(" ") || line.startsWith("\t")) && logical.length > 0) {
      logical[logical.length - 1] += line.slice(1);
    } else {
      logical.push(line);
    }
  }
  const firstLine = logical.find((line) => line.trim() !== "")?.trim().toUpperCase();
  if (firstLine !== "BEGIN:VCALENDAR") throw notCalendar();

  const prepared: Prepared = { calendarLines: [], blocks: [], truncated: false, tzidCounts: new Map() };
  let events = 0;
  /** Components open inside the current top-level block (empty between blocks). */
  const open: string[] = [];
  let inCalendar = false;
  let skipDepth = 0;
  let block: Block | null = null;
  for (const line of logical) {
    const name = /^[A-Za-z0-9-]+(?=[:;])/.exec(line)?.[0].toUpperCase();
    if (!name || !line.includes(":")) continue;
    const structural = name === "BEGIN" || name === "END" || name === "RRULE";
    const value = structural ? line.slice(line.indexOf(":") + 1).trim().toUpperCase() : "";
    if (skipDepth > 0) {
      if (name === "BEGIN") skipDepth++;
      else if (name === "END") skipDepth--;
      continue;
    }
    if (!inCalendar) {
      if (name === "BEGIN") value === "VCALENDAR" ? (inCalendar = true) : (skipDepth = 1);
      continue;
    }
    if (!block) {
      if (name === "END" && value === "VCALENDAR") inCalendar = false;
      else if (name === "BEGIN" && value === "VEVENT" && ++events > PARSE_LIMITS.maxEvents) {
        prepared.truncated = true;
        skipDepth = 1;
      } else if (name === "BEGIN") {
        block = { name: value.toLowerCase(), lines: [`BEGIN:${value}`], tzid: null, badInterval: false };
        open.push(value);
      } else if (name !== "END") {
        prepared.calendarLines.push(line);
      }
      continue;
    }
    if (name === "END" && value === "VCALENDAR") {
      // The calendar ends: whatever it left open ends with it.
      while (open.length > 0) block.lines.push(`END:${open.pop()}`);
      inCalendar = false;
    } else if (name === "BEGIN") {
      open.push(value);
      block.lines.push(`BEGIN:${value}`);
    } else if (name === "END") {
      const at = open.lastIndexOf(value);
      if (at < 0) continue;
      while (open.length > at) block.lines.push(`END:${open.pop()}`);
    } else {
      if (name === "TZID" && open.length === 1 && block.name === "vtimezone") {
        block.tzid = line.slice(line.indexOf(":") + 1).trim();
      }
      if (name === "DTSTART" && open.length === 1 && block.name === "vevent") {
        const match = /;TZID=(?:"([^"]*)"|([^;:]*))/i.exec(line);
        const tzid = (match?.[1] ?? match?.[2])?.trim();
        if (tzid && tzid.length <= MAX_TZID_LENGTH) {
          prepared.tzidCounts.set(tzid, (prepared.tzidCounts.get(tzid) ?? 0) + 1);
        }
      }
      if (name === "RRULE" && open.length === 1 && block.name === "vevent") {
        const interval = /(?:^|;)INTERVAL=([^;]*)/.exec(value)?.[1];
        if (interval !== undefined && !(/^\d+$/.test(interval) && Number(interval) >= 1)) block.badInterval = true;
      }
      block.lines.push(line);
    }
    if (open.length === 0) {
      prepared.blocks.push(block);
      block = null;
    }
  }
  if (block) {
    while (open.length > 0) block.lines.push(`END:${open.pop()}`);
    prepared.blocks.push(block);
  }
  return prepared;
}

function parseLines(lines: string[]): unknown[] | null {
  try {
    const jcal = ICAL.parse(lines.join("\r\n"));
    return Array.isArray(jcal) && typeof jcal[0] === "string" ? jcal : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Events

/** What one VEVENT (a series' master, a single event or an override) says. */
interface Entry {
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

function textValue(component: ICAL.Component, name: string): string | null {
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

function tzidOf(property: ICAL.Property | null): string | null {
  const tzid = property?.getParameter("tzid");
  return typeof tzid === "string" ? tzid : null;
}

const validTime = (time: unknown): time is ICAL.Time =>
  time instanceof ICAL.Time &&
  [time.year, time.month, time.day, time.hour, time.minute, time.second].every(Number.isFinite) &&
  time.year >= 1 && time.year <= 9999;

/** The entry a VEVENT describes, or null when it has no usable DTSTART. */
function readEntry(component: ICAL.Component, teamName: string | undefined): Entry | null {
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
const roughLengthMs = (entry: Entry) =>
  entry.allDay
    ? entry.days * DAY_MS
    : entry.end
    ? wallMs(entry.end) - wallMs(entry.start)
    : entry.durationProperty ?? 0;

/** The exact length of a timed entry (DTEND and DTSTART may be in different zones). */
function lengthMs(entry: Entry, zones: Zones): number {
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

function uidOf(component: ICAL.Component): string {
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
function occurrenceStamp(time: ICAL.Time, startMs: number): string {
  if (time.isDate) return `${String(time.year).padStart(4, "0")}${pad(time.month)}${pad(time.day)}`;
  return new Date(startMs).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** Collects the occurrences of one parse, within the window and the counts. */
class Collector {
  readonly events: FeedEvent[] = [];
  truncated = false;
  readonly windowStart: number;
  readonly windowEnd: number;

  constructor(now: Date, readonly zones: Zones) {
    this.windowStart = now.getTime() - PARSE_LIMITS.pastDays * DAY_MS;
    this.windowEnd = now.getTime() + PARSE_LIMITS.futureDays * DAY_MS;
  }

  get full(): boolean {
    return this.events.length >= PARSE_LIMITS.maxOccurrences;
  }

  overlaps(startMs: number, endMs: number): boolean {
    return endMs >= this.windowStart && startMs <= this.windowEnd;
  }

  /** Where a wall-clock time (and a span after it) surely lies, before any zone is resolved. */
  roughly(time: ICAL.Time, spanMs: number): "before" | "after" | "near" {
    const wall = wallMs(time);
    if (wall - OFFSET_SLACK_MS > this.windowEnd) return "after";
    if (wall + spanMs + OFFSET_SLACK_MS < this.windowStart) return "before";
    return "near";
  }

  /** When the occurrence of `entry` starting at `time` (`startMs`) ends. */
  endOf(entry: Entry, time: ICAL.Time, startMs: number): number {
    return entry.allDay ? midnight(time, this.zones.day, entry.days) : startMs + lengthMs(entry, this.zones);
  }

  /** The occurrence of `entry` starting at `time`, kept when it overlaps the window. */
  add(entry: Entry, uid: string, time: ICAL.Time, startMs: number): void {
    const endMs = this.endOf(entry, time, startMs);
    if (!this.overlaps(startMs, endMs)) return;
    if (this.full) {
      this.truncated = true;
      return;
    }
    this.events.push({
      uid,
      ...entry.fields,
      startTime: new Date(startMs).toISOString(),
      endTime: new Date(Math.max(endMs, startMs)).toISOString(),
      allDay: entry.allDay,
    });
  }

  /** An entry on its own (a single event, or an override): its own start, when near the window. */
  addSingle(entry: Entry, uid: string): void {
    if (this.roughly(entry.start, roughLengthMs(entry)) !== "near") return;
    this.add(entry, uid, entry.start, instantOf(entry.start, entry.startTzid, this.zones));
  }
}

interface Series {
  master: Entry;
  uid: string;
  /** RECURRENCE-ID overrides by the instant of the occurrence they replace. */
  overrides: Map<number, Entry>;
}

/** Exclusions of a series: EXDATE instants, and dates for EXDATEs given as dates. */
function exclusionsOf(entry: Entry, zones: Zones): { instants: Set<number>; dates: Set<string> } {
  const instants = new Set<number>();
  const dates = new Set<string>();
  for (const property of entry.component.getAllProperties("exdate")) {
    // A floating EXDATE of a series with a TZID means the series' zone.
    const tzid = tzidOf(property) ?? entry.startTzid;
    for (const value of property.getValues()) {
      if (!validTime(value)) continue;
      if (value.isDate) dates.add(`${value.year}-${value.month}-${value.day}`);
      else instants.add(instantOf(value, tzid, zones));
    }
  }
  return { instants, dates };
}

/**
 * A UTC UNTIL against a series whose times ical.js sees as floating (its zone resolved here,
 * not by ical.js) must be compared in the same wall clock, or the last date is off by the
 * zone's offset.
 */
function untilInWallClock(rule: ICAL.Recur, master: Entry, zones: Zones): void {
  const until = rule.until;
  if (!until || until.isDate || until.zone !== ICAL.Timezone.utcTimezone) return;
  if (master.start.isDate || master.start.zone !== ICAL.Timezone.localTimezone) return;
  const untilMs = wallMs(until);
  const zone = ianaZone(master.startTzid) ?? zones.floating;
  const wall = new Date(untilMs + zoneOffsetMs(zone, untilMs));
  rule.until = ICAL.Time.fromData({
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    isDate: false,
  });
}

/**
 * The original start times of a series inside the window (before overrides), by instant:
 * DTSTART, every RRULE's dates and every RDATE, less the EXDATEs. Iteration starts at DTSTART
 * (COUNT counts from there) and stops at the window's end, at the per-event cap, or when the
 * budget runs out (then `truncated`).
 */
function originalStarts(master: Entry, collector: Collector): Map<number, ICAL.Time> {
  const { zones } = collector;
  const starts = new Map<number, ICAL.Time>();
  const excluded = exclusionsOf(master, zones);
  const span = roughLengthMs(master);
  const consider = (time: ICAL.Time, tzid: string | null): "before" | "inside" | "after" => {
    const rough = collector.roughly(time, span);
    if (rough !== "near") return rough;
    const startMs = instantOf(time, tzid, zones);
    if (startMs > collector.windowEnd) return "after";
    if (!collector.overlaps(startMs, collector.endOf(master, time, startMs))) return "before";
    const excludedHere = excluded.instants.has(startMs) || excluded.dates.has(`${time.year}-${time.month}-${time.day}`);
    if (!excludedHere && !starts.has(startMs)) {
      if (starts.size >= PARSE_LIMITS.maxOccurrencesPerEvent) {
        collector.truncated = true;
        return "after";
      }
      starts.set(startMs, time.clone());
    }
    return "inside";
  };

  consider(master.start, master.startTzid);
  for (const property of master.component.getAllProperties("rdate")) {
    const tzid = tzidOf(property) ?? master.startTzid;
    for (const value of property.getValues()) {
      const time = value instanceof ICAL.Period ? value.start : value;
      if (validTime(time)) consider(time, tzid);
    }
  }
  for (const property of master.component.getAllProperties("rrule")) {
    const rule = property.getFirstValue();
    if (!(rule instanceof ICAL.Recur)) continue;
    try {
      untilInWallClock(rule, master, zones);
      const iterator = rule.iterator(master.start);
      for (let time = iterator.next(); time; time = iterator.next()) {
        activeBudget?.spend();
        if (consider(time, master.startTzid) === "after") break;
      }
    } catch (error) {
      if (error instanceof BudgetExhausted) {
        collector.truncated = true;
        if (error.scope === "feed") throw error;
      }
      // Otherwise ical.js gave up on a rule it cannot fulfil: the dates found so far stand.
    }
  }
  return starts;
}

function expandSeries(series: Series, collector: Collector): void {
  const { master, uid } = series;
  if (!master.component.hasProperty("rrule") && !master.component.hasProperty("rdate")) {
    collector.addSingle(master, uid);
    return;
  }
  const starts = originalStarts(master, collector);
  const replaced = new Set<number>();
  for (const [startMs, time] of [...starts].sort(([a], [b]) => a - b)) {
    const id = `${uid}/${occurrenceStamp(time, startMs)}`;
    const override = series.overrides.get(startMs);
    if (override) {
      replaced.add(startMs);
      collector.addSingle(override, id);
    } else {
      collector.add(master, id, time, startMs);
    }
  }
  // Overrides of dates the window or the caps left out: what they moved into the window still shows.
  for (const [originalMs, override] of series.overrides) {
    if (replaced.has(originalMs)) continue;
    const recurrenceId = override.component.getFirstPropertyValue("recurrence-id") as ICAL.Time;
    collector.addSingle(override, `${uid}/${occurrenceStamp(recurrenceId, originalMs)}`);
  }
}

/** A VTIMEZONE for a zone the runtime knows is left out: the IANA rules are current and cost nothing to expand. */
function isKnownZoneBlock(block: Block): boolean {
  return block.name === "vtimezone" && block.tzid !== null && strictIanaZone(block.tzid) !== null;
}

/**
 * The occurrences of a feed inside [now − 30 days, now + 365 days], sorted by start. Pure and
 * synchronous (run it through `parseCalendarFeed`, which bounds its time). Throws
 * `CalendarSyncError` when the text is not an iCalendar file; an entry that cannot be read
 * (no DTSTART, a broken value, an RRULE with INTERVAL below 1) is skipped on its own.
 */
export function parseCalendarText(text: string, options: ParseOptions): ParseResult {
  const prepared = prepare(text);
  const calendarJcal = parseLines(["BEGIN:VCALENDAR", ...prepared.calendarLines, "END:VCALENDAR"]) ??
    ["vcalendar", [], []];
  const children: unknown[][] = [];
  const badInterval = new Set<unknown[]>();
  for (const block of prepared.blocks) {
    if (isKnownZoneBlock(block)) continue;
    const jcal = parseLines(block.lines);
    if (!jcal) continue;
    children.push(jcal);
    if (block.badInterval) badInterval.add(jcal);
  }
  (calendarJcal[2] as unknown[]).push(...children);
  const calendar = new ICAL.Component(calendarJcal);
  const calendarZone = textValue(calendar, "x-wr-timezone");
  const feedZone = feedZoneOf(calendarZone, prepared.tzidCounts);
  const teamZone = options.adoptFeedZone && feedZone
    ? feedZone
    : canonicalTimeZone(options.timeZone) ?? DEFAULT_TIME_ZONE;
  const collector = new Collector(options.now, { floating: ianaZone(calendarZone) ?? teamZone, day: teamZone });
  collector.truncated = prepared.truncated;

  const budget = new ExpansionBudget();
  /** Runs one entry's work on a fresh per-event budget; what fails there costs only that entry. */
  const perEntry = (work: () => void) => {
    try {
      budget.startEvent();
      work();
    } catch (error) {
      if (error instanceof BudgetExhausted) {
        collector.truncated = true;
        if (error.scope === "feed") throw error;
      }
      // Otherwise a value ical.js cannot read: the entry is skipped.
    }
  };
  const previousBudget = activeBudget;
  activeBudget = budget;
  try {
    const series = new Map<string, Series>();
    const overrides: { uid: string; entry: Entry }[] = [];
    const orphans: { uid: string; entry: Entry }[] = [];
    for (const jcal of children) {
      if (jcal[0] !== "vevent" || badInterval.has(jcal)) continue;
      perEntry(() => {
        const component = new ICAL.Component(jcal as ICAL.Component["jCal"], calendar);
        const entry = readEntry(component, options.teamName);
        if (!entry) return;
        const uid = uidOf(component);
        if (component.hasProperty("recurrence-id")) overrides.push({ uid, entry });
        else if (!series.has(uid)) series.set(uid, { master: entry, uid, overrides: new Map() });
      });
    }
    for (const { uid, entry } of overrides) {
      perEntry(() => {
        const owner = series.get(uid);
        const property = entry.component.getFirstProperty("recurrence-id");
        const recurrenceId = property?.getFirstValue();
        if (owner && validTime(recurrenceId)) {
          owner.overrides.set(instantOf(recurrenceId, tzidOf(property), collector.zones), entry);
        } else {
          orphans.push({ uid, entry });
        }
      });
    }
    for (const one of series.values()) {
      if (collector.full) {
        collector.truncated = true;
        break;
      }
      perEntry(() => expandSeries(one, collector));
    }
    // Overrides whose series is missing stand alone, named as their series would name them.
    for (const { uid, entry } of orphans) {
      perEntry(() => {
        const property = entry.component.getFirstProperty("recurrence-id");
        const recurrenceId = property?.getFirstValue();
        const id = validTime(recurrenceId)
          ? `${uid}/${occurrenceStamp(recurrenceId, instantOf(recurrenceId, tzidOf(property), collector.zones))}`
          : uid;
        collector.addSingle(entry, id);
      });
    }
  } catch (error) {
    if (!(error instanceof BudgetExhausted)) throw error;
    collector.truncated = true;
  } finally {
    activeBudget = previousBudget;
  }

  const seen = new Set<string>();
  const events = collector.events
    .filter((event) => !seen.has(event.uid) && seen.add(event.uid))
    .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.uid.localeCompare(b.uid));
  return { events, truncated: collector.truncated, timeZone: feedZone };
}

// ---------------------------------------------------------------------------------------------
// On a worker

/** What `parseCalendarFeed` sends its worker, and what the worker answers (`ready` once loaded, then the result). */
export interface ParseJob {
  text: string;
  nowMs: number;
  teamName?: string;
  timeZone?: string;
  adoptFeedZone?: boolean;
}
export type ParseReply = { ready: true } | { result: ParseResult } | { error: string };

const WORKER_URL = new URL("./parse_worker.ts", import.meta.url);
/** Loading a worker (ical.js included) takes tens of milliseconds; this only catches one that never loads. */
const WORKER_START_MS = 15_000;

interface ParseRequest {
  job: ParseJob;
  budgetMs: number;
  resolve: (result: ParseResult) => void;
  reject: (error: Error) => void;
}

/**
 * `parseCalendarText` on a Web Worker, so the event loop keeps serving requests, stopped
 * (`terminate()`) when a parse takes longer than its budget (counted from when the worker has
 * loaded, so a busy machine's slow start is not charged to the feed): ical.js has loops no
 * metering can reach, and synchronous code cannot be interrupted any other way. Feeds are
 * parsed one at a time on one worker, started on the first parse and again after one was
 * stopped: starting a worker holds the request thread for about 11 ms, so the scheduled sync
 * of many teams shares one (`close()` when done) rather than starting one per team.
 */
export class FeedParser {
  #worker: Worker | null = null;
  #ready = false;
  #queue: ParseRequest[] = [];
  #current: ParseRequest | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  parse(text: string, options: ParseOptions & { budgetMs?: number }): Promise<ParseResult> {
    if (this.#closed) return Promise.reject(new Error("This feed parser is closed."));
    return new Promise<ParseResult>((resolve, reject) => {
      const job: ParseJob = {
        text,
        nowMs: options.now.getTime(),
        teamName: options.teamName,
        timeZone: options.timeZone,
        adoptFeedZone: options.adoptFeedZone,
      };
      this.#queue.push({ job, budgetMs: options.budgetMs ?? PARSE_BUDGET_MS, resolve, reject });
      this.#next();
    });
  }

  /** Stops the worker; parses still queued are refused. */
  close(): void {
    this.#closed = true;
    this.#stopWorker();
    for (const request of this.#queue.splice(0)) request.reject(new Error("This feed parser is closed."));
  }

  #next(): void {
    if (this.#current || this.#queue.length === 0) return;
    if (!this.#worker) this.#startWorker();
    if (!this.#ready) return; // The worker's 'ready' sends the first job.
    this.#current = this.#queue.shift()!;
    this.#timer = setTimeout(() => this.#fail(PARSE_MESSAGES.tooSlow, true), this.#current.budgetMs);
    this.#worker!.postMessage(this.#current.job);
  }

  #startWorker(): void {
    const worker = new Worker(WORKER_URL, { type: "module" });
    this.#worker = worker;
    this.#ready = false;
    this.#timer = setTimeout(() => this.#fail(PARSE_MESSAGES.tooSlow, true), WORKER_START_MS);
    worker.onmessage = ({ data: reply }: MessageEvent<ParseReply>) => {
      if ("ready" in reply) {
        clearTimeout(this.#timer);
        this.#ready = true;
        this.#next();
        return;
      }
      const request = this.#settle();
      if (!request) return;
      if ("result" in reply) request.resolve(reply.result);
      else request.reject(new CalendarSyncError(reply.error));
      this.#next();
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault(); // Otherwise a worker's uncaught error ends the whole process.
      this.#fail(PARSE_MESSAGES.unreadable, true);
    };
    worker.onmessageerror = () => this.#fail(PARSE_MESSAGES.unreadable, true);
  }

  /** The parse under way, now ended (its timer cleared), or null. */
  #settle(): ParseRequest | null {
    clearTimeout(this.#timer);
    const request = this.#current;
    this.#current = null;
    return request;
  }

  /** Fails the parse under way (or, while the worker loads, the next one) and, if asked, stops the worker. */
  #fail(message: string, stopWorker: boolean): void {
    const request = this.#settle() ?? (this.#ready ? null : this.#queue.shift() ?? null);
    if (stopWorker) this.#stopWorker();
    request?.reject(new CalendarSyncError(message));
    this.#next();
  }

  #stopWorker(): void {
    clearTimeout(this.#timer);
    this.#worker?.terminate();
    this.#worker = null;
    this.#ready = false;
  }
}

/** One feed parsed on a worker of its own (an admin's Sync now, a new calendar's first sync). */
export async function parseCalendarFeed(
  text: string,
  options: ParseOptions & { budgetMs?: number },
): Promise<ParseResult> {
  const parser = new FeedParser();
  try {
    return await parser.parse(text, options);
  } finally {
    parser.close();
  }
}
