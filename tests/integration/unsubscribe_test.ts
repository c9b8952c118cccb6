/**
 * `/unsubscribe/<token>` (issue 23 item 5): GET shows the Stop button and changes nothing (link
 * scanners open every link); POST, RFC 8058's one-click with no cookie and no Origin, turns that
 * one kind off for the token's person, again and again the same; a forged token or a deleted
 * account is 404 and changes nothing; who sends it (any identity, any site) does not matter.
 */
import assert from "node:assert/strict";
import { call, createTestApp, dumpKv, get, getPage, TEST_ORIGIN } from "../helpers.ts";
import { adminWorld } from "../admin_helpers.ts";
import { cookiesFrom, setCheapTeamLogin } from "../auth_helpers.ts";
import { getNotificationPreferences, setNotificationPreference } from "../../lib/notifications/mod.ts";
import { unsubscribeUrl } from "../../lib/notifications/unsubscribe.ts";
import { unsubscribeQuestion } from "../../components/notifications/UnsubscribePage.tsx";

const ALL_ON = { teamNews: true, scheduleChanges: true, weeklyDigest: true };
const PREFS = ["notification_preferences"];

async function world() {
  const t = await createTestApp();
  const w = await adminWorld(t);
  const parentId = (await t.kv.get<string>(["users_by_email", "parent@example.com"])).value!;
  await setCheapTeamLogin(t.kv, w.team.id, "rockets", "the team password");
  const teamLogin = cookiesFrom(
    await call(t.app, "POST", `/api/teams/${w.team.id}/login`, {
      body: { username: "rockets", password: "the team password" },
    }),
  );
  assert.ok(teamLogin);
  /** The path of the parent's link for a kind (what the mail's List-Unsubscribe names). */
  const linkOf = (kind: "teamNews" | "scheduleChanges" | "weeklyDigest", userId = parentId) =>
    new URL(unsubscribeUrl(TEST_ORIGIN, userId, kind)).pathname;
  return { t, w, parentId, teamLogin, linkOf, [Symbol.asyncDispose]: () => t[Symbol.asyncDispose]() };
}

/** A mail provider's one-click POST: form-encoded `List-Unsubscribe=One-Click`, no cookie, no Origin. */
const oneClick = (app: Parameters<typeof call>[0], path: string, extra: Parameters<typeof call>[3] = {}) =>
  call(app, "POST", path, { origin: null, form: { "List-Unsubscribe": "One-Click" }, ...extra });

Deno.test("[unsubscribe] GET shows 'Stop team news e-mails from GoalMates?' with one button and changes nothing", async () => {
  await using env = await world();
  const { t, w, parentId, linkOf } = env;
  const before = await dumpKv(t.kv, PREFS);
  // Whoever opens it (a link scanner, the person, someone else signed in): the same page, nothing changed.
  for (const cookie of Object.values(w.cookies).concat(env.teamLogin)) {
    const { res, html } = await getPage(t.app, linkOf("teamNews"), cookie);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    assert.equal(res.headers.get("referrer-policy"), "no-referrer", "the token never leaves in a Referer");
    assert.ok(html.includes(`<h1>${unsubscribeQuestion("teamNews")}</h1>`));
    assert.equal(unsubscribeQuestion("teamNews"), "Stop team news e\u2011mails from GoalMates?");
    assert.match(html, /noindex/);
    // One form in the page's content (the footer's language switch aside): a POST to the same link, one button.
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    const forms = [...main.matchAll(/<form[^>]*>/g)].map((m) => m[0]);
    assert.equal(forms.length, 1, `${forms}`);
    assert.ok(forms[0].includes(`action="${linkOf("teamNews")}"`) && forms[0].includes('method="post"'), forms[0]);
    assert.equal([...main.matchAll(/<button/g)].length, 1);
    assert.match(html, /href="\/account#notifications"/);
  }
  assert.deepEqual(await dumpKv(t.kv, PREFS), before);
  assert.deepEqual(await getNotificationPreferences(t.kv, parentId), ALL_ON);
});

Deno.test("[unsubscribe] one-click POST with no cookie and no Origin turns that kind off, others stay on; again is the same", async () => {
  await using env = await world();
  const { t, parentId, linkOf } = env;
  const res = await oneClick(t.app, linkOf("scheduleChanges"));
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /You are unsubscribed/);
  assert.match(html, /no more schedule changes e-mails/);
  assert.deepEqual(await getNotificationPreferences(t.kv, parentId), { ...ALL_ON, scheduleChanges: false });
  // Idempotent: again, and an empty body (some providers send none), same answer, same state.
  assert.equal((await oneClick(t.app, linkOf("scheduleChanges"))).status, 200);
  const empty = await call(t.app, "POST", linkOf("scheduleChanges"), { origin: null });
  assert.equal(empty.status, 200);
  await empty.body?.cancel();
  assert.deepEqual(await getNotificationPreferences(t.kv, parentId), { ...ALL_ON, scheduleChanges: false });
  // The other two, each on its own link.
  assert.equal((await oneClick(t.app, linkOf("weeklyDigest"))).status, 200);
  assert.deepEqual(await getNotificationPreferences(t.kv, parentId), {
    teamNews: true,
    scheduleChanges: false,
    weeklyDigest: false,
  });
  // Turned on again in /account, the same old link still works (it never expires).
  await setNotificationPreference(t.kv, parentId, "scheduleChanges", true);
  assert.equal((await oneClick(t.app, linkOf("scheduleChanges"))).status, 200);
  assert.equal((await getNotificationPreferences(t.kv, parentId)).scheduleChanges, false);
});

Deno.test("[unsubscribe] the POST is let through from any site and as any identity: only the token decides", async () => {
  await using env = await world();
  const { t, w, parentId, linkOf } = env;
  const adminId = (await t.kv.get<string>(["users_by_email", "admin@example.com"])).value!;
  // A cross-site form post (another Origin, Sec-Fetch-Site: cross-site), with someone else's session.
  const cross = await oneClick(t.app, linkOf("teamNews"), {
    origin: "https://mail.example",
    cookie: w.cookies.admin,
    headers: { "sec-fetch-site": "cross-site" },
  });
  assert.equal(cross.status, 200);
  await cross.body?.cancel();
  assert.deepEqual(await getNotificationPreferences(t.kv, parentId), { ...ALL_ON, teamNews: false });
  assert.deepEqual(await getNotificationPreferences(t.kv, adminId), ALL_ON, "the session's person is untouched");
  for (const cookie of [w.cookies.sysadmin, w.cookies.player, env.teamLogin, ""]) {
    const res = await oneClick(t.app, linkOf("weeklyDigest"), { cookie });
    assert.equal(res.status, 200);
    await res.body?.cancel();
  }
  assert.deepEqual(await getNotificationPreferences(t.kv, parentId), {
    teamNews: false,
    scheduleChanges: true,
    weeklyDigest: false,
  });
  // The exemption is this route's alone: another form post with no Origin is still refused.
  const signOut = await call(t.app, "POST", "/sign-out", { origin: null, form: {}, cookie: w.cookies.parent });
  assert.equal(signOut.status, 403);
  await signOut.body?.cancel();
});

Deno.test("[unsubscribe] a changed or forged token, or a deleted account: 404, GET and POST, and nothing changed", async () => {
  await using env = await world();
  const { t, parentId, linkOf } = env;
  const good = linkOf("teamNews");
  const mac = good.split(".").at(-1)!;
  const flipped = mac[0] === "A" ? `B${mac.slice(1)}` : `A${mac.slice(1)}`;
  const forged = [
    good.replace(mac, flipped),
    good.replace("teamNews", "weeklyDigest"),
    good.slice(0, -3),
    `/unsubscribe/${parentId}.teamNews.${"A".repeat(43)}`,
    "/unsubscribe/not-a-token",
    // Signed right, but for an account that does not exist (deleted, or never was).
    linkOf("teamNews", "01ARZ3NDEKTSV4RRFFQ69G5FAV"),
  ];
  const before = await dumpKv(t.kv, PREFS);
  for (const path of forged) {
    const page = await get(t.app, path);
    assert.equal(page.status, 404, `GET ${path}`);
    assert.match(page.headers.get("content-type") ?? "", /text\/html/);
    await page.body?.cancel();
    const post = await oneClick(t.app, path);
    assert.equal(post.status, 404, `POST ${path}`);
    await post.body?.cancel();
  }
  assert.deepEqual(await dumpKv(t.kv, PREFS), before);
  assert.deepEqual(await getNotificationPreferences(t.kv, parentId), ALL_ON);
  // A body over the form limit is refused before anything is read.
  const big = await call(t.app, "POST", good, {
    origin: null,
    raw: "x".repeat(1024 * 1024 + 1),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  assert.equal(big.status, 413);
  await big.body?.cancel();
  assert.deepEqual(await getNotificationPreferences(t.kv, parentId), ALL_ON);
});
