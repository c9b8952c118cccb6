// R25, R46: no request pattern grows the render caches. Spelling a team's slug in ever new
// letter cases once stored a cached page per spelling; now a page moves to the one spelling,
// the API keys on it, and the caches stay the same size.
import assert from "node:assert/strict";
import { seedTeam, TEST_ASSETS, TEST_ORIGIN } from "../helpers.ts";
import { createApp } from "../../routes/mod.tsx";
import { loadConfig } from "../../lib/config.ts";

Deno.test("[cache memory] 5,000 spellings of a slug: one cache entry, a redirect for the page, RSS growth < 50 MB", async () => {
  // A process of its own: test files run side by side in this one, and RSS is per process.
  const probe = new URL("../cache_memory_probe.ts", import.meta.url).pathname;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", probe],
    env: { NODE_ENV: "production" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  const lines = new TextDecoder().decode(stdout).trim().split("\n");
  // The probe's one line of results (the request log may write lines of its own).
  const result = JSON.parse(lines.findLast((line) => line.startsWith('{"slug"'))!);
  assert.ok(result.slug.length >= 16, result.slug);
  assert.equal(result.redirects, result.spellings - 1, "every other spelling of the page moves to the canonical one");
  assert.deepEqual({ teams: result.pages.teams, aliases: result.pages.aliases }, { teams: 1, aliases: 1 });
  assert.deepEqual({ teams: result.json.teams, aliases: result.json.aliases }, { teams: 1, aliases: 1 });
  // The public response cache keeps the page and the JSON under their one spelling only.
  const { teams, variants, aliases } = result.publicResponses.teams;
  assert.deepEqual({ teams, variants, aliases, files: result.publicResponses.files }, {
    teams: 1,
    variants: 2,
    aliases: 2,
    files: 0,
  });
  assert.ok(result.growthMb < 50, `RSS grew ${result.growthMb.toFixed(1)} MB over ${result.spellings} spellings`);
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
