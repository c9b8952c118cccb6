// The public response cache (routes/fast_path.ts): anonymous GETs of the answers that are the
// same for everyone come back whole, before the router, with the headers the normal path sends,
// and go the moment the team changes, in this process and in another sharing the database.
import assert from "node:assert/strict";
import { call, seedTeam, TEST_ASSETS, TEST_ORIGIN } from "../helpers.ts";
import { adminWorld } from "../admin_helpers.ts";
import { createApp } from "../../routes/mod.tsx";
import { PublicResponseCache } from "../../routes/fast_path.ts";
import { carriesSessionCookie } from "../../routes/session_cookies.ts";
import { loadConfig } from "../../lib/config.ts";
import { TeamCache } from "../../lib/render/team_cache.ts";
import { type RenderedPage, renderedPageBytes } from "../../lib/render/page.tsx";
import { keys } from "../../lib/db/keys.ts";
import { followedTeams } from "../../lib/db/team_revisions.ts";

/** The app with every cache in the test's hands, on `kv` (a file path when shared by two apps). */
function appOn(kv: Deno.Kv, options: { kvPath?: string; watch?: boolean } = {}) {
  const caches = {
    rosterPages: new TeamCache<RenderedPage>(kv, { watch: options.watch, sizeOf: renderedPageBytes }),
    rosterJson: new TeamCache<string>(kv, { watch: options.watch }),
    publicResponses: new PublicResponseCache(kv, { watch: options.watch }),
  };
  const config = loadConfig({ APP_URL: TEST_ORIGIN, GOALMATES_KV: options.kvPath ?? ":memory:" });
  const app = createApp({ kv, config, assets: TEST_ASSETS, caches, watchTeamChanges: options.watch });
  return {
    app,
    kv,
    caches,
    [Symbol.dispose]: () => Object.values(caches).forEach((cache) => cache.close()),
  };
}

const send = (
  app: { request: (url: string, init?: RequestInit) => Response | Promise<Response> },
  path: string,
  init?: RequestInit,
) => app.request(`${TEST_ORIGIN}${path}`, init);
/** A cookie the app reads (an unknown session: signed out, but the normal path all the same). */
const SESSION_COOKIE = { cookie: "gm_session=01ARZ3NDEKTSV4RRFFQ69G5FAV.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" };
/** Headers a server sets per response, not per page. */
const headersOf = (res: Response) => [...res.headers].filter(([name]) => name !== "date");

Deno.test("[public cache] each shared answer is kept whole and sent again with the normal path's headers and bytes", async () => {
  using kv = await Deno.openKv(":memory:");
  using t = appOn(kv);
  const { team } = await seedTeam(kv);
  const paths = [
    "/",
    "/about",
    "/privacy",
    "/contact",
    "/favicon.svg",
    `/t/${team.slug}/roster`,
    `/api/teams/${team.slug}/roster`,
    `/api/teams/${team.id}/roster`,
  ];
  for (const path of paths) {
    const filled = await send(t.app, path);
    assert.equal(filled.status, 200, path);
    const filledBody = await filled.text();
    const hit = await send(t.app, path, { headers: { cookie: "theme=dark" } }); // not a cookie the app reads
    const normal = await send(t.app, path, { headers: SESSION_COOKIE });
    assert.equal(hit.status, 200, path);
    assert.deepEqual(headersOf(hit), headersOf(normal), `${path}: the same headers as the normal path`);
    assert.deepEqual(headersOf(hit), headersOf(filled), `${path}: the same headers as when it was filled`);
    const hitBody = await hit.text();
    assert.equal(hitBody, await normal.text(), path);
    assert.equal(hitBody, filledBody, path);
    const head = await send(t.app, path, { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.equal(head.body, null, `${path}: HEAD has no body`);
    assert.deepEqual(headersOf(head), headersOf(normal), `${path}: HEAD has the GET's headers`);
  }
  assert.deepEqual(t.caches.publicResponses.stats().teams, {
    teams: 1,
    variants: 3,
    aliases: 3,
    bytes: t.caches.publicResponses.stats().teams.bytes,
  });
  assert.equal(t.caches.publicResponses.stats().files, 5);
});

Deno.test("[public cache] a hit skips the router: the route would answer differently now", async () => {
  using kv = await Deno.openKv(":memory:");
  using t = appOn(kv);
  const { team } = await seedTeam(kv);
  const page = `/t/${team.slug}/roster`;
  const json = `/api/teams/${team.slug}/roster`;
  const kept = { page: await (await send(t.app, page)).text(), json: await (await send(t.app, json)).text() };
  // The team renamed behind every cache's back (no revision), and the render caches emptied:
  // the route would render the new name; the public cache still has the old answer.
  const stored = (await kv.get<Record<string, unknown>>(keys.team(team.id))).value!;
  await kv.set(keys.team(team.id), { ...stored, name: "Renamed Behind The Cache" });
  t.caches.rosterPages.invalidate(team.id);
  t.caches.rosterJson.invalidate(team.id);
  assert.equal(await (await send(t.app, page)).text(), kept.page);
  assert.equal(await (await send(t.app, json)).text(), kept.json);
  const signedIn = await (await send(t.app, page, { headers: SESSION_COOKIE })).text();
  assert.ok(signedIn.includes("Renamed Behind The Cache"), "a request with a session cookie goes the normal way");
});

Deno.test("[public cache] what one receiver does to its copy never reaches the kept answer", async () => {
  using kv = await Deno.openKv(":memory:");
  using t = appOn(kv);
  const { team } = await seedTeam(kv);
  const path = `/api/teams/${team.slug}/roster`;
  const kept = await (await send(t.app, path)).text();
  const first = await send(t.app, path);
  first.headers.set("x-frame-options", "SAMEORIGIN");
  first.headers.append("set-cookie", "a=b");
  const bytes = await first.bytes();
  bytes.fill(0);
  const second = await send(t.app, path);
  assert.equal(second.headers.get("x-frame-options"), "DENY");
  assert.deepEqual(second.headers.getSetCookie(), []);
  assert.equal(await second.text(), kept);
});

Deno.test("[public cache] only anonymous GETs of a shared answer's exact path are kept", async () => {
  using kv = await Deno.openKv(":memory:");
  using t = appOn(kv);
  const { team } = await seedTeam(kv);
  const notKept = [
    `/t/${team.slug}/roster?mode=detail`, // a query: the render cache holds its variants
    `/t/${team.slug.toUpperCase()}/roster`, // a redirect to the one spelling
    `/api/teams/${team.slug.toUpperCase()}/roster`, // answered, but not the one spelling
    `/api/teams/%${team.slug.charCodeAt(0).toString(16)}${team.slug.slice(1)}/roster`, // percent-encoded
    "/t/no-such-team/roster", // 404
    "/team-login", // rendered per request, with its nonce
    `/api/teams/by-slug/${team.slug}`, // read without a revision to keep it by
    "/build/no-such-file.js",
  ];
  for (const path of notKept) await (await send(t.app, path)).body?.cancel();
  await (await send(t.app, `/t/${team.slug}/roster`, { headers: SESSION_COOKIE })).body?.cancel();
  await (await send(t.app, "/about", { method: "HEAD" })).body?.cancel();
  assert.deepEqual(t.caches.publicResponses.stats(), {
    teams: { teams: 0, variants: 0, aliases: 0, bytes: 0 },
    files: 0,
  });
});

Deno.test("[public cache] which cookies make a request someone's", () => {
  for (const header of [null, "", "theme=dark", "xgm_session=1", "gm_sessionx=1", "other=gm_session=1"]) {
    assert.equal(carriesSessionCookie(header), false, String(header));
  }
  for (
    const header of [
      "gm_session=a",
      "theme=dark; gm_edit=b",
      "__Host-gm_sysadmin=c",
      "a=1;gm_session =d",
      "  __Host-gm_session=e",
    ]
  ) {
    assert.equal(carriesSessionCookie(header), true, header);
  }
});

Deno.test("[public cache] an admin's roster edit is on the public page and JSON at once", async () => {
  using kv = await Deno.openKv(":memory:");
  using t = appOn(kv);
  const w = await adminWorld(t);
  const maya = w.players[0];
  const page = `/t/${w.team.slug}/roster`;
  const json = `/api/teams/${w.team.id}/roster`;
  for (let i = 0; i < 2; i++) {
    assert.ok((await (await send(t.app, page)).text()).includes("Maya"));
    assert.ok((await (await send(t.app, json)).text()).includes("Maya"));
  }
  const res = await call(t.app, "PATCH", `/api/admin/${w.team.id}/players/${maya.id}`, {
    cookie: w.cookies.admin,
    body: { firstName: "Mayra" },
  });
  assert.equal(res.status, 200);
  const html = await (await send(t.app, page)).text();
  assert.ok(html.includes("Mayra") && !html.includes("Maya "), "the page shows the new name");
  assert.ok((await (await send(t.app, json)).text()).includes('"Mayra"'));
});

Deno.test("[public cache] an edit made through another instance on the same database shows within a second", async () => {
  const dir = await Deno.makeTempDir({ prefix: "goalmates-public-cache-" });
  const kvPath = `${dir}/shared.kv`;
  try {
    using kvA = await Deno.openKv(kvPath);
    using kvB = await Deno.openKv(kvPath);
    using a = appOn(kvA, { kvPath, watch: true });
    using b = appOn(kvB, { kvPath, watch: true });
    const w = await adminWorld(a);
    const page = `/t/${w.team.slug}/roster`;
    const json = `/api/teams/${w.team.slug}/roster`;
    for (let i = 0; i < 2; i++) {
      assert.ok((await (await send(b.app, page)).text()).includes("Maya"));
      assert.ok((await (await send(b.app, json)).text()).includes("Maya"));
    }
    assert.equal(b.caches.publicResponses.stats().teams.variants, 2, "instance B keeps both");
    const res = await call(a.app, "PATCH", `/api/admin/${w.team.id}/players/${w.players[0].id}`, {
      cookie: w.cookies.admin,
      body: { firstName: "Mayra" },
    });
    assert.equal(res.status, 200);
    const started = performance.now();
    let pageSeen = false;
    let jsonSeen = false;
    while (performance.now() - started < 1000 && !(pageSeen && jsonSeen)) {
      pageSeen ||= (await (await send(b.app, page)).text()).includes("Mayra");
      jsonSeen ||= (await (await send(b.app, json)).text()).includes('"Mayra"');
      if (!(pageSeen && jsonSeen)) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.ok(pageSeen, "instance B's page shows the edit within a second");
    assert.ok(jsonSeen, "instance B's JSON shows the edit within a second");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** Renames a team from another process on the same database file, as another instance's commit would: with its revision. */
async function renameFromAnotherProcess(kvPath: string, teamId: string, name: string): Promise<void> {
  const keysModule = new URL("../../lib/db/keys.ts", import.meta.url).href;
  const script = `
    import { keys } from ${JSON.stringify(keysModule)};
    const [kvPath, teamId, name] = Deno.args;
    const kv = await Deno.openKv(kvPath);
    const team = await kv.get(keys.team(teamId));
    const result = await kv.atomic().check(team).set(keys.team(teamId), { ...team.value, name })
      .set(keys.teamRevision(teamId), Date.now()).commit();
    if (!result.ok) throw new Error("the rename did not commit");
    kv.close();
  `;
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--no-config", "--unstable-kv", script, kvPath, teamId, name],
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
}

Deno.test("[public cache] one kv.watch per team serves all three caches, and a change from another process drops each within a second", async () => {
  const dir = await Deno.makeTempDir({ prefix: "goalmates-team-watch-" });
  const kvPath = `${dir}/shared.kv`;
  try {
    using kv = await Deno.openKv(kvPath);
    const watchedKeys: string[] = [];
    const watch = kv.watch.bind(kv);
    kv.watch = ((watchKeys: Deno.KvKey[], options?: { raw?: boolean }) => {
      watchedKeys.push(JSON.stringify(watchKeys));
      return watch(watchKeys, options);
    }) as Deno.Kv["watch"];
    using t = appOn(kv, { kvPath, watch: true });
    const { team } = await seedTeam(kv);
    const page = `/t/${team.slug}/roster`;
    const json = `/api/teams/${team.slug}/roster`;
    for (let i = 0; i < 2; i++) {
      assert.ok((await (await send(t.app, page)).text()).includes(team.name));
      assert.ok((await (await send(t.app, json)).text()).includes(team.name));
    }
    // The rendered page, the roster JSON and both finished responses are held...
    assert.equal(t.caches.rosterPages.stats().teams, 1);
    assert.equal(t.caches.rosterJson.stats().teams, 1);
    assert.equal(t.caches.publicResponses.stats().teams.variants, 2);
    // ...and followed through one stream.
    assert.deepEqual(watchedKeys, [JSON.stringify([keys.teamRevision(team.id)])]);
    assert.equal(followedTeams(kv), 1);

    await renameFromAnotherProcess(kvPath, team.id, "Renamed Elsewhere");
    const started = performance.now();
    const dropped = () =>
      t.caches.rosterPages.stats().teams === 0 && t.caches.rosterJson.stats().teams === 0 &&
      t.caches.publicResponses.stats().teams.teams === 0;
    while (!dropped() && performance.now() - started < 1000) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.ok(dropped(), "every cache dropped the team within a second");
    assert.ok((await (await send(t.app, page)).text()).includes("Renamed Elsewhere"));
    assert.ok((await (await send(t.app, json)).text()).includes("Renamed Elsewhere"));
    assert.equal(watchedKeys.length, 2, "the stream closed with the last cache of the team, and the refill opened one");
    assert.equal(followedTeams(kv), 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
