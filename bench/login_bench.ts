/**
 * Login-burst benchmark (R8, availability): does a burst of password logins starve the pages
 * or the memory? Each round, on a fresh server and database, for each load:
 *
 *   1. the roster page's p99 latency at rest (wrk, `BENCH_SECONDS` seconds, default 5);
 *   2. the same while 40 password logins for distinct unknown accounts are in flight
 *      (POST /api/team-admin/login, sent 10 ms apart): wrk starts, the logins go out 0.3 s
 *      later, and wrk is stopped (SIGINT; it then reports) when the last login is answered,
 *      so its window is the burst;
 *   3. the server's peak memory: VmRSS sampled every 20 ms during the burst, and VmHWM.
 *
 * Two loads on the roster page: "steady", 8 connections that each pause 5 ms between requests
 * (about 1,400 req/s, a few percent of the server's capacity: latency as a visitor sees it),
 * and "saturating", 8 connections back to back (the server's full throughput, so the latency
 * also shows how much CPU the logins take from the pages).
 *
 *   deno task bench:login      (builds, then: NODE_ENV=production deno run -A bench/login_bench.ts)
 *   LOGIN_BENCH_ROUNDS=5 BENCH_SECONDS=5 deno task bench:login
 *
 * Targets: roster p99 during the logins at most 2x the p99 at rest; peak RSS under 600 MB.
 * The server is pinned to CPU 0 and wrk to CPU 1 with `taskset`, as in bench/roster_bench.ts.
 * Other processes on CPU 0 distort latency, so each measure also reports the share of CPU 0
 * that went to other processes ("other") and to the hypervisor ("steal"); a measure where they
 * took over 15% is repeated, up to 3 attempts, and the quietest kept. The server sees
 * every request from 127.0.0.1 and allows 50 login attempts per IP per 15 minutes, so every
 * measure starts its own server (40 attempts each). The password pool shares its queue per
 * address (at most 2 waiting each), so of a burst from that one address only the first few are
 * hashed and the rest get 503 at once: the burst measures one address's share, not a full
 * queue. Needs `wrk`.
 */
import { cpuTicks, prepareBench, run, startApp } from "./proc.ts";
import { durationMs, fmtMs, median, wrkCommand, type WrkOptions, type WrkResult, wrkUntil } from "./wrk.ts";

const PAGE_PATH = "/t/demo/roster";
const LOGIN_PATH = "/api/team-admin/login";
const LOGINS = 40;
/**
 * Gap between two logins of the burst. All 40 are still in flight together (each lasts far
 * longer than the 0.4 s it takes to send them), but the per-IP attempt counter in KV is not
 * hit by 40 commits in the same millisecond, which turns some into 429s before they reach the
 * password check.
 */
const LOGIN_SPACING_MS = 10;
const CONNECTIONS = 8;
const THREADS = 1;
const WARMUP_SECONDS = 1;
/** The longest a burst may take before wrk is stopped anyway. */
const MAX_BURST_SECONDS = 120;
/**
 * A measure is quiet when other processes and steal took at most this share of CPU 0 in both
 * of its windows; a noisy one is repeated (fresh server) up to `MAX_ATTEMPTS` times, and the
 * quietest attempt is kept.
 */
const QUIET_SHARE = 0.15;
const MAX_ATTEMPTS = 3;
const TARGET_P99_RATIO = 2;
const TARGET_PEAK_RSS_MB = 600;

interface Load {
  name: string;
  /** Pause of each connection between its requests (wrk `delay()`), 0 for none. */
  thinkMs: number;
}
const LOADS: Load[] = [{ name: "steady", thinkMs: 5 }, { name: "saturating", thinkMs: 0 }];

function envInt(name: string, fallback: number, max: number): number {
  const value = Deno.env.get(name);
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}, not ${JSON.stringify(value)}`);
  }
  return n;
}

const fmtMb = (kb: number) => Number.isFinite(kb) ? `${Math.round(kb / 1024)} MB` : "?";
const fmtPct = (share: number) => Number.isFinite(share) ? `${Math.round(share * 100)}%` : "?";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS and VmHWM of a process in kB (NaN where /proc is missing). */
async function memoryKb(pid: number): Promise<{ rss: number; hwm: number }> {
  try {
    const status = await Deno.readTextFile(`/proc/${pid}/status`);
    const field = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, "m"))?.[1] ?? NaN);
    return { rss: field("VmRSS"), hwm: field("VmHWM") };
  } catch {
    return { rss: NaN, hwm: NaN };
  }
}

/** Samples VmRSS every `everyMs` until stopped; resolves to the highest sample. */
function sampleRss(pid: number, everyMs = 20): { stop: () => Promise<number> } {
  let running = true;
  let peak = NaN;
  const loop = (async () => {
    while (running) {
      const { rss } = await memoryKb(pid);
      if (Number.isFinite(rss) && !(rss <= peak)) peak = rss;
      await sleep(everyMs);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
}

/** Busy and steal ticks of CPU 0 from /proc/stat (NaN where it is missing). */
async function cpu0Ticks(): Promise<{ busy: number; steal: number; total: number }> {
  const stat = await Deno.readTextFile("/proc/stat").catch(() => "");
  const fields = stat.match(/^cpu0 (.*)$/m)?.[1].trim().split(/\s+/).map(Number);
  if (!fields) return { busy: NaN, steal: NaN, total: NaN };
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
  return {
    busy: user + nice + system + irq + softirq,
    steal,
    total: user + nice + system + idle + iowait + irq + softirq + steal,
  };
}

/** How CPU 0 was shared during a measure, besides the server. */
interface Cpu0Share {
  /** Share of CPU 0 used by processes other than the server. */
  other: number;
  /** Share of CPU 0 taken by the hypervisor. */
  steal: number;
}

async function cpu0Watch(serverPid: number): Promise<() => Promise<Cpu0Share>> {
  const [before, serverBefore] = [await cpu0Ticks(), await cpuTicks(serverPid)];
  return async () => {
    const [after, serverAfter] = [await cpu0Ticks(), await cpuTicks(serverPid)];
    const total = after.total - before.total;
    return {
      other: Math.max(0, (after.busy - before.busy) - (serverAfter - serverBefore)) / total,
      steal: (after.steal - before.steal) / total,
    };
  };
}

interface Login {
  status: number;
  ms: number;
  retryAfter: string | null;
}

/** `count` password logins for distinct unknown accounts, `LOGIN_SPACING_MS` apart, all in flight together. */
async function loginBurst(appUrl: string, tag: string, count: number): Promise<Login[]> {
  return await Promise.all(Array.from({ length: count }, async (_, i) => {
    await sleep(i * LOGIN_SPACING_MS);
    const started = performance.now();
    try {
      const res = await fetch(`${appUrl}${LOGIN_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: appUrl },
        body: JSON.stringify({ email: `nobody-${tag}-${i}@example.com`, password: "not the password 123" }),
        signal: AbortSignal.timeout(MAX_BURST_SECONDS * 1000),
      });
      await res.body?.cancel();
      return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get("retry-after") };
    } catch {
      return { status: 0, ms: performance.now() - started, retryAfter: null };
    }
  }));
}

interface Measure {
  load: Load;
  idle: WrkResult;
  loaded: WrkResult;
  idleP99: number;
  loadedP99: number;
  idleCpu0: Cpu0Share;
  loadedCpu0: Cpu0Share;
  burstSeconds: number;
  logins: Login[];
  /** Highest VmRSS sampled during the burst, kB. */
  peakRss: number;
  /** VmHWM before the burst (start-up included) and after it, kB. */
  hwmBefore: number;
  hwmAfter: number;
}

interface Setup {
  seconds: number;
  serverPin: string[];
  loadPin: string[];
  tmp: string;
}

async function measure(setup: Setup, load: Load, tag: string): Promise<Measure> {
  const { app, url: appUrl } = await startApp(setup.serverPin, `${setup.tmp}/${tag}.kv`);
  try {
    const page = await fetch(`${appUrl}${PAGE_PATH}`);
    await page.body?.cancel();
    if (page.status !== 200) throw new Error(`GET ${PAGE_PATH} → ${page.status}`);
    let script: string | null = null;
    if (load.thinkMs > 0) {
      script = `${setup.tmp}/think-${load.thinkMs}.lua`;
      await Deno.writeTextFile(script, `function delay()\n  return ${load.thinkMs}\nend\n`);
    }
    const options = (seconds: number): WrkOptions => ({
      url: `${appUrl}${PAGE_PATH}`,
      seconds,
      connections: CONNECTIONS,
      threads: THREADS,
      pin: setup.loadPin,
    });
    await wrkUntil(options(WARMUP_SECONDS), script);

    let watch = await cpu0Watch(app.pid);
    const idle = await wrkUntil(options(setup.seconds), script);
    const idleCpu0 = await watch();

    const hwmBefore = (await memoryKb(app.pid)).hwm;
    const sampler = sampleRss(app.pid);
    let burstStart = 0;
    const burst = sleep(300).then(() => {
      burstStart = performance.now();
      return loginBurst(appUrl, tag, LOGINS);
    });
    watch = await cpu0Watch(app.pid);
    const loaded = await wrkUntil(options(MAX_BURST_SECONDS), script, burst);
    const loadedCpu0 = await watch();
    const logins = await burst;
    const burstSeconds = (performance.now() - burstStart) / 1000;
    const peakRss = await sampler.stop();
    const hwmAfter = (await memoryKb(app.pid)).hwm;
    return {
      load,
      idle,
      loaded,
      idleP99: durationMs(idle.p99),
      loadedP99: durationMs(loaded.p99),
      idleCpu0,
      loadedCpu0,
      burstSeconds,
      logins,
      peakRss,
      hwmBefore,
      hwmAfter,
    };
  } finally {
    await app.stop();
  }
}

function statusSummary(logins: Login[]): string {
  const counts = new Map<string, number>();
  for (const l of logins) {
    const key = l.status === 503 ? `503 (Retry-After ${l.retryAfter})` : String(l.status || "network error");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n}× ${k}`).join(", ");
}

/** The larger share of CPU 0 that others took in the two windows of a measure. */
const noise = (r: Measure) => Math.max(r.idleCpu0.other + r.idleCpu0.steal, r.loadedCpu0.other + r.loadedCpu0.steal);

const cpu0Text = (s: Cpu0Share) => `other ${fmtPct(s.other)}, steal ${fmtPct(s.steal)}`;

async function main(): Promise<void> {
  const seconds = envInt("BENCH_SECONDS", 5, 600);
  const rounds = envInt("LOGIN_BENCH_ROUNDS", 3, 20);
  const { serverPin, loadPin, pinned, loadBefore } = await prepareBench();

  const tmp = await Deno.makeTempDir({ prefix: "goalmates-login-bench-" });
  const setup: Setup = { seconds, serverPin, loadPin, tmp };
  const results: Measure[] = [];
  try {
    console.log(
      `${rounds} rounds × ${LOADS.length} loads (${LOADS.map((l) => l.name).join(", ")}), each on a fresh server: ` +
        `roster p99 at rest (${seconds} s), then during ${LOGINS} logins for unknown accounts …`,
    );
    for (let round = 1; round <= rounds; round++) {
      for (const load of LOADS) {
        let r = await measure(setup, load, `${round}-${load.name}-1`);
        for (let attempt = 2; attempt <= MAX_ATTEMPTS && noise(r) > QUIET_SHARE; attempt++) {
          console.log(
            `  round ${round} ${load.name.padEnd(10)}  CPU 0 was busy (${fmtPct(noise(r))}); measuring again`,
          );
          const again = await measure(setup, load, `${round}-${load.name}-${attempt}`);
          if (noise(again) < noise(r)) r = again;
        }
        results.push(r);
        const loginMs = r.logins.map((l) => l.ms);
        console.log(
          `  round ${round} ${load.name.padEnd(10)}  at rest p99 ${fmtMs(r.idleP99)} ` +
            `(${Math.round(r.idle.requestsPerSecond)} req/s; CPU 0 ${cpu0Text(r.idleCpu0)})  ` +
            `logins p99 ${fmtMs(r.loadedP99)} (${Math.round(r.loaded.requestsPerSecond)} req/s, ` +
            `${r.burstSeconds.toFixed(1)} s; CPU 0 ${cpu0Text(r.loadedCpu0)})  ` +
            `ratio ${(r.loadedP99 / r.idleP99).toFixed(2)}  peak RSS ${fmtMb(r.peakRss)}  ` +
            `VmHWM ${fmtMb(r.hwmBefore)} → ${fmtMb(r.hwmAfter)}` +
            (r.idle.errors || r.loaded.errors ? `  wrk ERRORS ${r.idle.errors}/${r.loaded.errors}` : ""),
        );
        console.log(
          `      logins: ${statusSummary(r.logins)}; answered in ${fmtMs(Math.min(...loginMs))} … ` +
            `${fmtMs(Math.max(...loginMs))}`,
        );
      }
    }
  } finally {
    await Deno.remove(tmp, { recursive: true }).catch(() => {});
  }

  const lines = [
    "",
    "## Roster latency and server memory during a burst of 40 password logins",
    "",
    "| load | p99 at rest | p99 during logins | ratio (median of rounds) | target | peak RSS (max) | target |",
    "| --- | ---: | ---: | ---: | --- | ---: | --- |",
  ];
  for (const load of LOADS) {
    const mine = results.filter((r) => r.load === load);
    const ratio = median(mine.map((r) => r.loadedP99 / r.idleP99));
    const peakKb = Math.max(...mine.map((r) => Math.max(r.peakRss, r.hwmAfter)));
    lines.push(
      `| ${load.name} | ${fmtMs(median(mine.map((r) => r.idleP99)))} | ${
        fmtMs(median(mine.map((r) => r.loadedP99)))
      } | ${ratio.toFixed(2)} | ≤ ${TARGET_P99_RATIO} ${ratio <= TARGET_P99_RATIO ? "ok" : "MISSED"} | ${
        fmtMb(peakKb)
      } | < ${TARGET_PEAK_RSS_MB} MB ${peakKb < TARGET_PEAK_RSS_MB * 1024 ? "ok" : "MISSED"} |`,
    );
  }
  const noisy = results.filter((r) => noise(r) > QUIET_SHARE).length;
  const cpu = (await Deno.readTextFile("/proc/cpuinfo").catch(() => "")).match(/^model name\s*:\s*(.*)$/m)?.[1];
  const nproc = (await run("nproc", [])).stdout.trim() || String(navigator.hardwareConcurrency);
  const wrkCmd = wrkCommand({ url: "<url>", seconds, connections: CONNECTIONS, threads: THREADS, pin: loadPin });
  lines.push(
    "",
    `Noise: ${noisy} of ${results.length} measures kept were not quiet (others took over ` +
      `${fmtPct(QUIET_SHARE)} of CPU 0 after ${MAX_ATTEMPTS} attempts); see the rounds above.`,
    `Machine: nproc ${nproc}${cpu ? ` (${cpu})` : ""}, Deno ${Deno.version.deno}; ` +
      (pinned ? "server pinned to CPU 0, wrk to CPU 1" : "no CPU pinning") +
      (loadBefore ? `; load average before the run: ${loadBefore}.` : "."),
    "Command: `deno task bench:login` = `deno task build && NODE_ENV=production deno run -A bench/login_bench.ts` " +
      `(BENCH_SECONDS=${seconds}, LOGIN_BENCH_ROUNDS=${rounds}); wrk: \`${wrkCmd.join(" ")}\` ` +
      `(steady: plus \`-s\` a script whose delay() returns 5 ms; during the burst: until the last login is ` +
      `answered, then SIGINT); logins: ${LOGINS} × POST ${LOGIN_PATH}, ${LOGIN_SPACING_MS} ms apart.`,
  );
  console.log(lines.join("\n"));
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    console.error(`Benchmark failed: ${error instanceof Error ? error.message : error}`);
    Deno.exit(1);
  }
}
