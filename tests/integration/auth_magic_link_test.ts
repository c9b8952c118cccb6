// Auth API: magic links — requesting, scopes, spending the link once at /auth/magic, throttling.
import assert from "node:assert/strict";
import { createTestApp, kvJson, postForm, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { createAccount, queuedMail, tokenFromMail } from "../auth_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { manualClock } from "./auth_fixtures.ts";
import { ensureSysadmin } from "../../lib/auth/login.ts";

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
    assert.ok(!kvJson(entry).includes(token), `raw token stored under ${JSON.stringify(entry.key)}`);
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

Deno.test("[auth] R20: a next that a browser reads as another origin is never stored nor followed", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await ensureSysadmin(t.kv, "root@example.com", "a very long sysadmin password");
  await createAccount(t.kv, { email: "ana@example.com", teamId: team.id });
  for (const next of ["/..//evil.example/phish", "/.//evil.example", "/%2e%2e//evil.example", "/\t/evil.example"]) {
    // The link's own `next`, stored with the token, is where Continue leads when the form has none.
    await requestJson(t.app, "/api/team/magic-link", { body: { email: "ana@example.com", next } });
    const token = await tokenFromMail(t.kv, "ana@example.com", "/auth/magic");
    const res = await postForm(t.app, "/auth/magic", { token, next: "" });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/home", `stored next ${JSON.stringify(next)}`);

    const admin = await postForm(t.app, "/sysadmin/login", {
      email: "root@example.com",
      password: "a very long sysadmin password",
      next,
    });
    assert.equal(admin.status, 303);
    assert.equal(admin.headers.get("location"), "/sysadmin", `sysadmin next ${JSON.stringify(next)}`);
  }
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
