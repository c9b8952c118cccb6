import assert from "node:assert/strict";
import { FeedParser, parseCalendarFeed } from "../../lib/calendar/parse.ts";
import { PARSE_LIMITS, PARSE_MESSAGES, type ParseResult } from "../../lib/calendar/parse_limits.ts";
import { parseCalendarText } from "../../lib/calendar/parse_text.ts";
import { CalendarSyncError, type FeedEvent } from "../../lib/calendar/types.ts";
import { CALENDAR_FIXTURE_NOW as NOW, calendarFixture } from "../calendar_feed_server.ts";

const parse = (text: string, teamName?: string) => parseCalendarText(text, { now: NOW, teamName });

/** A calendar around `events`, each given as its content lines (BEGIN/END:VEVENT added). */
function ics(events: string[][], calendarLines: string[] = []): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//GoalMates tests//EN",
    ...calendarLines,
    ...events.flatMap((lines) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"]),
    "END:VCALENDAR",
  ].join("\r\n");
}

const byUid = (result: ParseResult) => new Map(result.events.map((event) => [event.uid, event]));
const times = (events: FeedEvent[]) => events.map((event) => event.startTime);
/** The UTC day `days` after NOW, as an iCalendar date-time ('20261124T120000Z'). */
const utcStamp = (days: number, hour = 12) =>
  new Date(NOW.getTime() + days * 86_400_000).toISOString().slice(0, 10).replace(/-/g, "") +
  `T${String(hour).padStart(2, "0")}0000Z`;

/** A generated feed of `count` events, one a day from NOW, each weekly for `weeks` weeks when given. */
function generatedFeed(count: number, weeks?: number): string {
  const events: string[][] = [];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2026, 10, 1) + (i % 360) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, "");
    events.push([
      `UID:generated-${i}@example.com`,
      "DTSTAMP:20261101T000000Z",
      `DTSTART;TZID=America/New_York:${day}T170000`,
      `DTEND;TZID=America/New_York:${day}T183000`,
      `SUMMARY:${i % 3 === 0 ? "Practice" : `Game vs Team ${i}`}`,
      `LOCATION:Field ${i % 12}`,
      ...(weeks ? [`RRULE:FREQ=WEEKLY;COUNT=${weeks}`] : []),
    ]);
  }
  return ics(events);
}

function syncError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof CalendarSyncError, `expected a CalendarSyncError, got ${error}`);
    return error.message;
  }
  assert.fail("no error");
}

Deno.test("[calendar parse] a TeamSnap export: games, practices, a cancelled game, New York times", () => {
  const result = parse(calendarFixture("teamsnap.ics"), "Lions");
  assert.equal(result.truncated, false);
  assert.deepEqual(result.events, [
    {
      uid: "practice-7730201@teamsnap.com",
      title: "Practice",
      eventType: "practice",
      status: "confirmed",
      startTime: "2026-11-24T22:30:00.000Z", // 5:30 PM EST
      endTime: "2026-11-25T00:00:00.000Z",
      allDay: false,
      opponent: null,
      isHome: null,
      location: "Riverside Park - Field 4",
    },
    {
      uid: "game-9051101@teamsnap.com",
      title: "Game vs. Hawks",
      eventType: "game",
      status: "confirmed",
      startTime: "2026-11-28T15:00:00.000Z",
      endTime: "2026-11-28T16:30:00.000Z",
      allDay: false,
      opponent: "Hawks",
      isHome: true,
      location: "Riverside Park - Field 2",
    },
    {
      uid: "practice-7730202@teamsnap.com",
      title: "Practice",
      eventType: "practice",
      status: "confirmed",
      startTime: "2026-12-01T22:30:00.000Z",
      endTime: "2026-12-02T00:00:00.000Z",
      allDay: false,
      opponent: null,
      isHome: null,
      location: "Riverside Park - Field 4",
    },
    {
      uid: "game-9051102@teamsnap.com",
      title: "@ Tigers",
      eventType: "game",
      status: "confirmed",
      startTime: "2026-12-05T19:00:00.000Z",
      endTime: "2026-12-05T20:30:00.000Z",
      allDay: false,
      opponent: "Tigers",
      isHome: false,
      location: "Tiger Stadium, 12 Main St",
    },
    {
      uid: "game-9051103@teamsnap.com",
      title: "Game: Lions vs. Eagles",
      eventType: "game",
      status: "cancelled",
      startTime: "2026-12-12T14:00:00.000Z",
      endTime: "2026-12-12T15:30:00.000Z",
      allDay: false,
      opponent: "Eagles",
      isHome: true,
      location: "Riverside Park - Field 2",
    },
    {
      uid: "event-1180301@teamsnap.com",
      title: "Team Party @ Pizza Palace",
      eventType: "other",
      status: "confirmed",
      startTime: "2026-12-13T21:00:00.000Z",
      endTime: "2026-12-13T23:00:00.000Z",
      allDay: false,
      opponent: null,
      isHome: null,
      location: "Pizza Palace",
    },
    {
      uid: "game-9051104@teamsnap.com",
      title: "Game vs. Falcons",
      eventType: "game",
      status: "confirmed",
      startTime: "2027-06-12T14:00:00.000Z", // 10:00 AM EDT
      endTime: "2027-06-12T15:30:00.000Z",
      allDay: false,
      opponent: "Falcons",
      isHome: true,
      location: "Riverside Park - Field 2",
    },
  ]);
  // The September game ended more than 30 days before now: outside the window.
  assert.equal(byUid(result).has("game-9050901@teamsnap.com"), false);
});

Deno.test("[calendar parse] a PlayMetrics export: Chicago times, field names, tentative, no end, no start", () => {
  const events = byUid(parse(calendarFixture("playmetrics.ics"), "U10 Girls Lions"));
  assert.deepEqual([...events.keys()], ["pm-practice-55101", "pm-game-55102", "pm-game-55103", "pm-event-55104"]);
  assert.deepEqual(events.get("pm-practice-55101"), {
    uid: "pm-practice-55101",
    title: "U10 Girls Practice",
    eventType: "practice",
    status: "confirmed",
    startTime: "2026-11-25T23:30:00.000Z", // 5:30 PM CST
    endTime: "2026-11-26T01:00:00.000Z",
    allDay: false,
    opponent: null,
    isHome: null,
    location: "Legacy Fields: Field 7A",
  });
  const home = events.get("pm-game-55102")!;
  assert.deepEqual([home.startTime, home.opponent, home.isHome, home.location], [
    "2026-11-29T15:00:00.000Z",
    "FC Dallas 2016G",
    true,
    "Legacy Fields: Field 3",
  ]);
  const away = events.get("pm-game-55103")!;
  assert.deepEqual([away.status, away.opponent, away.isHome, away.location], [
    "tentative",
    "Solar SC",
    false,
    "Solar Complex: Field 12 (North)",
  ]);
  const noEnd = events.get("pm-event-55104")!;
  assert.equal(noEnd.endTime, noEnd.startTime);
  assert.equal(noEnd.eventType, "other");
});

Deno.test("[calendar parse] a Google export: weekly series with EXDATE, a moved and a cancelled instance, all-day events", () => {
  const result = parse(calendarFixture("google.ics"));
  const events = byUid(result);
  const practices = result.events.filter((event) => event.uid.startsWith("4k2v9s8q1practice@google.com/"));
  // Tuesdays 5:30 PM from Nov 3 to Mar 2 (UNTIL included): 18 dates less the Dec 29 EXDATE.
  assert.equal(practices.length, 17);
  assert.equal(events.has("4k2v9s8q1practice@google.com/20261229T223000Z"), false);
  assert.equal(practices[0].startTime, "2026-11-03T22:30:00.000Z");
  assert.equal(practices.at(-1)!.startTime, "2027-03-02T22:30:00.000Z");
  assert.deepEqual(events.get("4k2v9s8q1practice@google.com/20261208T223000Z"), {
    uid: "4k2v9s8q1practice@google.com/20261208T223000Z",
    title: "Practice (moved indoors)",
    eventType: "practice",
    status: "confirmed",
    startTime: "2026-12-09T23:00:00.000Z",
    endTime: "2026-12-10T00:30:00.000Z",
    allDay: false,
    opponent: null,
    isHome: null,
    location: "Indoor Dome",
  });
  assert.equal(events.get("4k2v9s8q1practice@google.com/20261215T223000Z")!.status, "cancelled");
  assert.equal(practices.filter((event) => event.status === "cancelled").length, 1);

  assert.deepEqual(events.get("7h3tournament@google.com"), {
    uid: "7h3tournament@google.com",
    title: "Winter Classic Tournament",
    eventType: "game",
    status: "confirmed",
    startTime: "2026-12-19T05:00:00.000Z", // midnight in New York
    endTime: "2026-12-21T05:00:00.000Z", // DTEND is the day after the last day
    allDay: true,
    opponent: null,
    isHome: null,
    location: "Sports Complex",
  });
  const thanksgiving = events.get("8t9thanksgiving@google.com")!;
  assert.deepEqual([thanksgiving.startTime, thanksgiving.endTime, thanksgiving.allDay], [
    "2026-11-26T05:00:00.000Z",
    "2026-11-27T05:00:00.000Z",
    true,
  ]);
  // A weekly series across the change to daylight time keeps 10 AM New York time.
  const league = result.events.filter((event) => event.uid.startsWith("2f5indoorleague@google.com/"));
  assert.deepEqual(times(league), [
    "2027-02-27T15:00:00.000Z",
    "2027-03-06T15:00:00.000Z",
    "2027-03-13T15:00:00.000Z",
    "2027-03-20T14:00:00.000Z",
  ]);
  assert.deepEqual([league[0].opponent, league[0].isHome], ["Owls", true]);
  assert.equal(events.get("3s1scrimmage@google.com")!.startTime, "2026-11-30T23:00:00.000Z");
  // Sorted by start, each uid once.
  assert.deepEqual(times(result.events), [...times(result.events)].sort());
  assert.equal(new Set(result.events.map((event) => event.uid)).size, result.events.length);
});

Deno.test("[calendar parse] a text that is not a calendar is a sync error", () => {
  for (
    const text of [
      "",
      "   ",
      "<!doctype html><html><body>Sign in</body></html>",
      '{"events": []}',
      "hello",
      "BEGIN:VEVENT\r\nEND:VEVENT",
    ]
  ) {
    assert.equal(syncError(() => parse(text)), PARSE_MESSAGES.notCalendar, JSON.stringify(text));
  }
  assert.equal(PARSE_MESSAGES.notCalendar, "This link did not return a calendar (.ics) file");
  // A byte-order mark and blank lines before the calendar are fine; an empty calendar has no events.
  assert.deepEqual(parse("\uFEFF\r\n\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"), {
    events: [],
    truncated: false,
    timeZone: null,
  });
});

Deno.test("[calendar parse] one broken entry costs only itself", () => {
  const text = [
    "BEGIN:VCALENDAR",
    "this line is not a content line",
    "BEGIN:VEVENT",
    "UID:good-1",
    `DTSTART:${utcStamp(1)}`,
    "SUMMARY:Game vs Hawks",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:bad-rule",
    `DTSTART:${utcStamp(2)}`,
    "RRULE:FREQ=FORTNIGHTLY",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:bad-start",
    "DTSTART:tomorrow at noon",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:no-start",
    "SUMMARY:Time TBD",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:good-2",
    `DTSTART:${utcStamp(3)}`,
    "SUMMARY:Practice",
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    // A stray BEGIN, and neither the alarm nor the event ended: the calendar's end closes them.
    "BEGIN:VEVENT",
    "END:VCALENDAR",
    "BEGIN:VCALENDAR",
    "BEGIN:VEVENT",
    "UID:second-calendar",
    `DTSTART:${utcStamp(4)}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ].join("\n");
  assert.deepEqual(parse(text).events.map((event) => event.uid), ["good-1", "good-2", "second-calendar"]);
});

Deno.test("[calendar parse] an RRULE with INTERVAL below 1 is refused (R36)", () => {
  const series = (uid: string, interval: string) => [
    `UID:${uid}`,
    "DTSTART:20261124T170000Z",
    `RRULE:FREQ=WEEKLY;INTERVAL=${interval};COUNT=4`,
  ];
  const result = parse(ics([series("zero", "0"), series("negative", "-1"), series("text", "x"), series("two", "2")]));
  assert.deepEqual(times(result.events), [
    "2026-11-24T17:00:00.000Z",
    "2026-12-08T17:00:00.000Z",
    "2026-12-22T17:00:00.000Z",
    "2027-01-05T17:00:00.000Z",
  ]);
  assert.ok(result.events.every((event) => event.uid.startsWith("two/")));
  assert.equal(result.truncated, false);
});

Deno.test("[calendar parse] only [now − 30 days, now + 365 days] is kept, recurrences included", () => {
  const result = parse(ics([
    ["UID:too-old", `DTSTART:${utcStamp(-31)}`, `DTEND:${utcStamp(-31, 14)}`],
    ["UID:recent", `DTSTART:${utcStamp(-29)}`],
    ["UID:running", `DTSTART:${utcStamp(-40)}`, `DTEND:${utcStamp(-20)}`],
    ["UID:next-year", `DTSTART:${utcStamp(364)}`],
    ["UID:too-far", `DTSTART:${utcStamp(366)}`],
    ["UID:daily", "DTSTART:20250101T120000Z", "RRULE:FREQ=DAILY"],
  ]));
  const events = byUid(result);
  assert.deepEqual(["too-old", "recent", "running", "next-year", "too-far"].map((uid) => events.has(uid)), [
    false,
    true,
    true,
    true,
    false,
  ]);
  const daily = result.events.filter((event) => event.uid.startsWith("daily/"));
  // From 30 days back (Oct 24, noon) to 365 days ahead: 396 days.
  assert.equal(daily.length, 396);
  assert.equal(daily[0].startTime, "2026-10-24T12:00:00.000Z");
  assert.equal(daily.at(-1)!.startTime, "2027-11-23T12:00:00.000Z");
  assert.equal(daily[0].uid, "daily/20261024T120000Z");
  assert.equal(result.truncated, false);
});

Deno.test("[calendar parse] time zones: IANA names, VTIMEZONEs, Windows names, floating times", () => {
  const customZone = [
    "BEGIN:VTIMEZONE",
    "TZID:Club Time",
    "BEGIN:STANDARD",
    "DTSTART:19700101T000000",
    "TZOFFSETFROM:+0300",
    "TZOFFSETTO:+0300",
    "END:STANDARD",
    "END:VTIMEZONE",
  ];
  // A VTIMEZONE that claims New York is UTC+3: the runtime's IANA rules win for an IANA name.
  const wrongNewYork = customZone.join("\n").replace("Club Time", "America/New_York").split("\n");
  const start = (uid: string, dtstart: string) => [`UID:${uid}`, dtstart];
  const text = ics([
    start("chicago", "DTSTART;TZID=America/Chicago:20261201T180000"),
    start("mozilla", "DTSTART;TZID=/mozilla.org/20050126_1/America/Chicago:20261201T180000"),
    start("windows", "DTSTART;TZID=Eastern Standard Time:20261201T180000"),
    start("custom", "DTSTART;TZID=Club Time:20261201T180000"),
    start("new-york", "DTSTART;TZID=America/New_York:20261201T180000"),
    start("unknown", "DTSTART;TZID=Nowhere Special:20261201T180000"),
    start("floating", "DTSTART:20261201T180000"),
    start("utc", "DTSTART:20261201T180000Z"),
  ], [...customZone, ...wrongNewYork]);
  const events = byUid(parse(text));
  const expected: Record<string, string> = {
    chicago: "2026-12-02T00:00:00.000Z",
    mozilla: "2026-12-02T00:00:00.000Z",
    windows: "2026-12-01T23:00:00.000Z",
    custom: "2026-12-01T15:00:00.000Z",
    "new-york": "2026-12-01T23:00:00.000Z",
    unknown: "2026-12-01T23:00:00.000Z", // read as New York, like a floating time
    floating: "2026-12-01T23:00:00.000Z",
    utc: "2026-12-01T18:00:00.000Z",
  };
  for (const [uid, startTime] of Object.entries(expected)) assert.equal(events.get(uid)?.startTime, startTime, uid);

  // Around clock changes: a skipped time takes the offset before the skip, a repeated one is the first.
  const changes = byUid(parse(ics([
    start("skipped", "DTSTART;TZID=America/New_York:20270314T023000"),
    start("repeated", "DTSTART;TZID=America/New_York:20261101T013000"),
    start("repeated-berlin", "DTSTART;TZID=Europe/Berlin:20261025T023000"),
    start("all-day-on-change", "DTSTART;VALUE=DATE:20270314"),
  ])));
  assert.equal(changes.get("skipped")?.startTime, "2027-03-14T07:30:00.000Z"); // 3:30 AM EDT
  assert.equal(changes.get("repeated")?.startTime, "2026-11-01T05:30:00.000Z"); // 1:30 AM EDT
  assert.equal(changes.get("repeated-berlin")?.startTime, "2026-10-25T00:30:00.000Z"); // 2:30 AM CEST
  assert.deepEqual(
    [changes.get("all-day-on-change")?.startTime, changes.get("all-day-on-change")?.endTime],
    ["2027-03-14T05:00:00.000Z", "2027-03-15T04:00:00.000Z"],
  );

  // The feed's X-WR-TIMEZONE says where its floating times are.
  const pacific = parse(ics([start("floating", "DTSTART:20261201T180000")], ["X-WR-TIMEZONE:America/Los_Angeles"]));
  assert.equal(pacific.events[0].startTime, "2026-12-02T02:00:00.000Z");
});

Deno.test("[calendar parse] the feed's own zone: X-WR-TIMEZONE, else its events' most named TZID, else none", () => {
  const event = (uid: string, dtstart: string) => [`UID:${uid}`, dtstart];
  const denverMostly = [
    event("a", "DTSTART;TZID=America/Chicago:20261201T180000"),
    event("b", "DTSTART;TZID=America/Denver:20261202T180000"),
    event("c", "DTSTART;TZID=/mozilla.org/20050126_1/America/Denver:20261203T180000"),
    event("d", 'DTSTART;VALUE=DATE-TIME;TZID="Club Time":20261204T180000'),
    event("e", 'DTSTART;TZID="Club Time":20261205T180000'),
    event("f", 'DTSTART;TZID="Club Time":20261206T180000'),
  ];
  // X-WR-TIMEZONE wins over the events' TZIDs, in the runtime's spelling.
  assert.equal(parse(ics(denverMostly, ["X-WR-TIMEZONE:america/los_angeles"])).timeZone, "America/Los_Angeles");
  // Without it (or with one that names no zone), the IANA zone the events name most: 'Club Time'
  // is named more often but is no IANA zone.
  assert.equal(parse(ics(denverMostly)).timeZone, "America/Denver");
  assert.equal(parse(ics(denverMostly, ["X-WR-TIMEZONE:Mars/Olympus_Mons"])).timeZone, "America/Denver");
  // A Windows name maps to its IANA zone.
  assert.equal(
    parse(ics([event("w", "DTSTART;TZID=Pacific Standard Time:20261201T180000")])).timeZone,
    "America/Los_Angeles",
  );
  // Nothing to go by: UTC and floating times, an unknown TZID, a fixed offset.
  assert.equal(
    parse(ics([event("u", "DTSTART:20261201T180000Z"), event("f", "DTSTART:20261201T180000")])).timeZone,
    null,
  );
  assert.equal(parse(ics([event("x", "DTSTART;TZID=Nowhere Special:20261201T180000")])).timeZone, null);
  assert.equal(parse(ics([event("g", "DTSTART:20261201T180000Z")], ["X-WR-TIMEZONE:Etc/GMT+5"])).timeZone, null);
});

Deno.test("[calendar parse] all-day dates and floating times fall in the team's zone", () => {
  const LA = "America/Los_Angeles";
  const feed = (calendarLines: string[] = []) =>
    ics([
      ["UID:tournament", "DTSTART;VALUE=DATE:20261219", "DTEND;VALUE=DATE:20261220"],
      ["UID:floating", "DTSTART:20261201T180000"],
    ], calendarLines);
  const read = (text: string, options: { timeZone?: string; adoptFeedZone?: boolean }) => {
    const events = byUid(parseCalendarText(text, { now: NOW, ...options }));
    return [events.get("tournament")?.startTime, events.get("floating")?.startTime];
  };
  // A Los Angeles team: Dec 19 starts at midnight there (08:00Z), 6 PM floating is 02:00Z.
  assert.deepEqual(read(feed(), { timeZone: LA }), ["2026-12-19T08:00:00.000Z", "2026-12-02T02:00:00.000Z"]);
  // No zone given: New York, as before zones.
  assert.deepEqual(read(feed(), {}), ["2026-12-19T05:00:00.000Z", "2026-12-01T23:00:00.000Z"]);
  // A team still in the default zone takes the feed's at this sync: its dates are in that zone already.
  const pacificFeed = feed(["X-WR-TIMEZONE:America/Los_Angeles"]);
  assert.deepEqual(read(pacificFeed, { timeZone: "America/New_York", adoptFeedZone: true }), [
    "2026-12-19T08:00:00.000Z",
    "2026-12-02T02:00:00.000Z",
  ]);
  // A team whose admin chose New York keeps New York's dates; the feed's floating times stay Pacific.
  assert.deepEqual(read(pacificFeed, { timeZone: "America/New_York", adoptFeedZone: false }), [
    "2026-12-19T05:00:00.000Z",
    "2026-12-02T02:00:00.000Z",
  ]);
});

Deno.test("[calendar parse] UNTIL in UTC ends a series at the right local date", () => {
  // 8 PM New York is 01:00Z the next day: Dec 1's occurrence (Dec 2 01:00Z) is after UNTIL.
  const result = parse(ics([[
    "UID:evening",
    "DTSTART;TZID=America/New_York:20261128T200000",
    "RRULE:FREQ=DAILY;UNTIL=20261202T000000Z",
  ]]));
  assert.deepEqual(times(result.events), [
    "2026-11-29T01:00:00.000Z",
    "2026-11-30T01:00:00.000Z",
    "2026-12-01T01:00:00.000Z",
  ]);
});

Deno.test("[calendar parse] RDATE adds dates, EXDATE as a date removes them, overrides move and stand alone", () => {
  const result = parse(ics([
    [
      "UID:series",
      "DTSTART;TZID=America/New_York:20261124T173000",
      "DTEND;TZID=America/New_York:20261124T190000",
      "RRULE:FREQ=WEEKLY;COUNT=3",
      "RDATE;TZID=America/New_York:20261127T090000",
      "RDATE;VALUE=PERIOD:20261128T140000Z/20261128T150000Z",
      "EXDATE;VALUE=DATE:20261201",
      "SUMMARY:Practice",
    ],
    // Moves the Dec 8 practice to the Monday before.
    [
      "UID:series",
      "RECURRENCE-ID;TZID=America/New_York:20261208T173000",
      "DTSTART;TZID=America/New_York:20261207T173000",
      "DTEND;TZID=America/New_York:20261207T190000",
      "SUMMARY:Practice (Monday this week)",
    ],
    // An override whose series is not in the feed stands alone.
    [
      "UID:lost-series",
      "RECURRENCE-ID:20261130T170000Z",
      "DTSTART:20261130T180000Z",
      "SUMMARY:Scrimmage",
    ],
  ]));
  assert.deepEqual(result.events.map((event) => [event.uid, event.startTime, event.title]), [
    ["series/20261124T223000Z", "2026-11-24T22:30:00.000Z", "Practice"],
    ["series/20261127T140000Z", "2026-11-27T14:00:00.000Z", "Practice"],
    ["series/20261128T140000Z", "2026-11-28T14:00:00.000Z", "Practice"],
    ["lost-series/20261130T170000Z", "2026-11-30T18:00:00.000Z", "Scrimmage"],
    ["series/20261208T223000Z", "2026-12-07T22:30:00.000Z", "Practice (Monday this week)"],
  ]);
});

Deno.test("[calendar parse] statuses, cancelled titles, UIDs", () => {
  const longUid = "x".repeat(400);
  const text = ics([
    ["UID:a", `DTSTART:${utcStamp(1)}`, "STATUS:CANCELLED", "SUMMARY:Game vs Hawks"],
    ["UID:b", `DTSTART:${utcStamp(2)}`, "STATUS:CANCELED"],
    ["UID:c", `DTSTART:${utcStamp(3)}`, "STATUS:TENTATIVE"],
    ["UID:d", `DTSTART:${utcStamp(4)}`, "SUMMARY:CANCELLED: Game vs Tigers"],
    ["UID:e", `DTSTART:${utcStamp(5)}`, "SUMMARY:[Canceled] Practice"],
    ["UID:f", `DTSTART:${utcStamp(6)}`, "STATUS:CONFIRMED", "SUMMARY:Practice"],
    ["UID:a", `DTSTART:${utcStamp(7)}`, "SUMMARY:A duplicate of a"],
    [`UID:${longUid}`, `DTSTART:${utcStamp(8)}`],
    [`DTSTART:${utcStamp(9)}`, "SUMMARY:No UID"],
  ]);
  const result = parse(text);
  const events = byUid(result);
  assert.deepEqual(["a", "b", "c", "d", "e", "f"].map((uid) => events.get(uid)!.status), [
    "cancelled",
    "cancelled",
    "tentative",
    "cancelled",
    "cancelled",
    "confirmed",
  ]);
  assert.deepEqual([events.get("d")!.title, events.get("d")!.opponent], ["Game vs Tigers", "Tigers"]);
  assert.deepEqual([events.get("e")!.title, events.get("e")!.eventType], ["Practice", "practice"]);
  assert.equal(events.get("a")!.title, "Game vs Hawks", "the first of two entries with one UID wins");
  const others = result.events.filter((event) => !"abcdef".includes(event.uid)).map((event) => event.uid);
  assert.equal(others.length, 2);
  assert.ok(others.every((uid) => uid.length <= 255), "a long UID is shortened");
  assert.deepEqual(parse(text).events.map((event) => event.uid), result.events.map((event) => event.uid), "stable");
});

Deno.test("[calendar parse] huge texts are cut before they are copied into every occurrence", () => {
  const huge = "Game vs Hawks ".repeat(80_000); // about 1 MB
  const result = parse(ics([[
    "UID:huge",
    `DTSTART:${utcStamp(1)}`,
    "RRULE:FREQ=DAILY;COUNT=300",
    `SUMMARY:${huge}`,
    `LOCATION:${huge}`,
  ]]));
  assert.equal(result.events.length, 300);
  for (const event of result.events) {
    assert.ok(event.title.length <= 1_000 && event.location!.length <= 1_000);
    assert.equal(event.eventType, "game");
    assert.ok(event.opponent!.startsWith("Hawks") && event.opponent!.length <= 300);
  }
});

Deno.test("[calendar parse] at most 2,000 VEVENTs, 500 occurrences per event and 5,000 in all (R36)", () => {
  const singles = parse(generatedFeed(2_000));
  assert.deepEqual([singles.events.length, singles.truncated], [2_000, false]);
  const tooMany = parse(generatedFeed(2_001));
  assert.deepEqual([tooMany.events.length, tooMany.truncated], [2_000, true]);
  assert.equal(byUid(tooMany).has("generated-2000@example.com"), false);

  const hourly = parse(ics([["UID:hourly", `DTSTART:${utcStamp(0)}`, "RRULE:FREQ=HOURLY"]]));
  assert.deepEqual([hourly.events.length, hourly.truncated], [PARSE_LIMITS.maxOccurrencesPerEvent, true]);
  // Started before the window: the cap counts only what is inside it, from its start.
  const minutely = parse(ics([["UID:minutely", `DTSTART:${utcStamp(-31)}`, "RRULE:FREQ=MINUTELY"]]));
  assert.deepEqual([minutely.events.length, minutely.truncated], [PARSE_LIMITS.maxOccurrencesPerEvent, true]);
  assert.equal(minutely.events[0].startTime, new Date(NOW.getTime() - 30 * 86_400_000).toISOString());

  const weekly = parse(generatedFeed(2_000, 30));
  assert.deepEqual([weekly.events.length, weekly.truncated], [PARSE_LIMITS.maxOccurrences, true]);
  assert.deepEqual(PARSE_LIMITS.maxEvents, 2_000);
});

Deno.test("[calendar parse] recurrence bombs end with bounded output, and the rest of the feed survives (R36)", () => {
  // The step budgets alone must bound the bombs: with the 1.5 s clock a loaded machine cut off the survivor.
  const result = parseCalendarText(calendarFixture("bomb.ics"), { now: NOW, expansionMs: 60_000 });
  const count = (uid: string) => result.events.filter((event) => event.uid.split("/")[0] === uid).length;
  assert.equal(result.truncated, true);
  assert.equal(count("bomb-secondly-no-end"), 500);
  assert.ok(count("bomb-secondly-count") <= 500);
  assert.ok(count("bomb-ical-js-509") <= 500);
  assert.ok(count("bomb-dense-yearly") <= 500);
  assert.ok(count("bomb-never-matches") <= 500);
  assert.equal(count("bomb-interval-zero"), 0);
  assert.ok(count("bomb-timezone-rule") <= 1);
  assert.equal(count("bomb-survivor"), 1);
  assert.ok(result.events.length <= PARSE_LIMITS.maxOccurrences);
});

Deno.test("[calendar parse] on a worker: same result, errors passed on, the event loop free, a budget enforced", async () => {
  const google = calendarFixture("google.ics");
  assert.deepEqual(await parseCalendarFeed(google, { now: NOW }), parse(google));
  await assert.rejects(
    parseCalendarFeed("<html></html>", { now: NOW }),
    (error) => error instanceof CalendarSyncError && error.message === PARSE_MESSAGES.notCalendar,
  );

  // The bombs finish within the 2-second budget; meanwhile this thread's timers keep firing.
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 5);
  try {
    const bombs = await parseCalendarFeed(calendarFixture("bomb.ics"), { now: NOW });
    assert.equal(bombs.truncated, true);
  } finally {
    clearInterval(ticker);
  }
  assert.ok(ticks >= 3, `the event loop ran ${ticks} timers during the parse`);

  await assert.rejects(
    parseCalendarFeed(generatedFeed(2_000, 30), { now: NOW, budgetMs: 1 }),
    (error) => error instanceof CalendarSyncError && error.message === "The calendar took too long to read",
  );
});

Deno.test("[calendar parse] one FeedParser: feeds in turn on one worker, a fresh worker after one was stopped", async () => {
  const google = calendarFixture("google.ics");
  const teamsnap = calendarFixture("teamsnap.ics");
  const parser = new FeedParser();
  try {
    // Queued together, answered in turn, each with its own result.
    const [first, second] = await Promise.all([
      parser.parse(google, { now: NOW }),
      parser.parse(teamsnap, { now: NOW }),
    ]);
    assert.deepEqual(first, parse(google));
    assert.deepEqual(second, parse(teamsnap));
    // A parse over its budget stops the worker; the next parse gets a new one and succeeds.
    await assert.rejects(
      parser.parse(generatedFeed(2_000, 30), { now: NOW, budgetMs: 1 }),
      (error) => error instanceof CalendarSyncError && error.message === "The calendar took too long to read",
    );
    assert.deepEqual(await parser.parse(google, { now: NOW }), parse(google));
  } finally {
    parser.close();
  }
  await assert.rejects(parser.parse(google, { now: NOW }), /closed/);
});
