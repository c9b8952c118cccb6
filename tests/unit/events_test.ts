import assert from "node:assert/strict";
import {
  dayLabel,
  EVENTS_TEXTS,
  formatEventWhen,
  isCancelled,
  isTentative,
  opponentLabel,
  timeLabel,
} from "../../lib/events/format.ts";
import { normalizeEvent } from "../../lib/db/events.ts";

const at = (iso: string) => new Date(iso);
const NY = "America/New_York";

Deno.test("[events] the spec's texts", () => {
  assert.equal(EVENTS_TEXTS.title, "Upcoming Events");
  assert.equal(EVENTS_TEXTS.cancelled, "CANCELLED:");
  assert.equal(EVENTS_TEXTS.tentative, "Time/location may change");
  assert.equal(EVENTS_TEXTS.emptyTitle, "No Events To Display");
  assert.equal(
    EVENTS_TEXTS.emptyHint,
    "Ask your Team Admin to connect GoalMates to TeamSnap, PlayMetrics or your favorite schedule app.",
  );
});

Deno.test("[events] times are New York's, in standard and daylight time", () => {
  // January: EST (UTC-5).
  assert.equal(timeLabel(at("2026-01-15T22:30:00Z"), NY), "5:30 PM");
  // July: EDT (UTC-4).
  assert.equal(timeLabel(at("2026-07-15T21:30:00Z"), NY), "5:30 PM");
  assert.equal(timeLabel(at("2026-07-15T04:05:00Z"), NY), "12:05 AM");
  const now = at("2026-07-15T12:00:00Z"); // 8:00 AM in New York
  assert.equal(
    formatEventWhen({ startTime: "2026-07-15T21:30:00Z", endTime: "2026-07-15T23:00:00Z" }, now, NY),
    "Today · 5:30 PM – 7:00 PM",
  );
});

Deno.test("[events] an event across the DST changes keeps its wall-clock times", () => {
  // 2026-03-08 02:00 EST → 03:00 EDT. 1:30 AM EST = 06:30Z; 3:30 AM EDT = 07:30Z (one hour later).
  const now = at("2026-03-07T17:00:00Z"); // Sat Mar 7, noon in New York
  assert.equal(
    formatEventWhen({ startTime: "2026-03-08T06:30:00Z", endTime: "2026-03-08T07:30:00Z" }, now, NY),
    "Tomorrow · 1:30 AM – 3:30 AM",
  );
  // 2026-11-01 02:00 EDT → 01:00 EST: 1:30 AM happens twice (05:30Z and 06:30Z).
  const fallNow = at("2026-11-01T04:30:00Z"); // 12:30 AM EDT on Nov 1
  assert.equal(
    formatEventWhen({ startTime: "2026-11-01T05:30:00Z", endTime: "2026-11-01T06:30:00Z" }, fallNow, NY),
    "Today · 1:30 AM – 1:30 AM",
  );
  assert.equal(
    formatEventWhen({ startTime: "2026-11-01T14:00:00Z", endTime: "2026-11-01T15:30:00Z" }, fallNow, NY),
    "Today · 9:00 AM – 10:30 AM",
  );
  // The week after the spring change: EDT.
  assert.equal(
    formatEventWhen({ startTime: "2026-03-14T13:00:00Z", endTime: "2026-03-14T14:00:00Z" }, now, NY),
    "Sat, Mar 14 · 9:00 AM – 10:00 AM",
  );
});

Deno.test("[events] Today and Tomorrow follow New York's midnight, not UTC's", () => {
  // 11:30 PM in New York on Jan 15 is already Jan 16 in UTC.
  const lateEvening = at("2026-01-16T04:30:00Z");
  assert.equal(dayLabel(at("2026-01-16T04:45:00Z"), lateEvening, NY), "Today", "11:45 PM the same New York day");
  assert.equal(dayLabel(at("2026-01-16T05:00:00Z"), lateEvening, NY), "Tomorrow", "midnight in New York");
  assert.equal(dayLabel(at("2026-01-17T04:59:00Z"), lateEvening, NY), "Tomorrow", "11:59 PM the next day");
  assert.equal(dayLabel(at("2026-01-17T05:00:00Z"), lateEvening, NY), "Sat, Jan 17");
  // Early UTC morning (still the evening before in New York).
  const utcMorning = at("2026-01-16T02:00:00Z"); // Jan 15, 9 PM in New York
  assert.equal(dayLabel(at("2026-01-16T03:00:00Z"), utcMorning, NY), "Today");
  assert.equal(dayLabel(at("2026-01-16T15:00:00Z"), utcMorning, NY), "Tomorrow");
  // Month and year ends.
  assert.equal(dayLabel(at("2026-02-01T15:00:00Z"), at("2026-01-31T15:00:00Z"), NY), "Tomorrow");
  assert.equal(dayLabel(at("2027-01-01T15:00:00Z"), at("2026-12-31T15:00:00Z"), NY), "Tomorrow");
  assert.equal(dayLabel(at("2027-01-02T15:00:00Z"), at("2026-12-31T15:00:00Z"), NY), "Sat, Jan 2, 2027");
  // Across the spring change: Mar 7 11 PM EST, event Mar 8 11 PM EDT.
  assert.equal(dayLabel(at("2026-03-09T03:00:00Z"), at("2026-03-08T04:00:00Z"), NY), "Tomorrow");
});

Deno.test("[events] an event without an end, and one ending on a later day", () => {
  const now = at("2026-05-01T14:00:00Z");
  assert.equal(
    formatEventWhen({ startTime: "2026-05-02T13:00:00Z", endTime: "2026-05-02T13:00:00Z" }, now, NY),
    "Tomorrow · 9:00 AM",
  );
  assert.equal(
    formatEventWhen({ startTime: "2026-05-09T13:00:00Z", endTime: "2026-05-10T21:00:00Z" }, now, NY),
    "Sat, May 9 · 9:00 AM – Sun, May 10, 5:00 PM",
  );
});

Deno.test("[events] opponents, cancelled and tentative", () => {
  assert.equal(opponentLabel({ opponent: "Hawks", isHome: true }), "vs Hawks");
  assert.equal(opponentLabel({ opponent: "Hawks", isHome: false }), "@ Hawks");
  assert.equal(opponentLabel({ opponent: "Hawks", isHome: null }), "vs Hawks");
  assert.equal(opponentLabel({ opponent: null, isHome: true }), null);
  for (const s of ["cancelled", "CANCELLED", "Canceled", " cancelled "]) assert.equal(isCancelled(s), true, s);
  for (const s of ["confirmed", "tentative", "", null]) assert.equal(isCancelled(s), false, String(s));
  assert.equal(isTentative("TENTATIVE"), true);
  assert.equal(isTentative("confirmed"), false);
});

Deno.test("[events] events are stored normalized: bounded texts, known type, lowercase status, ISO times", () => {
  const now = Date.parse("2026-05-01T00:00:00Z");
  const event = normalizeEvent({
    title: "  Game\u0000day  ",
    eventType: "GAME",
    status: "Canceled",
    startTime: "2026-05-02T09:00:00-04:00",
    endTime: "2026-05-02T08:00:00-04:00",
    opponent: "x".repeat(1000),
    location: "",
  }, now);
  assert.equal(event.title, "Game day");
  assert.equal(event.eventType, "game");
  assert.equal(event.status, "cancelled");
  assert.equal(event.startTime, "2026-05-02T13:00:00.000Z");
  assert.equal(event.endTime, event.startTime, "an end before the start is the start");
  assert.equal(event.opponent?.length, 300);
  assert.equal(event.location, null);
  assert.equal(event.isHome, null);
  assert.equal(event.calendarId, null);
  assert.equal(event.uid, null);
  assert.match(event.id, /^[0-9A-Z]{26}$/);
  assert.equal(normalizeEvent({ title: "", startTime: new Date(now), eventType: "tournament" }).eventType, "other");
  assert.equal(normalizeEvent({ title: "", startTime: new Date(now) }).status, "confirmed");
  assert.throws(() => normalizeEvent({ title: "x", startTime: "not a date" }), /start time/);
  assert.throws(() => normalizeEvent({ id: "a/b", title: "x", startTime: new Date(now) }), /Event id/);
});
