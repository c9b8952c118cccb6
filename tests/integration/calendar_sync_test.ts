/**
 * The calendar sync's guarantees, with the feed reader replaced (the real fetch and parse are
 * tested in tests/unit/calendar_*_test.ts, and end to end in calendar_feed_sync_test.ts): a sync
 * swaps the team's events in whole, a failure keeps the last good ones and backs off, a 304
 * re-parses nothing, two instances sync a team once, a crashed sync is taken up again, a
 * calendar removed during a sync gets no events, and team deletion leaves nothing.
 */
import assert from "node:assert/strict";
import { createTestApp, seedTeam } from "../helpers.ts";
import {
  addCalendar,
  backoffMs,
  type FeedEvent,
  getCalendar,
  removeCalendar,
  type SyncDeps,
  syncDueCalendars,
  syncTeamCalendar,
} from "../../lib/calendar/mod.ts";
import { CalendarSyncError, type FeedFetchResult } from "../../lib/calendar/types.ts";
import { listUpcomingEvents } from "../../lib/events/mod.ts";
import { beginEventSet, listEventsEndingAfter } from "../../lib/db/events.ts";
import { deleteTeam } from "../../lib/teams/mod.ts";

const NOW = new Date("2026-11-23T12:00:00Z");
const HOUR = 60 * 60 * 1000;
const ACTOR = { id: null, label: "admin@example.com" };
const FEED_URL = "https://calendar.example.org/team.ics";

/** `count` weekly-ish events starting tomorrow, titled `<prefix> n`. */
function feedEvents(prefix: string, count: number): FeedEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    uid: `${prefix}-${i}@example.org`,
    title: `${prefix} ${i}`,
    eventType: "game" as const,
    status: "confirmed" as const,
    startTime: new Date(NOW.getTime() + (24 + i) * HOUR).toISOString(),
    endTime: new Date(NOW.getTime() + (25 + i) * HOUR).toISOString(),
    allDay: false,
    opponent: null,
    isHome: null,
    location: null,
  }));
}

/** A feed reader the test steers: what the next fetch answers, and how often it was asked. */
function fakeFeed(clock: { now: Date }) {
  const state = {
    answer: (): FeedFetchResult | Promise<FeedFetchResult> => ({ kind: "not-modified" }),
    events: [] as FeedEvent[],
    fetches: 0,
    parses: 0,
  };
  const deps: SyncDeps = {
    now: () => clock.now,
    allowPrivateHosts: false,
    fetchFeed: async () => {
      state.fetches++;
      return await state.answer();
    },
    parseFeed: (_text) => {
      state.parses++;
      return Promise.resolve({ events: state.events, truncated: false });
    },
  };
  const serve = (events: FeedEvent[], etag = `"${events.length}"`) => {
    state.events = events;
    state.answer = () => ({ kind: "fetched", body: "BEGIN:VCALENDAR", validators: { etag, lastModified: null } });
  };
  return { state, deps, serve };
}

async function world() {
  const t = await createTestApp({ now: () => NOW });
  const { team } = await seedTeam(t.kv);
  const clock = { now: NOW };
  const feed = fakeFeed(clock);
  const calendar = await addCalendar(t.kv, team.id, FEED_URL, ACTOR, NOW, { allowPrivateHosts: false });
  return { t, team, clock, feed, calendar };
}

const titles = async (kv: Deno.Kv, teamId: string, now = NOW) =>
  (await listUpcomingEvents(kv, teamId, now, { limit: 100 })).values.map((e) => e.title);

const keyCount = async (kv: Deno.Kv, prefix: Deno.KvKey) => (await Array.fromAsync(kv.list({ prefix }))).length;

Deno.test("[calendar sync] a sync stores the feed's events; the next one replaces them whole", async () => {
  const { t, team, feed, calendar } = await world();
  await using _ = t;
  assert.equal(calendar.lastSyncStatus, "pending");
  feed.serve(feedEvents("Game", 3));
  const first = await syncTeamCalendar(t.kv, team.id, feed.deps);
  assert.equal(first.kind, "synced");
  assert.deepEqual(await titles(t.kv, team.id), ["Game 0", "Game 1", "Game 2"]);
  const stored = (await getCalendar(t.kv, team.id))!;
  assert.equal(stored.lastSyncStatus, "success");
  assert.equal(stored.lastSync, NOW.toISOString());
  assert.equal(stored.lastSuccessAt, NOW.toISOString());
  assert.equal(stored.eventCount, 3);
  assert.deepEqual(stored.validators, { etag: '"3"', lastModified: null });
  assert.equal(stored.nextSyncAt, new Date(NOW.getTime() + 30 * 60 * 1000).toISOString());
  const [event] = (await listUpcomingEvents(t.kv, team.id, NOW)).values;
  assert.equal(event.calendarId, calendar.id);
  assert.equal(event.uid, "Game-0@example.org");
  assert.match(event.id, /^[0-9a-f]{32}$/);

  // The feed dropped two events and added one: exactly the feed's events remain, ids stable.
  feed.serve([feedEvents("Game", 1)[0], ...feedEvents("Practice", 1)]);
  assert.equal((await syncTeamCalendar(t.kv, team.id, feed.deps)).kind, "synced");
  assert.deepEqual((await titles(t.kv, team.id)).sort(), ["Game 0", "Practice 0"]);
  const kept = (await listUpcomingEvents(t.kv, team.id, NOW)).values.find((e) => e.title === "Game 0");
  assert.equal(kept?.id, event.id, "a kept event keeps its id");

  // Only the current set and the one before are kept: 2 + 3 events, each with its index entry.
  assert.equal(await keyCount(t.kv, ["events", team.id]), 5);
  feed.serve(feedEvents("Final", 1));
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  assert.equal(await keyCount(t.kv, ["events", team.id]), 3, "the set two swaps back is deleted");
  assert.equal(await keyCount(t.kv, ["events_by_start", team.id]), 3);
});

Deno.test("[calendar sync] readers see the old schedule or the new one, never part of a sync", async () => {
  const { t, team, feed } = await world();
  await using _ = t;
  feed.serve(feedEvents("Old", 40));
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  // 3,000 events take several commits to write; a reader polling all along sees 40 or 3,000.
  feed.serve(feedEvents("New", 3000));
  let syncing = true;
  const seen = new Set<number>();
  const reader = (async () => {
    while (syncing) {
      let count = 0;
      let cursor = "";
      do {
        const page = await listEventsEndingAfter(t.kv, team.id, NOW.getTime(), { cursor, limit: 500 });
        count += page.values.length;
        cursor = page.cursor;
      } while (cursor);
      seen.add(count);
    }
  })();
  const outcome = await syncTeamCalendar(t.kv, team.id, feed.deps);
  syncing = false;
  await reader;
  assert.equal(outcome.kind, "synced");
  assert.ok(seen.size >= 1);
  for (const count of seen) assert.ok(count === 40 || count === 3000, `a reader saw ${count} events`);
});

Deno.test("[calendar sync] a failure keeps the last good events, records the error and backs off; success resets", async () => {
  const { t, team, clock, feed } = await world();
  await using _ = t;
  feed.serve(feedEvents("Game", 2));
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  feed.state.answer = () => {
    throw new CalendarSyncError("The calendar server answered 500");
  };
  const waits: number[] = [];
  for (let i = 1; i <= 6; i++) {
    clock.now = new Date(NOW.getTime() + i * HOUR);
    const outcome = await syncTeamCalendar(t.kv, team.id, feed.deps);
    assert.equal(outcome.kind, "failed");
    const stored = (await getCalendar(t.kv, team.id))!;
    assert.equal(stored.lastSyncStatus, "error");
    assert.equal(stored.lastSyncError, "The calendar server answered 500");
    assert.equal(stored.failures, i);
    assert.equal(stored.lastSuccessAt, NOW.toISOString(), "stale since the last good sync");
    waits.push(Date.parse(stored.nextSyncAt) - clock.now.getTime());
  }
  assert.deepEqual(waits, [0.5, 1, 2, 4, 6, 6].map((h) => h * HOUR));
  assert.deepEqual(waits, [1, 2, 3, 4, 5, 6].map(backoffMs));
  assert.deepEqual(await titles(t.kv, team.id), ["Game 0", "Game 1"], "the last good events stay");

  // An unexpected error is recorded in plain words, not as a stack.
  feed.state.answer = () => {
    throw new TypeError("boom at internal.ts:12");
  };
  const originalError = console.error;
  console.error = () => {};
  try {
    await syncTeamCalendar(t.kv, team.id, feed.deps);
  } finally {
    console.error = originalError;
  }
  assert.equal(
    (await getCalendar(t.kv, team.id))!.lastSyncError,
    "The calendar could not be synced. Please try again later.",
  );

  feed.serve(feedEvents("Back", 1));
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  const stored = (await getCalendar(t.kv, team.id))!;
  assert.deepEqual([stored.lastSyncStatus, stored.lastSyncError, stored.failures], ["success", null, 0]);
  assert.deepEqual(await titles(t.kv, team.id, clock.now), ["Back 0"]);
});

Deno.test("[calendar sync] a 304 re-parses nothing and keeps the events", async () => {
  const { t, team, clock, feed } = await world();
  await using _ = t;
  feed.serve(feedEvents("Game", 2));
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  assert.equal(feed.state.parses, 1);
  feed.state.answer = () => ({ kind: "not-modified" });
  clock.now = new Date(NOW.getTime() + HOUR);
  const outcome = await syncTeamCalendar(t.kv, team.id, feed.deps);
  assert.equal(outcome.kind, "not-modified");
  assert.equal(feed.state.parses, 1);
  const stored = (await getCalendar(t.kv, team.id))!;
  assert.equal(stored.lastSync, clock.now.toISOString());
  assert.equal(stored.lastSyncStatus, "success");
  assert.deepEqual(stored.validators, { etag: '"2"', lastModified: null });
  assert.deepEqual(await titles(t.kv, team.id), ["Game 0", "Game 1"]);
});

// Two instances share one database and differ by their lease owner. (Two handles on one SQLite
// file in one process answer 'database is locked' to concurrent writers; several instances share
// a KV Connect database instead, with the same atomic checks as here.)
Deno.test("[calendar sync] two instances at once: the feed is fetched once, the events written once", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const [a, b] = [t.kv, t.kv];
  {
    const { team } = await seedTeam(a);
    await addCalendar(a, team.id, FEED_URL, ACTOR, NOW, { allowPrivateHosts: false });
    const clock = { now: NOW };
    const feed = fakeFeed(clock);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => release = resolve);
    feed.serve(feedEvents("Game", 5));
    const served = feed.state.answer;
    feed.state.answer = async () => {
      await gate; // Both instances are inside their sync at once.
      return served();
    };
    const first = syncTeamCalendar(a, team.id, { ...feed.deps, owner: "instance-a" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await syncTeamCalendar(b, team.id, { ...feed.deps, owner: "instance-b" });
    release();
    assert.equal(second.kind, "busy");
    assert.equal((await first).kind, "synced");
    assert.equal(feed.state.fetches, 1);
    assert.equal(await keyCount(a, ["events", team.id]), 5);

    // The scheduled job on both instances: nothing is due yet, so nothing is fetched.
    const counts = await Promise.all([
      syncDueCalendars(a, { ...feed.deps, owner: "instance-a" }),
      syncDueCalendars(b, { ...feed.deps, owner: "instance-b" }),
    ]);
    assert.deepEqual(counts.map((c) => c.synced), [0, 0]);
    // Thirty minutes on, both run the job: one fetch between them.
    clock.now = new Date(NOW.getTime() + 30 * 60 * 1000);
    feed.state.answer = served;
    const later = await Promise.all([
      syncDueCalendars(a, { ...feed.deps, owner: "instance-a" }),
      syncDueCalendars(b, { ...feed.deps, owner: "instance-b" }),
    ]);
    assert.equal(later[0].synced + later[1].synced, 1);
    assert.equal(feed.state.fetches, 2);
  }
});

Deno.test("[calendar sync] a crashed sync: its lease lapses, its half-written set is removed by the next", async () => {
  const { t, team, clock, feed } = await world();
  await using _ = t;
  feed.serve(feedEvents("Game", 2));
  // A sync that took the lease and wrote part of a set, then its process died.
  const crashed = { ...feed.deps, owner: "crashed" };
  const { acquireSyncLease } = await import("../../lib/db/calendars.ts");
  assert.ok(await acquireSyncLease(t.kv, team.id, "crashed", NOW.getTime(), 5 * 60 * 1000));
  await beginEventSet(t.kv, team.id, NOW);
  const { writeEventSet, normalizeEvent } = await import("../../lib/db/events.ts");
  await writeEventSet(
    t.kv,
    team.id,
    (await t.kv.get<{ pendingSetId: string }>(["event_sets", team.id])).value!.pendingSetId,
    [
      normalizeEvent({ id: "half", title: "Half", startTime: new Date(NOW.getTime() + HOUR) }),
    ],
  );
  assert.deepEqual(await titles(t.kv, team.id), [], "an unswapped set is never read");
  assert.equal((await syncTeamCalendar(t.kv, team.id, feed.deps)).kind, "busy", "the lease is held");
  void crashed;
  clock.now = new Date(NOW.getTime() + 6 * 60 * 1000);
  assert.equal((await syncTeamCalendar(t.kv, team.id, feed.deps)).kind, "synced");
  assert.deepEqual(await titles(t.kv, team.id, clock.now), ["Game 0", "Game 1"]);
  assert.equal(await keyCount(t.kv, ["events", team.id]), 2, "the half-written set is gone");
});

Deno.test("[calendar sync] a calendar removed during its sync gets no events; removal deletes the events", async () => {
  const { t, team, feed, calendar } = await world();
  await using _ = t;
  feed.serve(feedEvents("Game", 2));
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  feed.serve(feedEvents("Late", 3));
  const served = feed.state.answer;
  feed.state.answer = async () => {
    await removeCalendar(t.kv, team.id, calendar.id, "admin@example.com", NOW);
    return await served();
  };
  assert.equal((await syncTeamCalendar(t.kv, team.id, feed.deps)).kind, "gone");
  assert.equal(await getCalendar(t.kv, team.id), null);
  assert.deepEqual(await titles(t.kv, team.id), []);
  assert.equal(await keyCount(t.kv, ["events", team.id]), 0);
  assert.equal(await keyCount(t.kv, ["events_by_start", team.id]), 0);
  assert.equal((await t.kv.get(["event_sets", team.id])).value, null);
  assert.equal((await syncTeamCalendar(t.kv, team.id, feed.deps)).kind, "gone", "no calendar, nothing to sync");
});

Deno.test("[calendar sync] deleting the team deletes its calendar, events and sync records", async () => {
  const { t, team, feed } = await world();
  await using _ = t;
  feed.serve(feedEvents("Game", 3));
  await syncTeamCalendar(t.kv, team.id, feed.deps);
  await deleteTeam(t.kv, team.id, team.name, "admin@example.com", NOW);
  for (const prefix of [["events"], ["events_by_start"], ["event_sets"], ["calendars"], ["calendar_sync_leases"]]) {
    assert.equal(await keyCount(t.kv, prefix), 0, prefix[0]);
  }
});
