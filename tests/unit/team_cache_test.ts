import assert from "node:assert/strict";
import { TeamCache } from "../../lib/render/team_cache.ts";
import { readRevision } from "../../lib/db/team_revisions.ts";
import { keys } from "../../lib/db/keys.ts";
import { commitTeamChange } from "../../lib/db/team_revisions.ts";

const loader = (kv: Deno.Kv, teamId: string, value: () => string) => async () => ({
  teamId,
  revision: await readRevision(kv, teamId),
  value: value(),
});

Deno.test("[cache] serves a stored value until this process commits a change to the team", async () => {
  using kv = await Deno.openKv(":memory:");
  const cache = new TeamCache<string>(kv);
  let renders = 0;
  const load = loader(kv, "t1", () => `render ${++renders}`);
  assert.equal(await cache.getOrLoad("slug", "v", load), "render 1");
  assert.equal(await cache.getOrLoad("slug", "v", load), "render 1");
  assert.equal(cache.get("slug", "other"), undefined);
  await commitTeamChange(kv, kv.atomic(), "t2");
  assert.equal(cache.get("slug", "v"), "render 1", "another team's change keeps this entry");
  await commitTeamChange(kv, kv.atomic(), "t1");
  assert.equal(cache.get("slug", "v"), undefined);
  assert.equal(await cache.getOrLoad("slug", "v", load), "render 2");
  cache.close();
});

Deno.test("[cache] a load that overlapped a change is returned but not stored", async () => {
  using kv = await Deno.openKv(":memory:");
  const cache = new TeamCache<string>(kv);
  const value = await cache.getOrLoad("k", "v", async () => {
    const revision = await readRevision(kv, "t1");
    await commitTeamChange(kv, kv.atomic(), "t1");
    return { teamId: "t1", revision, value: "stale" };
  });
  assert.equal(value, "stale");
  assert.equal(cache.get("k", "v"), undefined);
  cache.close();
});

Deno.test("[cache] nothing is stored for a missing team", async () => {
  using kv = await Deno.openKv(":memory:");
  const cache = new TeamCache<string>(kv);
  assert.equal(await cache.getOrLoad("nope", "v", () => Promise.resolve(null)), null);
  assert.equal(cache.get("nope", "v"), undefined);
  cache.close();
});

Deno.test("[cache] with watch, a change committed elsewhere (no local announcement) drops the entry", async () => {
  using kv = await Deno.openKv(":memory:");
  const cache = new TeamCache<string>(kv, { watch: true });
  await commitTeamChange(kv, kv.atomic(), "t1");
  await cache.getOrLoad("k", "v", loader(kv, "t1", () => "first"));
  assert.equal(cache.get("k", "v"), "first");
  // Another instance's commit: the revision key changes, but this process hears nothing.
  await kv.set(keys.teamRevision("t1"), Date.now());
  for (let i = 0; i < 100 && cache.get("k", "v") !== undefined; i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(cache.get("k", "v"), undefined);
  cache.close();
});

Deno.test("[cache] bounded: the oldest team is dropped past maxTeams", async () => {
  using kv = await Deno.openKv(":memory:");
  const cache = new TeamCache<string>(kv, { maxTeams: 2 });
  for (const id of ["a", "b", "c"]) await cache.getOrLoad(id, "v", loader(kv, id, () => id));
  assert.equal(cache.get("a", "v"), undefined);
  assert.equal(cache.get("b", "v"), "b");
  assert.equal(cache.get("c", "v"), "c");
  cache.close();
});
