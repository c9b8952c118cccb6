import assert from "node:assert/strict";
import { createTestApp, postForm, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { cookieAttributes, cookiesFrom, createAccount, queuedMail, tokenFromMail } from "../auth_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { requireTeamRole } from "../../routes/auth_middleware.ts";
import { ensureSysadmin } from "../../lib/auth/login.ts";
import { setTeamAccessCredentials } from "../../lib/teams/access.ts";
import { getUser, setMembership } from "../../lib/db/users.ts";

/** A clock the test moves by hand. */
function manualClock(start = Date.parse("2026-11-22T10:00:00Z")) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => now += ms };
}

const sessionOf = (app: Parameters<typeof requestJson>[0], cookie: string) =>
  requestJson(app, "/api/v2/auth/session", { headers: { cookie } });

async function magicSignIn(t: { app: Parameters<typeof requestJson>[0]; kv: Deno.Kv }, email: string) {
  await requestJson(t.app, "/api/team/magic-link", { body: { email } });
  const token = await tokenFromMail(t.kv, email, "/auth/magic");
  const res = await postForm(t.app, "/auth/magic", { token, next: "" });
  return { res, cookie: cookiesFrom(res), token };
}

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

Deno.test("[auth] magic link: same answer for known and unknown addresses; a link only for the known one", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "known@example.com", teamId: team.id });
  const known = await requestJson(t.app, "/api/team/magic-link", { body: { email: "Known@Example.com " } });
  const unknown = await requestJson(t.app, "/api/team/magic-link", { body: { email: "nobody@example.com" } });
  assert.equal(known.status, 200);
  assert.equal(unknown.status, 200);
  assert.deepEqual(await known.text(), await unknown.text());
  const mails = await queuedMail(t.kv);
  assert.deepEqual(mails.map((m) => m.mail.to.address), ["known@example.com"]);
  assert.match(mails[0].mail.text, new RegExp(`^Sign in: ${TEST_ORIGIN}/auth/magic\\?token=[A-Za-z0-9_-]{43}$`, "m"));

  for (const email of ["", "   ", "not-an-email", 42]) {
    const res = await requestJson(t.app, "/api/team/magic-link", { body: { email } });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).message, "Please check your email address and try again.");
  }
});

Deno.test("[auth] magic link: admin and team scopes send links only to admins / members of that team", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const other = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "admin@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  await createAccount(t.kv, { email: "parent@example.com", teamId: team.id, role: "TEAM_STANDARD" });
  for (const email of ["admin@example.com", "parent@example.com"]) {
    const res = await requestJson(t.app, "/api/team-admin/magic-link", { body: { email } });
    assert.deepEqual(await res.json(), { success: true, message: "Magic link sent!" });
  }
  assert.deepEqual((await queuedMail(t.kv)).map((m) => m.mail.to.address), ["admin@example.com"]);
  const token = await tokenFromMail(t.kv, "admin@example.com", "/auth/magic");
  const res = await postForm(t.app, "/auth/magic", { token });
  assert.equal(res.headers.get("location"), `/teams/${team.id}`);

  await requestJson(t.app, `/api/teams/${other.team.slug}/magic-link`, { body: { email: "parent@example.com" } });
  await requestJson(t.app, `/api/teams/${team.slug}/magic-link`, { body: { email: "parent@example.com" } });
  const parentMails = (await queuedMail(t.kv)).filter((m) => m.mail.to.address === "parent@example.com");
  assert.equal(parentMails.length, 1, "only the team the parent belongs to sends a link");
  const missing = await requestJson(t.app, "/api/teams/no-such-team/magic-link", { body: { email: "a@example.com" } });
  assert.equal(missing.status, 404);
});

Deno.test("[auth] /auth/magic: HEAD and GET never spend; the POST does, once; redirects without the token", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "ana@example.com", teamId: team.id });
  await requestJson(t.app, "/api/team/magic-link", { body: { email: "ana@example.com" } });
  const token = await tokenFromMail(t.kv, "ana@example.com", "/auth/magic");

  assert.equal((await t.app.request(`${TEST_ORIGIN}/auth/magic?token=${token}`, { method: "HEAD" })).status, 200);
  for (let i = 0; i < 3; i++) {
    const page = await t.app.request(`${TEST_ORIGIN}/auth/magic?token=${token}`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get("cache-control"), "no-store");
    assert.equal(page.headers.get("referrer-policy"), "no-referrer");
    const html = await page.text();
    assert.match(html, /<form action="\/auth\/magic" method="post">/);
    assert.match(html, />Continue</);
    assert.equal(page.headers.getSetCookie().length, 0, "a GET never signs in");
  }
  const res = await postForm(t.app, "/auth/magic", { token, next: "/home?welcome=1" });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/home?welcome=1");
  assert.ok(!res.headers.get("location")!.includes(token));

  const again = await postForm(t.app, "/auth/magic", { token });
  assert.equal(again.status, 400);
  assert.match(await again.text(), /invalid, expired or already used/);
  const reopened = await t.app.request(`${TEST_ORIGIN}/auth/magic?token=${token}`);
  assert.equal(reopened.status, 400);

  // No raw token anywhere in the database.
  for await (const entry of t.kv.list({ prefix: [] })) {
    if (entry.key[0] === "mail_pending") continue; // The mail itself carries the link until it is sent.
    assert.ok(!JSON.stringify(entry).includes(token), `raw token stored under ${JSON.stringify(entry.key)}`);
  }
});

Deno.test("[auth] /auth/magic: next must be a local path; an expired link is refused", async () => {
  const clock = manualClock();
  await using t = await createTestApp({ now: clock.now });
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "ana@example.com", teamId: team.id });
  for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
    await requestJson(t.app, "/api/team/magic-link", { body: { email: "ana@example.com" } });
    const token = await tokenFromMail(t.kv, "ana@example.com", "/auth/magic");
    const res = await postForm(t.app, "/auth/magic", { token, next });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/home", `next ${next} is ignored`);
  }
  await requestJson(t.app, "/api/team/magic-link", { body: { email: "ana@example.com" } });
  const token = await tokenFromMail(t.kv, "ana@example.com", "/auth/magic");
  clock.advance(15 * 60 * 1000 + 1000);
  assert.equal((await t.app.request(`${TEST_ORIGIN}/auth/magic?token=${token}`)).status, 400);
  const res = await postForm(t.app, "/auth/magic", { token });
  assert.equal(res.status, 400);
  assert.equal(res.headers.getSetCookie().length, 0);
});

Deno.test("[auth] /auth/magic: 20 simultaneous POSTs of one link start exactly one session", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const user = await createAccount(t.kv, { email: "ana@example.com", teamId: team.id });
  await requestJson(t.app, "/api/team/magic-link", { body: { email: "ana@example.com" } });
  const token = await tokenFromMail(t.kv, "ana@example.com", "/auth/magic");
  const results = await Promise.all(Array.from({ length: 20 }, () => postForm(t.app, "/auth/magic", { token })));
  assert.equal(results.filter((r) => r.status === 303).length, 1);
  assert.equal(results.filter((r) => r.status === 400).length, 19);
  let sessions = 0;
  for await (const _ of t.kv.list({ prefix: keys.userSessions(user.id) })) sessions++;
  assert.equal(sessions, 1);
});

Deno.test("[auth] magic link requests are throttled per address (5/h) and per IP (30/h) with Retry-After", async () => {
  await using t = await createTestApp();
  for (let i = 0; i < 5; i++) {
    assert.equal((await requestJson(t.app, "/api/team/magic-link", { body: { email: "a@example.com" } })).status, 200);
  }
  const limited = await requestJson(t.app, "/api/team/magic-link", { body: { email: "a@example.com" } });
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  assert.match((await limited.json()).message, /^Too many sign-in links requested/);
  for (let i = 0; i < 25; i++) {
    await requestJson(t.app, "/api/team/magic-link", { body: { email: `u${i}@example.com` } });
  }
  const perIp = await requestJson(t.app, "/api/team/magic-link", { body: { email: "fresh@example.com" } });
  assert.equal(perIp.status, 429);
  const elsewhere = await requestJson(t.app, "/api/team/magic-link", {
    body: { email: "fresh@example.com" },
    ip: "198.51.100.9",
  });
  assert.equal(elsewhere.status, 200);
});

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
  assert.equal(attributes.SameSite, "Lax");
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
    const out = await t.app.request(`${TEST_ORIGIN}${path}`, { headers: { cookie } });
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

Deno.test("[auth] sysadmin: login, status, verify and logout on a cookie of its own", async () => {
  await using t = await createTestApp();
  await ensureSysadmin(t.kv, "Root@Example.com", "a very long sysadmin password");
  const status = await requestJson(t.app, "/api/sysadmin/status");
  assert.deepEqual(await status.json(), { isAuthenticated: false, email: null });
  assert.equal((await requestJson(t.app, "/api/sysadmin/verify")).status, 401);

  const bad = await requestJson(t.app, "/api/sysadmin/login", {
    body: { email: "root@example.com", password: "wrong" },
  });
  assert.equal(bad.status, 401);
  assert.equal((await bad.json()).message, "Invalid credentials");
  const blank = await requestJson(t.app, "/api/sysadmin/login", { body: { email: "", password: "" } });
  assert.equal(blank.status, 400);

  const ok = await requestJson(t.app, "/api/sysadmin/login", {
    body: { email: "root@example.com", password: "a very long sysadmin password" },
  });
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), { success: true, message: "Login successful" });
  assert.equal(cookieAttributes(ok, "gm_sysadmin")!.SameSite, "Strict");
  const cookie = cookiesFrom(ok);
  assert.deepEqual(await (await requestJson(t.app, "/api/sysadmin/verify", { headers: { cookie } })).json(), {
    isAuthenticated: true,
    email: "root@example.com",
  });
  assert.equal((await sessionOf(t.app, cookie)).status, 401, "a sysadmin session is not a user session");

  const out = await requestJson(t.app, "/api/sysadmin/logout", { method: "POST", headers: { cookie } });
  assert.equal(out.status, 200);
  assert.equal((await requestJson(t.app, "/api/sysadmin/verify", { headers: { cookie } })).status, 401);
});

Deno.test("[auth] sysadmin login has the stricter bucket: the 6th attempt in 15 minutes is 429", async () => {
  await using t = await createTestApp();
  await ensureSysadmin(t.kv, "root@example.com", "a very long sysadmin password");
  for (let i = 0; i < 5; i++) {
    const res = await requestJson(t.app, "/api/sysadmin/login", {
      body: { email: "root@example.com", password: `x${i}` },
    });
    assert.equal(res.status, 401);
  }
  const limited = await requestJson(t.app, "/api/sysadmin/login", {
    body: { email: "root@example.com", password: "a very long sysadmin password" },
  });
  assert.equal(limited.status, 429);
});

Deno.test("[auth] requireTeamRole: the role matrix on a team route", async () => {
  await using t = await createTestApp();
  t.app.get("/api/test-only/:teamId/admin", requireTeamRole("TEAM_ADMIN"), (c) => c.json({ teamId: c.var.teamId }));
  const { team } = await seedTeam(t.kv);
  const other = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "admin@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  await createAccount(t.kv, { email: "parent@example.com", teamId: team.id, role: "TEAM_STANDARD" });
  await createAccount(t.kv, { email: "player@example.com", teamId: team.id, role: "PLAYER" });
  await createAccount(t.kv, { email: "other@example.com", teamId: other.team.id, role: "TEAM_ADMIN" });
  await ensureSysadmin(t.kv, "root@example.com", "a very long sysadmin password");
  const sysadmin = cookiesFrom(
    await requestJson(t.app, "/api/sysadmin/login", {
      body: { email: "root@example.com", password: "a very long sysadmin password" },
    }),
  );
  const cookieFor = async (email: string) => (await magicSignIn(t, email)).cookie;
  const matrix: [string, string | null, number][] = [
    ["anonymous", null, 401],
    ["parent", await cookieFor("parent@example.com"), 403],
    ["player", await cookieFor("player@example.com"), 403],
    ["admin of another team", await cookieFor("other@example.com"), 403],
    ["this team's admin", await cookieFor("admin@example.com"), 200],
    ["system administrator", sysadmin, 200],
  ];
  for (const [who, cookie, status] of matrix) {
    for (const key of [team.id, team.slug]) {
      const res = await requestJson(t.app, `/api/test-only/${key}/admin`, { headers: cookie ? { cookie } : {} });
      assert.equal(res.status, status, `${who} via ${key}`);
      if (status === 200) assert.deepEqual(await res.json(), { teamId: team.id });
    }
  }
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
