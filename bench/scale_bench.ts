/**
 * Scale benchmark (issue 21 item 6): the latency of the public roster, the family dashboard (a
 * signed-in parent) and the system console's Teams tab (a signed-in system administrator) on a
 * database of 10,000 teams against one of 10 teams, seeded the same way (bench/scale_seed.ts).
 * Target: each p50 and p99 within 20% of the small database's. Reports the KV file's size.
 *
 *   deno task bench:load         (after bench/load_bench.ts)
 *   NODE_ENV=production deno run -A bench/scale_bench.ts
 *   SCALE_TEAMS=1000 BENCH_SECONDS=3 NODE_ENV=production deno run -A bench/scale_bench.ts   (a quick check)
 *
 * Seeded databases are kept in SCALE_CACHE_DIR (default /tmp/goalmates-scale), named by the seed's
 * version and team count, so a re-run skips the seeding; each run serves a copy. Both servers
 * are pinned to CPU 0 and wrk to CPU 1; the measures interleave small and large (SCALE_ROUNDS
 * rounds, medians count). Every page is measured on the demo team, which both databases hold.
 */
import { PLAYERS_PER_TEAM, SCALE_SEED_VERSION, scaleSlug, seedScaleDatabase } from "./scale_seed.ts";
import { benchScratch, prepareBench, run, Server, signInAsDemoParent, startApp } from "./proc.ts";
import { durationMs, fmtMs, median, parseWrk, type WrkResult } from "./wrk.ts";

const SMALL_TEAMS = 10;
const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
/** Latency at scale may be at most this much above the small database's. */
const TARGET_RATIO = 1.2;
const SYSADMIN_EMAIL = "scale-bench@example.com";
const SYSADMIN_PASSWORD = "scale-bench-password-1";

function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const value = Deno.env.get(name);
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`);
  }
  return n;
}

const fmtMiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The file and its SQLite companions' bytes (0 for those that do not exist). */
async function kvFileBytes(path: string): Promise<number> {
  let total = 0;
  for (const file of [path, `${path}-wal`, `${path}-shm`]) total += await Deno.stat(file).then((s) => s.size, () => 0);
  return total;
}

/** A seeded database for `teams` teams: from the cache, else seeded now (and cached). */
async function seededDatabase(cacheDir: string, teams: number): Promise<{ path: string; seedSeconds: number | null }> {
  const path = `${cacheDir}/v${SCALE_SEED_VERSION}-${teams}-teams.kv`;
  if (await Deno.stat(path).then(() => true, () => false)) {
    console.log(`Using the cached ${teams}-team database ${path}`);
    return { path, seedSeconds: null };
  }
  await Deno.mkdir(cacheDir, { recursive: true });
  const partial = `${path}.partial`;
  for (const file of [partial, `${partial}-wal`, `${partial}-shm`]) await Deno.remove(file).catch(() => {});
  console.log(`Seeding ${teams} teams of ${PLAYERS_PER_TEAM} players into ${path} …`);
  const kv = await Deno.openKv(partial);
  let result;
  try {
    result = await seedScaleDatabase(kv, teams, new Date(), (done) => console.log(`  ${done} teams seeded`));
  } finally {
    kv.close();
  }
  // Closing checkpoints the write-ahead log into the file; a companion left behind moves with it.
  for (const suffix of ["-wal", "-shm"]) await Deno.rename(`${partial}${suffix}`, `${path}${suffix}`).catch(() => {});
  await Deno.rename(partial, path);
  console.log(`Seeded ${teams} teams in ${result.seconds.toFixed(1)} s`);
  return { path, seedSeconds: result.seconds };
}

/** Copies a seeded database (and its companions) to `to`, so the cached one stays as seeded. */
async function copyDatabase(from: string, to: string): Promise<void> {
  await Deno.copyFile(from, to);
  for (const suffix of ["-wal", "-shm"]) await Deno.copyFile(`${from}${suffix}`, `${to}${suffix}`).catch(() => {});
}

/** Sign-ins asked again when the password threads are busy (503), as a browser's user would. */
const SIGN_IN_ATTEMPTS = 5;

async function signInAsSysadmin(url: string): Promise<string> {
  for (let attempt = 1;; attempt++) {
    const res = await fetch(`${url}/api/sysadmin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ email: SYSADMIN_EMAIL, password: SYSADMIN_PASSWORD }),
    });
    await res.body?.cancel();
    if (res.status === 200) return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    // A server just started on a busy machine may refuse a password check for a moment (Retry-After).
    if (res.status !== 503 || attempt === SIGN_IN_ATTEMPTS) {
      throw new Error(`system administrator sign-in → ${res.status}`);
    }
    const seconds = Number(res.headers.get("retry-after")) || 1;
    await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 10) * 1000));
  }
}

interface Page {
  label: string;
  /** The path, with the demo team's id filled in per database. */
  path: (teamId: string) => string;
  who: "anonymous" | "parent" | "sysadmin";
  /** Whether the 20% target applies (a page that shows the same rows on both databases). */
  target: boolean;
}

const PAGES: Page[] = [
  { label: "public roster `/t/demo/roster`", path: () => "/t/demo/roster", who: "anonymous", target: true },
  {
    label: "family dashboard `/family-dashboard/{demo}` (parent)",
    path: (teamId) => `/family-dashboard/${teamId}`,
    who: "parent",
    target: true,
  },
  {
    // The first page lists the teams in slug order: 11 on the small database, a full page of 24 at scale.
    label: "Teams tab `/sysadmin?tab=teams` (first page)",
    path: () => "/sysadmin?tab=teams",
    who: "sysadmin",
    target: false,
  },
  {
    // scale-00001 … scale-00009 on both databases: the same rows, so like is compared with like.
    label: `Teams tab, search \`${scaleSlug(0).slice(0, -1)}\` (9 rows on both)`,
    path: () => `/sysadmin?tab=teams&q=${scaleSlug(0).slice(0, -1)}`,
    who: "sysadmin",
    target: true,
  },
];

interface Target {
  label: string;
  teams: number;
  app: Server;
  url: string;
  teamId: string;
  cookies: Record<Page["who"], string>;
  kvBytes: number;
  seedSeconds: number | null;
}

async function startTarget(
  label: string,
  teams: number,
  cacheDir: string,
  tmp: string,
  pin: string[],
  servers: Server[],
): Promise<Target> {
  const { path, seedSeconds } = await seededDatabase(cacheDir, teams);
  const kvBytes = await kvFileBytes(path);
  const copy = `${tmp}/${teams}-teams.kv`;
  await copyDatabase(path, copy);
  const started = performance.now();
  const { app, url } = await startApp(pin, copy, { SYSADMIN_EMAIL, SYSADMIN_PASSWORD });
  servers.push(app);
  console.log(
    `Started GoalMates on ${url} with ${teams} teams (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  const parent = await signInAsDemoParent(url);
  const cookies = { anonymous: "", parent: parent.cookie, sysadmin: await signInAsSysadmin(url) };
  return { label, teams, app, url, teamId: parent.teamId, cookies, kvBytes, seedSeconds };
}

/** GETs a page once as its viewer: 200 and HTML, or the run stops. */
async function checkPage(target: Target, page: Page): Promise<string> {
  const res = await fetch(`${target.url}${page.path(target.teamId)}`, {
    headers: target.cookies[page.who] ? { cookie: target.cookies[page.who] } : {},
    redirect: "manual",
  });
  const html = await res.text();
  if (res.status !== 200 || !/^text\/html\b/.test(res.headers.get("content-type") ?? "")) {
    throw new Error(`GET ${page.path(target.teamId)} on ${target.label} → ${res.status}; expected a 200 page`);
  }
  return html;
}

function wrkArgs(url: string, cookie: string, seconds: number, pin: string[]): string[] {
  const header = cookie ? ["-H", `Cookie: ${cookie}`] : [];
  return [...pin, "wrk", "-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--timeout", "5s", "--latency", ...header, url];
}

async function runWrk(args: string[], seconds: number): Promise<WrkResult> {
  const [cmd, ...rest] = args;
  const out = await run(cmd, rest, (seconds + 20) * 1000);
  if (out.code !== 0) throw new Error(`wrk failed (code ${out.code}):\n${out.stdout}${out.stderr}`);
  return parseWrk(out.stdout + out.stderr);
}

interface Sample {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

async function measure(target: Target, page: Page, seconds: number, pin: string[]): Promise<Sample> {
  const url = `${target.url}${page.path(target.teamId)}`;
  const cookie = target.cookies[page.who];
  await runWrk(wrkArgs(url, cookie, WARMUP_SECONDS, pin), WARMUP_SECONDS);
  const wrk = await runWrk(wrkArgs(url, cookie, seconds, pin), seconds);
  return { p50: durationMs(wrk.p50), p99: durationMs(wrk.p99), rps: wrk.requestsPerSecond, errors: wrk.errors };
}

async function main(): Promise<void> {
  const largeTeams = intFromEnv("SCALE_TEAMS", 10_000, SMALL_TEAMS + 1, 100_000);
  const seconds = intFromEnv("BENCH_SECONDS", 10, 1, 600);
  const rounds = intFromEnv("SCALE_ROUNDS", 1, 1, 9);
  const cacheDir = Deno.env.get("SCALE_CACHE_DIR") || "/tmp/goalmates-scale";
  const { serverPin, loadPin, pinned, loadBefore } = await prepareBench();

  const scratch = await benchScratch("goalmates-scale-");
  const { tmp, servers } = scratch;
  try {
    const small = await startTarget("small", SMALL_TEAMS, cacheDir, tmp, serverPin, servers);
    const large = await startTarget("large", largeTeams, cacheDir, tmp, serverPin, servers);
    for (const target of [small, large]) {
      for (const page of PAGES) await checkPage(target, page);
    }
    console.log(
      `Measuring ${PAGES.length} pages × (${SMALL_TEAMS}, ${largeTeams} teams) × ${rounds} round(s), ` +
        `${seconds} s each at ${CONNECTIONS} connections after a ${WARMUP_SECONDS} s warm-up …`,
    );
    const samples = new Map<string, Sample[]>();
    for (let round = 1; round <= rounds; round++) {
      for (const page of PAGES) {
        for (const target of [small, large]) {
          const sample = await measure(target, page, seconds, loadPin);
          const key = `${page.label}|${target.label}`;
          samples.set(key, [...samples.get(key) ?? [], sample]);
          console.log(
            `  ${target.teams.toString().padStart(6)} teams  ${page.label.padEnd(56)} p50 ${fmtMs(sample.p50)}  ` +
              `p99 ${fmtMs(sample.p99)}  ${Math.round(sample.rps)} req/s` +
              (sample.errors ? `  ERRORS ${sample.errors}` : ""),
          );
        }
      }
    }

    const lines = ["", `## Scale: ${largeTeams.toLocaleString("en-US")} teams against ${SMALL_TEAMS}`, ""];
    lines.push(
      `| page | p50 ${SMALL_TEAMS} teams | p50 ${largeTeams} teams | ratio | p99 ${SMALL_TEAMS} teams | ` +
        `p99 ${largeTeams} teams | ratio | target ≤ ${TARGET_RATIO.toFixed(2)} |`,
    );
    lines.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    for (const page of PAGES) {
      const of = (t: Target, field: "p50" | "p99") =>
        median(samples.get(`${page.label}|${t.label}`)!.map((s) => s[field]));
      const errors = [small, large].flatMap((t) => samples.get(`${page.label}|${t.label}`)!).reduce(
        (n, s) => n + s.errors,
        0,
      );
      const r50 = of(large, "p50") / of(small, "p50");
      const r99 = of(large, "p99") / of(small, "p99");
      const status = errors
        ? `INVALID (${errors} errors)`
        : !page.target
        ? "(not compared: different rows)"
        : r50 <= TARGET_RATIO && r99 <= TARGET_RATIO
        ? "ok"
        : "MISSED";
      lines.push(
        `| ${page.label} | ${fmtMs(of(small, "p50"))} | ${fmtMs(of(large, "p50"))} | ${r50.toFixed(2)} | ` +
          `${fmtMs(of(small, "p99"))} | ${fmtMs(of(large, "p99"))} | ${r99.toFixed(2)} | ${status} |`,
      );
    }
    lines.push("");
    for (const t of [small, large]) {
      lines.push(
        `- ${t.teams} teams: KV file ${fmtMiB(t.kvBytes)} (${t.kvBytes.toLocaleString("en-US")} bytes), ` +
          (t.seedSeconds === null ? "seeded earlier (cached)" : `seeded in ${t.seedSeconds.toFixed(1)} s`) + ".",
      );
    }
    const nproc = (await run("nproc", [])).stdout.trim() || String(navigator.hardwareConcurrency);
    lines.push(
      `Machine: nproc ${nproc}, Deno ${Deno.version.deno}; ` +
        (pinned ? "servers pinned to CPU 0, wrk to CPU 1" : "no CPU pinning") +
        (loadBefore ? `; load average before the run: ${loadBefore}.` : "."),
      `Command: \`NODE_ENV=production deno run -A bench/scale_bench.ts\` (SCALE_TEAMS=${largeTeams}, ` +
        `BENCH_SECONDS=${seconds}, SCALE_ROUNDS=${rounds}); each measure: ` +
        `\`${wrkArgs("<url>", "<cookie>", seconds, loadPin).join(" ")}\` after a ${WARMUP_SECONDS} s warm-up.`,
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
    console.error(`Scale benchmark failed: ${error instanceof Error ? error.message : error}`);
    Deno.exit(1);
  }
}
