/**
 * The family dashboard page and the routes that lead to it: who gets in, where the others go,
 * what the page promises (private, sections in place, islands that wait for interaction).
 */
import assert from "node:assert/strict";
import { adminWorld, signIn } from "../admin_helpers.ts";
import { createTestApp, get, seedTeam } from "../helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { readableText } from "../i18n_helpers.ts";

Deno.test("[dashboard] signed out: to /team-login with next and the logged-out message", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const res = await get(t.app, `/family-dashboard/${team.id}`);
  assert.equal(res.status, 303);
  const location = res.headers.get("location")!;
  assert.equal(location, `/team-login?next=${encodeURIComponent(`/family-dashboard/${team.id}`)}&reason=logged-out`);
  const login = await get(t.app, location);
  assert.equal(login.status, 200);
  const html = await login.text();
  assert.match(
    html,
    /<p class="notice notice--error" role="status">Unauthorized - You are logged out\. Logging in again\.\.\.<\/p>/,
  );
  assert.match(html, new RegExp(`name="next" value="${`/family-dashboard/${team.id}`}"`), "the login comes back here");
  const plain = await (await get(t.app, "/team-login")).text();
  // The login island's props carry the toast's words; the page shows the notice only when a page sent the visitor.
  assert.ok(!readableText(plain).includes("You are logged out"), "only when a page sent the visitor");
  for (const alias of ["/family-dashboard", "/parent", "/parent-dashboard", "/dashboard"]) {
    const aliased = await get(t.app, alias);
    assert.equal(aliased.status, 303, alias);
    assert.match(aliased.headers.get("location")!, /^\/team-login\?next=/, alias);
  }
});

Deno.test("[dashboard] a member of the team gets the page: every section, private, islands on interaction", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  for (const who of ["parent", "player", "admin", "sysadmin"] as const) {
    const res = await get(t.app, `/family-dashboard/${world.team.id}`, world.cookies[who]);
    assert.equal(res.status, 200, who);
    assert.equal(res.headers.get("cache-control"), "no-store", who);
    const html = await res.text();
    assert.match(html, /<meta name="robots" content="noindex/, who);
    assert.ok(html.includes(world.team.name), who);
    for (const id of ["campaigns", "family", "feed", "photos", "events", "essentials"]) {
      assert.match(html, new RegExp(`<section[^>]*id="${id}"`), `${who}: section #${id}`);
    }
    // Before any interaction the page loads only the boot module: no island hydrates at load.
    const hydrateModes = [...html.matchAll(/data-hydrate="([a-z]+)"/g)].map((m) => m[1]);
    assert.ok(hydrateModes.length > 0, who);
    assert.deepEqual(hydrateModes.filter((m) => m === "load"), [], `${who}: islands hydrating at load`);
    assert.equal([...html.matchAll(/<script type="module"/g)].length, 1, `${who}: one module script (boot)`);
  }
  const adminHtml = await (await get(t.app, `/family-dashboard/${world.team.id}`, world.cookies.admin)).text();
  assert.ok(adminHtml.includes(`/teams/${world.team.id}`), "the admin's Team Admin Dashboard button");
  const parentHtml = await (await get(t.app, `/family-dashboard/${world.team.id}`, world.cookies.parent)).text();
  assert.ok(!parentHtml.includes(`"adminHref":"/teams/`), "no admin button for a parent");
});

Deno.test("[dashboard] a person of another team gets the 403 page; an unknown team too", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const res = await get(t.app, `/family-dashboard/${world.team.id}`, world.cookies.otherAdmin);
  assert.equal(res.status, 403);
  const html = await res.text();
  assert.ok(!html.includes(world.team.name), "nothing of the team is shown");
  const unknown = await get(t.app, "/family-dashboard/01ARZ3NDEKTSV4RRFFQ69G5FAV", world.cookies.parent);
  assert.equal(unknown.status, 403);
  await unknown.body?.cancel();
});

Deno.test("[dashboard] the aliases open the person's selected team; opening a team selects it", async () => {
  await using t = await createTestApp();
  const first = await seedTeam(t.kv);
  const second = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "ana@example.com", teamId: first.team.id });
  const { setMembership, getUserByEmail } = await import("../../lib/db/users.ts");
  const ana = (await getUserByEmail(t.kv, "ana@example.com"))!;
  await setMembership(t.kv, ana.id, second.team.id, "TEAM_STANDARD");
  const cookie = await signIn(t, "ana@example.com");
  const aliasesLeadTo = async (teamId: string) => {
    for (const alias of ["/family-dashboard", "/parent", "/parent-dashboard", "/dashboard"]) {
      const res = await get(t.app, alias, cookie);
      assert.equal(res.status, 303, alias);
      assert.equal(res.headers.get("location"), `/family-dashboard/${teamId}`, alias);
    }
  };
  const initial = (await get(t.app, "/parent", cookie)).headers.get("location");
  assert.ok(
    [first, second].some(({ team }) => initial === `/family-dashboard/${team.id}`),
    "one of the person's teams",
  );
  // Each team in turn, so the test never depends on which one the session started with.
  for (const team of [second.team, first.team, second.team]) {
    const opened = await get(t.app, `/family-dashboard/${team.slug}`, cookie);
    assert.equal(opened.status, 200, "by slug too");
    await opened.body?.cancel();
    await aliasesLeadTo(team.id);
  }
  const hub = await (await get(t.app, "/home", cookie)).text();
  assert.ok(hub.includes(`href="/family-dashboard/${second.team.id}"`), "the hub's button follows the team");
});

Deno.test("[dashboard] a person with no team yet goes from the aliases to the hub", async () => {
  await using t = await createTestApp();
  const { createUser } = await import("../../lib/db/users.ts");
  await createUser(t.kv, { email: "new@example.com", firstName: "New", lastName: "Person" });
  const cookie = await signIn(t, "new@example.com");
  const res = await get(t.app, "/family-dashboard", cookie);
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/home");
});
