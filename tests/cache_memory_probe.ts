/**
 * Run by integration/cache_memory_test.ts in a process of its own, because `deno test
 * --parallel` runs test files side by side in one process and RSS is the whole process's: this
 * sends 5,000 letter-case spellings of a team's slug to the roster page and 5,000 spellings (letter
 * case or percent-encoding) to the roster API, and prints, as one JSON line, the RSS growth and what
 * the two render caches and the public response cache hold afterwards.
 */
import assert from "node:assert/strict";
import { seedTeam, TEST_ASSETS, TEST_ORIGIN } from "./helpers.ts";
import { createApp } from "../routes/mod.tsx";
import { loadConfig } from "../lib/config.ts";
import { TeamCache } from "../lib/render/team_cache.ts";
import { type RenderedPage, renderedPageBytes } from "../lib/render/page.tsx";
import { PublicResponseCache } from "../routes/fast_path.ts";

const SPELLINGS = 5_000;

/** The `n`th letter-case spelling of `slug` (digits and dashes stay as they are). */
const spelling = (slug: string, n: number) =>
  [...slug].map((ch, i) => (n >> (i % 30)) & 1 ? ch.toUpperCase() : ch).join("");

using kv = await Deno.openKv(":memory:");
const rosterPages = new TeamCache<RenderedPage>(kv, { sizeOf: renderedPageBytes });
const rosterJson = new TeamCache<string>(kv);
const config = loadConfig({ APP_URL: TEST_ORIGIN, GOALMATES_KV: ":memory:" });
const publicResponses = new PublicResponseCache(kv);
const app = createApp({ kv, config, assets: TEST_ASSETS, caches: { rosterPages, rosterJson, publicResponses } });
const { team } = await seedTeam(kv, { name: "Riverside Rockets Blue" });
const slug = team.slug;

/** The `n`th spelling of `slug` with some letters percent-encoded (in either case of hex digit). */
const encoded = (slug: string, n: number) =>
  [...slug].map((ch, i) => (n >> (i % 30)) & 1 ? `%${ch.charCodeAt(0).toString(16)}` : ch).join("")
    .replace(/%[0-9a-f]{2}/g, (code, at) => at % 2 ? code.toUpperCase() : code);

await (await app.request(`${TEST_ORIGIN}/t/${slug}/roster?sort=jersey`)).text();
await (await app.request(`${TEST_ORIGIN}/t/${slug}/roster`)).text();
const canonicalJson = await (await app.request(`${TEST_ORIGIN}/api/teams/${slug}/roster`)).text();
const rssBefore = Deno.memoryUsage().rss;
let redirects = 0;
for (let n = 1; n <= SPELLINGS; n++) {
  const spelled = spelling(slug, n);
  const page = await app.request(`${TEST_ORIGIN}/t/${spelled}/roster?sort=jersey`);
  if (page.status === 301 && page.headers.get("location") === `/t/${slug}/roster?sort=jersey`) redirects++;
  await page.body?.cancel();
  // Every other API request percent-encodes instead: decoded, it is the one spelling.
  const path = `/api/teams/${n % 2 ? spelled : encoded(slug, n)}/roster`;
  const json = await app.request(`${TEST_ORIGIN}${path}`);
  assert.equal(json.status, 200, path);
  assert.equal(await json.text(), canonicalJson, "the same roster whatever the spelling");
}
const growthMb = (Deno.memoryUsage().rss - rssBefore) / 1024 / 1024;
console.log(JSON.stringify({
  slug,
  spellings: SPELLINGS,
  redirects,
  growthMb,
  pages: rosterPages.stats(),
  json: rosterJson.stats(),
  publicResponses: publicResponses.stats(),
}));
rosterPages.close();
rosterJson.close();
publicResponses.close();
