/**
 * Development mode's demo team comes alive (DECISIONS.md): parents in families, posts of all
 * three kinds, essentials, a poll and a fun fact, upcoming events; seeding twice adds nothing.
 */
import assert from "node:assert/strict";
import { createTestApp, kvJson, kvValues, TEST_ORIGIN } from "../helpers.ts";
import { signIn } from "../admin_helpers.ts";
import { seedDemoAccounts, seedDemoCommunity, seedDemoTeam } from "../../lib/demo/mod.ts";
import { readableText } from "../i18n_helpers.ts";

const NOW = new Date("2026-11-23T15:00:00Z");

Deno.test("[demo] the demo parent's dashboard is alive, and a second seed changes nothing", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const team = await seedDemoTeam(t.kv, NOW);
  await seedDemoAccounts(t.kv, team, NOW);
  await seedDemoCommunity(t.kv, team, NOW);

  const posts = await kvValues<{ postType: string }>(t.kv, { prefix: ["posts", team.id] });
  assert.deepEqual([...new Set(posts.map((p) => p.postType))].sort(), ["advice", "kudos", "news"]);
  const essentials = await kvValues(t.kv, { prefix: ["essentials", team.id] });
  assert.ok(essentials.length >= 3, "essentials");
  const campaigns = await kvValues<{ type: string; teamId: string }>(t.kv, { prefix: ["campaigns"] });
  assert.deepEqual(campaigns.map((c) => c.type).sort(), ["fun_fact", "poll"]);
  const events = await kvValues<{ startTime: string }>(t.kv, { prefix: ["events", team.id] });
  assert.ok(events.length >= 3, "upcoming events");
  const families = await kvValues(t.kv, { prefix: ["families", team.id] });
  assert.ok(families.length >= 4, "families");

  const before = kvJson(await kvValues(t.kv, { prefix: [] }));
  await seedDemoAccounts(t.kv, team, NOW);
  await seedDemoCommunity(t.kv, team, NOW);
  assert.equal(kvJson(await kvValues(t.kv, { prefix: [] })), before, "seeding again adds nothing");

  const cookie = await signIn(t, "parent@example.com");
  const res = await t.app.request(`${TEST_ORIGIN}/family-dashboard/${team.id}`, { headers: { cookie } });
  assert.equal(res.status, 200);
  const html = await res.text();
  for (const text of ["Picture day is moved", "Size 4 match ball", "Where should we hold the end-of-season party?"]) {
    assert.ok(html.includes(text), text);
  }
  assert.ok(html.includes("Game vs Hawks"), "an upcoming event");
  // What the page shows: the islands' props carry their texts (an empty feed's words among them).
  assert.ok(!readableText(html).includes("No Events To Display"));
  assert.ok(!readableText(html).includes("Start the Conversation"));
});
