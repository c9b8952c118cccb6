// Auth API: sessions — the session endpoint, rotation, logout, storage, lifetimes, and dev auto-login.
import assert from "node:assert/strict";
import { createTestApp, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { cookiesFrom, createAccount, tokenFromMail } from "../auth_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { setMembership } from "../../lib/db/users.ts";
import { magicSignIn, manualClock, sessionOf } from "./auth_fixtures.ts";

Deno.test("[auth] session: 401 without a session; the session user of SPEC.md after sign-in", async () => {
  await using t = await createTestApp();
  const anonymous = await requestJson(t.app, "/api/v2/auth/session");
  assert.equal(anonymous.status, 401);
  assert.equal((await anonymous.json()).isAuthenticated, false);

  const { team } = await seedTeam(t.kv);
  const other = await seedTeam(t.kv);
  const user = await createAccount(t.kv, { email: "ana@example.com", teamId: team.id, role: "TEAM_STANDARD" });
  await setMembership(t.kv, user.id, other.team.id, "TEAM_ADMIN");

  const { res, cookie } = await magicSignIn(t, "ana@example.com");
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/home");
  const body = await (await sessionOf(t.app, cookie)).json();
  assert.equal(body.isAuthenticated, true);
  assert.equal(body.user.email, "ana@example.com");
  assert.deepEqual(body.user.roles, { [team.id]: "TEAM_STANDARD", [other.team.id]: "TEAM_ADMIN" });
  assert.equal(body.user.teams.length, 2);
  // Admin teams are selected first by default; the effective role follows the selected team.
  assert.equal(body.user.selectedTeamId, other.team.id);
  assert.equal(body.user.role, "TEAM_ADMIN");
  assert.equal(body.user.parentId, user.id);

  const switched = await requestJson(t.app, "/api/v2/auth/session", {
    method: "PATCH",
    body: { selectedTeamId: team.id },
    headers: { cookie },
  });
  assert.equal(switched.status, 200);
  const after = await (await sessionOf(t.app, cookie)).json();
  assert.equal(after.user.selectedTeamId, team.id);
  assert.equal(after.user.role, "TEAM_STANDARD");

  const refused = await requestJson(t.app, "/api/v2/auth/session", {
    method: "PATCH",
    body: { selectedTeamId: "01ARZ3NDEKTSV4RRFFQ69G5FAV" },
    headers: { cookie },
  });
  assert.equal(refused.status, 400);
  assert.equal((await refused.json()).message, "Please choose one of your teams.");
});

Deno.test("[auth] sessions rotate at sign-in; logout ends them on the server (both logout paths)", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "ana@example.com", teamId: team.id });
  const first = await magicSignIn(t, "ana@example.com");
  const second = await magicSignIn(t, "ana@example.com");
  assert.notEqual(first.cookie, second.cookie);

  // Signing in from a browser that already has a session replaces it (no fixation).
  await requestJson(t.app, "/api/team/magic-link", { body: { email: "ana@example.com" } });
  const token = await tokenFromMail(t.kv, "ana@example.com", "/auth/magic");
  const third = await t.app.request(`${TEST_ORIGIN}/auth/magic`, {
    method: "POST",
    headers: {
      origin: TEST_ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
      cookie: second.cookie,
    },
    body: new URLSearchParams({ token }).toString(),
  });
  assert.equal(third.status, 303);
  assert.equal((await sessionOf(t.app, second.cookie)).status, 401, "the old session is gone");
  const thirdCookie = cookiesFrom(third);
  assert.equal((await sessionOf(t.app, thirdCookie)).status, 200);

  for (const path of ["/api/v2/auth/logout", "/api/logout"]) {
    const { cookie } = await magicSignIn(t, "ana@example.com");
    const out = await t.app.request(`${TEST_ORIGIN}${path}`, { headers: { cookie, "sec-fetch-site": "same-origin" } });
    assert.equal(out.status, 303);
    assert.equal(out.headers.get("location"), "/");
    assert.ok(out.headers.getSetCookie().some((c) => c.startsWith("gm_session=;")));
    assert.equal((await sessionOf(t.app, cookie)).status, 401, `${path}: replaying the cookie fails`);
  }
  // Only the first session is still open.
  assert.equal((await sessionOf(t.app, first.cookie)).status, 200);
});

Deno.test("[auth] the KV session record holds a hash, never the cookie's secret", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "ana@example.com", teamId: team.id });
  const { cookie } = await magicSignIn(t, "ana@example.com");
  const [id, secret] = cookie.split("=")[1].split(".");
  const stored = await t.kv.get<{ secretHash: string }>(keys.session(id));
  assert.ok(stored.value);
  assert.match(stored.value.secretHash, /^[0-9a-f]{64}$/);
  assert.ok(!JSON.stringify(stored.value).includes(secret));
  const forged = `gm_session=${id}.${"A".repeat(43)}`;
  assert.equal((await sessionOf(t.app, forged)).status, 401);
});

Deno.test("[auth] an admin session ends after 30 idle minutes and after 12 hours; a parent's lasts 30 days", async () => {
  const clock = manualClock();
  await using t = await createTestApp({ now: clock.now });
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "coach@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  await createAccount(t.kv, { email: "parent@example.com", teamId: team.id });
  const admin = await magicSignIn(t, "coach@example.com");
  const parent = await magicSignIn(t, "parent@example.com");
  clock.advance(29 * 60 * 1000);
  assert.equal((await sessionOf(t.app, admin.cookie)).status, 200, "activity renews the idle window");
  clock.advance(29 * 60 * 1000);
  assert.equal((await sessionOf(t.app, admin.cookie)).status, 200);
  clock.advance(31 * 60 * 1000);
  assert.equal((await sessionOf(t.app, admin.cookie)).status, 401, "30 minutes idle");

  const busy = await magicSignIn(t, "coach@example.com");
  for (let elapsed = 0; elapsed < 12 * 60; elapsed += 20) {
    clock.advance(20 * 60 * 1000);
    if (elapsed + 20 < 12 * 60) assert.equal((await sessionOf(t.app, busy.cookie)).status, 200);
  }
  assert.equal((await sessionOf(t.app, busy.cookie)).status, 401, "12 hours absolute");

  assert.equal((await sessionOf(t.app, parent.cookie)).status, 200);
  clock.advance(30 * 24 * 60 * 60 * 1000);
  assert.equal((await sessionOf(t.app, parent.cookie)).status, 401, "30 days absolute");
});

Deno.test("[auth] dev auto-login: 404 in production; by team slug, e-mail or id in development", async () => {
  await using prod = await createTestApp();
  const missing = await requestJson(prod.app, "/api/dev/auto-login", { body: { teamSlug: "demo" } });
  assert.equal(missing.status, 404);
  assert.deepEqual(await missing.json(), { message: "Not found" });

  await using t = await createTestApp({ env: { GOALMATES_ENV: "development" } });
  const { seedDemoAccounts, seedDemoTeam } = await import("../../lib/demo/seed.ts");
  const demo = await seedDemoTeam(t.kv);
  await seedDemoAccounts(t.kv, demo);
  const asAdmin = await requestJson(t.app, "/api/dev/auto-login", { body: { teamSlug: "demo" } });
  assert.equal(asAdmin.status, 200);
  const body = await asAdmin.json();
  assert.equal(body.user.email, "coach@example.com");
  assert.equal(body.user.role, "TEAM_ADMIN");
  const asParent = await requestJson(t.app, "/api/dev/auto-login", { body: { email: "parent@example.com" } });
  assert.equal((await asParent.json()).user.role, "TEAM_STANDARD");
  const asPlayer = await requestJson(t.app, "/api/dev/auto-login", { body: { email: "player@example.com" } });
  const player = (await asPlayer.json()).user;
  assert.equal(player.role, "PLAYER");
  assert.ok(player.playerId);
  assert.equal(player.parentId, null);
  const byId = await requestJson(t.app, "/api/dev/auto-login", { body: { userId: body.user.id } });
  assert.equal((await byId.json()).user.email, "coach@example.com");
  const unknown = await requestJson(t.app, "/api/dev/auto-login", { body: { email: "nobody@example.com" } });
  assert.equal(unknown.status, 404);
});

Deno.test("[auth] R19: a sign-out link opened from another site asks first; only its POST signs out", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "ana@example.com", teamId: team.id });
  const { cookie } = await magicSignIn(t, "ana@example.com");
  for (const path of ["/api/v2/auth/logout", "/api/logout"]) {
    for (const site of ["cross-site", "same-site", undefined]) {
      const headers: Record<string, string> = { cookie, ...(site ? { "sec-fetch-site": site } : {}) };
      const res = await t.app.request(`${TEST_ORIGIN}${path}`, { headers });
      assert.equal(res.status, 303, `${path} from ${site ?? "an unnamed site"}`);
      assert.equal(res.headers.get("location"), "/sign-out");
      assert.equal(res.headers.getSetCookie().length, 0, "no cookie is cleared");
      assert.equal(res.headers.get("cache-control"), "no-store");
      assert.match(res.headers.get("vary") ?? "", /Sec-Fetch-Site/i);
      assert.equal((await sessionOf(t.app, cookie)).status, 200, "still signed in");
    }
  }
  const asked = await t.app.request(`${TEST_ORIGIN}/sign-out`, { headers: { cookie } });
  assert.equal(asked.status, 200);
  assert.equal(asked.headers.get("cache-control"), "no-store");
  const html = await asked.text();
  assert.match(html, /<h1>Sign out\?<\/h1>/);
  assert.match(html, /<form action="\/sign-out" method="post">/);
  assert.equal((await sessionOf(t.app, cookie)).status, 200, "showing the question ends nothing");
  // A forged cross-site POST of the confirmation is refused by the origin check.
  const forged = await t.app.request(`${TEST_ORIGIN}/sign-out`, {
    method: "POST",
    headers: { cookie, origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    body: "",
  });
  assert.equal(forged.status, 403);
  assert.equal((await sessionOf(t.app, cookie)).status, 200, "still signed in after a forged POST");

  const typed = await t.app.request(`${TEST_ORIGIN}/api/logout`, { headers: { "sec-fetch-site": "none" } });
  assert.equal(typed.status, 303, "a typed address with no session just leaves");
  const noCookieSeen = await t.app.request(`${TEST_ORIGIN}/sign-out`);
  assert.equal(noCookieSeen.status, 200, "asked all the same: a Strict cookie is not sent cross-site");
  assert.match(await noCookieSeen.text(), /Sign out\?/);

  const confirmed = await t.app.request(`${TEST_ORIGIN}/sign-out`, {
    method: "POST",
    headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: "",
  });
  assert.equal(confirmed.status, 303);
  assert.equal(confirmed.headers.get("location"), "/");
  assert.ok(confirmed.headers.getSetCookie().some((c) => c.startsWith("gm_session=;")));
  assert.equal((await sessionOf(t.app, cookie)).status, 401, "signed out");
});
