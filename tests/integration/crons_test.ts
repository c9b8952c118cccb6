/**
 * Deno Deploy finds crons only when `Deno.cron` runs at the top level of the entry module, so
 * main.ts registers both there and lib/ only exports their jobs. Checked on Deno's own syntax
 * tree (the lint plugin API): a call inside a function, a callback or a block is refused. Then
 * the two jobs do their work, and log a failure instead of throwing it at the cron.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { createTestApp, seedTeam } from "../helpers.ts";
import { addCalendar, calendarSyncJob, getCalendar, type SyncDeps } from "../../lib/calendar/mod.ts";
import { uploadSweepJob } from "../../lib/photos/mod.ts";
import { getPendingEntry, type PendingUpload, stageNewPending } from "../../lib/db/uploads.ts";
import { listUpcomingEvents } from "../../lib/events/mod.ts";
import { ROOT, sourceFiles } from "../source_files.ts";
import { logWorker, setLogSink } from "../../lib/log.ts";

const SOURCE_DIRS = ["lib", "routes", "components", "islands", "scripts"];

interface CronUse {
  /** The job's name when it is a call with a string literal first. */
  name: string | null;
  line: number;
  /** A statement of its own at the module's top level (not in a function, callback or block). */
  topLevel: boolean;
}

/** Every use of `Deno.cron` in `source` (a call, or the function passed around). */
function cronUses(file: string, source: string): CronUse[] {
  const plugin: Deno.lint.Plugin = {
    name: "crons",
    rules: {
      "cron-use": {
        create(context) {
          return {
            MemberExpression(node) {
              if (context.sourceCode.getText(node) !== "Deno.cron") return;
              const ancestors = context.sourceCode.getAncestors(node);
              const call = ancestors.at(-1);
              const isCall = call?.type === "CallExpression" && call.callee.range[0] === node.range[0];
              const first = isCall ? call.arguments[0] : undefined;
              const use: CronUse = {
                name: first?.type === "Literal" && typeof first.value === "string" ? first.value : null,
                line: source.slice(0, node.range[0]).split("\n").length,
                topLevel: isCall && ancestors.length === 3 && ancestors[0].type === "Program" &&
                  ancestors[1].type === "ExpressionStatement",
              };
              context.report({ node, message: JSON.stringify(use) });
            },
          };
        },
      },
    },
  };
  return Deno.lint.runPlugin(plugin, file, source).map((d) => JSON.parse(d.message));
}

Deno.test("[crons] the checker tells a top-level Deno.cron from one in a function, a callback or a block", () => {
  const uses = cronUses(
    "sample.ts",
    `const kv = await Deno.openKv();
Deno.cron("top", "* * * * *", () => job(kv));
function later() { Deno.cron("in a function", "* * * * *", job); }
queueMicrotask(() => Deno.cron("in a callback", "* * * * *", job));
if (kv) { Deno.cron("in a block", "* * * * *", job); }
const register = Deno.cron;`,
  );
  assert.deepEqual(uses.map((u) => [u.name, u.line, u.topLevel]), [
    ["top", 2, true],
    ["in a function", 3, false],
    ["in a callback", 4, false],
    ["in a block", 5, false],
    [null, 6, false],
  ]);
});

Deno.test("[crons] main.ts registers its crons at its top level, and nothing else registers one", async () => {
  const main = cronUses("main.ts", await Deno.readTextFile(join(ROOT, "main.ts")));
  assert.deepEqual(main.map((u) => u.name).sort(), [
    "retention sweep",
    "sweep expired photo uploads",
    "sync team calendars",
    "weekly digest",
  ]);
  for (const use of main) assert.ok(use.topLevel, `main.ts:${use.line}: Deno.cron outside the top level`);

  const elsewhere: string[] = [];
  for (const file of await sourceFiles(SOURCE_DIRS)) {
    for (const use of cronUses(file, await Deno.readTextFile(join(ROOT, file)))) elsewhere.push(`${file}:${use.line}`);
  }
  assert.deepEqual(elsewhere, [], "lib/ exports jobs; only main.ts calls Deno.cron");
});

/** Runs `fn` with the JSON log lines (lib/log.ts) and console.log and console.error recorded instead of printed. */
async function withLogs<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; jobs: Record<string, unknown>[]; console: string[] }> {
  const jobs: Record<string, unknown>[] = [];
  const printed: string[] = [];
  const { log, error } = console;
  console.log = console.error = (...args: unknown[]) => void printed.push(args.map(String).join(" "));
  const restore = setLogSink((line) => jobs.push(JSON.parse(line)));
  try {
    return { result: await fn(), jobs, console: printed };
  } finally {
    restore();
    Object.assign(console, { log, error });
  }
}

/** A job line's fields but its time, duration and worker, which change from run to run. */
function jobFields({ time, ms, worker, ...fields }: Record<string, unknown>) {
  assert.ok(!Number.isNaN(Date.parse(String(time))), `time: ${time}`);
  assert.equal(typeof ms, "number");
  assert.equal(worker, logWorker());
  return fields;
}

Deno.test("[crons] the calendar job syncs the calendars that are due; a failure is logged, not thrown", async () => {
  const now = new Date("2026-11-23T12:00:00Z");
  await using t = await createTestApp({ now: () => now });
  const { team } = await seedTeam(t.kv);
  await addCalendar(t.kv, team.id, "https://calendar.example.org/team.ics", { id: null, label: "admin" }, now, {
    allowPrivateHosts: false,
  });
  const start = new Date(now.getTime() + 24 * 3600_000);
  const deps: SyncDeps = {
    now: () => now,
    allowPrivateHosts: false,
    fetchFeed: () =>
      Promise.resolve({ kind: "fetched", body: "BEGIN:VCALENDAR", validators: { etag: null, lastModified: null } }),
    parseFeed: () =>
      Promise.resolve({
        events: [{
          uid: "game@example.org",
          title: "Game",
          eventType: "game" as const,
          status: "confirmed" as const,
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 3600_000).toISOString(),
          allDay: false,
          opponent: null,
          isHome: null,
          location: null,
        }],
        truncated: false,
      }),
  };
  const synced = await withLogs(() => calendarSyncJob(t.kv, deps, 0));
  assert.deepEqual(synced.console, []);
  assert.deepEqual(synced.jobs.map(jobFields), [
    { job: "calendar.sync", outcome: "ok", synced: 1, failed: 0, skipped: 0 },
  ]);
  assert.deepEqual((await listUpcomingEvents(t.kv, team.id, now)).values.map((e) => e.title), ["Game"]);
  assert.equal((await getCalendar(t.kv, team.id))?.lastSyncStatus, "success");

  const broken: SyncDeps = {
    ...deps,
    now: () => {
      throw new Error("clock broke");
    },
  };
  const failed = await withLogs(() => calendarSyncJob(t.kv, broken, 0));
  assert.equal(failed.result, undefined);
  assert.deepEqual(failed.jobs.map((line) => [line.job, line.outcome]), [["calendar.sync", "failed"]]);
  assert.match(String(failed.jobs[0].error), /clock broke/);
});

Deno.test("[crons] the upload sweep job removes expired uploads; a failure is logged, not thrown", async () => {
  const kv = await Deno.openKv(":memory:");
  const now = Date.parse("2026-03-01T10:00:00Z");
  const pending: PendingUpload = {
    teamId: "01HZZTEAM0000000000000000A",
    blobId: "abandoned",
    purpose: "gallery",
    playerId: null,
    uploaderId: "user-1",
    sessionId: "session-1",
    person: "user-1",
    state: "receiving",
    blobIds: ["abandoned"],
    dataIds: ["abandoned"],
    expiresAt: now,
    createdAt: new Date(now).toISOString(),
  };
  assert.ok((await stageNewPending(kv.atomic(), pending).commit()).ok);
  const swept = await withLogs(() => uploadSweepJob(kv, new Date(now)));
  assert.deepEqual(swept.jobs.map(jobFields), [{ job: "photos.upload_sweep", outcome: "ok", uploads: 1 }]);
  assert.equal((await getPendingEntry(kv, pending.teamId, "abandoned")).value, null);

  kv.close();
  const failed = await withLogs(() => uploadSweepJob(kv, new Date(now)));
  assert.equal(failed.result, undefined);
  assert.deepEqual(failed.jobs.map((line) => [line.job, line.outcome]), [["photos.upload_sweep", "failed"]]);
});
