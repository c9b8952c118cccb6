// R25, R46: no request pattern grows the render caches. Spelling a team's slug in ever new
// letter cases once stored a cached page per spelling; now a page moves to the one spelling,
// the API keys on it, and the caches stay the same size.
import assert from "node:assert/strict";
import { seedTeam, TEST_ASSETS, TEST_ORIGIN } from "../helpers.ts";
import { createApp } from "../../routes/mod.tsx";
import { loadConfig } from "../../lib/config.ts";
import { TeamCache } from "../../lib/render/team_cache.ts";
import { type RenderedPage, renderedPageBytes } from "../../lib/render/page.tsx";

const SPELLINGS = 5_000;

/** The `n`th of 2^len letter-case spellings of `slug` (digits and dashes stay as they are). */
function spelling(slug: string, n: number): string {
  return [...slug].map((ch, i) => (n >> (i % 30)) & 1 ? ch.toUpperCase() : ch).join("");
}

Deno.test("[cache memory] 5,000 spellings of a slug: one cache entry, a redirect for the page, RSS growth < 50 MB", async () => {
  using kv = await Deno.openKv(":memory:");
  const rosterPages = new TeamCache<RenderedPage>(kv, { sizeOf: renderedPageBytes });
  const rosterJson = new TeamCache<string>(kv);
  const config = loadConfig({ APP_URL: TEST_ORIGIN, GOALMATES_KV: ":memory:" });
  const app = createApp({ kv, config, assets: TEST_ASSETS, caches: { rosterPages, rosterJson } });
  const { team } = await seedTeam(kv, { name: "Riverside Rockets Blue" });
  const slug = team.slug;
  assert.ok(slug.length >= 16, slug);

  const canonicalPage = await app.request(`${TEST_ORIGIN}/t/${slug}/roster?sort=jersey`);
  assert.equal(canonicalPage.status, 200);
  await canonicalPage.text();
  const canonicalJson = await (await app.request(`${TEST_ORIGIN}/api/teams/${slug}/roster`)).text();
  const rssBefore = Deno.memoryUsage().rss;

  for (let n = 1; n <= SPELLINGS; n++) {
    const spelled = spelling(slug, n);
    const page = await app.request(`${TEST_ORIGIN}/t/${spelled}/roster?sort=jersey`);
    if (spelled !== slug) {
      assert.equal(page.status, 301, spelled);
      assert.equal(page.headers.get("location"), `/t/${slug}/roster?sort=jersey`);
    }
    await page.body?.cancel();
    const json = await app.request(`${TEST_ORIGIN}/api/teams/${spelled}/roster`);
    assert.equal(json.status, 200, spelled);
    assert.equal(await json.text(), canonicalJson, "the same roster whatever the spelling");
  }

  assert.deepEqual(
    { teams: rosterPages.stats().teams, aliases: rosterPages.stats().aliases },
    { teams: 1, aliases: 1 },
  );
  assert.deepEqual({ teams: rosterJson.stats().teams, aliases: rosterJson.stats().aliases }, { teams: 1, aliases: 1 });
  const growthMb = (Deno.memoryUsage().rss - rssBefore) / 1024 / 1024;
  assert.ok(growthMb < 50, `RSS grew ${growthMb.toFixed(1)} MB over ${SPELLINGS} spellings`);
  rosterPages.close();
  rosterJson.close();
});

Deno.test("[cache memory] a slug in another case still finds the team, by id too", async () => {
  using kv = await Deno.openKv(":memory:");
  const config = loadConfig({ APP_URL: TEST_ORIGIN, GOALMATES_KV: ":memory:" });
  const app = createApp({ kv, config, assets: TEST_ASSETS });
  const { team } = await seedTeam(kv);
  const upper = await app.request(`${TEST_ORIGIN}/t/${team.slug.toUpperCase()}/roster`);
  assert.equal(upper.status, 301);
  assert.equal(upper.headers.get("location"), `/t/${team.slug}/roster`);
  const byId = await app.request(`${TEST_ORIGIN}/api/teams/${team.id}/roster`);
  assert.equal(byId.status, 200);
  assert.equal((await byId.json()).team.slug, team.slug);
  const unknown = await app.request(`${TEST_ORIGIN}/t/No-Such-Team/roster`);
  assert.equal(unknown.status, 301, "the spelling moves first; the canonical address then says not found");
  assert.equal((await app.request(`${TEST_ORIGIN}/t/no-such-team/roster`)).status, 404);
});
