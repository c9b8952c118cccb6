// Session policy follows the role, and admins' cookies are SameSite=Strict (R11, R12): checked
// with an injected clock and with the Sec-Fetch-* headers a browser sends along the way.
import assert from "node:assert/strict";
import { call, createTestApp, get, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { cookieAttributes, cookiesFrom, createAccount, setCheapTeamLogin, tokenFromMail } from "../auth_helpers.ts";
import { magicSignIn, manualClock, sessionOf } from "./auth_fixtures.ts";
import { keys } from "../../lib/db/keys.ts";
import { setMembership } from "../../lib/db/users.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
type App = Parameters<typeof requestJson>[0];

/** A top-level navigation as a browser sends it. */
const navigate = (app: App, path: string, site: "same-origin" | "cross-site" | "none", cookie = "") =>
  get(app, path, {
    cookie,
    headers: { "sec-fetch-site": site, "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
  });

/** A form the page itself posts. Pages with e-mailed tokens are sent no-referrer, so Origin is "null". */
const submit = (app: App, path: string, fields: Record<string, string>, origin = TEST_ORIGIN) =>
  call(app, "POST", path, {
    form: fields,
    origin,
    headers: { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate" },
  });

Deno.test("[session policy] a parent made co-admin is held to the admin limits, counted from sign-in", async () => {
  const clock = manualClock();
  await using t = await createTestApp({ now: clock.now });
  const { team } = await seedTeam(t.kv);
  const old = await createAccount(t.kv, { email: "old@example.com", teamId: team.id });
  const recent = await createAccount(t.kv, { email: "recent@example.com", teamId: team.id });
  const oldSession = await magicSignIn(t, "old@example.com");
  assert.equal(cookieAttributes(oldSession.res, "gm_session")!.SameSite, "Lax", "a parent's cookie is Lax");
  assert.equal(cookieAttributes(oldSession.res, "gm_session")!["Max-Age"], String(30 * 24 * 3600));

  clock.advance(2 * 24 * HOUR);
  assert.equal((await sessionOf(t.app, oldSession.cookie)).status, 200, "two days on, a parent is still in");
  const recentSession = await magicSignIn(t, "recent@example.com");
  await setMembership(t.kv, old.id, team.id, "TEAM_ADMIN");
  await setMembership(t.kv, recent.id, team.id, "TEAM_ADMIN");

  assert.equal((await sessionOf(t.app, oldSession.cookie)).status, 401, "an admin session older than 12 h ends");
  const [id] = oldSession.cookie.split("=")[1].split(".");
  assert.equal((await t.kv.get(keys.session(id))).versionstamp, null, "and its record goes");

  // The recent one carries on under the admin policy: its next page sets the cookie again as Strict.
  clock.advance(20 * MINUTE);
  const page = await navigate(t.app, "/home", "same-origin", recentSession.cookie);
  assert.equal(page.status, 200);
  const strict = cookieAttributes(page, "gm_session");
  assert.ok(strict, "the page re-sets the cookie");
  assert.equal(strict.SameSite, "Strict");
  assert.equal(strict["Max-Age"], String(12 * 3600 - 20 * 60), "what is left of 12 hours");
  assert.equal(cookiesFrom(page), recentSession.cookie, "the same session");
  assert.equal((await navigate(t.app, `/admin/${team.id}`, "same-origin", recentSession.cookie)).status, 200);
  clock.advance(29 * MINUTE);
  assert.equal((await sessionOf(t.app, recentSession.cookie)).status, 200);
  clock.advance(31 * MINUTE);
  assert.equal((await sessionOf(t.app, recentSession.cookie)).status, 401, "30 idle minutes end it");

  const busy = await magicSignIn(t, "recent@example.com");
  const idle = await magicSignIn(t, "old@example.com");
  assert.equal(cookieAttributes(busy.res, "gm_session")!.SameSite, "Strict", "signing in again: Strict at once");
  for (let elapsed = 20; elapsed < 12 * 60; elapsed += 20) {
    clock.advance(20 * MINUTE);
    assert.equal((await sessionOf(t.app, busy.cookie)).status, 200);
    if (elapsed === 40) assert.equal((await sessionOf(t.app, idle.cookie)).status, 401, "40 idle minutes end it");
  }
  clock.advance(20 * MINUTE);
  assert.equal((await sessionOf(t.app, busy.cookie)).status, 401, "12 hours absolute");
});

Deno.test("[session policy] sign-in end to end as a browser sends it: admins get Strict, parents Lax", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, {
    email: "coach@example.com",
    teamId: team.id,
    role: "TEAM_ADMIN",
    password: "the coach password",
  });
  await createAccount(t.kv, { email: "parent@example.com", teamId: team.id });

  const cases = [
    { email: "coach@example.com", ask: "/api/team-admin/magic-link", sameSite: "Strict", landing: `/teams/${team.id}` },
    { email: "parent@example.com", ask: "/api/team/magic-link", sameSite: "Lax", landing: "/home" },
  ];
  for (const { email, ask, sameSite, landing } of cases) {
    await requestJson(t.app, ask, { body: { email } });
    const token = await tokenFromMail(t.kv, email, "/auth/magic");
    // The link in the mail: a cross-site navigation, which carries no Strict cookie and needs none.
    const opened = await navigate(t.app, `/auth/magic?token=${token}`, "cross-site");
    assert.equal(opened.status, 200);
    assert.match(await opened.text(), />Continue</);
    // Continue: the page's own form, a same-origin top-level POST.
    const posted = await submit(t.app, "/auth/magic", { token, next: "" }, "null");
    assert.equal(posted.status, 303, email);
    assert.equal(posted.headers.get("location"), landing);
    const attributes = cookieAttributes(posted, "gm_session")!;
    assert.equal(attributes.SameSite, sameSite, email);
    assert.ok("HttpOnly" in attributes);
    // The redirect is followed within the site, so even a Strict cookie goes with it.
    const arrived = await navigate(t.app, landing, "same-origin", cookiesFrom(posted));
    assert.equal(arrived.status, 200, `${email} lands signed in`);
    assert.ok((await arrived.text()).includes(email === "coach@example.com" ? team.name : "Your GoalMates Hub"));
  }

  // The Email & Password tab without JavaScript: a same-origin POST, then its redirect.
  const form = await submit(t.app, "/team-login", {
    action: "password",
    email: "coach@example.com",
    password: "the coach password",
    next: "",
  });
  assert.equal(form.status, 303);
  assert.equal(cookieAttributes(form, "gm_session")!.SameSite, "Strict");
  const dashboard = await navigate(t.app, form.headers.get("location")!, "same-origin", cookiesFrom(form));
  assert.equal(dashboard.status, 200);

  // The team's shared login is an admin session too.
  await setCheapTeamLogin(t.kv, team.id, "rockets", "the team password");
  const shared = await requestJson(t.app, `/api/teams/${team.id}/login`, {
    body: { username: "rockets", password: "the team password" },
    headers: { "sec-fetch-site": "same-origin" },
  });
  assert.equal(cookieAttributes(shared, "gm_session")!.SameSite, "Strict");
  assert.equal(cookieAttributes(shared, "gm_session")!["Max-Age"], String(12 * 3600));
});

Deno.test("[session policy] PATCH /api/v2/auth/session refuses names every object inherits", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "ana@example.com", teamId: team.id });
  const { cookie } = await magicSignIn(t, "ana@example.com");
  for (const selectedTeamId of ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"]) {
    const res = await requestJson(t.app, "/api/v2/auth/session", {
      method: "PATCH",
      body: { selectedTeamId },
      headers: { cookie },
    });
    assert.equal(res.status, 400, selectedTeamId);
    assert.equal((await res.json()).message, "Please choose one of your teams.");
  }
  // The hub's team switch (an `in` check of its own) cannot take one either.
  const switched = await t.app.request(`${TEST_ORIGIN}/home/team`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ teamId: "toString" }).toString(),
  });
  assert.equal(switched.status, 303);
  const [id] = cookie.split("=")[1].split(".");
  const stored = await t.kv.get<{ data: { selectedTeamId: string | null } }>(keys.session(id));
  assert.notEqual(stored.value!.data.selectedTeamId, "toString");
  assert.equal((await (await sessionOf(t.app, cookie)).json()).user.selectedTeamId, team.id);
});
