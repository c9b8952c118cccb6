/**
 * A team's time zone (lib/time_zone.ts) and the events widget's wording in it
 * (lib/events/format.ts): a Los Angeles team's 9:00 AM game reads 9:00 AM PT, not New York's
 * 12:00 PM; Today/Tomorrow follow the team's midnight; DST changes keep wall-clock times; which
 * names are zones; and when a calendar may set a team's zone.
 */
import assert from "node:assert/strict";
import {
  calendarDay,
  canonicalTimeZone,
  DEFAULT_TIME_ZONE,
  mayTakeCalendarZone,
  teamTimeZone,
  teamTimeZoneSource,
  timeZoneChoices,
  zoneAbbreviation,
  zoneToAdopt,
} from "../../lib/time_zone.ts";
import { dayLabel, eventZoneLabel, formatEventWhen } from "../../lib/events/format.ts";
import { fullTime } from "../../lib/feed/relative_time.ts";
import { timeZoneGroups, timeZoneHint } from "../../components/admin/settings/settings_form.ts";

const LA = "America/Los_Angeles";
const NY = "America/New_York";
const at = (iso: string) => new Date(iso);

Deno.test("[time zone] a 9:00 AM Los Angeles game reads 9:00 AM PT for an LA team (12:00 PM in New York)", () => {
  // Sat Mar 14 2026, 9:00 AM PDT = 16:00 UTC; the reader looks on Wed Mar 11.
  const game = { startTime: "2026-03-14T16:00:00Z", endTime: "2026-03-14T17:30:00Z" };
  const now = at("2026-03-11T18:00:00Z");
  assert.equal(formatEventWhen(game, now, LA), "Sat, Mar 14 · 9:00 AM – 10:30 AM");
  assert.deepEqual(eventZoneLabel(game, LA), { short: "PT", long: "Pacific Time" });
  // The bug this fixes: the same instant in New York's clock.
  assert.equal(formatEventWhen(game, now, NY), "Sat, Mar 14 · 12:00 PM – 1:30 PM");
  assert.deepEqual(eventZoneLabel(game, NY), { short: "ET", long: "Eastern Time" });
  // Winter (PST) reads the same wall clock: 9:00 AM PST = 17:00 UTC.
  assert.equal(
    formatEventWhen({ startTime: "2026-01-10T17:00:00Z", endTime: "2026-01-10T17:00:00Z" }, now, LA),
    "Sat, Jan 10 · 9:00 AM",
  );
});

Deno.test("[time zone] Los Angeles DST changes keep each event's wall-clock times", () => {
  // 2026-03-08 2:00 AM PST → 3:00 AM PDT. 1:30 AM PST = 09:30Z; 3:30 AM PDT = 10:30Z, an hour later.
  const saturdayNoon = at("2026-03-07T20:00:00Z");
  assert.equal(
    formatEventWhen({ startTime: "2026-03-08T09:30:00Z", endTime: "2026-03-08T10:30:00Z" }, saturdayNoon, LA),
    "Tomorrow · 1:30 AM – 3:30 AM",
  );
  // 2026-11-01 2:00 AM PDT → 1:00 AM PST: 1:30 AM happens twice (08:30Z and 09:30Z).
  const fallNow = at("2026-11-01T07:30:00Z"); // 12:30 AM PDT on Nov 1
  assert.equal(
    formatEventWhen({ startTime: "2026-11-01T08:30:00Z", endTime: "2026-11-01T09:30:00Z" }, fallNow, LA),
    "Today · 1:30 AM – 1:30 AM",
  );
  // The day after each change: 9:00 AM is 16:00Z in PDT and 17:00Z in PST.
  assert.equal(
    formatEventWhen({ startTime: "2026-03-09T16:00:00Z", endTime: "" }, saturdayNoon, LA),
    "Mon, Mar 9 · 9:00 AM",
  );
  assert.equal(formatEventWhen({ startTime: "2026-11-02T17:00:00Z", endTime: "" }, fallNow, LA), "Tomorrow · 9:00 AM");
  // The short name is the same all year; the offset names follow DST.
  assert.equal(zoneAbbreviation(LA, at("2026-01-15T12:00:00Z")), "PT");
  assert.equal(zoneAbbreviation(LA, at("2026-07-15T12:00:00Z")), "PT");
  assert.equal(zoneAbbreviation("Europe/Berlin", at("2026-01-15T12:00:00Z")), "GMT+1");
  assert.equal(zoneAbbreviation("Europe/Berlin", at("2026-07-15T12:00:00Z")), "GMT+2");
  assert.equal(zoneAbbreviation("America/Phoenix", at("2026-07-15T12:00:00Z")), "MST");
  assert.equal(zoneAbbreviation("UTC", at("2026-07-15T12:00:00Z")), "UTC");
});

Deno.test("[time zone] Today and Tomorrow follow the team's midnight", () => {
  // 11:30 PM on Jan 15 in Los Angeles is 07:30 UTC on Jan 16 (and 2:30 AM Jan 16 in New York).
  const lateEvening = at("2026-01-16T07:30:00Z");
  assert.equal(dayLabel(at("2026-01-16T07:45:00Z"), lateEvening, LA), "Today");
  assert.equal(dayLabel(at("2026-01-16T08:00:00Z"), lateEvening, LA), "Tomorrow");
  assert.equal(dayLabel(at("2026-01-16T08:00:00Z"), lateEvening, NY), "Today");
  assert.deepEqual(calendarDay(lateEvening, LA), [2026, 1, 15]);
  assert.deepEqual(calendarDay(lateEvening, NY), [2026, 1, 16]);
});

Deno.test("[time zone] which names are zones a team may have", () => {
  assert.equal(canonicalTimeZone(LA), LA);
  assert.equal(canonicalTimeZone("america/los_angeles"), LA, "case does not matter");
  assert.equal(canonicalTimeZone("UTC"), "UTC");
  assert.ok(timeZoneChoices().includes("UTC") && timeZoneChoices().includes(LA));
  // An alias becomes the name the list holds, so the settings select shows it selected.
  const kolkata = canonicalTimeZone("Asia/Kolkata");
  assert.ok(kolkata && timeZoneChoices().includes(kolkata), String(kolkata));
  for (
    const bad of ["Mars/Olympus_Mons", "", " ", "Etc/GMT+5", "../etc/passwd", "America/" + "A".repeat(60), 42, null]
  ) {
    assert.equal(canonicalTimeZone(bad), null, String(bad));
  }
  // A team made before zones, or one whose stored zone this runtime does not know: New York.
  assert.equal(teamTimeZone({ settings: {} }), DEFAULT_TIME_ZONE);
  assert.equal(teamTimeZone({ settings: { timeZone: "Nowhere/Land" } }), DEFAULT_TIME_ZONE);
  assert.equal(teamTimeZone({ settings: { timeZone: LA } }), LA);
  assert.equal(teamTimeZoneSource({ settings: {} }), "default");
});

Deno.test("[time zone] a calendar sets the zone only while no admin or calendar did", () => {
  assert.equal(zoneToAdopt({}, LA), LA, "a team made before zones");
  assert.equal(zoneToAdopt({ timeZone: NY, timeZoneSource: "default" }, "america/los_angeles"), LA);
  assert.equal(zoneToAdopt({ timeZone: NY, timeZoneSource: "admin" }, LA), null, "the admin chose");
  assert.equal(zoneToAdopt({ timeZone: "America/Denver", timeZoneSource: "calendar" }, LA), null, "once only");
  assert.equal(zoneToAdopt({ timeZoneSource: "default" }, "Club Time"), null, "no IANA zone");
  assert.equal(zoneToAdopt({ timeZoneSource: "default" }, null), null);
  assert.equal(mayTakeCalendarZone({ timeZoneSource: "default" }), true);
  assert.equal(mayTakeCalendarZone({ timeZoneSource: "admin" }), false);
});

Deno.test("[time zone] a post's tooltip names the team's zone", () => {
  assert.equal(fullTime("2026-11-03T06:00:00Z", LA), "Nov 2, 2026, 10:00 PM PT");
  assert.equal(fullTime("2026-11-03T06:00:00Z", NY), "Nov 3, 2026, 1:00 AM ET");
  assert.equal(fullTime("not a date", LA), "");
});

Deno.test("[time zone] the settings select: United States first, every zone once, grouped by region", () => {
  const choices = timeZoneChoices();
  const groups = timeZoneGroups(choices);
  assert.equal(groups[0].label, "United States");
  assert.deepEqual(groups[0].options[4], { value: LA, label: "Pacific Time (Los Angeles)" });
  const values = groups.flatMap((g) => g.options.map((o) => o.value));
  assert.equal(values.length, new Set(values).size, "no zone twice");
  assert.deepEqual([...values].sort(), [...choices].sort(), "every zone the server accepts");
  const europe = groups.find((g) => g.label === "Europe")!;
  assert.ok(europe.options.some((o) => o.value === "Europe/Berlin" && o.label === "Berlin"));
  const america = groups.find((g) => g.label === "America")!;
  assert.ok(america.options.some((o) => o.label === "Indiana / Knox"));
  assert.ok(groups.some((g) => g.options.some((o) => o.value === "UTC")));
  assert.match(timeZoneHint("default"), /first syncs/);
  assert.match(timeZoneHint("calendar"), /taken from your team calendar/);
  assert.doesNotMatch(timeZoneHint("admin"), /calendar/);
});

Deno.test("[time zone] zone names and days are kept per minute: a page's repeats skip ICU, a DST change a minute later does not", () => {
  const formatToParts = Intl.DateTimeFormat.prototype.formatToParts;
  let calls = 0;
  Intl.DateTimeFormat.prototype.formatToParts = function (this: Intl.DateTimeFormat, date?: Date | number) {
    calls++;
    return formatToParts.call(this, date);
  };
  try {
    // Berlin leaves winter time at 01:00 UTC on Sun Mar 29 2026 (a zone without an English short name).
    const before = at("2026-03-29T00:59:30Z");
    const after = at("2026-03-29T01:00:00Z");
    const first = [zoneAbbreviation("Europe/Berlin", before), calendarDay(before, "Europe/Berlin")];
    const asked = calls;
    assert.ok(asked > 0);
    const again = [zoneAbbreviation("Europe/Berlin", at("2026-03-29T00:59:59Z")), calendarDay(before, "Europe/Berlin")];
    assert.deepEqual(again, first);
    assert.equal(calls, asked, "the same minute again: answered from memory");
    assert.deepEqual(first, ["GMT+1", [2026, 3, 29]]);
    assert.equal(zoneAbbreviation("Europe/Berlin", after), "GMT+2", "the next minute is asked anew");
    // A caller may change the day it got; the next caller still gets the right one.
    calendarDay(before, "Europe/Berlin")[2] = 1;
    assert.deepEqual(calendarDay(before, "Europe/Berlin"), [2026, 3, 29]);
  } finally {
    Intl.DateTimeFormat.prototype.formatToParts = formatToParts;
  }
});
