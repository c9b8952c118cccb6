/**
 * The family calendar's iCalendar writer (lib/calendar/ics_writer.ts): TEXT escaping, folding
 * at 75 octets without splitting a UTF-8 character, cancelled and tentative events, and the
 * output read back by ical.js to the same values.
 */
import assert from "node:assert/strict";
import ICAL from "ical.js";
import fc from "fast-check";
import {
  CANCELLED_PREFIX,
  escapeText,
  familyEventSummary,
  familyIcsEvent,
  foldLine,
  type IcsCalendar,
  icsStatus,
  MAX_LINE_OCTETS,
  TENTATIVE_NOTE,
  utcDateTime,
  writeIcs,
} from "../../lib/calendar/ics_writer.ts";
import type { TeamEvent } from "../../lib/events/types.ts";

const encoder = new TextEncoder();
const octets = (s: string) => encoder.encode(s).length;

/** Undoes folding (RFC 5545 section 3.1): a CRLF followed by one space or tab goes. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

function event(overrides: Partial<TeamEvent> = {}): TeamEvent {
  return {
    id: "01JDEMO0000000000000000001",
    title: "Game vs Hawks",
    eventType: "game",
    status: "confirmed",
    startTime: "2026-11-28T15:00:00.000Z",
    endTime: "2026-11-28T16:30:00.000Z",
    opponent: "Hawks",
    isHome: true,
    location: "Field 3, Riverside Park",
    calendarId: null,
    uid: null,
    ...overrides,
  };
}

const calendar = (events: IcsCalendar["events"]): IcsCalendar => ({
  prodId: "-//GoalMates//Family Calendar//EN",
  name: "GoalMates – Jordan's teams",
  description: "Games and practices",
  refreshInterval: "PT1H",
  stamp: new Date("2026-11-23T12:00:00Z"),
  events,
});

Deno.test("[ics] TEXT values escape backslash, semicolon, comma and every kind of line break", () => {
  assert.equal(escapeText("a\\b;c,d"), "a\\\\b\\;c\\,d");
  assert.equal(escapeText("one\r\ntwo\nthree\rfour"), "one\\ntwo\\nthree\\nfour");
  // A colon and a double quote are fine in TEXT; control characters are not allowed there at all.
  assert.equal(escapeText('Field "A": North'), 'Field "A": North');
  assert.equal(escapeText("tab\there\u0000\u0007\u007f"), "tab\there");
  // A lone surrogate cannot be encoded in UTF-8: it becomes U+FFFD instead of breaking the text.
  assert.equal(escapeText("x\uD800y"), "x\uFFFDy");
});

Deno.test("[ics] lines fold at 75 octets and never inside a UTF-8 character", () => {
  assert.equal(foldLine("SUMMARY:short"), "SUMMARY:short");
  const exactly75 = `SUMMARY:${"a".repeat(75 - 8)}`;
  assert.equal(foldLine(exactly75), exactly75, "75 octets stay on one line");

  for (const char of ["é", "€", "⚽", "😀", "e\u0301"]) {
    const line = `SUMMARY:${char.repeat(120)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    assert.ok(physical.length > 1, `${char} folds`);
    for (const [i, part] of physical.entries()) {
      assert.ok(octets(part) <= MAX_LINE_OCTETS, `line ${i} of ${char} is ${octets(part)} octets`);
      if (i > 0) assert.ok(part.startsWith(" "), "a continuation line starts with a space");
      // Each physical line is valid UTF-8 on its own: decoding with fatal: true would throw otherwise.
      new TextDecoder("utf-8", { fatal: true }).decode(encoder.encode(part));
      assert.ok(!part.includes("\uFFFD"));
    }
    assert.equal(unfold(folded), line, "unfolding gives the line back");
  }
});

Deno.test("[ics] folding any well-formed text keeps every line within 75 octets and unfolds to the text", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 400 }), (raw) => {
      const line = `DESCRIPTION:${escapeText(raw)}`;
      const physical = foldLine(line).split("\r\n");
      for (const [i, part] of physical.entries()) {
        if (octets(part) > MAX_LINE_OCTETS) return false;
        if (i > 0 && !part.startsWith(" ")) return false;
      }
      return unfold(physical.join("\r\n")) === line;
    }),
    { numRuns: 500 },
  );
});

Deno.test("[ics] times are UTC DATE-TIMEs", () => {
  assert.equal(utcDateTime(new Date("2026-03-08T06:59:59.999Z")), "20260308T065959Z");
  assert.equal(utcDateTime(new Date("2026-11-01T05:30:00Z")), "20261101T053000Z");
});

Deno.test("[ics] statuses: cancelled (either spelling), tentative, anything else confirmed", () => {
  assert.equal(icsStatus("cancelled"), "cancelled");
  assert.equal(icsStatus("Canceled"), "cancelled");
  assert.equal(icsStatus("TENTATIVE"), "tentative");
  assert.equal(icsStatus("confirmed"), "confirmed");
  assert.equal(icsStatus("postponed?"), "confirmed");
  assert.equal(icsStatus(null), "confirmed");
});

Deno.test("[ics] a family event's title names the team and the opponent once", () => {
  assert.equal(familyEventSummary("Rockets", event()), "Rockets: Game vs Hawks");
  assert.equal(familyEventSummary("Rockets", event({ title: "Game", isHome: true })), "Rockets: Game vs Hawks");
  assert.equal(familyEventSummary("Rockets", event({ title: "Game", isHome: null })), "Rockets: Game vs Hawks");
  assert.equal(familyEventSummary("Rockets", event({ title: "Game", isHome: false })), "Rockets: Game @ Hawks");
  assert.equal(familyEventSummary("Rockets", event({ title: "@ HAWKS", isHome: false })), "Rockets: @ HAWKS");
  assert.equal(
    familyEventSummary("Rockets", event({ title: "Practice", opponent: null, isHome: null })),
    "Rockets: Practice",
  );
});

Deno.test("[ics] cancelled and tentative events: STATUS, the title's word, the note, free time", () => {
  const cancelled = familyIcsEvent({ name: "Rockets" }, event({ status: "cancelled" }));
  assert.equal(cancelled.status, "cancelled");
  assert.equal(cancelled.summary, `${CANCELLED_PREFIX}Rockets: Game vs Hawks`);
  const tentative = familyIcsEvent({ name: "Rockets" }, event({ status: "tentative" }));
  assert.equal(tentative.description, TENTATIVE_NOTE);
  assert.equal(tentative.description, "Time/location may change");
  const confirmed = familyIcsEvent({ name: "Rockets" }, event());
  assert.equal(confirmed.description, null);
  assert.equal(confirmed.uid, "01JDEMO0000000000000000001@goalmates");

  const text = writeIcs(calendar([cancelled, tentative]));
  const [first, second] = unfold(text).split("BEGIN:VEVENT").slice(1);
  assert.match(first, /\r\nSTATUS:CANCELLED\r\n/);
  assert.match(first, /\r\nTRANSP:TRANSPARENT\r\n/);
  assert.match(second, /\r\nSTATUS:TENTATIVE\r\n/);
  assert.match(second, /\r\nDESCRIPTION:Time\/location may change\r\n/);
  assert.match(second, /\r\nTRANSP:OPAQUE\r\n/);
});

Deno.test("[ics] the calendar: CRLF everywhere, every line within 75 octets, the header properties", () => {
  const text = writeIcs(calendar([familyIcsEvent({ name: "Rockets" }, event())]));
  assert.ok(text.endsWith("END:VCALENDAR\r\n"));
  assert.ok(!/[^\r]\n/.test(text), "no bare LF");
  for (const line of text.split("\r\n")) assert.ok(octets(line) <= MAX_LINE_OCTETS, line);
  const lines = unfold(text).split("\r\n");
  for (
    const expected of [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//GoalMates//Family Calendar//EN",
      "METHOD:PUBLISH",
      "X-WR-CALNAME:GoalMates – Jordan's teams",
      "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
      "X-PUBLISHED-TTL:PT1H",
      "UID:01JDEMO0000000000000000001@goalmates",
      "DTSTAMP:20261123T120000Z",
      "DTSTART:20261128T150000Z",
      "DTEND:20261128T163000Z",
      "SUMMARY:Rockets: Game vs Hawks",
      "LOCATION:Field 3\\, Riverside Park",
      "STATUS:CONFIRMED",
    ]
  ) assert.ok(lines.includes(expected), `has ${expected}`);
});

Deno.test("[ics] an event with no end after its start has no DTEND", () => {
  const text = writeIcs(calendar([
    familyIcsEvent({ name: "R" }, event({ endTime: "2026-11-28T15:00:00.000Z" })),
  ]));
  assert.ok(!text.includes("DTEND"));
});

Deno.test("[ics] ical.js reads the output back to the same values (hostile and multi-byte text too)", () => {
  const hostile = 'Semi; comma, back\\slash "quote"\nnew line\r\nCRLF ⚽ Ünïcödé 😀 '.repeat(3);
  const events = [
    familyIcsEvent({ name: "Rockets, U10; Blue" }, event({ title: hostile, location: hostile })),
    familyIcsEvent(
      { name: "Comets" },
      event({
        id: "01JDEMO0000000000000000002",
        title: "Practice",
        eventType: "practice",
        opponent: null,
        status: "tentative",
        location: null,
        startTime: "2026-12-01T22:00:00.000Z",
        endTime: "2026-12-01T23:30:00.000Z",
      }),
      { url: "https://goalmates.test/family-dashboard/team1#events" },
    ),
    familyIcsEvent(
      { name: "Comets" },
      event({ id: "01JDEMO0000000000000000003", status: "cancelled", isHome: false, title: "Game" }),
    ),
  ];
  const text = writeIcs(calendar(events));
  const root = new ICAL.Component(ICAL.parse(text));
  assert.equal(root.name, "vcalendar");
  assert.equal(root.getFirstPropertyValue("prodid"), "-//GoalMates//Family Calendar//EN");
  assert.equal(root.getFirstPropertyValue("x-wr-calname"), "GoalMates – Jordan's teams");
  assert.equal(String(root.getFirstPropertyValue("refresh-interval")), "PT1H");
  const parsed = root.getAllSubcomponents("vevent");
  assert.equal(parsed.length, 3);

  const [a, b, c] = parsed.map((v) => new ICAL.Event(v));
  // TEXT comes back as written, with every line break as LF (that is what `\n` means).
  const asRead = (s: string) => s.replace(/\r\n|\r/g, "\n");
  // The title does not name the opponent: the summary adds it.
  assert.equal(a.summary, asRead(`Rockets, U10; Blue: ${hostile.trim()} vs Hawks`));
  assert.equal(a.location, asRead(hostile));
  assert.equal(a.uid, "01JDEMO0000000000000000001@goalmates");
  assert.equal(a.startDate.toJSDate().toISOString(), "2026-11-28T15:00:00.000Z");
  assert.equal(a.endDate.toJSDate().toISOString(), "2026-11-28T16:30:00.000Z");
  assert.equal(a.startDate.zone?.tzid, "UTC");
  assert.equal(a.component.getFirstPropertyValue("status"), "CONFIRMED");
  assert.equal(a.component.getFirstPropertyValue("categories"), "Game");

  assert.equal(b.summary, "Comets: Practice");
  assert.equal(b.description, "Time/location may change");
  assert.equal(b.component.getFirstPropertyValue("status"), "TENTATIVE");
  assert.equal(b.component.getFirstPropertyValue("url"), "https://goalmates.test/family-dashboard/team1#events");
  assert.equal(b.location, null);

  assert.equal(c.summary, "CANCELLED: Comets: Game @ Hawks");
  assert.equal(c.component.getFirstPropertyValue("status"), "CANCELLED");
  for (const v of parsed) {
    assert.equal(v.getFirstPropertyValue("dtstamp")?.toString(), "2026-11-23T12:00:00Z");
  }
});
