/**
 * "Download my data" (issue 22 item 2): `GET /api/account/export` is a JSON download of
 * everything held about the signed-in person, for that person only. What it holds (account,
 * teams, children, claims and requests, posts, photos, essentials, answers, the calendar
 * subscription's existence, sessions, audit entries), what it never holds (secrets, other
 * people's records), its headers, and every identity that is refused.
 */
import assert from "node:assert/strict";
import { call, createTestApp, kvJson, type TestContext } from "../helpers.ts";
import { adminWorld, signIn } from "../admin_helpers.ts";
import { cookiesFrom, createAccount, setCheapTeamLogin } from "../auth_helpers.ts";
import { setMembership } from "../../lib/db/users.ts";
import { newPhotoId, type PhotoRecord, stagePhoto } from "../../lib/db/gallery.ts";
import { getUserCalendarFeedEntry } from "../../lib/db/calendar_feeds.ts";
import { submitClaim } from "../../lib/claims/submit.ts";
import { approveClaim } from "../../lib/claims/decisions.ts";
import type { AccountExport } from "../../lib/accounts/mod.ts";

type T = TestContext;
const EXPORT = "/api/account/export";

/** A parent with a child, a claim in another team, a post, a photo, an essential, answers, a calendar link and two sessions. */
async function seedParent(t: T) {
  const w = await adminWorld(t);
  const email = "quentin@example.com";
  const parent = await createAccount(t.kv, { email, teamId: w.team.id, firstName: "Quentin", lastName: "Zebrowski" });
  const claim = await submitClaim(t.kv, w.team, {
    mode: "jersey",
    jerseyNumber: w.players[1].jerseyNumber,
    email,
    note: "Her dad",
  });
  await approveClaim({
    kv: t.kv,
    teamId: w.team.id,
    claimId: claim.id,
    actor: "admin@example.com",
    appUrl: "http://x",
    now: new Date(),
  });
  // A request still waiting in a team they are not (yet) in.
  await submitClaim(t.kv, w.otherTeam, { mode: "surname", childSurname: "Zebrowski", email, note: "" });
  const cookie = await signIn(t, email);
  await signIn(t, email); // A second device.
  const post = await call(t.app, "POST", `/api/teams/${w.team.id}/posts`, {
    cookie,
    body: { postType: "news", content: "Carpool from Quentin's at 8" },
  });
  assert.equal(post.status, 201);
  // Someone else's post in the same team: never in Quentin's file.
  const other = await call(t.app, "POST", `/api/teams/${w.team.id}/posts`, {
    cookie: w.cookies.parent,
    body: { postType: "news", content: "Somebody else's secret note" },
  });
  assert.equal(other.status, 201);
  const essential = await call(t.app, "POST", `/api/teams/${w.team.id}/essentials`, {
    cookie,
    body: {
      category: "Equipment",
      subcategory: "Cleats",
      name: "Quokka Grip Cleats",
      description: "Size 4.",
      link: "",
    },
  });
  assert.equal(essential.status, 201);
  const poll = await (await call(t.app, "POST", `/api/admin/${w.team.id}/campaigns`, {
    cookie: w.cookies.admin,
    body: {
      title: "Snacks",
      type: "poll",
      pollQuestion: "Which?",
      pollOption1: "Grapes",
      pollOption2: "Apples",
      isActive: true,
    },
  })).json();
  const voted = await call(t.app, "POST", `/api/campaigns/${poll.campaign.id}/respond`, {
    cookie,
    body: { pollResponse: 2 },
  });
  assert.equal(voted.status, 200);
  assert.equal((await call(t.app, "POST", "/account/calendar", { cookie, form: {} })).status, 303);
  const path = `/objects/${w.team.id}/01ARZ3NDEKTSV4RRFFQ69G5FAV`;
  const photo: PhotoRecord = {
    id: newPhotoId(Date.now()),
    objectPath: path,
    mediumPath: path,
    thumbnailPath: path,
    urls: { full: path, medium: path, thumbnail: path },
    caption: "Yodel practice",
    uploaderType: "parent",
    uploaderId: parent.id,
    createdAt: new Date().toISOString(),
  };
  assert.ok((await stagePhoto(t.kv.atomic(), w.team.id, photo).commit()).ok);
  return { w, parent, email, cookie, child: w.players[1], photo, poll: poll.campaign.id as string };
}

Deno.test("[export] the person's own file: everything held about them, as an attachment that is never stored", async () => {
  await using t = await createTestApp();
  const s = await seedParent(t);
  const res = await call(t.app, "GET", EXPORT, { cookie: s.cookie });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.match(res.headers.get("content-type")!, /^application\/json/);
  assert.match(
    res.headers.get("content-disposition")!,
    /^attachment; filename="goalmates-my-data-\d{4}-\d\d-\d\d\.json"$/,
  );
  const data: AccountExport = await res.json();
  assert.equal(data.complete, true);
  assert.equal(data.account.email, s.email);
  assert.equal(data.account.firstName, "Quentin");
  assert.equal(data.account.language, null, "no language chosen yet");
  assert.deepEqual(data.teams.map((team) => [team.id, team.role]), [[s.w.team.id, "TEAM_STANDARD"]]);
  assert.ok(data.teams[0].family, "the family the claim's approval joined them to");
  // Their child's roster record, whole.
  assert.deepEqual(data.children.map((c) => [c.teamId, c.player.id, c.player.firstName]), [
    [s.w.team.id, s.child.id, s.child.firstName],
  ]);
  // The approved claim in their team and the request still waiting elsewhere, with their status.
  assert.deepEqual(
    data.claimsAndJoinRequests.map((c) => [c.teamId, c.status]).sort(),
    [[s.w.otherTeam.id, "pending"], [s.w.team.id, "approved"]].sort(),
  );
  assert.deepEqual(data.posts.map((p) => p.content), ["Carpool from Quentin's at 8"]);
  assert.deepEqual(data.photos.map((p) => [p.id, (p.links as PhotoRecord["urls"]).full]), [[
    s.photo.id,
    s.photo.objectPath,
  ]]);
  assert.deepEqual(data.essentials.map((e) => e.name), ["Quokka Grip Cleats"]);
  assert.deepEqual(data.campaignAnswers.map((a) => [a.campaignId, a.pollResponse]), [[s.poll, 2]]);
  assert.equal(data.calendarSubscription.exists, true);
  assert.equal(data.sessions.length, 2);
  assert.equal(data.sessions.filter((session) => session.current).length, 1);
  assert.ok(data.sessions.every((session) => session.createdAt && session.lastSeenAt && "device" in session));
  assert.ok(
    data.auditEntries.some((entry) => entry.action.startsWith("claim.") && entry.teamId === s.w.team.id),
    "the admin's decision on their claim",
  );
  // The language chosen with the switch is saved on the account, so the file holds it.
  const chosen = await call(t.app, "POST", "/language", { cookie: s.cookie, form: { language: "es", next: "/" } });
  assert.equal(chosen.status, 303);
  const after: AccountExport = await (await call(t.app, "GET", EXPORT, { cookie: s.cookie })).json();
  assert.equal(after.account.language, "es");
});

Deno.test("[export] never a secret or someone else's data: no password hash, session id, calendar token or other people's posts", async () => {
  await using t = await createTestApp();
  const s = await seedParent(t);
  // A password, so there is a hash that must stay out.
  const password = await call(t.app, "POST", "/account/password", {
    cookie: s.cookie,
    form: { newPassword: "a long enough new password", confirmPassword: "a long enough new password" },
  });
  assert.equal(password.status, 303);
  const cookie = cookiesFrom(password);
  const text = await (await call(t.app, "GET", EXPORT, { cookie })).text();
  const feed = (await getUserCalendarFeedEntry(t.kv, s.parent.id)).value!;
  const user = (await t.kv.get<{ passwordHash: string }>(["users", s.parent.id])).value!;
  const sessionIds = (await Array.fromAsync(t.kv.list({ prefix: ["user_sessions", s.parent.id] })))
    .map((e) => String(e.key[2]));
  assert.ok(sessionIds.length > 0);
  for (const secret of [feed.token, feed.tokenHash, user.passwordHash, ...sessionIds, cookie.split("=")[1]]) {
    assert.ok(!text.includes(secret), `the file holds a secret: ${secret.slice(0, 8)}…`);
  }
  assert.ok(!/passwordHash|secretHash|tokenHash/.test(text));
  for (const foreign of ["Somebody else's secret note", "parent@example.com", "admin@example.com"]) {
    // The admin's address may appear only as the actor of an audit entry about them, never elsewhere.
    const outsideAudit = JSON.stringify({ ...JSON.parse(text), auditEntries: [] });
    assert.ok(!outsideAudit.includes(foreign), `the file holds someone else's data: ${foreign}`);
  }
});

Deno.test("[export] another member's file is their own: a parent of the same team sees nothing of Quentin's", async () => {
  await using t = await createTestApp();
  const s = await seedParent(t);
  for (const who of ["parent", "player", "otherAdmin", "admin"] as const) {
    const res = await call(t.app, "GET", EXPORT, { cookie: s.w.cookies[who] });
    assert.equal(res.status, 200, who);
    const text = await res.text();
    for (const his of [s.email, "Carpool from Quentin's at 8", "Quokka Grip Cleats", s.photo.id]) {
      assert.ok(!text.includes(his), `${who}'s file holds Quentin's ${his}`);
    }
  }
  // The team admin's file lists their team; the other team's admin's does not.
  const admin: AccountExport = await (await call(t.app, "GET", EXPORT, { cookie: s.w.cookies.admin })).json();
  assert.deepEqual(admin.teams.map((team) => [team.id, team.role]), [[s.w.team.id, "TEAM_ADMIN"]]);
  assert.deepEqual(admin.children, []);
  // A player account's file holds their own roster record.
  const player: AccountExport = await (await call(t.app, "GET", EXPORT, { cookie: s.w.cookies.player })).json();
  assert.equal(player.teams[0].playerRecord?.id, s.w.players[0].id);
});

Deno.test("[export] refused, as JSON, and nothing changes: anonymous 401, a system administrator 401, a team's shared login 403", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  await setCheapTeamLogin(t.kv, w.team.id, "rockets", "the team password");
  const teamLogin = cookiesFrom(
    await call(t.app, "POST", `/api/teams/${w.team.id}/login`, {
      body: { username: "rockets", password: "the team password" },
    }),
  );
  const before = kvJson(await Array.fromAsync(t.kv.list({ prefix: ["users"] })));
  for (const [cookie, status] of [["", 401], [w.cookies.sysadmin, 401], [teamLogin, 403]] as const) {
    const res = await call(t.app, "GET", EXPORT, { cookie });
    assert.equal(res.status, status, `cookie ${cookie.slice(0, 12)}`);
    assert.match(res.headers.get("content-type")!, /^application\/json/);
    assert.equal(res.headers.get("content-disposition"), null);
    const body = await res.json();
    assert.equal(typeof body.message, "string");
    assert.deepEqual(Object.keys(body), ["message"]);
  }
  assert.equal(kvJson(await Array.fromAsync(t.kv.list({ prefix: ["users"] }))), before);
});

Deno.test("[export] a person in two teams: each team's part, and a global campaign's answer listed once", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const person = await createAccount(t.kv, { email: "two@example.com", teamId: w.team.id });
  await setMembership(t.kv, person.id, w.otherTeam.id, "TEAM_STANDARD");
  const cookie = await signIn(t, "two@example.com");
  for (const team of [w.team, w.otherTeam]) {
    const res = await call(t.app, "POST", `/api/teams/${team.id}/posts`, {
      cookie,
      body: { postType: "news", content: `Hello ${team.name}` },
    });
    assert.equal(res.status, 201);
  }
  const global = await call(t.app, "POST", "/api/admin/campaigns", {
    cookie: w.cookies.sysadmin,
    body: {
      title: "Kit",
      type: "poll",
      pollQuestion: "Colour?",
      pollOption1: "Red",
      pollOption2: "Blue",
      isActive: true,
    },
  });
  assert.equal(global.status, 201, await global.clone().text());
  const campaignId = (await global.json()).id;
  const voted = await call(t.app, "POST", `/api/campaigns/${campaignId}/respond`, {
    cookie,
    body: { pollResponse: 1 },
  });
  assert.equal(voted.status, 200);
  const data: AccountExport = await (await call(t.app, "GET", EXPORT, { cookie })).json();
  assert.deepEqual(data.teams.map((team) => team.id).sort(), [w.team.id, w.otherTeam.id].sort());
  assert.deepEqual(data.posts.map((p) => p.teamId).sort(), [w.team.id, w.otherTeam.id].sort());
  assert.deepEqual(data.campaignAnswers.map((a) => [a.campaignId, a.teamId, a.pollResponse]), [[campaignId, null, 1]]);
});
