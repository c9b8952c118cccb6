/**
 * Writing iCalendar (RFC 5545) text: a published calendar of events in UTC, with TEXT values
 * escaped (backslash, semicolon, comma, line breaks) and every line folded at 75 octets
 * without splitting a UTF-8 character. Pure: no KV, no clock (the caller passes DTSTAMP).
 */
import type { TeamEvent } from "../events/types.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";

export interface IcsEvent {
  /** Globally unique and stable across requests, e.g. `<event id>@goalmates`. */
  uid: string;
  summary: string;
  start: Date;
  /** Left out of the text when it is not after `start` (RFC 5545: DTEND must be later). */
  end: Date;
  status: "confirmed" | "cancelled" | "tentative";
  location?: string | null;
  description?: string | null;
  categories?: string[];
  url?: string | null;
}

export interface IcsCalendar {
  prodId: string;
  /** The calendar's name in the reader's list (NAME and X-WR-CALNAME). */
  name: string;
  description?: string | null;
  /** How often a reader should fetch it again (REFRESH-INTERVAL and X-PUBLISHED-TTL), e.g. "PT1H". */
  refreshInterval?: string | null;
  /** DTSTAMP of every event: when this information was last revised. */
  stamp: Date;
  events: IcsEvent[];
}

const CRLF = "\r\n";
/** RFC 5545 section 3.1: lines SHOULD NOT be longer than 75 octets, excluding the line break. */
export const MAX_LINE_OCTETS = 75;

/**
 * A TEXT value (RFC 5545 section 3.3.11): `\` `;` `,` escaped, any line break as `\n`, other
 * control characters (not allowed in TEXT) dropped, lone surrogates made well-formed.
 */
export function escapeText(value: string): string {
  return value.toWellFormed()
    .replace(/\r\n|\r|\n/g, "\n")
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .replace(/[\\;,\n]/g, (c) => c === "\n" ? "\\n" : `\\${c}`);
}

/**
 * Folds one content line (RFC 5545 section 3.1): at most 75 octets per physical line, the
 * continuation lines starting with one space (which counts), never splitting a UTF-8 sequence
 * (the line is cut between code points). Returns the physical lines joined by CRLF.
 */
export function foldLine(line: string): string {
  // A UTF-16 unit is at most 3 octets (a surrogate pair, two units, is 4): short lines fit.
  if (line.length * 3 <= MAX_LINE_OCTETS) return line;
  const lines: string[] = [];
  let from = 0;
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (let i = 0; i < line.length;) {
    const codePoint = line.codePointAt(i)!;
    const units = codePoint > 0xffff ? 2 : 1;
    const size = utf8Length(codePoint);
    if (octets + size > limit) {
      lines.push(line.slice(from, i));
      from = i;
      octets = 0;
      limit = MAX_LINE_OCTETS - 1; // the leading space of a continuation line
    }
    octets += size;
    i += units;
  }
  lines.push(line.slice(from));
  return lines.join(`${CRLF} `);
}

/** The octets of one code point in UTF-8 (a lone surrogate is written as U+FFFD: 3). */
const utf8Length = (codePoint: number) => codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A DATE-TIME in UTC, e.g. `20261123T170000Z` (seconds kept, milliseconds dropped). */
export function utcDateTime(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

/** A URI value: no line breaks or spaces can reach the text (it is ours, but be sure). */
// deno-lint-ignore no-control-regex
const uri = (value: string) => value.replace(/[\s\u0000-\u001f\u007f]/g, "");

function eventLines(event: IcsEvent, stamp: string): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${utcDateTime(event.start)}`,
  ];
  if (event.end.getTime() > event.start.getTime()) lines.push(`DTEND:${utcDateTime(event.end)}`);
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.categories?.length) lines.push(`CATEGORIES:${event.categories.map(escapeText).join(",")}`);
  lines.push(`STATUS:${event.status.toUpperCase()}`);
  // A cancelled event does not make the person look busy.
  lines.push(`TRANSP:${event.status === "cancelled" ? "TRANSPARENT" : "OPAQUE"}`);
  if (event.url) lines.push(`URL:${uri(event.url)}`);
  lines.push("END:VEVENT");
  return lines;
}

/** The calendar as iCalendar text: CRLF line ends (the last line too), folded lines. */
export function writeIcs(calendar: IcsCalendar): string {
  const stamp = utcDateTime(calendar.stamp);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${escapeText(calendar.prodId)}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
  ];
  if (calendar.description) {
    lines.push(`DESCRIPTION:${escapeText(calendar.description)}`, `X-WR-CALDESC:${escapeText(calendar.description)}`);
  }
  if (calendar.refreshInterval) {
    lines.push(
      `REFRESH-INTERVAL;VALUE=DURATION:${calendar.refreshInterval}`,
      `X-PUBLISHED-TTL:${calendar.refreshInterval}`,
    );
  }
  for (const event of calendar.events) lines.push(...eventLines(event, stamp));
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A family calendar's own words in the subscriber's language (the catalogue's `mail.calendarFeed`). */
const feedTexts = (lang: Language) => messagesFor(lang).mail.calendarFeed;

/** What a tentative event's DESCRIPTION says (the dashboard's wording), in English. */
export const TENTATIVE_NOTE = feedTexts(DEFAULT_LANGUAGE).tentative;

/** "cancelled", "tentative" or "confirmed" from a stored status ("canceled" and any case too). */
export function icsStatus(status: string | null | undefined): IcsEvent["status"] {
  const lower = (status ?? "").trim().toLowerCase();
  if (lower === "cancelled" || lower === "canceled") return "cancelled";
  return lower === "tentative" ? "tentative" : "confirmed";
}

/**
 * The title a family calendar shows: '<Team>: <title>', with ' vs Hawks' (home or unknown) or
 * ' @ Hawks' (away) when the title does not already name the opponent.
 */
export function familyEventSummary(teamName: string, event: Pick<TeamEvent, "title" | "opponent" | "isHome">): string {
  let title = event.title.trim();
  const opponent = event.opponent?.trim();
  if (opponent && !title.toLocaleLowerCase("en-US").includes(opponent.toLocaleLowerCase("en-US"))) {
    title += ` ${event.isHome === false ? "@" : "vs"} ${opponent}`;
  }
  return `${teamName}: ${title}`;
}

/**
 * The word a cancelled event's title starts with (the dashboard's): STATUS:CANCELLED alone is
 * struck through by Apple's calendars, but some readers (Google's subscriptions among them)
 * show such an event like any other.
 */
export const CANCELLED_PREFIX = `${feedTexts(DEFAULT_LANGUAGE).cancelled} `;

/** One team event as a family calendar's VEVENT, its words in `options.lang` (English by default). */
export function familyIcsEvent(
  team: { name: string },
  event: TeamEvent,
  options: { url?: string | null; lang?: Language } = {},
): IcsEvent {
  const status = icsStatus(event.status);
  const t = feedTexts(options.lang ?? DEFAULT_LANGUAGE);
  return {
    uid: `${event.id}@goalmates`,
    summary: (status === "cancelled" ? `${t.cancelled} ` : "") + familyEventSummary(team.name, event),
    start: new Date(event.startTime),
    end: new Date(event.endTime),
    status,
    location: event.location,
    description: status === "tentative" ? t.tentative : null,
    categories: [
      event.eventType === "game" || event.eventType === "practice" ? t.eventTypes[event.eventType] : t.eventTypes.event,
    ],
    url: options.url ?? null,
  };
}
