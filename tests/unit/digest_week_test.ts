/**
 * The weekly digest's clock (lib/notifications/digest_week.ts): Sunday from 17:00 to midnight on
 * the zone's clock, in any zone and across DST; the week's name (its Sunday); the UTC hours when
 * no zone can be due; whose clock a person in several teams follows; the subject.
 */
import assert from "node:assert/strict";
import {
  digestSubject,
  digestWeek,
  homeTeamId,
  isDigestTime,
  someZoneMayBeDue,
} from "../../lib/notifications/digest_week.ts";

const NY = "America/New_York";
const at = (iso: string) => new Date(iso);

Deno.test("[digest week] Sunday 16:59 is not yet, 17:00 to 23:59 is, Monday 00:00 is over (New York, summer and winter)", () => {
  // 2026-07-12 is a Sunday; New York is UTC−4 in July.
  assert.equal(isDigestTime(at("2026-07-12T20:59:00Z"), NY), false, "16:59 EDT");
  assert.equal(isDigestTime(at("2026-07-12T21:00:00Z"), NY), true, "17:00 EDT");
  assert.equal(isDigestTime(at("2026-07-13T03:59:00Z"), NY), true, "23:59 EDT");
  assert.equal(isDigestTime(at("2026-07-13T04:00:00Z"), NY), false, "Monday 00:00 EDT");
  assert.equal(isDigestTime(at("2026-07-11T21:00:00Z"), NY), false, "Saturday 17:00 EDT");
  // 2026-01-11 is a Sunday; UTC−5 in January.
  assert.equal(isDigestTime(at("2026-01-11T21:59:00Z"), NY), false, "16:59 EST");
  assert.equal(isDigestTime(at("2026-01-11T22:00:00Z"), NY), true, "17:00 EST");
});

Deno.test("[digest week] DST weeks: the Sundays the clocks change still start at 17:00 local", () => {
  // 2026-03-08: New York springs forward at 02:00 (EST → EDT), so 17:00 is 21:00 UTC, not 22:00.
  assert.equal(isDigestTime(at("2026-03-08T20:59:00Z"), NY), false);
  assert.equal(isDigestTime(at("2026-03-08T21:00:00Z"), NY), true);
  // 2026-11-01: falls back at 02:00 (EDT → EST): 17:00 is 22:00 UTC.
  assert.equal(isDigestTime(at("2026-11-01T21:59:00Z"), NY), false);
  assert.equal(isDigestTime(at("2026-11-01T22:00:00Z"), NY), true);
  // Europe changes a week later (2026-03-29): 17:00 CEST is 15:00 UTC.
  assert.equal(isDigestTime(at("2026-03-29T14:59:00Z"), "Europe/Berlin"), false);
  assert.equal(isDigestTime(at("2026-03-29T15:00:00Z"), "Europe/Berlin"), true);
  // Both DST weeks keep one name from Monday to Sunday.
  assert.equal(digestWeek(at("2026-03-02T05:00:00Z"), NY), "2026-03-08", "Monday 00:00 EST");
  assert.equal(digestWeek(at("2026-03-09T03:59:00Z"), NY), "2026-03-08", "Sunday 23:59 EDT");
  assert.equal(digestWeek(at("2026-03-09T04:00:00Z"), NY), "2026-03-15", "Monday 00:00 EDT: the next week");
  assert.equal(digestWeek(at("2026-11-02T04:59:00Z"), NY), "2026-11-01", "Sunday 23:59 EST");
});

Deno.test("[digest week] other zones: half-hour offsets, the far east and west, and UTC", () => {
  // Sunday 17:00 in Kolkata (UTC+5:30) is 11:30 UTC; in Kiritimati (UTC+14) 03:00 UTC; in Pago Pago (UTC−11) Monday 04:00 UTC.
  assert.equal(isDigestTime(at("2026-07-12T11:29:00Z"), "Asia/Kolkata"), false);
  assert.equal(isDigestTime(at("2026-07-12T11:30:00Z"), "Asia/Kolkata"), true);
  assert.equal(isDigestTime(at("2026-07-12T03:00:00Z"), "Pacific/Kiritimati"), true);
  assert.equal(isDigestTime(at("2026-07-13T04:00:00Z"), "Pacific/Pago_Pago"), true);
  assert.equal(isDigestTime(at("2026-07-12T17:00:00Z"), "UTC"), true);
  // The same instant is in two weeks on two clocks: Sunday evening in New York, Monday in Tokyo.
  const instant = at("2026-07-12T22:00:00Z");
  assert.equal(digestWeek(instant, NY), "2026-07-12");
  assert.equal(digestWeek(instant, "Asia/Tokyo"), "2026-07-19");
  // Month and year ends.
  assert.equal(digestWeek(at("2026-12-30T12:00:00Z"), "UTC"), "2027-01-03");
});

Deno.test("[digest week] outside Sunday 03:00–Monday 12:00 UTC no zone can be due, and inside every due zone is", () => {
  assert.equal(someZoneMayBeDue(at("2026-07-12T02:59:00Z")), false, "Sunday 02:59 UTC");
  assert.equal(someZoneMayBeDue(at("2026-07-12T03:00:00Z")), true);
  assert.equal(someZoneMayBeDue(at("2026-07-13T11:59:00Z")), true);
  assert.equal(someZoneMayBeDue(at("2026-07-13T12:00:00Z")), false, "Monday 12:00 UTC");
  assert.equal(someZoneMayBeDue(at("2026-07-15T18:00:00Z")), false, "Wednesday");
  // The arithmetic never misses a zone: at no quarter hour outside it is any zone's clock due.
  const start = Date.parse("2026-07-06T00:00:00Z");
  const outside: Date[] = [];
  for (let t = start; t < start + 7 * 24 * 3600_000; t += 15 * 60_000) {
    if (!someZoneMayBeDue(new Date(t))) outside.push(new Date(t));
  }
  assert.equal(outside.length, (168 - 33) * 4);
  const missed = Intl.supportedValuesOf("timeZone").flatMap((zone) =>
    outside.filter((t) => isDigestTime(t, zone)).map((t) => `${zone} ${t.toISOString()}`)
  );
  assert.deepEqual(missed, []);
});

Deno.test("[digest week] a person in several teams follows the team they joined first", () => {
  assert.equal(
    homeTeamId([
      { teamId: "b", createdAt: "2026-02-01T00:00:00.000Z" },
      { teamId: "a", createdAt: "2026-03-01T00:00:00.000Z" },
    ]),
    "b",
  );
  assert.equal(
    homeTeamId([
      { teamId: "z", createdAt: "2026-02-01T00:00:00.000Z" },
      { teamId: "y", createdAt: "2026-02-01T00:00:00.000Z" },
    ]),
    "y",
    "a tie: the smaller id",
  );
  assert.equal(homeTeamId([]), null);
});

Deno.test("[digest week] the subject names the team or teams", () => {
  assert.equal(digestSubject(["Lions U10"]), "Your week with Lions U10");
  assert.equal(digestSubject(["Lions U10", "Tigers U12"]), "Your week with Lions U10 and Tigers U12");
  assert.equal(digestSubject(["A", "B", "C"]), "Your week with A, B and C");
});
