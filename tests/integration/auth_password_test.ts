// Auth API: password sign-in (admin e-mail, team username) and its rate limit; changing a password.
import assert from "node:assert/strict";
import { createTestApp, requestJson, seedTeam } from "../helpers.ts";
import { cookieAttributes, cookiesFrom, createAccount, queuedMail } from "../auth_helpers.ts";
import { setTeamAccessCredentials } from "../../lib/teams/access.ts";
import { getUser } from "../../lib/db/users.ts";
import { magicSignIn, manualClock, sessionOf } from "./auth_fixtures.ts";

Deno.test("[auth] team admin password login: teamId, cookie attributes, one message for every failure", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const admin = await createAccount(t.kv, {
    email: "coach@example.com",
    teamId: team.id,
    role: "TEAM_ADMIN",
    password: "correct horse battery",
  });
  await createAccount(t.kv, { email: "parent@example.com", teamId: team.id, password: "correct horse battery" });

  const ok = await requestJson(t.app, "/api/team-admin/login", {
    body: { email: "Coach@example.com", password: "correct horse battery" },
  });
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), { success: true, teamId: team.id });
  const attributes = cookieAttributes(ok, "gm_session")!;
  assert.ok("HttpOnly" in attributes);
  assert.equal(attributes.SameSite, "Strict", "an admin's session cookie is Strict (R11)");
  assert.equal(attributes.Path, "/");
  assert.ok(!("Domain" in attributes));
  // The stored hash was upgraded from the test's cheap parameters to the current ones.
  assert.match((await getUser(t.kv, admin.id))!.passwordHash!, /^scrypt\$131072\$8\$1\$/);

  for (
    const body of [
      { email: "coach@example.com", password: "wrong password!!" },
      { email: "coach@example.com", password: "correct horse battery " },
      { email: "nobody@example.com", password: "correct horse battery" },
      { email: "parent@example.com", password: "correct horse battery" },
      { email: "coach@example.com" },
      {},
    ]
  ) {
    const res = await requestJson(t.app, "/api/team-admin/login", { body, ip: "198.51.100.20" });
    assert.equal(res.status, 401, JSON.stringify(body));
    assert.equal((await res.json()).message, "Invalid email or password. Please try again.");
    assert.equal(res.headers.getSetCookie().length, 0);
  }
});

Deno.test("[auth] password login: the 11th attempt in 15 minutes is 429; after the window it works", async () => {
  const clock = manualClock();
  await using t = await createTestApp({ now: clock.now });
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, {
    email: "coach@example.com",
    teamId: team.id,
    role: "TEAM_ADMIN",
    password: "right password 1",
  });
  for (let i = 0; i < 10; i++) {
    const res = await requestJson(t.app, "/api/team-admin/login", {
      body: { email: "coach@example.com", password: `wrong ${i}` },
    });
    assert.equal(res.status, 401);
  }
  const limited = await requestJson(t.app, "/api/team-admin/login", {
    body: { email: "coach@example.com", password: "right password 1" },
  });
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  clock.advance(15 * 60 * 1000);
  const later = await requestJson(t.app, "/api/team-admin/login", {
    body: { email: "coach@example.com", password: "right password 1" },
  });
  assert.equal(later.status, 200);
});

Deno.test("[auth] PUT /api/v2/auth/password: policy, current password, other sessions end", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const admin = await createAccount(t.kv, { email: "coach@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  const anonymous = await requestJson(t.app, "/api/v2/auth/password", { method: "PUT", body: { newPassword: "x" } });
  assert.equal(anonymous.status, 401);

  const other = await magicSignIn(t, "coach@example.com");
  const { cookie } = await magicSignIn(t, "coach@example.com");
  const put = (body: unknown, c = cookie) =>
    requestJson(t.app, "/api/v2/auth/password", { method: "PUT", body, headers: { cookie: c } });

  for (
    const [newPassword, message] of [
      ["short", "Password must be at least 12 characters."],
      ["x".repeat(129), "Password must be at most 128 characters."],
      ["password1234", "This password is too common. Please choose another."],
    ] as const
  ) {
    const res = await put({ newPassword });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).message, message);
  }
  assert.equal((await getUser(t.kv, admin.id))!.passwordHash, null, "nothing stored");

  const set = await put({ newPassword: "a long new password" });
  assert.equal(set.status, 200);
  const newCookie = cookiesFrom(set);
  assert.equal((await sessionOf(t.app, other.cookie)).status, 401, "other sessions end");
  assert.equal((await sessionOf(t.app, newCookie)).status, 200, "this browser gets a fresh session");

  const missing = await put({ newPassword: "another new password" }, newCookie);
  assert.equal(missing.status, 400);
  assert.equal((await missing.json()).message, "Please enter your current password.");
  const wrong = await put({ currentPassword: "nope nope nope", newPassword: "another new password" }, newCookie);
  assert.equal(wrong.status, 403);
  assert.equal((await wrong.json()).message, "Your current password is incorrect.");

  const login = await requestJson(t.app, "/api/team-admin/login", {
    body: { email: "coach@example.com", password: "a long new password" },
  });
  assert.equal(login.status, 200);
});

Deno.test("[auth] PUT /api/v2/auth/password: a first password 10 minutes after sign-in is 403 reauth_required", async () => {
  const clock = manualClock();
  await using t = await createTestApp({ now: clock.now });
  const { team } = await seedTeam(t.kv);
  const parent = await createAccount(t.kv, { email: "ana@example.com", teamId: team.id });
  const { cookie } = await magicSignIn(t, "ana@example.com");
  clock.advance(10 * 60 * 1000 + 1000);
  const stale = await requestJson(t.app, "/api/v2/auth/password", {
    method: "PUT",
    body: { newPassword: "a long new password" },
    headers: { cookie },
  });
  assert.equal(stale.status, 403);
  const body = await stale.json();
  assert.equal(body.code, "reauth_required");
  assert.match(body.message, /sign in again/);
  assert.equal((await getUser(t.kv, parent.id))!.passwordHash, null);

  const fresh = await magicSignIn(t, "ana@example.com");
  const ok = await requestJson(t.app, "/api/v2/auth/password", {
    method: "PUT",
    body: { newPassword: "a long new password" },
    headers: { cookie: fresh.cookie },
  });
  assert.equal(ok.status, 200);
  const mail = (await queuedMail(t.kv)).find((m) => m.mail.kind === "password-changed");
  assert.equal(mail?.mail.to.address, "ana@example.com");
});

Deno.test("[auth] team username and password sign in as that team's admin only", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const other = await seedTeam(t.kv);
  await setTeamAccessCredentials(t.kv, team.id, "Rockets", "team password 2026", "test");
  const ok = await requestJson(t.app, `/api/teams/${team.id}/login`, {
    body: { username: "rockets", password: "team password 2026" },
  });
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), { success: true, teamId: team.id });
  const session = await (await sessionOf(t.app, cookiesFrom(ok))).json();
  assert.deepEqual(session.user.roles, { [team.id]: "TEAM_ADMIN" });
  assert.equal(session.user.kind, "team");

  for (
    const [teamKey, body] of [
      [team.id, { username: "rockets", password: "wrong" }],
      [team.id, { username: "other", password: "team password 2026" }],
      [other.team.id, { username: "rockets", password: "team password 2026" }],
      ["no-such-team", { username: "rockets", password: "team password 2026" }],
    ] as const
  ) {
    const res = await requestJson(t.app, `/api/teams/${teamKey}/login`, { body });
    assert.equal(res.status, 401);
    assert.equal((await res.json()).message, "Invalid username or password. Please try again.");
  }
});
