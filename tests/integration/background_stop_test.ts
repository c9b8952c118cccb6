/**
 * What the stop does to background work (lib/lifecycle.ts): a cron tick after it does nothing,
 * jobs under way are waited for (at most the deadline), then the pools and the database close, in
 * that order. The queue takes no job during the stop, and such a job is not lost: KV delivers it
 * after the restart. The calendar sync starts no further team and its random wait ends at once.
 */
import assert from "node:assert/strict";
import { Lifecycle } from "../../lib/lifecycle.ts";
import { startQueueWorker } from "../../lib/mail/mod.ts";
import { addCalendar, calendarSyncJob, type SyncDeps, syncDueCalendars } from "../../lib/calendar/mod.ts";
import { createTestApp, seedTeam } from "../helpers.ts";
import { setLogSink } from "../../lib/log.ts";

const settled = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

function plan(steps: string[], drain: () => Promise<void> = () => Promise.resolve()) {
  return {
    drain: async () => {
      steps.push("drain");
      await drain();
      steps.push("drained");
    },
    close: [() => void steps.push("pools")],
    kv: { close: () => void steps.push("kv") },
  };
}

Deno.test("[stop] jobs under way are waited for, a later cron tick does nothing, then pools and the database close", async () => {
  const lifecycle = new Lifecycle();
  const steps: string[] = [];
  let release!: () => void;
  let ticks = 0;
  const tick = lifecycle.guard(async () => {
    ticks++;
    await new Promise<void>((resolve) => release = resolve);
    steps.push("job done");
  });
  const running = tick();
  assert.equal(lifecycle.jobs, 1);
  const stopping = lifecycle.stop(plan(steps));
  assert.equal(lifecycle.signal.aborted, true);
  await tick(); // a tick during the stop
  assert.equal(ticks, 1, "the tick during the stop did nothing");
  await settled(20);
  assert.deepEqual(steps, ["drain", "drained"], "still waiting for the job");
  release();
  await running;
  const outcome = await stopping;
  assert.equal(outcome.finished, true);
  assert.deepEqual(steps, ["drain", "drained", "job done", "pools", "kv"]);
  assert.equal(await lifecycle.stop(plan(steps)), outcome, "a second signal gets the first stop");
  assert.deepEqual(steps, ["drain", "drained", "job done", "pools", "kv"], "and stops nothing twice");
});

Deno.test("[stop] past the deadline the stop gives up on work in hand and still closes everything", async () => {
  const lifecycle = new Lifecycle();
  const steps: string[] = [];
  void lifecycle.track(() => new Promise(() => {})); // a job that never ends
  const outcome = await lifecycle.stop({ ...plan(steps, () => new Promise(() => {})), deadlineMs: 50 });
  assert.equal(outcome.finished, false);
  assert.ok(outcome.ms >= 50 && outcome.ms < 1_000, `${outcome.ms} ms`);
  assert.deepEqual(steps, ["drain", "pools", "kv"]);
});

Deno.test("[stop] a queue job that comes during the stop is left for the next start, which runs it", async () => {
  const restoreLogs = setLogSink(() => {});
  const dir = await Deno.makeTempDir({ prefix: "goalmates-stop-queue-" });
  const mailer = { name: "none", send: () => Promise.resolve() };
  try {
    const path = `${dir}/goalmates.kv`;
    const kv = await Deno.openKv(path);
    const lifecycle = new Lifecycle();
    const seen: unknown[] = [];
    const worker = startQueueWorker(kv, mailer, {
      sweepEveryMs: null,
      background: lifecycle,
      otherJobs: (message) => Promise.resolve(void seen.push(message)),
    });
    await kv.enqueue({ type: "before-the-stop" });
    while (seen.length === 0) await settled(10);
    await lifecycle.stop(plan([]));
    await kv.enqueue({ type: "during-the-stop" });
    await settled(300);
    assert.deepEqual(seen, [{ type: "before-the-stop" }], "no job runs during the stop");
    kv.close();
    await worker;

    // KV hands a job back once its holder has been gone for 5 s; the next start finds it.
    await settled(5_500);
    const again = await Deno.openKv(path);
    const later: unknown[] = [];
    const restarted = startQueueWorker(again, mailer, {
      sweepEveryMs: null,
      otherJobs: (message) => Promise.resolve(void later.push(message)),
    });
    const deadline = Date.now() + 10_000;
    while (later.length === 0 && Date.now() < deadline) await settled(50);
    again.close();
    await restarted;
    assert.deepEqual(later, [{ type: "during-the-stop" }]);
  } finally {
    restoreLogs();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("[stop] the calendar sync starts no team once the process stops, and its random wait ends at once", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const now = new Date();
  await addCalendar(t.kv, team.id, "https://calendar.example.com/team.ics", { id: null, label: "Test" }, now, {
    allowPrivateHosts: false,
  });
  let fetches = 0;
  const stop = new AbortController();
  const deps: SyncDeps = {
    now: () => now,
    allowPrivateHosts: false,
    signal: stop.signal,
    fetchFeed: () => Promise.resolve(void fetches++).then(() => ({ kind: "not-modified" as const })),
    parseFeed: () => Promise.resolve({ events: [], truncated: false }),
  };
  stop.abort();
  assert.deepEqual(await syncDueCalendars(t.kv, deps), { synced: 0, failed: 0, skipped: 0 });
  assert.equal(fetches, 0);

  const restoreLogs = setLogSink(() => {});
  try {
    const waiting = new AbortController();
    const started = performance.now();
    const job = calendarSyncJob(t.kv, { ...deps, signal: waiting.signal }, 60_000);
    await settled(20);
    waiting.abort();
    await job;
    assert.ok(performance.now() - started < 5_000, "the minute's wait ended with the stop");
    assert.equal(fetches, 0);
  } finally {
    restoreLogs();
  }
});
