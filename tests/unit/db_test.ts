import assert from "node:assert/strict";
import { createTeam, getTeamBySlug, isSlugTaken, resolveTeam, slugify } from "../../lib/db/teams.ts";
import { countPlayers, listPlayers, listPlayersPage } from "../../lib/db/players.ts";
import { keys } from "../../lib/db/keys.ts";
import { ConflictError, RateLimitError } from "../../lib/errors.ts";
import { consumeRateLimits } from "../../lib/db/rate_limits.ts";
import { DEMO_SLUG, seedDemoTeam } from "../../lib/demo/seed.ts";
import { createPlayer, randomTeamInput } from "../helpers.ts";

Deno.test("[db] slugify makes lowercase kebab-case", () => {
  assert.equal(slugify("U10 Lions!"), "u10-lions");
  assert.equal(slugify("  Ça va — FC  "), "ca-va-fc");
  assert.equal(slugify("!!!"), "team");
  assert.ok(slugify("x".repeat(100)).length <= 48);
});

Deno.test("[db] teams: the system administrator's path words are never a team's slug", async () => {
  await using kv = await Deno.openKv(":memory:");
  for (const word of ["Campaigns", "Teams", "Audit"]) {
    const team = await createTeam(kv, randomTeamInput({ name: word }));
    assert.equal(team.slug, `${word.toLowerCase()}-2`);
    assert.equal(await isSlugTaken(kv, word.toLowerCase()), true);
  }
  await assert.rejects(createTeam(kv, randomTeamInput({ slug: "audit" })), ConflictError);
});

Deno.test("[db] teams: unique slugs with -2, -3 on collision, even when created at once", async () => {
  using kv = await Deno.openKv(":memory:");
  const teams = await Promise.all(Array.from({ length: 5 }, () => createTeam(kv, randomTeamInput({ name: "Lions" }))));
  assert.deepEqual(teams.map((t) => t.slug).toSorted(), ["lions", "lions-2", "lions-3", "lions-4", "lions-5"]);
  for (const t of teams) assert.equal((await getTeamBySlug(kv, t.slug))?.id, t.id);
  await assert.rejects(createTeam(kv, randomTeamInput({ slug: "lions" })), ConflictError);
  assert.equal((await resolveTeam(kv, teams[0].id))?.id, teams[0].id);
  assert.equal((await resolveTeam(kv, "LIONS"))?.slug, "lions");
  assert.equal(await resolveTeam(kv, "../etc"), null);
});

Deno.test("[db] players: listed a page at a time, every player exactly once", async () => {
  using kv = await Deno.openKv(":memory:");
  const team = await createTeam(kv, randomTeamInput());
  for (let i = 0; i < 7; i++) {
    await createPlayer(kv, team.id, { firstName: `P${i}`, lastName: "B", jerseyNumber: i }, new Date(1_000 + i));
  }
  const seen: string[] = [];
  let cursor = "";
  let pages = 0;
  do {
    const page = await listPlayersPage(kv, team.id, { cursor, limit: 3 });
    seen.push(...page.values.map((p) => p.firstName));
    cursor = page.cursor;
    pages++;
  } while (cursor);
  assert.deepEqual(seen, ["P0", "P1", "P2", "P3", "P4", "P5", "P6"]);
  assert.equal(pages, 3);
  assert.deepEqual((await listPlayers(kv, team.id)).map((p) => p.firstName), seen);
  assert.equal(await countPlayers(kv, team.id), 7);
});

Deno.test("[db] rate limits: fixed windows, all rules counted in one commit", async () => {
  using kv = await Deno.openKv(":memory:");
  const rules = [
    { bucket: "b", subject: "ip", limit: 3, windowMs: 60_000 },
    { bucket: "b", subject: "mail", limit: 2, windowMs: 60_000 },
  ];
  const msg = (m: number) => `wait ${m}`;
  await consumeRateLimits(kv, rules, msg, 0);
  await consumeRateLimits(kv, rules, msg, 1000);
  await assert.rejects(consumeRateLimits(kv, rules, msg, 30_000), (e: RateLimitError) => {
    assert.ok(e instanceof RateLimitError);
    assert.equal(e.retryAfterSeconds, 30);
    assert.equal(e.message, "wait 1");
    return true;
  });
  // The refused attempt counted nothing, not even on the rule that had room.
  assert.equal((await kv.get(keys.rateLimit("b", "ip", 0))).value, 2);
  await consumeRateLimits(kv, rules, msg, 60_000);
});

Deno.test("[db] the demo seed is idempotent, also when two instances start at once", async () => {
  using kv = await Deno.openKv(":memory:");
  const [a, b] = await Promise.all([seedDemoTeam(kv), seedDemoTeam(kv)]);
  assert.equal(a.id, b.id);
  const again = await seedDemoTeam(kv);
  assert.equal(again.id, a.id);
  const players = await listPlayers(kv, a.id);
  assert.ok(players.length >= 12);
  assert.ok(players.some((p) => p.position === null));
  assert.ok(new Set(players.map((p) => p.position).filter(Boolean)).size >= 4);
  assert.equal(a.slug, DEMO_SLUG);
  assert.equal((await Array.fromAsync(kv.list({ prefix: keys.allTeams() }))).length, 1);
});
