/**
 * Calendar benchmark (issue 10):
 *   1. parse and store of a 2,000-event feed: `syncTeamCalendar` with the feed's text handed
 *      over (no network), on a KV file, median of 5 (target under 1 s);
 *   2. a sync of 200 teams from a local feed server: the real app (development mode) pinned to
 *      CPU 0 with 200 connected calendars, the feed server and wrk on CPU 1; the roster API's p99
 *      at rest, then while `POST /api/dev/calendars/sync` syncs every calendar; the total time.
 *
 *   deno task bench:calendar      (also part of `deno task bench`)
 */
import { BENCH_HOST, freePort, prepareBench, run, startApp } from "./proc.ts";
import { type WrkOptions, wrkUntil } from "./wrk.ts";
import { durationMs } from "./wrk.ts";
import { addCalendar, getCalendar, syncTeamCalendar } from "../lib/calendar/mod.ts";
import { createTeam } from "../lib/db/teams.ts";

const RUNS = 5;
const FEED_EVENTS = 2_000;
const TEAMS = 200;
const TARGET_MS = 1_000;
const THINK_MS = 5;
const ROSTER_PATH = "/api/teams/demo/roster";
const NOW = new Date();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const icsDate = (date: Date) => date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/**
 * A feed shaped like a club's export: `singles` one-off games and tournaments spread over the
 * coming months, plus `weekly` practices that recur every week until the season ends.
 */
export function clubFeed(singles: number, weekly: number, prefix = "event"): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//GoalMates bench//EN", "X-WR-CALNAME:Bench FC"];
  const day = 24 * 60 * 60 * 1000;
  for (let i = 0; i < singles; i++) {
    const start = new Date(NOW.getTime() + (i % 300) * day + (i % 7) * 60 * 60 * 1000);
    lines.push(
      "BEGIN:VEVENT",
      `UID:${prefix}-${i}@bench.example`,
      `DTSTAMP:${icsDate(NOW)}`,
      `DTSTART:${icsDate(start)}`,
      `DTEND:${icsDate(new Date(start.getTime() + 90 * 60 * 1000))}`,
      i % 3 === 0 ? `SUMMARY:Game vs. Team ${i}` : i % 3 === 1 ? `SUMMARY:@ Team ${i}` : "SUMMARY:Tournament",
      `LOCATION:Field ${i % 12}`,
      i % 40 === 0 ? "STATUS:CANCELLED" : "STATUS:CONFIRMED",
      "END:VEVENT",
    );
  }
  for (let i = 0; i < weekly; i++) {
    const start = new Date(NOW.getTime() + (i % 7) * day);
    lines.push(
      "BEGIN:VEVENT",
      `UID:${prefix}-practice-${i}@bench.example`,
      `DTSTAMP:${icsDate(NOW)}`,
      `DTSTART:${icsDate(start)}`,
      `DTEND:${icsDate(new Date(start.getTime() + 60 * 60 * 1000))}`,
      `RRULE:FREQ=WEEKLY;UNTIL=${icsDate(new Date(NOW.getTime() + 26 * 7 * day))}`,
      "SUMMARY:Practice",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.join("\r\n") + "\r\n";
}

/** 1. Parse and store of a 2,000-event feed (no network): median of RUNS. */
async function parseAndStore(dir: string): Promise<{ median: number; runs: number[]; stored: number }> {
  const kv = await Deno.openKv(`${dir}/parse.kv`);
  try {
    const team = await createTeam(kv, {
      name: "Parse FC",
      season: "Fall",
      ageGroup: "U10",
      teamType: "coed",
      orgName: "Bench Club",
    });
    await addCalendar(kv, team.id, "https://feeds.example.org/big.ics", { id: null, label: "bench" }, NOW, {
      allowPrivateHosts: false,
    });
    const body = clubFeed(FEED_EVENTS, 0);
    const runs: number[] = [];
    let stored = 0;
    for (let run = 0; run < RUNS + 1; run++) {
      const started = performance.now();
      const outcome = await syncTeamCalendar(kv, team.id, {
        now: () => NOW,
        allowPrivateHosts: false,
        fetchFeed: () => Promise.resolve({ kind: "fetched", body, validators: { etag: null, lastModified: null } }),
      });
      if (outcome.kind !== "synced") throw new Error(`sync → ${outcome.kind}`);
      stored = outcome.events;
      if (run > 0) runs.push(performance.now() - started); // The first also starts the parser's worker.
    }
    return { median: median(runs), runs, stored };
  } finally {
    kv.close();
  }
}

/** Seeds TEAMS teams, each with a calendar on the local feed server, into the app's KV file. */
async function seedTeams(kvPath: string, feedUrl: (i: number) => string): Promise<string[]> {
  const kv = await Deno.openKv(kvPath);
  try {
    const ids: string[] = [];
    for (let i = 0; i < TEAMS; i++) {
      const team = await createTeam(kv, {
        name: `Bench ${i}`,
        season: "Fall",
        ageGroup: "U10",
        teamType: "coed",
        orgName: "Bench Club",
      });
      await addCalendar(kv, team.id, feedUrl(i), { id: null, label: "bench" }, NOW, { allowPrivateHosts: true });
      ids.push(team.id);
    }
    return ids;
  } finally {
    kv.close();
  }
}

async function main() {
  const { serverPin, loadPin, pinned, loadBefore } = await prepareBench();
  // The feed server runs in this process: every thread of it goes to wrk's CPU, off the server's.
  if (pinned) await run("taskset", ["-a", "-cp", "1", String(Deno.pid)]);
  const dir = await Deno.makeTempDir({ prefix: "calendar_bench_" });
  const parse = await parseAndStore(dir);

  // A season per team: 60 games and tournaments, 2 weekly practices (about 110 occurrences).
  const seasonFeed = clubFeed(60, 2);
  const feedPort = freePort();
  let feedRequests = 0;
  const feedServer = Deno.serve({ hostname: BENCH_HOST, port: feedPort, onListen: () => {} }, () => {
    feedRequests++;
    return new Response(seasonFeed, { headers: { "content-type": "text/calendar; charset=utf-8" } });
  });
  const kvPath = `${dir}/app.kv`;
  const teamIds = await seedTeams(kvPath, (i) => `http://${BENCH_HOST}:${feedPort}/team-${i}.ics`);
  const { app, url } = await startApp(serverPin, kvPath, { CALENDAR_ALLOW_PRIVATE_HOSTS: "1" });
  try {
    const script = `${dir}/think.lua`;
    await Deno.writeTextFile(script, `function delay()\n  return ${THINK_MS}\nend\n`);
    const options = (seconds: number): WrkOptions => ({
      url: `${url}${ROSTER_PATH}`,
      seconds,
      connections: 8,
      threads: 1,
      pin: loadPin,
    });
    await wrkUntil(options(1), script);
    const idle = await wrkUntil(options(5), script);
    let answer: { synced: number; failed: number; ms: number } | null = null;
    const sync = fetch(`${url}/api/dev/calendars/sync`, {
      method: "POST",
      headers: { origin: url, "content-type": "application/json" },
      body: "{}",
    }).then(async (res) => {
      if (!res.ok) throw new Error(`sync → ${res.status} ${await res.text()}`);
      answer = await res.json();
    });
    const during = await wrkUntil(options(300), script, sync);
    await sync;
    const kv = await Deno.openKv(kvPath);
    const sample = await getCalendar(kv, teamIds[TEAMS - 1]);
    kv.close();
    const result = answer as unknown as { synced: number; failed: number; ms: number };
    const ratio = durationMs(during.p99) / durationMs(idle.p99);
    console.log(`
## Calendar: parse and store, and a sync of ${TEAMS} teams

| measure | value | target |
| --- | ---: | --- |
| parse and store of a ${FEED_EVENTS}-event feed (median of ${RUNS}) | ${
      Math.round(parse.median)
    } ms | < ${TARGET_MS} ms ${parse.median < TARGET_MS ? "ok" : "MISSED"} |
| sync of ${TEAMS} teams from a local feed server (about ${sample?.eventCount ?? "?"} events each) | ${
      (result.ms / 1000).toFixed(1)
    } s (${result.synced} synced, ${result.failed} failed) | — |
| roster API p99 at rest → during that sync | ${durationMs(idle.p99).toFixed(2)} → ${
      durationMs(during.p99).toFixed(2)
    } ms (${ratio.toFixed(2)}x) | — |

Parse-and-store runs: ${
      parse.runs.map((r) => Math.round(r)).join(", ")
    } ms (${parse.stored} events stored). Feed requests: ${feedRequests}.
p50 at rest → during: ${durationMs(idle.p50).toFixed(2)} → ${durationMs(during.p50).toFixed(2)} ms.
Machine: ${navigator.hardwareConcurrency} cores; ${
      pinned ? "server pinned to CPU 0; wrk and the feed server on CPU 1" : "no CPU pinning"
    }; load average before: ${loadBefore}.`);
  } finally {
    await app.stop();
    await feedServer.shutdown();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) await main();
