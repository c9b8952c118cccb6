/**
 * WORKERS benchmark: the public roster (page and JSON) and a signed-in page (the demo parent's
 * family dashboard) with 1 and with 2 isolates serving the port (main.ts, routes/serve_workers.ts),
 * and the same 2 isolates as `deno serve --parallel` runs them (bench/serve_parallel_entry.ts), the
 * alternative WORKERS was chosen against.
 *
 *   deno task build && NODE_ENV=production deno run -A bench/workers_bench.ts
 *   BENCH_SECONDS=10 BENCH_SERVER_CPUS=0-2 BENCH_WRK_CPUS=3 …   (a 4-core machine)
 *
 * Method: the server is pinned to BENCH_SERVER_CPUS and wrk to BENCH_WRK_CPUS with `taskset`.
 * Besides req/s, each run reports requests per CPU-second of the server (all its isolates and
 * threads), which depends less on what else the machine does.
 *
 * On a 2-core machine (the default there: server on 0-1, wrk on 1) the pinning cannot give two
 * isolates two cores of their own: wrk takes part of core 1 in every run, so 2 workers can gain
 * at most what wrk leaves free, and 1 worker gets core 0 alone while wrk runs on core 1. The
 * figures then show that the port is shared evenly and what a second isolate costs per request,
 * not the gain on a machine with a spare core for the load generator; run it where the server can
 * have N cores and wrk another.
 */
import { clockTicks, cpuTicks, freePort, pinPrefix, prepareBench, run, Server, signInAsDemoParent } from "./proc.ts";
import { BENCH_HOST, BENCH_ROOT } from "./proc.ts";
import { parseWrk, type WrkResult } from "./wrk.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 5);
const CONNECTIONS = 32;
const cores = navigator.hardwareConcurrency;
const SERVER_CPUS = Deno.env.get("BENCH_SERVER_CPUS") ?? (cores >= 3 ? `0-${cores - 2}` : "0-1");
const WRK_CPUS = Deno.env.get("BENCH_WRK_CPUS") ?? String(cores - 1);

interface Setup {
  label: string;
  command: (port: number) => string[];
  env: Record<string, string>;
}

const kvPath = `${await Deno.makeTempDir({ prefix: "goalmates-workers-bench-" })}/bench.kv`;
const appEnv = (port: number): Record<string, string> => ({
  NODE_ENV: "production",
  GOALMATES_ENV: "development",
  GOALMATES_KV: kvPath,
  PORT: String(port),
  HOSTNAME: BENCH_HOST,
  APP_URL: `http://${BENCH_HOST}:${port}`,
});
const SETUPS: Setup[] = [
  { label: "main.ts, WORKERS=1", command: () => [Deno.execPath(), "run", "-A", "main.ts"], env: { WORKERS: "1" } },
  { label: "main.ts, WORKERS=2", command: () => [Deno.execPath(), "run", "-A", "main.ts"], env: { WORKERS: "2" } },
  {
    label: "deno serve --parallel, 2 isolates",
    command: (port) => [
      Deno.execPath(),
      "serve",
      "-A",
      "--parallel",
      "--host",
      BENCH_HOST,
      "--port",
      String(port),
      "bench/serve_parallel_entry.ts",
    ],
    env: { DENO_JOBS: "2", WORKERS: "1" },
  },
];

async function wrk(url: string, headers: string[], pin: string[]): Promise<WrkResult> {
  const args = ["wrk", "-t1", `-c${CONNECTIONS}`, `-d${SECONDS}s`, "--timeout", "2s", "--latency"];
  for (const header of headers) args.push("-H", header);
  const [cmd, ...rest] = [...pin, ...args, url];
  const out = await run(cmd, rest, (SECONDS + 20) * 1000);
  return parseWrk(out.stdout);
}

const { loadBefore } = await prepareBench();
const serverPin = (await pinPrefix(0)).length ? ["taskset", "-c", SERVER_CPUS] : [];
const wrkPin = (await pinPrefix(0)).length ? ["taskset", "-c", WRK_CPUS] : [];
const ticksPerSecond = await clockTicks();
console.log(
  `# WORKERS bench: ${SECONDS} s per run, ${CONNECTIONS} connections, server on CPUs ${SERVER_CPUS}, ` +
    `wrk on ${WRK_CPUS} (${cores} cores; load before ${loadBefore})`,
);
if (cores < 3) {
  console.log("# 2 cores: wrk shares a core with the server's second isolate (see the header of this file).");
}

// main.ts seeds the demo team once; every setup then serves the same database.
const seedPort = freePort();
const seeded = await Server.start({
  name: "seed",
  command: [Deno.execPath(), "run", "-A", "main.ts"],
  cwd: BENCH_ROOT,
  env: { ...appEnv(seedPort), WORKERS: "1" },
  readyUrl: `http://${BENCH_HOST}:${seedPort}/`,
});
await seeded.stop();

const rows: string[] = [
  "| setup | path | req/s | p99 | req per server CPU-s | errors |",
  "|---|---|---:|---:|---:|---:|",
];
for (const setup of SETUPS) {
  const port = freePort();
  const url = `http://${BENCH_HOST}:${port}`;
  const server = await Server.start({
    name: setup.label,
    command: [...serverPin, ...setup.command(port)],
    cwd: BENCH_ROOT,
    env: { ...appEnv(port), ...setup.env },
    readyUrl: `${url}/`,
  });
  try {
    const { cookie, teamId } = await signInAsDemoParent(url);
    const paths: [string, string[]][] = [
      ["/t/demo/roster", []],
      ["/api/teams/demo/roster", []],
      [`/family-dashboard/${teamId}`, [`Cookie: ${cookie}`]],
    ];
    for (const [path, headers] of paths) {
      await wrk(`${url}${path}`, headers, wrkPin).catch(() => null); // warm-up, caches filled on every isolate
      const before = await cpuTicks(server.pid);
      const result = await wrk(`${url}${path}`, headers, wrkPin);
      const cpuSeconds = (await cpuTicks(server.pid) - before) / ticksPerSecond;
      const perCpu = Math.round(result.requests / cpuSeconds);
      const shown = path.startsWith("/family-dashboard/") ? "/family-dashboard/:teamId (signed in)" : path;
      rows.push(
        `| ${setup.label} | ${shown} | ${Math.round(result.requestsPerSecond)} | ${
          result.p99 ?? "?"
        } | ${perCpu} | ${result.errors} |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await server.stop();
  }
}
console.log(`\n${rows.join("\n")}`);
await Deno.remove(kvPath.replace(/\/bench\.kv$/, ""), { recursive: true });
