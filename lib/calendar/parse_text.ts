/**
 * Reading a calendar feed into the occurrences the sync stores, within the bounds of
 * `parse_limits.ts`: the worker's side (`parse_worker.ts`). Pure and synchronous; the thread
 * side (`parse.ts`) bounds its time from outside.
 */
import ICAL from "ical.js";
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "../time_zone.ts";
import type { FeedEvent } from "./types.ts";
import { PARSE_LIMITS, type ParseOptions, type ParseResult } from "./parse_limits.ts";
import { BudgetExhausted, ExpansionBudget, meterExpansion, spendExpansionStep } from "./ical_guard.ts";
import {
  DAY_MS,
  feedZoneOf,
  ianaZone,
  instantOf,
  midnight,
  strictIanaZone,
  wallMs,
  zoneOffsetMs,
  type Zones,
} from "./feed_zones.ts";
import { type Block, parseLines, prepare } from "./unfold.ts";
import {
  type Entry,
  lengthMs,
  occurrenceStamp,
  readEntry,
  roughLengthMs,
  textValue,
  tzidOf,
  uidOf,
  validTime,
} from "./feed_entry.ts";

/** Zone offsets stay within ±26 hours of UTC, so a wall-clock time this far outside the window is outside it. */
const OFFSET_SLACK_MS = 2 * DAY_MS;

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
        spendExpansionStep();
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

  const budget = new ExpansionBudget({ ...PARSE_LIMITS, expansionMs: options.expansionMs ?? PARSE_LIMITS.expansionMs });
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
  try {
    meterExpansion(budget, () => {
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
    });
  } catch (error) {
    if (!(error instanceof BudgetExhausted)) throw error;
    collector.truncated = true;
  }

  const seen = new Set<string>();
  const events = collector.events
    .filter((event) => !seen.has(event.uid) && seen.add(event.uid))
    .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.uid.localeCompare(b.uid));
  return { events, truncated: collector.truncated, timeZone: feedZone };
}
