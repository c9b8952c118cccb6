/**
 * KV operations and in-process time per family dashboard request, as the demo parent sees it:
 * figures that do not depend on how busy the machine is (unlike req/s). Run it under
 * `--cpu-prof` to see where a request's CPU goes without HTTP or wrk in the way.
 *
 *   NODE_ENV=production deno run -A bench/dashboard_reads.ts [requests=300]
 *   NODE_ENV=production deno run -A --cpu-prof --cpu-prof-dir=/tmp/prof bench/dashboard_reads.ts 2000
 */
import { createApp } from "../routes/mod.tsx";
import { loadConfig } from "../lib/config.ts";
import type { AssetManifest } from "../lib/render/assets.ts";
import { seedDemoAccounts, seedDemoCommunity, seedDemoTeam } from "../lib/demo/mod.ts";
import { cpuUsage } from "node:process";
import { BENCH_ROOT } from "./proc.ts";

/** Calls per Deno.Kv method, and keys read (a getMany of n counts n). */
export interface KvCounts {
  calls: Record<string, number>;
  keysRead: number;
}

/** A Deno.Kv that counts what is asked of it; reset `counts` between the requests you measure. */
export function countingKv(kv: Deno.Kv): { kv: Deno.Kv; counts: KvCounts } {
  const counts: KvCounts = { calls: {}, keysRead: 0 };
  const proxy = new Proxy(kv, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const name = String(prop);
        counts.calls[name] = (counts.calls[name] ?? 0) + 1;
        if (name === "get") counts.keysRead++;
        if (name === "getMany") counts.keysRead += (args[0] as unknown[]).length;
        if (name === "list") {
          // Each entry a list yields is a key read.
          const iter = value.apply(target, args) as Deno.KvListIterator<unknown>;
          return (async function* () {
            for await (const entry of iter) {
              counts.keysRead++;
              yield entry;
            }
          })();
        }
        return value.apply(target, args);
      };
    },
  });
  return { kv: proxy, counts };
}

function reset(counts: KvCounts) {
  counts.calls = {};
  counts.keysRead = 0;
}

/** Requests in flight at once while timing. */
const CONCURRENCY = 16;

if (import.meta.main) {
  const requests = Number(Deno.args[0] ?? 300);
  const raw = await Deno.openKv(":memory:");
  const demo = await seedDemoTeam(raw);
  await seedDemoAccounts(raw, demo);
  await seedDemoCommunity(raw, demo);
  const { kv, counts } = countingKv(raw);
  const origin = "http://127.0.0.1:9";
  const config = loadConfig({ APP_URL: origin, GOALMATES_KV: ":memory:", GOALMATES_ENV: "development" });
  // The built manifest as it is (its URLs are all the render needs), stale or not: this times the server's side.
  const assets: AssetManifest = JSON.parse(await Deno.readTextFile(`${BENCH_ROOT}/static/build/manifest.json`));
  const app = createApp({ kv, config, assets, requestLog: false });
  const login = await app.request(`${origin}/api/dev/auto-login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: "parent@example.com", teamSlug: "demo" }),
  });
  if (login.status !== 200) throw new Error(`auto-login → ${login.status}`);
  const { user } = await login.json();
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const path = `/family-dashboard/${user.selectedTeamId}`;
  const fetchPage = async () => {
    const res = await app.request(`${origin}${path}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`GET ${path} → ${res.status}`);
    return await res.text();
  };
  const first = await fetchPage();
  reset(counts);
  const html = await fetchPage();
  const perRequest = { calls: { ...counts.calls }, keysRead: counts.keysRead };
  for (let i = 0; i < 20; i++) await fetchPage();
  // Requests overlap as under load (a KV wait leaves the CPU to the others): the ms per request is CPU-bound.
  let left = requests;
  const started = performance.now();
  const cpuBefore = cpuUsage();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (left-- > 0) await fetchPage();
  }));
  const ms = (performance.now() - started) / requests;
  // CPU time (user + system, all threads) is what one core's throughput depends on, and less noisy than wall time.
  const cpuAfter = cpuUsage();
  const cpuMs = (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / 1000 / requests;
  console.log(JSON.stringify(
    {
      path,
      htmlBytes: new TextEncoder().encode(html).byteLength,
      sameAsFirst: html.length === first.length,
      kvPerRequest: perRequest,
      concurrency: CONCURRENCY,
      cpuMsPerRequest: Number(cpuMs.toFixed(3)),
      inProcessMsPerRequest: Number(ms.toFixed(3)),
      inProcessRequestsPerSecond: Math.round(1000 / ms),
    },
    null,
    2,
  ));
  raw.close();
}
