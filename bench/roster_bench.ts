/**
 * Roster benchmark: throughput of the public roster (page and API) against a bare
 * `Deno.serve` answering the same bytes, and the JavaScript each page loads.
 *
 *   deno task bench            (builds, then: NODE_ENV=production deno run -A bench/roster_bench.ts)
 *   BENCH_SECONDS=10 deno task bench
 *
 * Method (docs/performance.md): one core each for server and load generator — both
 * servers are pinned to CPU 0 and wrk to CPU 1 with `taskset` — and the result is the ratio to
 * the bare server, measured in the same run. A second bare server sends the app's security
 * headers too, to show what the headers alone cost, and a third sends them from a Response built
 * once and cloned per request, as the app's public response cache does (like with like). The
 * runs are interleaved for 3 rounds;
 * medians count. All traffic stays on 127.0.0.1 and every run stops by itself. Needs `wrk`.
 */
import type { AssetManifest } from "../lib/render/assets.ts";
import type { BareSpec } from "./bare_server.ts";
import { type JsFile, pageScripts, sizeFiles } from "./page_js.ts";
import { dashboardJsReport, measureDashboardJs } from "./dashboard_js.ts";
import { islandsReport } from "./island_size.ts";
import { benchScratch, clockTicks, cpuTicks, freePort, prepareBench, run, Server, startApp } from "./proc.ts";
import { runWrk, wrkCommand, type WrkOptions, type WrkResult } from "./wrk.ts";

const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const BUILD_DIR = `${ROOT}/static/build`;
const HOST = "127.0.0.1";
const WARMUP_SECONDS = 1;
const ROUNDS = 3;
const CONNECTIONS = 32;
const THREADS = 1;

interface Measure {
  label: string;
  path: string;
  contentType: RegExp;
  /** Minimum ratio of GoalMates to the bare server. */
  target: number;
  /** Minimum ratio of GoalMates to the bare server sending the app's headers too (issue 21). */
  headedTarget: number;
}

const PAGE_PATH = "/t/demo/roster";
const API_PATH = "/api/teams/demo/roster";
const MEASURES: Measure[] = [
  {
    label: "roster page `/t/demo/roster` (req/s)",
    path: PAGE_PATH,
    contentType: /^text\/html\b/,
    target: 0.6,
    headedTarget: 0.8,
  },
  {
    label: "roster API `/api/teams/demo/roster` (req/s)",
    path: API_PATH,
    contentType: /^application\/json\b/,
    target: 0.7,
    headedTarget: 0.85,
  },
];

/** Gzip bytes of JavaScript per page: landing exactly 0, the others strictly below. */
const JS_TARGETS = { landing: 0, rosterBefore: 5120, rosterDialog: 76800 };

/** One measured wrk run and the server's CPU use during it. */
interface Run {
  wrk: WrkResult;
  /** Share of one core the server process used (user + system). */
  cpuShare: number;
  /** Requests answered per CPU-second of the server: less sensitive to other load than req/s. */
  perCpuSecond: number;
}

/**
 * The app; a bare server with only Content-Type; a bare server with the app's headers too; and
 * one that builds that response once and sends a clone of it, as the app's public response cache
 * does (routes/fast_path.ts), so the last ratio compares like with like.
 */
type Kind = "app" | "bare" | "headed" | "once";
type Results = Map<string, Record<Kind, Run[]>>;

interface JsRow {
  page: string;
  files: JsFile[];
  target: number;
  op: "=" | "<";
}

function benchSeconds(): number {
  const value = Deno.env.get("BENCH_SECONDS");
  if (value === undefined || value === "") return 5;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 600) {
    throw new Error(`BENCH_SECONDS must be a whole number of seconds from 1 to 600, not ${JSON.stringify(value)}`);
  }
  return n;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const fmtInt = (n: number) => Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "?";
const fmtPct = (share: number) => Number.isFinite(share) ? `${Math.round(share * 100)}%` : "?";
const fmtRatio = (ratio: number) => Number.isFinite(ratio) ? ratio.toFixed(2) : "?";

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && a.every((byte, i) => byte === b[i]);
}

interface Fetched {
  status: number;
  contentType: string;
  body: Uint8Array;
  /** Response headers other than content-type and those the server sets itself. */
  headers: [string, string][];
}

const SERVER_SET_HEADERS = new Set(["content-type", "content-length", "date", "vary", "content-encoding"]);

async function get(url: string): Promise<Fetched> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return {
    status: res.status,
    contentType: res.headers.get("content-type") ?? "",
    body: new Uint8Array(await res.arrayBuffer()),
    headers: [...res.headers].filter(([name]) => !SERVER_SET_HEADERS.has(name)),
  };
}

/** Island markers of a rendered page: name, bundle URL and when it hydrates. */
function pageIslands(html: string): { name: string; src?: string; hydrate: string }[] {
  const islands = [];
  for (const [tag] of html.matchAll(/<[a-z][^>]*\sdata-island="[^"]*"[^>]*>/gi)) {
    const value = (name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]?.replaceAll("&amp;", "&");
    islands.push({ name: value("data-island")!, src: value("data-src"), hydrate: value("data-hydrate") ?? "load" });
  }
  return islands;
}

/** Runs wrk once (after an uncounted warm-up) and reads the server's CPU time around it. */
async function measure(options: WrkOptions, server: Server, ticksPerSecond: number): Promise<Run> {
  await runWrk({ ...options, seconds: WARMUP_SECONDS });
  const ticks0 = await cpuTicks(server.pid);
  const t0 = performance.now();
  const wrk = await runWrk(options);
  const wall = (performance.now() - t0) / 1000;
  const cpuSeconds = (await cpuTicks(server.pid) - ticks0) / ticksPerSecond;
  return { wrk, cpuShare: cpuSeconds / wall, perCpuSecond: wrk.requests / cpuSeconds };
}

/** The JS gzip bytes of the landing page, the roster page, and the roster with the dialog open. */
async function measureJs(appUrl: string, rosterHtml: string, notes: string[]): Promise<JsRow[]> {
  const manifest: AssetManifest = JSON.parse(await Deno.readTextFile(`${BUILD_DIR}/manifest.json`));
  const landing = await get(`${appUrl}/`);
  if (landing.status !== 200) throw new Error(`GET / → ${landing.status}`);
  const landingScripts = pageScripts(new TextDecoder().decode(landing.body));
  const rosterScripts = pageScripts(rosterHtml);
  if (!rosterScripts.urls.includes(manifest.boot)) {
    notes.push(`the roster page does not load manifest.boot (${manifest.boot}); it loads: ${rosterScripts.urls}`);
  }
  // An island that hydrates at load (not on interaction or visibility) loads its bundle up front.
  const islands = pageIslands(rosterHtml);
  const eager = islands.filter((i) => i.hydrate !== "interaction" && i.hydrate !== "visible");
  for (const i of islands.filter((i) => i.hydrate === "visible")) {
    notes.push(`island ${i.name} hydrates when visible: not counted before interaction`);
  }
  const dialog = islands.find((i) => i.name === "ClaimDialog");
  if (!dialog) notes.push("the roster page has no ClaimDialog island marker");
  else if (dialog.src !== manifest.islands.ClaimDialog) {
    notes.push(`ClaimDialog data-src ${dialog.src} ≠ manifest.islands.ClaimDialog ${manifest.islands.ClaimDialog}`);
  }
  const graphOf = (name: string) => {
    const graph = manifest.islandGraph[name];
    if (!graph) throw new Error(`manifest.islandGraph has no ${name}`);
    return graph;
  };
  const beforeUrls = [...new Set([...rosterScripts.urls, ...eager.flatMap((i) => graphOf(i.name))])];
  const dialogUrls = [...new Set([...beforeUrls, ...graphOf("ClaimDialog")])];
  const inlineBytes = (s: string[]) => s.reduce((n, text) => n + new TextEncoder().encode(text).byteLength, 0);
  if (landingScripts.inline.length || rosterScripts.inline.length) {
    notes.push(
      `inline JavaScript (not counted): landing ${inlineBytes(landingScripts.inline)} B, ` +
        `roster ${inlineBytes(rosterScripts.inline)} B`,
    );
  }
  const size = (urls: string[]) => sizeFiles(urls, BUILD_DIR, appUrl);
  // The same pages in Spanish: the islands' words travel in their props, so the scripts should be the same files.
  const inSpanish = async (path: string) => {
    const res = await fetch(`${appUrl}${path}`, { headers: { "accept-language": "es-US,es;q=0.9" } });
    const html = await res.text();
    if (!html.includes('<html lang="es"')) notes.push(`${path} in Spanish did not answer <html lang="es">`);
    return html;
  };
  const landingEs = pageScripts(await inSpanish("/"));
  const rosterEsHtml = await inSpanish(PAGE_PATH);
  const eagerEs = pageIslands(rosterEsHtml).filter((i) => i.hydrate !== "interaction" && i.hydrate !== "visible");
  const beforeEs = [...new Set([...pageScripts(rosterEsHtml).urls, ...eagerEs.flatMap((i) => graphOf(i.name))])];
  return [
    { page: "landing `/`", files: await size(landingScripts.urls), target: JS_TARGETS.landing, op: "=" },
    { page: "landing `/` in Spanish", files: await size(landingEs.urls), target: JS_TARGETS.landing, op: "=" },
    { page: "roster before interaction", files: await size(beforeUrls), target: JS_TARGETS.rosterBefore, op: "<" },
    {
      page: "roster before interaction, in Spanish",
      files: await size(beforeEs),
      target: JS_TARGETS.rosterBefore,
      op: "<",
    },
    {
      page: "roster with claim dialog open",
      files: await size(dialogUrls),
      target: JS_TARGETS.rosterDialog,
      op: "<",
    },
  ];
}

function throughputReport(results: Results): string[] {
  const lines = ["", "## Roster throughput", ""];
  lines.push("| measure | GoalMates | bare Deno.serve | ratio | target |");
  lines.push("| --- | ---: | ---: | ---: | --- |");
  let invalid = false;
  for (const m of MEASURES) {
    const r = results.get(m.path)!;
    const app = median(r.app.map((x) => x.wrk.requestsPerSecond));
    const bare = median(r.bare.map((x) => x.wrk.requestsPerSecond));
    const ratio = app / bare;
    const errors = [...r.app, ...r.bare].reduce((n, x) => n + x.wrk.errors, 0);
    if (errors) invalid = true;
    const status = errors ? `INVALID (${errors} errors)` : ratio >= m.target ? "ok" : "MISSED";
    lines.push(
      `| ${m.label} | ${fmtInt(app)} | ${fmtInt(bare)} | ${fmtRatio(ratio)} | ≥ ${m.target.toFixed(2)} ${status} |`,
    );
  }
  if (invalid) lines.push("Some runs had non-2xx responses or socket errors; those rows are not valid.");
  lines.push("");
  for (const m of MEASURES) {
    const r = results.get(m.path)!;
    const rounds = r.app.map((a, i) => {
      const b = r.bare[i];
      const ratio = a.wrk.requestsPerSecond / b.wrk.requestsPerSecond;
      return `${fmtInt(a.wrk.requestsPerSecond)} @${fmtPct(a.cpuShare)} / ` +
        `${fmtInt(b.wrk.requestsPerSecond)} @${fmtPct(b.cpuShare)} = ${fmtRatio(ratio)}`;
    });
    lines.push(`- ${m.path} per round (app req/s @server CPU / bare, ratio): ${rounds.join("; ")}`);
  }

  // What the headers alone cost: a bare server sending the app's security headers as well, with
  // a new Response per request, and with one Response built once and cloned (as the app does).
  lines.push(
    "",
    "The same bare server sending the app's security headers too, building each response, and building it once " +
      "and sending clones (as the app's public response cache does):",
    "",
  );
  lines.push(
    "| measure | GoalMates | bare + same headers | ratio | target | bare + same headers, built once | ratio |",
  );
  lines.push("| --- | ---: | ---: | ---: | --- | ---: | ---: |");
  for (const m of MEASURES) {
    const r = results.get(m.path)!;
    const app = median(r.app.map((x) => x.wrk.requestsPerSecond));
    const headed = median(r.headed.map((x) => x.wrk.requestsPerSecond));
    const once = median(r.once.map((x) => x.wrk.requestsPerSecond));
    const bare = median(r.bare.map((x) => x.wrk.requestsPerSecond));
    const ratio = app / headed;
    const status = !Number.isFinite(ratio) ? "?" : ratio >= m.headedTarget ? "ok" : "MISSED";
    lines.push(
      `| ${m.label} | ${fmtInt(app)} | ${fmtInt(headed)} (${fmtRatio(headed / bare)} of bare) | ${
        fmtRatio(ratio)
      } | ≥ ${m.headedTarget.toFixed(2)} ${status} | ${fmtInt(once)} | ${fmtRatio(app / once)} |`,
    );
  }

  // The same runs per CPU-second of the server: a cross-check when other processes share CPU 0.
  lines.push("", "Cross-check per server CPU-second (requests ÷ server user+system CPU time; medians):", "");
  lines.push("| measure | GoalMates | bare Deno.serve | ratio | target |");
  lines.push("| --- | ---: | ---: | ---: | --- |");
  for (const m of MEASURES) {
    const r = results.get(m.path)!;
    const app = median(r.app.map((x) => x.perCpuSecond));
    const bare = median(r.bare.map((x) => x.perCpuSecond));
    const ratio = app / bare;
    const status = !Number.isFinite(ratio) ? "?" : ratio >= m.target ? "ok" : "MISSED";
    lines.push(
      `| ${m.label.replace("(req/s)", "(req/CPU-s)")} | ${fmtInt(app)} | ${fmtInt(bare)} | ${fmtRatio(ratio)} | ≥ ${
        m.target.toFixed(2)
      } ${status} |`,
    );
  }
  return lines;
}

function jsReport(rows: JsRow[], notes: string[]): string[] {
  const lines = ["", "## JavaScript per page (gzip bytes)", ""];
  lines.push("| page | files (gzip bytes) | JS gzip bytes | target |");
  lines.push("| --- | --- | ---: | --- |");
  for (const row of rows) {
    const total = row.files.reduce((n, f) => n + f.gzipBytes, 0);
    const met = row.op === "=" ? total === row.target : total < row.target;
    const list = row.files.length
      ? row.files.map((f) => `${f.url.split("/").pop()} (${fmtInt(f.gzipBytes)})`).join(", ")
      : "none";
    lines.push(
      `| ${row.page} | ${list} | ${fmtInt(total)} | ${row.op} ${fmtInt(row.target)} ${met ? "ok" : "MISSED"} |`,
    );
  }
  for (const note of notes) lines.push(`Note: ${note}`);
  return lines;
}

async function main(): Promise<void> {
  const seconds = benchSeconds();
  const { serverPin, loadPin, pinned, loadBefore } = await prepareBench();
  const ticksPerSecond = await clockTicks();

  const scratch = await benchScratch("goalmates-bench-");
  const { tmp, servers } = scratch;

  try {
    // 1. The real app, seeded with the demo team, on a fresh database.
    const { app, url: appUrl } = await startApp(serverPin, `${tmp}/goalmates.kv`);
    console.log(`Started GoalMates on ${appUrl}`);
    servers.push(app);

    // 2. The exact bytes the app answers, served again by a bare Deno.serve.
    const spec: BareSpec = { routes: [] };
    const appBodies = new Map<string, Fetched>();
    for (const [i, m] of MEASURES.entries()) {
      const res = await get(`${appUrl}${m.path}`);
      if (res.status !== 200 || !m.contentType.test(res.contentType)) {
        throw new Error(`GET ${m.path} → ${res.status} ${res.contentType}; expected 200 ${m.contentType}`);
      }
      const bodyFile = `${tmp}/body-${i}`;
      await Deno.writeFile(bodyFile, res.body);
      spec.routes.push({ path: m.path, contentType: res.contentType, bodyFile });
      appBodies.set(m.path, res);
    }
    const roster = JSON.parse(new TextDecoder().decode(appBodies.get(API_PATH)!.body));
    if (roster.players?.length !== 14) {
      console.warn(`WARNING: the demo roster has ${roster.players?.length} players, not the 14 of lib/seed.ts.`);
    }
    await Deno.writeTextFile(`${tmp}/bare.json`, JSON.stringify(spec));
    const headedSpec: BareSpec = {
      routes: spec.routes.map((r) => ({ ...r, headers: appBodies.get(r.path)!.headers })),
    };
    await Deno.writeTextFile(`${tmp}/headed.json`, JSON.stringify(headedSpec));
    await Deno.writeTextFile(`${tmp}/once.json`, JSON.stringify({ ...headedSpec, builtOnce: true }));

    const startBare = async (specFile: string, name: string) => {
      const port = freePort();
      const url = `http://${HOST}:${port}`;
      console.log(`Starting ${name} on ${url} …`);
      const server = await Server.start({
        name,
        command: [
          ...serverPin,
          Deno.execPath(),
          "run",
          `--allow-net=${HOST}:${port}`,
          `--allow-read=${tmp}`,
          "bench/bare_server.ts",
          String(port),
          specFile,
        ],
        cwd: ROOT,
        readyUrl: `${url}/`,
        readyTimeoutMs: 30_000,
      });
      servers.push(server);
      for (const m of MEASURES) {
        const res = await get(`${url}${m.path}`);
        const expected = appBodies.get(m.path)!;
        if (res.status !== 200 || res.contentType !== expected.contentType || !equalBytes(res.body, expected.body)) {
          throw new Error(`${name} does not answer ${m.path} with the app's bytes`);
        }
      }
      return { url, server };
    };
    const { url: bareUrl, server: bare } = await startBare(`${tmp}/bare.json`, "bare Deno.serve");
    const { url: headedUrl, server: headed } = await startBare(`${tmp}/headed.json`, "bare Deno.serve + app headers");
    const { url: onceUrl, server: once } = await startBare(`${tmp}/once.json`, "the same, built once");
    for (const m of MEASURES) {
      const expected = appBodies.get(m.path)!;
      console.log(`  ${m.path}: ${fmtInt(expected.body.byteLength)} bytes, ${expected.contentType}`);
    }

    // 3. Throughput: app, bare, bare + headers and built once interleaved, ROUNDS times; the median of each counts.
    const wrkOptions = (url: string): WrkOptions => ({
      url,
      seconds,
      connections: CONNECTIONS,
      threads: THREADS,
      pin: loadPin,
    });
    console.log(
      `Measuring ${ROUNDS} rounds × ${MEASURES.length} paths × (app, bare, bare + headers, built once), ${seconds} s each after a ` +
        `${WARMUP_SECONDS} s warm-up …`,
    );
    const results: Results = new Map(MEASURES.map((m) => [m.path, { app: [], bare: [], headed: [], once: [] }]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const m of MEASURES) {
        const kinds = [
          ["app", appUrl, app],
          ["bare", bareUrl, bare],
          ["headed", headedUrl, headed],
          ["once", onceUrl, once],
        ] as const;
        for (const [kind, base, server] of kinds) {
          const r = await measure(wrkOptions(`${base}${m.path}`), server, ticksPerSecond);
          results.get(m.path)![kind].push(r);
          console.log(
            `  round ${round}  ${kind.padEnd(6)}  ${m.path.padEnd(24)} ${
              fmtInt(r.wrk.requestsPerSecond).padStart(7)
            } req/s  server CPU ${fmtPct(r.cpuShare).padStart(4)}  p50 ${r.wrk.p50 ?? "?"}  p99 ${r.wrk.p99 ?? "?"}` +
              (r.wrk.errors ? `  ERRORS ${r.wrk.errors}` : ""),
          );
        }
      }
    }

    // 4. JavaScript per page, gzip bytes of the files in static/build/.
    const notes: string[] = [];
    const jsRows = await measureJs(appUrl, new TextDecoder().decode(appBodies.get(PAGE_PATH)!.body), notes);
    const manifest: AssetManifest = JSON.parse(await Deno.readTextFile(`${BUILD_DIR}/manifest.json`));
    const dashboardJs = await measureDashboardJs(appUrl, manifest, BUILD_DIR, notes);

    // 5. Report.
    const cpu = (await Deno.readTextFile("/proc/cpuinfo").catch(() => "")).match(/^model name\s*:\s*(.*)$/m)?.[1];
    const nproc = (await run("nproc", [])).stdout.trim() || String(navigator.hardwareConcurrency);
    const wrkVersion = (await run("wrk", ["--version"])).stdout.match(/^wrk (\S+)/m)?.[1] ?? "?";
    const lines = [
      ...throughputReport(results),
      ...jsReport(jsRows, notes),
      ...dashboardJsReport(dashboardJs),
      ...await islandsReport(),
      "",
    ];
    lines.push(
      `Machine: nproc ${nproc}${cpu ? ` (${cpu})` : ""}, ${Deno.build.os} ${Deno.build.arch}, ` +
        `Deno ${Deno.version.deno} (V8 ${Deno.version.v8}), wrk ${wrkVersion}; ` +
        (pinned ? "servers pinned to CPU 0, wrk to CPU 1" : "no CPU pinning") +
        (loadBefore ? `; load average before the run: ${loadBefore}.` : "."),
    );
    lines.push(
      "Command: `deno task bench` = `deno task build && NODE_ENV=production deno run -A bench/roster_bench.ts`" +
        ` (BENCH_SECONDS=${seconds}); each measure: \`${wrkCommand(wrkOptions("<url>")).join(" ")}\`` +
        ` after a ${WARMUP_SECONDS} s warm-up; ${ROUNDS} interleaved rounds (app, bare, bare + headers, built once); median req/s.`,
    );
    lines.push(
      "JS: node:zlib gzipSync (level 6) of each file in static/build/, summed. 'Before interaction' = the page's " +
        "<script src> and modulepreload plus islands that hydrate at load; 'dialog open' adds " +
        "manifest.islandGraph.ClaimDialog.",
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
    console.error(`Benchmark failed: ${error instanceof Error ? error.message : error}`);
    Deno.exit(1);
  }
}
