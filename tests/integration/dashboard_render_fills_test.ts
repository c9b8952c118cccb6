/**
 * The family dashboard's page cache under writes (issue 21 item 6, the dashboard beside a write
 * load): the requests that miss together after a change wait for one render instead of each
 * rendering, a request after a change never gets a render begun before it, and a page past its
 * time is replaced rather than rendered again on every request until the minute ends.
 */
import assert from "node:assert/strict";
import { DashboardPageCache, type RenderedDashboard } from "../../lib/dashboard/render_cache.ts";
import type { FamilyDashboardData } from "../../lib/dashboard/load.ts";
import { RenderedPage } from "../../lib/render/page.tsx";
import { commitTeamChange } from "../../lib/db/team_revisions.ts";

const TEAM = "team-1";
const VIEWER = { viewer: "viewer-1", lang: "en" } as const;
/** Five seconds into a minute: every request of a test falls in the same minute. */
const T0 = Date.parse("2026-05-01T12:00:05.000Z");

/** A render that counts itself and shows which write it saw; `gate` holds it until released. */
function counter(events: FamilyDashboardData["events"] = []) {
  const state = { renders: 0, writes: 0, gate: null as Promise<void> | null };
  const render = async (): Promise<RenderedDashboard> => {
    state.renders++;
    const sawWrites = state.writes;
    await (state.gate ?? new Promise((resolve) => setTimeout(resolve, 5)));
    const data = { events, campaigns: [] } as unknown as FamilyDashboardData;
    return { page: new RenderedPage([`<p>after ${sawWrites} writes</p>`], 200), data };
  };
  return { state, render };
}

async function write(kv: Deno.Kv, state: { writes: number }) {
  state.writes++;
  assert.ok((await commitTeamChange(kv, kv.atomic(), TEAM)).ok);
}

const shown = (page: RenderedPage) => page.html("");

Deno.test("[dashboard fills] after a write, 50 requests at once cost one render, and the page is kept again", async () => {
  using kv = await Deno.openKv(":memory:");
  const cache = new DashboardPageCache(kv);
  const { state, render } = counter();
  await cache.getOrRender(TEAM, VIEWER, T0, render);
  assert.equal(state.renders, 1);

  await write(kv, state);
  const pages = await Promise.all(Array.from({ length: 50 }, () => cache.getOrRender(TEAM, VIEWER, T0, render)));
  assert.equal(state.renders, 2, `${state.renders - 1} renders for 50 requests after one write`);
  assert.ok(pages.every((page) => shown(page) === "<p>after 1 writes</p>"));
  assert.equal(cache.stats().renders, 2);

  await cache.getOrRender(TEAM, VIEWER, T0, render);
  assert.equal(state.renders, 2, "the render after the write was kept");
  cache.close();
});

Deno.test("[dashboard fills] a request after a write does not wait for a render begun before it", async () => {
  using kv = await Deno.openKv(":memory:");
  const cache = new DashboardPageCache(kv);
  const { state, render } = counter();
  let release = () => {};
  state.gate = new Promise<void>((resolve) => release = resolve);
  const before = cache.getOrRender(TEAM, VIEWER, T0, render);
  const joined = cache.getOrRender(TEAM, VIEWER, T0, render);
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(state.renders, 1, "the second request waits for the first's render");

  await write(kv, state);
  state.gate = null;
  const after = await cache.getOrRender(TEAM, VIEWER, T0, render);
  assert.equal(shown(after), "<p>after 1 writes</p>", "rendered anew, with the write");
  release();
  assert.equal(shown(await before), "<p>after 0 writes</p>");
  assert.equal(shown(await joined), "<p>after 0 writes</p>", "asked before the write: the render it waited for");

  // The render begun before the write is not kept; the one after it is.
  assert.equal(shown(await cache.getOrRender(TEAM, VIEWER, T0, render)), "<p>after 1 writes</p>");
  assert.equal(state.renders, 2);
  cache.close();
});

Deno.test("[dashboard fills] a page past a shown event's start is rendered once again, then kept", async () => {
  using kv = await Deno.openKv(":memory:");
  const cache = new DashboardPageCache(kv);
  const startsAt = new Date(T0 + 10_000).toISOString();
  const { state, render } = counter(
    [{ startTime: startsAt, endTime: null }] as unknown as FamilyDashboardData["events"],
  );
  await cache.getOrRender(TEAM, VIEWER, T0, render);
  await cache.getOrRender(TEAM, VIEWER, T0 + 9_000, render);
  assert.equal(state.renders, 1, "kept until the event starts");
  await cache.getOrRender(TEAM, VIEWER, T0 + 11_000, render);
  assert.equal(state.renders, 2, "the event started: rendered again");
  for (const later of [12_000, 20_000, 50_000]) await cache.getOrRender(TEAM, VIEWER, T0 + later, render);
  assert.equal(state.renders, 2, "and that page kept until the minute ends");
  cache.close();
});
