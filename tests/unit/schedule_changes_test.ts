/**
 * Issue 23, item 3: what a calendar sync changed in the next 14 days (lib/calendar/changes.ts),
 * and how the mail words it in the team's zone (lib/notifications/schedule_change_mail.ts).
 */
import assert from "node:assert/strict";
import {
  MAX_CHANGE_TEXT,
  MAX_LISTED_CHANGES,
  SCHEDULE_CHANGE_WINDOW_MS,
  scheduleChanges,
} from "../../lib/calendar/changes.ts";
import { normalizeEvent, type TeamEvent } from "../../lib/db/events.ts";
import type { ScheduleChange } from "../../lib/db/schedule_notices.ts";
import {
  changeTime,
  describeScheduleChange,
  scheduleChangeMail,
} from "../../lib/notifications/schedule_change_mail.ts";
import { missingAltText } from "../../lib/notifications/mod.ts";

const NOW = new Date("2026-11-30T12:00:00Z"); // a Monday
const NY = "America/New_York";

const event = (id: string, startTime: string, more: Partial<TeamEvent> = {}): TeamEvent =>
  normalizeEvent({ id, title: `Event ${id}`, startTime, calendarId: "cal", uid: id, ...more });

/** The lines with ordinary spaces (times are joined to their 'AM' and zone by no-break ones). */
const plain = (text: string) => text.replaceAll("\u00a0", " ");

const kinds = (changes: ScheduleChange[]) => changes.map((c) => `${c.kind} ${c.eventId}`);

Deno.test("[schedule changes] a cancelled, a moved and a removed event are found; unchanged and new ones are not", () => {
  const old = [
    event("game", "2026-12-05T15:00:00Z", { title: "Game vs Eagles", location: "Field 1" }),
    event("practice", "2026-12-01T22:30:00Z", { title: "Practice", location: "Field 2" }),
    event("photo", "2026-12-04T21:00:00Z", { title: "Team photo" }),
    event("same", "2026-12-03T22:00:00Z"),
  ];
  const next = [
    { ...old[0], status: "cancelled" },
    { ...old[1], startTime: "2026-12-02T23:00:00.000Z", location: "Field 3" },
    old[3],
    event("brand-new", "2026-12-02T15:00:00Z"),
  ];
  const changes = scheduleChanges(old, next, NOW);
  assert.deepEqual(kinds(changes), ["moved practice", "removed photo", "cancelled game"], "in the old start's order");
  assert.deepEqual(changes[0], {
    kind: "moved",
    eventId: "practice",
    title: "Practice",
    from: { startTime: "2026-12-01T22:30:00.000Z", location: "Field 2" },
    to: { startTime: "2026-12-02T23:00:00.000Z", location: "Field 3" },
  });
  assert.deepEqual(changes[2], {
    kind: "cancelled",
    eventId: "game",
    title: "Game vs Eagles",
    at: { startTime: "2026-12-05T15:00:00.000Z", location: "Field 1" },
  });
  assert.deepEqual(scheduleChanges(old, old, NOW), [], "the same set again: nothing");
  assert.deepEqual(scheduleChanges([], next, NOW), [], "new events are no change");
});

Deno.test("[schedule changes] a location alone, or a start alone, is a move; a cancelled move is a cancellation", () => {
  const old = [event("a", "2026-12-02T15:00:00Z", { location: "North" }), event("b", "2026-12-02T16:00:00Z")];
  const next = [{ ...old[0], location: null }, {
    ...old[1],
    startTime: "2026-12-02T17:00:00.000Z",
    status: "cancelled",
  }];
  assert.deepEqual(kinds(scheduleChanges(old, next, NOW)), ["moved a", "cancelled b"]);
  const sameInstant = [{ ...old[0], startTime: "2026-12-02T10:00:00-05:00" }];
  assert.deepEqual(scheduleChanges([old[0]], sameInstant, NOW), [], "the same instant written otherwise is no move");
});

Deno.test("[schedule changes] only the next 14 days count: both ends in, either side of them out", () => {
  const end = new Date(NOW.getTime() + SCHEDULE_CHANGE_WINDOW_MS).toISOString();
  const afterEnd = new Date(NOW.getTime() + SCHEDULE_CHANGE_WINDOW_MS + 1).toISOString();
  const beforeNow = new Date(NOW.getTime() - 1).toISOString();
  const old = [
    event("at-now", NOW.toISOString()),
    event("at-end", end),
    event("past", beforeNow),
    event("too-far", afterEnd),
  ];
  assert.deepEqual(kinds(scheduleChanges(old, [], NOW)), ["removed at-now", "removed at-end"]);

  // A move into the window or out of it counts; one that stays outside it does not.
  const far = "2026-12-25T15:00:00.000Z";
  const soon = "2026-12-03T15:00:00.000Z";
  const moves = [event("in", far), event("out", soon), event("outside", far)];
  const moved = [
    { ...moves[0], startTime: soon },
    { ...moves[1], startTime: far },
    { ...moves[2], startTime: "2026-12-26T15:00:00.000Z" },
  ];
  assert.deepEqual(kinds(scheduleChanges(moves, moved, NOW)), ["moved out", "moved in"]);
});

Deno.test("[schedule changes] an event already cancelled is news to no one; a cut-short feed reports no removal", () => {
  const old = [event("off", "2026-12-02T15:00:00Z", { status: "cancelled" }), event("gone", "2026-12-03T15:00:00Z")];
  assert.deepEqual(scheduleChanges(old, [{ ...old[0], startTime: "2026-12-04T15:00:00.000Z" }, old[1]], NOW), []);
  assert.deepEqual(kinds(scheduleChanges(old, [], NOW)), ["removed gone"]);
  assert.deepEqual(scheduleChanges(old, [], NOW, { nextTruncated: true }), [], "maybe only beyond the limits");
});

Deno.test("[schedule changes] each change reads with its times in the team's zone, as the events widget shows them", () => {
  assert.equal(plain(changeTime("2026-12-05T15:00:00Z", NY, NOW)), "Sat, Dec 5 · 10:00 AM ET");
  assert.equal(
    changeTime("2026-12-05T15:00:00Z", NY, NOW),
    "Sat, Dec 5 · 10:00\u00a0AM\u00a0ET",
    "never split on a phone",
  );
  assert.equal(plain(changeTime("2026-12-05T15:00:00Z", "America/Los_Angeles", NOW)), "Sat, Dec 5 · 7:00 AM PT");
  // Late on Friday in California is already Saturday in UTC: the team's calendar day is the one shown.
  assert.equal(plain(changeTime("2026-12-05T03:00:00Z", "America/Los_Angeles", NOW)), "Fri, Dec 4 · 7:00 PM PT");
  assert.equal(
    plain(changeTime("2027-01-02T15:00:00Z", NY, NOW)),
    "Sat, Jan 2, 2027 · 10:00 AM ET",
    "another year: named",
  );

  const cancelled: ScheduleChange = {
    kind: "cancelled",
    eventId: "g",
    title: "Game vs Eagles",
    at: { startTime: "2026-12-05T15:00:00Z", location: null },
  };
  assert.equal(
    plain(describeScheduleChange(cancelled, NY, NOW)),
    "Cancelled: Game vs Eagles, Sat, Dec 5 · 10:00 AM ET",
  );
  const moved: ScheduleChange = {
    kind: "moved",
    eventId: "p",
    title: "Practice",
    from: { startTime: "2026-12-01T22:30:00Z", location: "Field 2" },
    to: { startTime: "2026-12-02T23:00:00Z", location: "Field 3" },
  };
  assert.equal(
    plain(describeScheduleChange(moved, NY, NOW)),
    "Moved: Practice, from Tue, Dec 1 · 5:30 PM ET at Field 2 to Wed, Dec 2 · 6:00 PM ET at Field 3",
  );
  const placeLost = { ...moved, to: { ...moved.from, location: null } };
  assert.equal(
    plain(describeScheduleChange(placeLost, NY, NOW)),
    "Moved: Practice, from Tue, Dec 1 · 5:30 PM ET at Field 2 to Tue, Dec 1 · 5:30 PM ET (no location given)",
  );
  const removed: ScheduleChange = {
    kind: "removed",
    eventId: "t",
    title: "Team photo",
    at: { startTime: "2026-12-04T21:00:00Z", location: "Field 1" },
  };
  assert.equal(
    plain(describeScheduleChange(removed, NY, NOW)),
    "Removed: Team photo, Fri, Dec 4 · 4:00 PM ET at Field 1",
  );
});

Deno.test("[schedule changes] the mail: subject by count, every change, the dashboard button, why, and the unsubscribe headers", () => {
  const change = (i: number): ScheduleChange => ({
    kind: "removed",
    eventId: `e${i}`,
    title: `Practice ${i}`,
    at: { startTime: "2026-12-04T21:00:00Z", location: null },
  });
  const input = {
    user: { id: "U1", firstName: "Maria", email: "maria@example.com" },
    team: { id: "T1", name: "Lions U10" },
    zone: NY,
    changes: [change(1)],
    more: 0,
    appUrl: "https://goalmates.example/",
    now: NOW,
  };
  const one = scheduleChangeMail(input);
  assert.equal(one.subject, "Schedule change for Lions U10");
  assert.deepEqual(one.to, { name: "Maria", address: "maria@example.com" });
  assert.equal(one.kind, "notification-scheduleChanges");
  assert.match(one.text, /^Hi Maria,/);
  assert.ok(plain(one.text).includes("- Removed: Practice 1, Fri, Dec 4 · 4:00 PM ET"));
  assert.ok(one.text.includes("See the schedule: https://goalmates.example/family-dashboard/T1#events"));
  assert.ok(one.text.includes("You get this because you are a member of Lions U10"));
  assert.ok(one.html.includes('href="https://goalmates.example/family-dashboard/T1#events"'));
  assert.match(one.headers?.["List-Unsubscribe"] ?? "", /^<https:\/\/goalmates\.example\/unsubscribe/);
  assert.equal(one.headers?.["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
  assert.deepEqual(missingAltText(one.html), []);

  const many = scheduleChangeMail({
    ...input,
    changes: Array.from({ length: MAX_LISTED_CHANGES }, (_, i) => change(i)),
    more: 3,
  });
  assert.equal(many.subject, `${MAX_LISTED_CHANGES + 3} schedule changes for Lions U10`);
  assert.ok(many.text.includes("and 3 more changes: the dashboard shows the new schedule"));
  assert.equal((many.text.match(/^- Removed:/gm) ?? []).length, MAX_LISTED_CHANGES);
});

Deno.test("[schedule changes] long texts are clipped, and a mail of many long changes stays small enough to queue", () => {
  const long = "🏟️&".repeat(200);
  const old = [event("x", "2026-12-02T15:00:00Z", { title: long, location: long })];
  const [moved] = scheduleChanges(old, [{ ...old[0], location: `${long}!` }], NOW);
  assert.equal(moved.kind, "moved");
  assert.ok([...moved.title].length <= MAX_CHANGE_TEXT && moved.title.endsWith("…"));
  assert.ok(moved.kind === "moved" && [...moved.to.location!].length <= MAX_CHANGE_TEXT);

  const changes = Array.from({ length: MAX_LISTED_CHANGES }, (_, i) => ({ ...moved, eventId: `e${i}` }));
  const mail = scheduleChangeMail({
    user: { id: "U1", firstName: "Maria", email: "maria@example.com" },
    team: { id: "T1", name: "Lions U10" },
    zone: NY,
    changes,
    more: 0,
    appUrl: "https://goalmates.example",
    now: NOW,
  });
  assert.ok(new TextEncoder().encode(mail.text + mail.html).length <= 36_000, "sealed, it fits a KV value");
  assert.equal(mail.subject, `${MAX_LISTED_CHANGES} schedule changes for Lions U10`, "every change counted");
  const listed = (mail.text.match(/^- Moved:/gm) ?? []).length;
  assert.ok(listed > 0 && listed < MAX_LISTED_CHANGES);
  assert.ok(mail.text.includes(`and ${MAX_LISTED_CHANGES - listed} more changes`), "the rest are counted");
});
