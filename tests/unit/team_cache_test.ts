import assert from "node:assert/strict";
import { TeamCache } from "../../lib/render/team_cache.ts";
import { followedTeams, isDatabaseFile, readRevision } from "../../lib/db/team_revisions.ts";
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

Deno.test("[cache] getOrLoadEntry: a hit names the team and the revision its value was built from", async () => {
  using kv = await Deno.openKv(":memory:");
  const cache = new TeamCache<string>(kv);
  await commitTeamChange(kv, kv.atomic(), "t1");
  const revision = await readRevision(kv, "t1");
  const loaded = await cache.getOrLoadEntry("slug", "v", loader(kv, "t1", () => "page"));
  assert.deepEqual(loaded, { teamId: "t1", revision, value: "page" });
  const hit = await cache.getOrLoadEntry("slug", "v", () => Promise.reject(new Error("a hit loads nothing")));
  assert.deepEqual(hit, { teamId: "t1", revision, value: "page" });
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

Deno.test("[cache] bounded: the least recently used team goes first, not the first filled", async () => {
  using kv = await Deno.openKv(":memory:");
  const cache = new TeamCache<string>(kv, { maxTeams: 2 });
  for (const id of ["a", "b"]) await cache.getOrLoad(id, "v", loader(kv, id, () => id));
  assert.equal(cache.get("a", "v"), "a");
  await cache.getOrLoad("c", "v", loader(kv, "c", () => "c"));
  assert.equal(cache.get("b", "v"), undefined);
  assert.equal(cache.get("a", "v"), "a");
  cache.close();
});

Deno.test("[cache] bounded: variants per team, least recently used first", async () => {
  using kv = await Deno.openKv(":memory:");
  const cache = new TeamCache<string>(kv, { maxVariants: 3 });
  for (let i = 0; i < 50; i++) await cache.getOrLoad("t", `v${i}`, loader(kv, "t", () => `value ${i}`));
  assert.deepEqual(cache.stats(), { teams: 1, variants: 3, aliases: 1, bytes: 3 * "value 49".length * 2 });
  assert.equal(cache.get("t", "v49"), "value 49");
  assert.equal(cache.get("t", "v0"), undefined);
  cache.close();
});

Deno.test("[cache] bounded: bytes across teams; a value larger than the budget is served, not kept", async () => {
  using kv = await Deno.openKv(":memory:");
  const cache = new TeamCache<string>(kv, { maxBytes: 1000 });
  for (let i = 0; i < 20; i++) await cache.getOrLoad(`t${i}`, "v", loader(kv, `t${i}`, () => "x".repeat(200)));
  const { teams, bytes, aliases } = cache.stats();
  assert.ok(bytes <= 1000, `${bytes} bytes`);
  assert.equal(teams, 2, "two 400-byte teams fit in 1000 bytes");
  assert.equal(aliases, 2, "the dropped teams' keys went with them");
  const huge = await cache.getOrLoad("big", "v", loader(kv, "big", () => "y".repeat(600)));
  assert.equal(huge, "y".repeat(600));
  assert.equal(cache.get("big", "v"), undefined);
  assert.ok(cache.stats().bytes <= 1000);
  cache.close();
});

Deno.test("[cache] bounded: however many keys name one team, it keeps only its newest few", async () => {
  using kv = await Deno.openKv(":memory:");
  const cache = new TeamCache<string>(kv, { maxAliasesPerTeam: 4 });
  for (let i = 0; i < 5_000; i++) await cache.getOrLoad(`spelling-${i}`, "v", loader(kv, "t1", () => "page"));
  assert.deepEqual(cache.stats(), { teams: 1, variants: 1, aliases: 4, bytes: 8 });
  assert.equal(cache.get("spelling-4999", "v"), "page");
  assert.equal(cache.get("spelling-0", "v"), undefined);
  cache.close();
});

/** Counts the `kv.watch` streams opened on `kv` from now on. */
function countWatches(kv: Deno.Kv): { opened: number } {
  const counter = { opened: 0 };
  const watch = kv.watch.bind(kv);
  kv.watch = ((...args: Parameters<Deno.Kv["watch"]>) => {
    counter.opened++;
    return watch(...args);
  }) as Deno.Kv["watch"];
  return counter;
}

const until = async (done: () => boolean, ms = 1000) => {
  const started = performance.now();
  while (!done() && performance.now() - started < ms) await new Promise((r) => setTimeout(r, 10));
};

Deno.test("[cache] with watch, every cache of a database shares one kv.watch per team, closed with the last", async () => {
  using kv = await Deno.openKv(":memory:");
  const watches = countWatches(kv);
  const caches = [1, 2, 3].map(() => new TeamCache<string>(kv, { watch: true }));
  await commitTeamChange(kv, kv.atomic(), "t1");
  for (const cache of caches) await cache.getOrLoad("k", "v", loader(kv, "t1", () => "page"));
  assert.equal(watches.opened, 1, "three caches of team t1, one stream");
  assert.equal(followedTeams(kv), 1);
  await caches[0].getOrLoad("k2", "v", loader(kv, "t2", () => "other page"));
  assert.equal(watches.opened, 2, "another team, its own stream");

  // Another instance's commit (this process hears nothing): every cache of t1 drops it.
  await kv.set(keys.teamRevision("t1"), Date.now());
  await until(() => caches.every((cache) => cache.get("k", "v") === undefined));
  for (const cache of caches) assert.equal(cache.get("k", "v"), undefined);
  assert.equal(caches[0].get("k2", "v"), "other page", "team t2 is kept");
  assert.equal(followedTeams(kv), 1, "nobody follows t1 any more: its stream is closed");
  for (const cache of caches) cache.close();
  assert.equal(followedTeams(kv), 0, "closing the caches closes the streams");
});

Deno.test("[cache] with watch, a value built from a revision the shared stream has already passed is dropped", async () => {
  using kv = await Deno.openKv(":memory:");
  const fresh = new TeamCache<string>(kv, { watch: true });
  const late = new TeamCache<string>(kv, { watch: true });
  const before = await readRevision(kv, "t1");
  await kv.set(keys.teamRevision("t1"), Date.now()); // changed elsewhere after `before` was read
  await fresh.getOrLoad("k", "v", loader(kv, "t1", () => "new"));
  await until(() => false, 200); // time for the stream to report the current revision
  // Built from the old revision, stored after the stream said so: no report will come again.
  await late.getOrLoad("k", "v", () => Promise.resolve({ teamId: "t1", revision: before, value: "old" }));
  await until(() => late.get("k", "v") === undefined);
  assert.equal(late.get("k", "v"), undefined, "the stale copy goes");
  assert.equal(fresh.get("k", "v"), "new", "the fresh one stays");
  fresh.close();
  late.close();
});

Deno.test("[cache] only a database file is polled for other processes' changes (kv.watch does not see them)", () => {
  assert.equal(isDatabaseFile("/var/lib/goalmates/goalmates.kv"), true);
  assert.equal(isDatabaseFile("goalmates.kv"), true);
  assert.equal(isDatabaseFile(":memory:"), false, "no other process can open it");
  assert.equal(isDatabaseFile(null), false, "Deno Deploy's KV: its streams see every instance");
  assert.equal(isDatabaseFile("https://api.deno.com/databases/x/connect"), false, "KV Connect: the same");
});
