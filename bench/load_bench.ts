/**
 * Load benchmark (issue 21 item 6): closed-loop load on the public roster page and on the family
 * dashboard as a signed-in parent, first alone, then beside a steady write load (feed posts,
 * claims and poll votes by signed-in people). Reports req/s, p50, p99 and errors of each.
 *
 *   deno task bench:load          (builds, then this, then bench/scale_bench.ts)
 *   LOAD_SECONDS=5 LOAD_CONNECTIONS=50 NODE_ENV=production deno run -A bench/load_bench.ts
 *
 * Environment: LOAD_SECONDS (30), LOAD_CONNECTIONS (200), LOAD_WRITES_PER_SECOND (6: posts,
 * claims and votes in turn; the votes go to polls the coach opens, so none is a repeat),
 * LOAD_CPU_PROF (a folder: the server runs with --cpu-prof and writes its profile there when it
 * stops).
 *
 * Method: the app in production mode (NODE_ENV=production, the demo team of development mode) on a
 * fresh KV file, pinned to CPU 0; wrk pinned to CPU 1. The session is a real one: the demo
 * parent signs in and wrk sends the cookie with -H. The writes come from this process at a fixed
 * rate, each from one of the demo community's signed-in people (a claim from its own address,
 * through TRUSTED_PROXY, as a league's families would send them). Needs `wrk`.
 */
import { BENCH_HOST, BENCH_ROOT, benchScratch, freePort, prepareBench, Server } from "./proc.ts";
import { runWrk, wrkCommand, type WrkOptions, type WrkResult } from "./wrk.ts";

const WARMUP_SECONDS = 2;
const THREADS = 2;
/** Issue 21: the family dashboard on one core, at 200 connections, with 0 errors. */
const DASHBOARD_TARGET_RPS = 1_000;

/** The demo team's admin: opens the polls the others vote in. */
const COACH = "coach@example.com";
/** The demo community's people (lib/demo): each writes with their own session. */
const WRITERS = [
  "parent@example.com",
  "player@example.com",
  "coach@example.com",
  "ana.okafor@example.com",
  "sam.okafor@example.com",
  "priya.patel@example.com",
  "marco.silva@example.com",
  "lena.muller@example.com",
  "wei.chen2@example.com",
];

function envInt(name: string, fallback: number, min: number, max: number): number {
  const value = Deno.env.get(name);
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`);
  }
  return n;
}

interface Session {
  email: string;
  cookie: string;
  teamId: string;
  userId: string;
}

async function signIn(url: string, email: string): Promise<Session> {
  const res = await fetch(`${url}/api/dev/auto-login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, teamSlug: "demo" }),
  });
  if (res.status !== 200) throw new Error(`dev auto-login as ${email} → ${res.status}`);
  const { user } = await res.json();
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return { email, cookie, teamId: user.selectedTeamId, userId: user.id };
}

/** One kind of write, and what came of each. */
interface WriteStats {
  latenciesMs: number[];
  statuses: Map<number, number>;
  failures: number;
}

/** "poll": the coach opening a fresh poll (and closing the last) once everyone voted in it. */
type WriteKind = "post" | "claim" | "vote" | "poll";

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A JSON write as `session`; resolves with its status. */
async function send(url: string, session: Session, method: string, path: string, body: unknown, extra = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { "content-type": "application/json", origin: url, cookie: session.cookie, ...extra },
    body: JSON.stringify(body),
  });
  await res.body?.cancel();
  return res.status;
}

/** Opens a poll on the demo team as its coach, and closes `previous`; resolves with the new poll's id. */
async function openPoll(url: string, coach: Session, name: string, previous: string | null): Promise<string> {
  const res = await fetch(`${url}/api/admin/${coach.teamId}/campaigns`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url, cookie: coach.cookie },
    body: JSON.stringify({
      title: `Bench poll ${name}`,
      type: "poll",
      pollQuestion: "Practice on field 1 or field 2?",
      pollOption1: "Field 1",
      pollOption2: "Field 2",
      isActive: true,
    }),
  });
  if (res.status !== 201) throw new Error(`opening a poll as the coach → ${res.status}`);
  const { campaign } = await res.json();
  // One open poll at a time, so the dashboard under load shows the same sections throughout.
  if (previous) {
    await send(url, coach, "PATCH", `/api/admin/${coach.teamId}/campaigns/${previous}`, { isActive: false });
  }
  return campaign.id;
}

/**
 * Sends writes at `perSecond` (posts, claims and votes in turn, each by the next writer) until
 * `stop` aborts; resolves with what each kind got. Every vote is a real one: each person votes
 * once per poll, so when all have voted, that vote's turn goes to the coach, who opens a fresh
 * poll (and closes the last).
 */
async function writeLoad(
  url: string,
  writers: Session[],
  coach: Session,
  perSecond: number,
  stop: AbortSignal,
  run: number,
): Promise<Map<WriteKind, WriteStats>> {
  const stats = new Map<WriteKind, WriteStats>(
    (["post", "claim", "vote", "poll"] as const).map((k) => [k, { latenciesMs: [], statuses: new Map(), failures: 0 }]),
  );
  const timed = async (kind: WriteKind, write: () => Promise<number>) => {
    const s = stats.get(kind)!;
    const t0 = performance.now();
    try {
      const status = await write();
      s.latenciesMs.push(performance.now() - t0);
      s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
    } catch {
      s.failures++;
    }
  };
  let polls = 1;
  let poll = Promise.resolve(await openPoll(url, coach, `${run}.${polls}`, null));
  let votesInPoll = 0;
  const kinds = ["post", "claim", "vote"] as const;
  const inFlight: Promise<unknown>[] = [];
  const interval = 1000 / perSecond;
  const started = performance.now();
  for (let i = 0; !stop.aborted; i++) {
    const kind = kinds[i % kinds.length];
    const writer = writers[Math.floor(i / kinds.length) % writers.length];
    if (kind === "post") {
      const body = { postType: "news", content: `Bench note ${run}.${i}: practice moved to field 2.` };
      inFlight.push(timed("post", () => send(url, writer, "POST", `/api/teams/${writer.teamId}/posts`, body)));
    } else if (kind === "claim") {
      const body = { mode: "jersey", jerseyNumber: 7, email: `bench.${run}.${i}@example.com`, note: "" };
      // Each claim from its own family and address (TEST-NET-2), as the claim limits expect.
      const from = { "x-forwarded-for": `198.51.100.${(i % 250) + 1}` };
      inFlight.push(timed("claim", () => send(url, writer, "POST", "/api/teams/demo/claims", body, from)));
    } else if (votesInPoll < writers.length) {
      const voter = writers[votesInPoll++];
      const body = { parentId: voter.userId, pollResponse: (i % 2) + 1 };
      const vote = (pollId: string) => send(url, voter, "POST", `/api/campaigns/${pollId}/respond`, body);
      // Timed from the poll's opening (usually long done), without holding up the writes after it.
      inFlight.push(poll.then((pollId) => timed("vote", () => vote(pollId)), () => stats.get("vote")!.failures++));
    } else {
      const previous = poll;
      poll = previous.then((id) => openPoll(url, coach, `${run}.${++polls}`, id));
      votesInPoll = 0;
      inFlight.push(timed("poll", async () => (await poll, 201)));
    }
    // A fixed rate (open loop): the next write leaves on schedule whatever the last one took.
    const wait = started + (i + 1) * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await Promise.all(inFlight);
  return stats;
}

interface ReadTarget {
  label: string;
  path: string;
  /** Sent by wrk with every request (the parent's session cookie). */
  headers: string[];
}

interface Row {
  target: ReadTarget;
  withWrites: boolean;
  read: WrkResult;
  writes?: Map<WriteKind, WriteStats>;
}

const fmtInt = (n: number) => Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "?";
const fmtMs = (n: number) => Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : Math.round(n)}ms` : "?";

function report(rows: Row[], seconds: number, connections: number, writesPerSecond: number): string[] {
  const lines = ["", "## Load: 200 connections closed-loop", ""];
  lines.push("| page | write load | req/s | p50 | p99 | errors | target |");
  lines.push("| --- | --- | ---: | ---: | ---: | ---: | --- |");
  for (const { target, withWrites, read } of rows) {
    const isDashboard = target.path.startsWith("/family-dashboard/");
    const goal = isDashboard ? `≥ ${fmtInt(DASHBOARD_TARGET_RPS)} req/s, 0 errors` : "0 errors";
    const met = read.errors === 0 && (!isDashboard || read.requestsPerSecond >= DASHBOARD_TARGET_RPS);
    lines.push(
      `| ${target.label} | ${withWrites ? `${writesPerSecond}/s` : "none"} | ${fmtInt(read.requestsPerSecond)} | ${
        read.p50 ?? "?"
      } | ${read.p99 ?? "?"} | ${read.errors} | ${goal} ${met ? "ok" : "MISSED"} |`,
    );
  }
  lines.push("", "Writes beside the reads (a fixed rate from the bench process, each by a signed-in person):", "");
  lines.push("| reads beside | write | sent | statuses | p50 | p99 | failed |");
  lines.push("| --- | --- | ---: | --- | ---: | ---: | ---: |");
  for (const { target, writes } of rows) {
    if (!writes) continue;
    for (const [kind, s] of writes) {
      const sorted = [...s.latenciesMs].sort((a, b) => a - b);
      const statuses = [...s.statuses].sort((a, b) => a[0] - b[0]).map(([code, n]) => `${code}×${n}`).join(", ");
      lines.push(
        `| ${target.label} | ${kind} | ${sorted.length + s.failures} | ${statuses || "-"} | ${
          fmtMs(percentile(sorted, 50))
        } | ${fmtMs(percentile(sorted, 99))} | ${s.failures} |`,
      );
    }
  }
  lines.push(
    "",
    `Each read run: \`${wrkCommand({ url: "<url>", seconds, connections, threads: THREADS, pin: [] }).join(" ")}\`` +
      ` after a ${WARMUP_SECONDS} s warm-up; the dashboard's with \`-H 'cookie: <the demo parent's session>'\`.`,
  );
  return lines;
}

async function main(): Promise<void> {
  const seconds = envInt("LOAD_SECONDS", 30, 1, 600);
  const connections = envInt("LOAD_CONNECTIONS", 200, 1, 10_000);
  const writesPerSecond = envInt("LOAD_WRITES_PER_SECOND", 6, 1, 1_000);
  const cpuProfDir = Deno.env.get("LOAD_CPU_PROF") || null;
  const { serverPin, loadPin, pinned, loadBefore } = await prepareBench();

  const scratch = await benchScratch("goalmates-load-", 15_000);
  const { tmp } = scratch;
  try {
    const port = freePort();
    const url = `http://${BENCH_HOST}:${port}`;
    const profile = cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : [];
    const app = await Server.start({
      name: "GoalMates",
      command: [...serverPin, Deno.execPath(), "run", "-A", ...profile, "main.ts"],
      cwd: BENCH_ROOT,
      env: {
        NODE_ENV: "production",
        GOALMATES_ENV: "development",
        GOALMATES_KV: `${tmp}/goalmates.kv`,
        PORT: String(port),
        HOSTNAME: BENCH_HOST,
        APP_URL: url,
        // The claims' own addresses (X-Forwarded-For) are believed from the bench only.
        TRUSTED_PROXY: BENCH_HOST,
      },
      readyUrl: `${url}/`,
    });
    scratch.servers.push(app);
    console.log(`Started GoalMates on ${url}${cpuProfDir ? ` (CPU profile into ${cpuProfDir})` : ""}`);

    const writers = await Promise.all(WRITERS.map((email) => signIn(url, email)));
    const parent = writers[0];
    const coach = writers.find((w) => w.email === COACH)!;
    const targets: ReadTarget[] = [
      { label: "public roster `/t/demo/roster`", path: "/t/demo/roster", headers: [] },
      {
        label: "family dashboard (signed-in parent)",
        path: `/family-dashboard/${parent.teamId}`,
        headers: [`cookie: ${parent.cookie}`],
      },
    ];
    for (const t of targets) {
      const res = await fetch(`${url}${t.path}`, { headers: t.headers.length ? { cookie: parent.cookie } : {} });
      const html = await res.text();
      if (res.status !== 200 || !html.includes("</html>")) throw new Error(`GET ${t.path} → ${res.status}`);
    }

    const options = (target: ReadTarget, s: number): WrkOptions => ({
      url: `${url}${target.path}`,
      seconds: s,
      connections,
      threads: THREADS,
      pin: loadPin,
      headers: target.headers,
    });
    const rows: Row[] = [];
    let run = 0;
    for (const withWrites of [false, true]) {
      for (const target of targets) {
        await runWrk(options(target, WARMUP_SECONDS));
        const stop = new AbortController();
        const writes = withWrites ? writeLoad(url, writers, coach, writesPerSecond, stop.signal, ++run) : undefined;
        const read = await runWrk(options(target, seconds));
        stop.abort();
        const row: Row = { target, withWrites, read, writes: await writes };
        rows.push(row);
        console.log(
          `  ${target.path.padEnd(48)} writes ${withWrites ? "on " : "off"}  ${
            fmtInt(read.requestsPerSecond).padStart(7)
          } req/s  p50 ${read.p50 ?? "?"}  p99 ${read.p99 ?? "?"}  errors ${read.errors}`,
        );
      }
    }

    const lines = report(rows, seconds, connections, writesPerSecond);
    const nproc = navigator.hardwareConcurrency;
    lines.push(
      `Machine: ${nproc} CPUs, Deno ${Deno.version.deno}; ` +
        (pinned ? "server pinned to CPU 0, wrk to CPU 1" : "no CPU pinning") +
        (loadBefore ? `; load average before the run: ${loadBefore}.` : "."),
      `Command: \`deno task bench:load\` (LOAD_SECONDS=${seconds} LOAD_CONNECTIONS=${connections} ` +
        `LOAD_WRITES_PER_SECOND=${writesPerSecond}).`,
    );
    console.log(lines.join("\n"));
  } finally {
    await scratch.close();
  }
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    console.error(`Load benchmark failed: ${error instanceof Error ? error.message : error}`);
    Deno.exit(1);
  }
}
