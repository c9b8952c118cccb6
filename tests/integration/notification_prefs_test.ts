/**
 * Notification preferences (issue 23 item 1): `GET`/`PUT /api/account/notifications` for every
 * identity, the body rules (a subset changes only those kinds; an unknown field or a non-boolean
 * is 400 and changes nothing), the /account section and its no-JavaScript form, the avatar menu's
 * link, the export, and the erasure with the account.
 */
import assert from "node:assert/strict";
import { call, createTestApp, get, getPage } from "../helpers.ts";
import { adminWorld } from "../admin_helpers.ts";
import { cookiesFrom, setCheapTeamLogin } from "../auth_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import {
  getNotificationPreferences,
  NOTIFICATION_MESSAGES,
  setNotificationPreference,
} from "../../lib/notifications/mod.ts";

const API = "/api/account/notifications";
const ALL_ON = { teamNews: true, scheduleChanges: true, weeklyDigest: true };

type T = Awaited<ReturnType<typeof createTestApp>>;

async function world(t: T) {
  const w = await adminWorld(t);
  const parentId = (await t.kv.get<string>(keys.userByEmail("parent@example.com"))).value!;
  const adminId = (await t.kv.get<string>(keys.userByEmail("admin@example.com"))).value!;
  await setCheapTeamLogin(t.kv, w.team.id, "rockets", "the team password");
  const teamLogin = cookiesFrom(
    await call(t.app, "POST", `/api/teams/${w.team.id}/login`, {
      body: { username: "rockets", password: "the team password" },
    }),
  );
  return { w, parentId, adminId, teamLogin };
}

const put = (t: T, cookie: string, body: unknown) => call(t.app, "PUT", API, { cookie, body });

Deno.test("[notification prefs] all on by default; a subset changes only those kinds, for that person only", async () => {
  await using t = await createTestApp();
  const { w, parentId, adminId } = await world(t);
  const first = await call(t.app, "GET", API, { cookie: w.cookies.parent });
  assert.equal(first.status, 200);
  assert.equal(first.headers.get("cache-control"), "no-store");
  assert.deepEqual(await first.json(), ALL_ON);

  const res = await put(t, w.cookies.parent, { weeklyDigest: false });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { ...ALL_ON, weeklyDigest: false });
  const both = await put(t, w.cookies.parent, { teamNews: false, weeklyDigest: true });
  assert.deepEqual(await both.json(), { ...ALL_ON, teamNews: false });
  assert.deepEqual(await (await call(t.app, "GET", API, { cookie: w.cookies.parent })).json(), {
    ...ALL_ON,
    teamNews: false,
  });
  // What the senders read: the same, and another member's stay on.
  assert.deepEqual(await getNotificationPreferences(t.kv, parentId), { ...ALL_ON, teamNews: false });
  assert.deepEqual(await getNotificationPreferences(t.kv, adminId), ALL_ON);
  assert.deepEqual(await (await call(t.app, "GET", API, { cookie: w.cookies.admin })).json(), ALL_ON);
  // The one-click unsubscribe's call turns one kind off and keeps the rest.
  await setNotificationPreference(t.kv, adminId, "scheduleChanges", false);
  assert.deepEqual(await getNotificationPreferences(t.kv, adminId), { ...ALL_ON, scheduleChanges: false });
});

Deno.test("[notification prefs] bad bodies are 400 { message } and change nothing", async () => {
  await using t = await createTestApp();
  const { w, parentId } = await world(t);
  await put(t, w.cookies.parent, { scheduleChanges: false }).then((r) => r.body?.cancel());
  const before = await t.kv.get(keys.notificationPreferences(parentId));
  const bad: [unknown, RegExp][] = [
    [{ teamNews: false, smsAlerts: true }, /Unknown field: smsAlerts/],
    [{ teamNews: "false" }, /teamNews must be true or false/],
    [{ weeklyDigest: 0 }, /weeklyDigest must be true or false/],
    [{ teamNews: null }, /teamNews must be true or false/],
    [{}, new RegExp(NOTIFICATION_MESSAGES.nothingToChange)],
    [[true], /JSON object/],
    ["teamNews", /JSON object/],
  ];
  for (const [body, message] of bad) {
    const res = await put(t, w.cookies.parent, body);
    assert.equal(res.status, 400, JSON.stringify(body));
    const answer = await res.json();
    assert.deepEqual(Object.keys(answer), ["message"].concat(Object.keys(answer).filter((k) => k !== "message")));
    assert.match(answer.message, message, JSON.stringify(body));
  }
  const malformed = await call(t.app, "PUT", API, {
    cookie: w.cookies.parent,
    raw: "{teamNews:",
    headers: { "content-type": "application/json" },
  });
  assert.equal(malformed.status, 400);
  assert.ok((await malformed.json()).message);
  const after = await t.kv.get(keys.notificationPreferences(parentId));
  assert.equal(after.versionstamp, before.versionstamp, "nothing was written");
  assert.deepEqual(await getNotificationPreferences(t.kv, parentId), { ...ALL_ON, scheduleChanges: false });
});

Deno.test("[notification prefs] who may call: the person (any role) 200; anonymous 401, a system administrator 401, a team login 403", async () => {
  await using t = await createTestApp();
  const { w, teamLogin } = await world(t);
  const cases: [string, string, number][] = [
    ["parent", w.cookies.parent, 200],
    ["player", w.cookies.player, 200],
    ["admin", w.cookies.admin, 200],
    ["otherAdmin", w.cookies.otherAdmin, 200],
    ["anonymous", "", 401],
    ["sysadmin", w.cookies.sysadmin, 401],
    ["team login", teamLogin, 403],
  ];
  for (const [who, cookie, status] of cases) {
    const read = await call(t.app, "GET", API, { cookie });
    assert.equal(read.status, status, `GET as ${who}`);
    const body = await read.json();
    if (status === 200) assert.deepEqual(body, ALL_ON, who);
    else assert.ok(typeof body.message === "string" && body.message, who);
    const write = await put(t, cookie, { teamNews: false });
    assert.equal(write.status, status, `PUT as ${who}`);
    await write.body?.cancel();
  }
  // A write from another site is refused before anything is read.
  const crossSite = await call(t.app, "PUT", API, {
    cookie: w.cookies.parent,
    body: { weeklyDigest: false },
    origin: "https://evil.example",
  });
  assert.equal(crossSite.status, 403);
  await crossSite.body?.cancel();
  assert.deepEqual(await (await call(t.app, "GET", API, { cookie: w.cookies.parent })).json(), {
    ...ALL_ON,
    teamNews: false,
  });
});

/** The section's checkbox for a kind, whatever the order of its attributes. */
const box = (page: string, kind: string) => page.match(new RegExp(`<input[^>]*name="${kind}"[^>]*>`))?.[0] ?? "";

Deno.test("[notification prefs] /account: the Notifications section and its no-JavaScript form (303 back with a notice)", async () => {
  await using t = await createTestApp();
  const { w, parentId } = await world(t);
  const { res, html: page } = await getPage(t.app, "/account", w.cookies.parent);
  assert.equal(res.status, 200);
  assert.match(page, /<section class="card account-section" id="notifications" aria-labelledby="[^"]+"/);
  assert.match(page, /<form class="form" action="\/account\/notifications" method="post">/);
  for (const kind of ["teamNews", "scheduleChanges", "weeklyDigest"]) {
    assert.match(box(page, kind), /type="checkbox"/, kind);
    assert.match(box(page, kind), /checked=""/, `${kind} is on by default`);
  }
  assert.ok(!page.includes(NOTIFICATION_MESSAGES.saved));

  // A browser sends only the ticked boxes: weekly digest off.
  const saved = await call(t.app, "POST", "/account/notifications", {
    cookie: w.cookies.parent,
    form: { teamNews: "on", scheduleChanges: "on" },
  });
  assert.equal(saved.status, 303);
  assert.equal(saved.headers.get("location"), "/account?saved=notifications#notifications");
  assert.deepEqual(await getNotificationPreferences(t.kv, parentId), { ...ALL_ON, weeklyDigest: false });
  const back = await getPage(t.app, "/account?saved=notifications", w.cookies.parent);
  assert.ok(back.html.includes(NOTIFICATION_MESSAGES.saved));
  assert.doesNotMatch(box(back.html, "weeklyDigest"), /checked/);
  assert.match(box(back.html, "teamNews"), /checked=""/);
  // No boxes at all: everything off.
  await call(t.app, "POST", "/account/notifications", { cookie: w.cookies.parent, form: {} })
    .then((r) => r.body?.cancel());
  assert.deepEqual(await getNotificationPreferences(t.kv, parentId), {
    teamNews: false,
    scheduleChanges: false,
    weeklyDigest: false,
  });
});

Deno.test("[notification prefs] the form: anonymous and a system administrator sign in first, a team login 403, another site refused", async () => {
  await using t = await createTestApp();
  const { w, teamLogin, parentId } = await world(t);
  for (const cookie of ["", w.cookies.sysadmin]) {
    const res = await call(t.app, "POST", "/account/notifications", { cookie, form: {} });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/team-login?next=/account");
  }
  const team = await call(t.app, "POST", "/account/notifications", { cookie: teamLogin, form: {} });
  assert.equal(team.status, 403);
  assert.match(team.headers.get("content-type") ?? "", /text\/html/);
  assert.ok((await team.text()).includes("sign in with your own account"));
  const teamPage = await getPage(t.app, "/account", teamLogin);
  assert.ok(!teamPage.html.includes("/account/notifications"), "no Notifications form for a team login");
  const crossSite = await call(t.app, "POST", "/account/notifications", {
    cookie: w.cookies.parent,
    form: {},
    origin: "https://evil.example",
  });
  assert.equal(crossSite.status, 403);
  await crossSite.body?.cancel();
  assert.deepEqual(await getNotificationPreferences(t.kv, parentId), ALL_ON);
});

Deno.test("[notification prefs] the avatar menu links to /account#notifications", async () => {
  await using t = await createTestApp();
  const { w } = await world(t);
  const res = await get(t.app, `/family-dashboard/${w.team.id}`, w.cookies.parent);
  const menu = /<details class="acct-menu">.*?<\/details>/s.exec(await res.text())?.[0] ?? "";
  assert.match(menu, /<a class="acct-menu__item" href="\/account#notifications">Notifications<\/a>/);
});

Deno.test("[notification prefs] in the person's export, and erased with the account", async () => {
  await using t = await createTestApp();
  const { w, parentId } = await world(t);
  const fresh = await (await call(t.app, "GET", "/api/account/export", { cookie: w.cookies.parent })).json();
  assert.deepEqual(fresh.preferences, { notifications: ALL_ON });
  await put(t, w.cookies.parent, { scheduleChanges: false }).then((r) => r.body?.cancel());
  const data = await (await call(t.app, "GET", "/api/account/export", { cookie: w.cookies.parent })).json();
  assert.deepEqual(data.preferences, { notifications: { ...ALL_ON, scheduleChanges: false } });

  assert.ok((await t.kv.get(keys.notificationPreferences(parentId))).value);
  const gone = await call(t.app, "DELETE", "/api/account", {
    cookie: w.cookies.parent,
    body: { confirm: "parent@example.com" },
  });
  assert.equal(gone.status, 200, await gone.clone().text());
  assert.equal((await t.kv.get(keys.notificationPreferences(parentId))).value, null);
});
