/**
 * Reading the text of a feed before ical.js sees it: content lines unfolded, then split into
 * the calendar's own properties and its top-level components, so one broken entry costs only
 * itself (ical.js refuses a whole text for one bad line) and VEVENTs past the limit are never
 * parsed.
 */
import ICAL from "ical.js";
import { CalendarSyncError } from "./types.ts";
import { PARSE_LIMITS, PARSE_MESSAGES } from "./parse_limits.ts";

/** A TZID longer than this names no zone (and is not counted). */
const MAX_TZID_LENGTH = 200;

/** One top-level component of the calendar, as its unfolded lines. */
export interface Block {
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
export function prepare(text: string): Prepared {
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

export function parseLines(lines: string[]): unknown[] | null {
  try {
    const jcal = ICAL.parse(lines.join("\r\n"));
    return Array.isArray(jcal) && typeof jcal[0] === "string" ? jcal : null;
  } catch {
    return null;
  }
}
