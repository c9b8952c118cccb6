/**
 * Account Settings → My Profile: `PUT /api/teams/{teamId}/parents/{parentId}` (the signed-in
 * person only), the e-mail change confirmed by a link to the new address (`/account/email`),
 * and a saved name reaching every team's public roster at once.
 */
import assert from "node:assert/strict";
import { createTestApp, dumpKv, getPage, kvValues, postForm, requestJson, seedTeam } from "../helpers.ts";
import { adminWorld, call, signIn } from "../admin_helpers.ts";
import { cookiesFrom, createAccount, queuedMail, setCheapTeamLogin, tokenFromMail } from "../auth_helpers.ts";
import { manualClock } from "./auth_fixtures.ts";
import { getUser, getUserByEmail, setMembership, type User } from "../../lib/db/users.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { commitTeamChange } from "../../lib/db/team_revisions.ts";
import { keys } from "../../lib/db/keys.ts";
import { sha256Hex } from "../../lib/hash.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;

/** What a profile call may change, for "changed nothing" assertions. */
const PROFILE_PREFIXES = [
  "users",
  "users_by_email",
  "team_revisions",
  "pending_email_changes",
  "email_change_tokens",
  "mail_pending",
];

const path = (teamId: string, parentId: string) => `/api/teams/${teamId}/parents/${parentId}`;

const BODY = { firstName: "Wei", lastName: "Chen", email: "parent@example.com", phone: "+1 (555) 010-0100" };

/** The admin world, with the parent also a member of the other team (a person of two teams). */
async function world(t: T) {
  const w = await adminWorld(t);
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  const admin = (await getUserByEmail(t.kv, "admin@example.com"))!;
  await setMembership(t.kv, parent.id, w.otherTeam.id, "TEAM_STANDARD");
  return { ...w, parent, admin };
}

const revisions = async (kv: Deno.Kv, teamIds: string[]) =>
  await Promise.all(teamIds.map(async (id) => (await kv.get(keys.teamRevision(id))).versionstamp));

async function put(t: T, teamId: string, parentId: string, cookie: string, body: unknown = BODY) {
  const res = await call(t.app, "PUT", path(teamId, parentId), { cookie, body });
  return { res, body: await res.json() };
}

const confirm = (t: T, token: string) => postForm(t.app, "/account/email", { token });

/** Queued mail other than the sign-in links the set-up sent. */
const profileMail = async (kv: Deno.Kv) =>
  (await queuedMail(kv)).map((m) => m.mail).filter((m) => m.kind !== "sign-in");

Deno.test("[profile api] a person saves their own profile; every team of theirs gets a new revision", async () => {
  await using t = await createTestApp();
  const w = await world(t);
  const before = await revisions(t.kv, [w.team.id, w.otherTeam.id]);
  const { res, body } = await put(t, w.team.id, w.parent.id, w.cookies.parent, {
    ...BODY,
    occupation: " Nurse ",
    interests: ["Hiking", "", "Chess"],
    funFacts: ["Ran a marathon"],
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.deepEqual(body, {
    success: true,
    message: "Your profile was saved.",
    parent: {
      id: w.parent.id,
      firstName: "Wei",
      lastName: "Chen",
      email: "parent@example.com",
      phone: "+1 (555) 010-0100",
      photoUrl: null,
      occupation: "Nurse",
      interests: ["Hiking", "Chess"],
      funFacts: ["Ran a marathon"],
    },
  });
  const stored = (await getUser(t.kv, w.parent.id))!;
  assert.deepEqual(
    [stored.firstName, stored.lastName, stored.phone, stored.occupation, stored.interests, stored.funFacts],
    ["Wei", "Chen", "+1 (555) 010-0100", "Nurse", ["Hiking", "Chess"], ["Ran a marathon"]],
  );
  assert.equal(stored.email, "parent@example.com");
  const after = await revisions(t.kv, [w.team.id, w.otherTeam.id]);
  assert.notEqual(after[0], before[0], "the team's revision moved");
  assert.notEqual(after[1], before[1], "the person's other team's revision moved too");
  assert.deepEqual(await profileMail(t.kv), [], "no mail for a profile without a new e-mail");
  assert.deepEqual(await kvValues(t.kv, { prefix: ["pending_email_changes"] }), []);

  // The same profile again changes nothing (and moves no revision); the other team's path works too.
  const again = await put(t, w.otherTeam.id, w.parent.id, w.cookies.parent, {
    ...BODY,
    email: " Parent@Example.com ",
    occupation: "Nurse",
    interests: ["Hiking", "Chess"],
    funFacts: ["Ran a marathon"],
  });
  assert.equal(again.res.status, 200);
  assert.equal(again.body.pendingEmail, undefined, "the same address (any case) is no change");
  assert.deepEqual(await revisions(t.kv, [w.team.id, w.otherTeam.id]), after);

  // Left out, the about fields stay; null or [] clears them.
  await put(t, w.team.id, w.parent.id, w.cookies.parent, { ...BODY, firstName: "Wen" });
  assert.equal((await getUser(t.kv, w.parent.id))!.occupation, "Nurse");
  const cleared = await put(t, w.team.id, w.parent.id, w.cookies.parent, { ...BODY, occupation: null, interests: [] });
  assert.deepEqual([cleared.body.parent.occupation, cleared.body.parent.interests], ["", []]);
  // A player account edits its own profile too.
  const player = (await getUserByEmail(t.kv, "player@example.com"))!;
  const own = await put(t, w.team.id, player.id, w.cookies.player, { ...BODY, email: "player@example.com" });
  assert.equal(own.res.status, 200);
});

Deno.test("[profile api] nobody else may save a profile: 401 anonymous, 403 for everyone else; nothing changes", async () => {
  await using t = await createTestApp();
  const w = await world(t);
  await setCheapTeamLogin(t.kv, w.team.id, "rockets", "a long team access password");
  const login = await requestJson(t.app, `/api/teams/${w.team.id}/login`, {
    body: { username: "rockets", password: "a long team access password" },
  });
  assert.equal(login.status, 200);
  const teamLogin = cookiesFrom(login);
  const otherAdmin = (await getUserByEmail(t.kv, "other-admin@example.com"))!;
  const before = await dumpKv(t.kv, PROFILE_PREFIXES);
  const cases: [string, string, string, string, number, string][] = [
    ["anonymous", w.team.id, w.parent.id, "", 401, "Please sign in to continue."],
    [
      "the parent, for the admin",
      w.team.id,
      w.admin.id,
      w.cookies.parent,
      403,
      "You can only update your own profile.",
    ],
    [
      "the admin, for the parent",
      w.team.id,
      w.parent.id,
      w.cookies.admin,
      403,
      "You can only update your own profile.",
    ],
    [
      "a person of another team",
      w.team.id,
      otherAdmin.id,
      w.cookies.otherAdmin,
      403,
      "You do not have access to this team.",
    ],
    ["the team login", w.team.id, w.parent.id, teamLogin, 403, "You can only update your own profile."],
    [
      "the system administrator",
      w.team.id,
      w.parent.id,
      w.cookies.sysadmin,
      403,
      "You do not have access to this team.",
    ],
    ["an unknown team", "no-such-team", w.parent.id, w.cookies.parent, 403, "You do not have access to this team."],
  ];
  for (const [who, teamId, parentId, cookie, status, message] of cases) {
    const { res, body } = await put(t, teamId, parentId, cookie, { ...BODY, firstName: "Mallory" });
    assert.equal(res.status, status, who);
    assert.deepEqual(body, { message }, who);
  }
  assert.deepEqual(await dumpKv(t.kv, PROFILE_PREFIXES), before, "a refused call changed nothing");
});

Deno.test("[profile api] every rule answers 400 with its message and saves nothing", async () => {
  await using t = await createTestApp();
  const w = await world(t);
  const before = await dumpKv(t.kv, PROFILE_PREFIXES);
  const cases: [Record<string, unknown>, string][] = [
    [{ firstName: "" }, "First name is required"],
    [{ lastName: "  " }, "Last name is required"],
    [{ firstName: "x".repeat(51) }, "First name must be at most 50 characters"],
    [{ lastName: "x".repeat(51) }, "Last name must be at most 50 characters"],
    [{ email: "nope" }, "Please enter a valid email address"],
    [{ email: "" }, "Please enter a valid email address"],
    [{ email: "x".repeat(400) + "@example.com" }, "email is too long."],
    [{ phone: "call me maybe" }, "Please enter a valid phone number"],
    [{ phone: "1".repeat(31) }, "Please enter a valid phone number"],
    [{ occupation: "x".repeat(101) }, "Occupation must be at most 100 characters"],
    [{ interests: Array(11).fill("a") }, "Interests: at most 10, each at most 100 characters"],
    [{ funFacts: ["x".repeat(101)] }, "Fun facts: at most 10, each at most 100 characters"],
    [{ photoUrl: "/objects/me.jpg" }, "Unknown field: photoUrl"],
  ];
  for (const [change, message] of cases) {
    const { res, body } = await put(t, w.team.id, w.parent.id, w.cookies.parent, { ...BODY, ...change });
    assert.equal(res.status, 400, JSON.stringify(change).slice(0, 80));
    assert.deepEqual(body, { message });
  }
  const notJson = await call(t.app, "PUT", path(w.team.id, w.parent.id), {
    cookie: w.cookies.parent,
    body: undefined,
    headers: { "content-type": "application/json" },
  });
  assert.equal(notJson.status, 400);
  assert.deepEqual(await dumpKv(t.kv, PROFILE_PREFIXES), before);
});

Deno.test("[profile api] a new e-mail waits for the link sent to it; GET spends nothing, the POST confirms once", async () => {
  await using t = await createTestApp();
  const w = await world(t);
  const { res, body } = await put(t, w.team.id, w.parent.id, w.cookies.parent, {
    ...BODY,
    firstName: "Wendy",
    email: "Wendy.New@Example.com",
  });
  assert.equal(res.status, 200);
  assert.equal(
    body.message,
    "We sent a confirmation link to wendy.new@example.com. Your e-mail changes when you open it.",
  );
  assert.equal(body.pendingEmail, "wendy.new@example.com");
  assert.equal(body.parent.email, "parent@example.com", "the account keeps its address until confirmed");
  assert.equal(body.parent.firstName, "Wendy", "the other fields are saved at once");
  let user = (await getUser(t.kv, w.parent.id))!;
  assert.deepEqual([user.firstName, user.email], ["Wendy", "parent@example.com"]);
  assert.equal(await getUserByEmail(t.kv, "wendy.new@example.com"), null);

  // One mail, to the new address, with the link; the token is stored only as its SHA-256.
  const mails = await profileMail(t.kv);
  assert.deepEqual(mails.map((m) => [m.to.address, m.kind]), [["wendy.new@example.com", "email-change"]]);
  assert.match(mails[0].subject, /Confirm your new e-mail/);
  const token = await tokenFromMail(t.kv, "wendy.new@example.com", "/account/email");
  const stored = await t.kv.get<{ userId: string; newEmail: string; expiresAt: number }>(
    keys.emailChangeToken(await sha256Hex(token)),
  );
  assert.equal(stored.value?.userId, w.parent.id);
  assert.equal(stored.value?.newEmail, "wendy.new@example.com");
  const everything = JSON.stringify(await dumpKv(t.kv, ["email_change_tokens", "pending_email_changes", "users"]));
  assert.ok(!everything.includes(token), "the raw token is not stored");

  // The pending change shows when the profile is saved again.
  const later = await put(t, w.team.id, w.parent.id, w.cookies.parent, { ...BODY, firstName: "Wendy" });
  assert.equal(later.body.pendingEmail, "wendy.new@example.com");
  assert.equal(later.body.message, "Your profile was saved.");

  // Opening the link (twice: a mail scanner, then the person) only shows Confirm.
  for (let i = 0; i < 2; i++) {
    const page = await getPage(t.app, `/account/email?token=${token}`);
    assert.equal(page.res.status, 200);
    assert.equal(page.res.headers.get("cache-control"), "no-store");
    assert.equal(page.res.headers.get("referrer-policy"), "no-referrer");
    assert.match(page.html, /<h1>Confirm new e-mail<\/h1>/);
    assert.match(page.html, /<form action="\/account\/email" method="post">/);
    assert.ok(page.html.includes(`value="${token}"`));
    assert.ok(page.html.includes("wendy.new@example.com"));
  }
  assert.equal((await getUser(t.kv, w.parent.id))!.email, "parent@example.com", "GET changed nothing");
  assert.ok((await t.kv.get(keys.emailChangeToken(await sha256Hex(token)))).value, "GET spent nothing");

  const revisionsBefore = await revisions(t.kv, [w.team.id, w.otherTeam.id]);
  const done = await confirm(t, token);
  assert.equal(done.status, 200);
  const doneHtml = await done.text();
  assert.match(doneHtml, /<h1>E-mail changed<\/h1>/);
  assert.ok(doneHtml.includes("Your e-mail is now wendy.new@example.com."));
  user = (await getUser(t.kv, w.parent.id))!;
  assert.equal(user.email, "wendy.new@example.com");
  assert.equal((await getUserByEmail(t.kv, "wendy.new@example.com"))?.id, w.parent.id, "the index moved");
  assert.equal((await t.kv.get(keys.userByEmail("parent@example.com"))).value, null, "the old address is free");
  assert.deepEqual(await kvValues(t.kv, { prefix: ["email_change_tokens"] }), []);
  assert.deepEqual(await kvValues(t.kv, { prefix: ["pending_email_changes"] }), []);
  const revisionsAfter = await revisions(t.kv, [w.team.id, w.otherTeam.id]);
  assert.ok(revisionsAfter.every((r, i) => r !== revisionsBefore[i]), "every team of the person moved");
  const notice = (await profileMail(t.kv)).filter((m) => m.kind === "email-changed");
  assert.deepEqual(notice.map((m) => m.to.address), ["parent@example.com"], "the old address is told");
  assert.ok(notice[0].text.includes("wendy.new@example.com"));

  // The person stays signed in, under the new address; the link works once.
  const session = await requestJson(t.app, "/api/v2/auth/session", { headers: { cookie: w.cookies.parent } });
  assert.equal((await session.json()).user.email, "wendy.new@example.com");
  const twice = await confirm(t, token);
  assert.equal(twice.status, 400);
  assert.ok((await twice.text()).includes("This link is invalid or has expired."));
  const gone = await getPage(t.app, `/account/email?token=${token}`);
  assert.equal(gone.res.status, 400);
  assert.ok(gone.html.includes("This link is invalid or has expired."));
  // Sign-in links now go to the new address.
  assert.ok(await signIn(t, "wendy.new@example.com"));
});

Deno.test("[profile api] a new request replaces the pending one; malformed and unknown links are refused", async () => {
  await using t = await createTestApp();
  const w = await world(t);
  await put(t, w.team.id, w.parent.id, w.cookies.parent, { ...BODY, email: "first@example.com" });
  const first = await tokenFromMail(t.kv, "first@example.com", "/account/email");
  const { body } = await put(t, w.team.id, w.parent.id, w.cookies.parent, { ...BODY, email: "second@example.com" });
  assert.equal(body.pendingEmail, "second@example.com");
  const second = await tokenFromMail(t.kv, "second@example.com", "/account/email");
  assert.equal((await kvValues(t.kv, { prefix: ["pending_email_changes"] })).length, 1);
  assert.equal((await kvValues(t.kv, { prefix: ["email_change_tokens"] })).length, 1, "the first token is gone");
  assert.equal((await getPage(t.app, `/account/email?token=${first}`)).res.status, 400);
  assert.equal((await confirm(t, first)).status, 400);
  for (const bad of ["", "short", "x".repeat(43), `${second}x`]) {
    assert.equal((await getPage(t.app, `/account/email?token=${encodeURIComponent(bad)}`)).res.status, 400, bad);
    assert.equal((await confirm(t, bad)).status, 400, bad);
  }
  assert.equal((await getUser(t.kv, w.parent.id))!.email, "parent@example.com");
  // Two confirmations at once: exactly one changes the e-mail.
  const [a, b] = await Promise.all([confirm(t, second), confirm(t, second)]);
  assert.deepEqual([a.status, b.status].sort(), [200, 400]);
  assert.equal((await getUser(t.kv, w.parent.id))!.email, "second@example.com");
  assert.equal((await queuedMail(t.kv)).filter((m) => m.mail.kind === "email-changed").length, 1);
});

Deno.test("[profile api] an address that has an account: the same answer, a warning to that address, no change", async () => {
  await using t = await createTestApp();
  const w = await world(t);
  const asked = await put(t, w.team.id, w.parent.id, w.cookies.parent, { ...BODY, email: "ADMIN@example.com" });
  const free = await put(t, w.otherTeam.id, w.parent.id, w.cookies.parent, { ...BODY, email: "free@example.com" });
  assert.equal(asked.res.status, 200);
  assert.deepEqual(Object.keys(asked.body).sort(), Object.keys(free.body).sort(), "the same shape of answer");
  assert.equal(
    asked.body.message,
    "We sent a confirmation link to admin@example.com. Your e-mail changes when you open it.",
  );
  assert.equal(asked.body.pendingEmail, "admin@example.com");
  const toAdmin = (await profileMail(t.kv)).filter((m) => m.to.address === "admin@example.com");
  assert.deepEqual(toAdmin.map((m) => m.kind), ["email-change-taken"]);
  assert.ok(!toAdmin[0].text.includes("/account/email"), "no link that could confirm it");
  assert.ok(toAdmin[0].text.includes("nothing was changed"));
  assert.equal((await getUser(t.kv, w.parent.id))!.email, "parent@example.com");
  assert.equal((await getUserByEmail(t.kv, "admin@example.com"))!.id, w.admin.id);
});

Deno.test("[profile api] an address taken before the link is used, and an expired link, change nothing", async () => {
  const clock = manualClock();
  await using t = await createTestApp({ now: clock.now });
  const w = await world(t);
  await put(t, w.team.id, w.parent.id, w.cookies.parent, { ...BODY, email: "race@example.com" });
  const token = await tokenFromMail(t.kv, "race@example.com", "/account/email");
  await createAccount(t.kv, { email: "race@example.com" });
  const taken = await confirm(t, token);
  assert.equal(taken.status, 409);
  assert.ok((await taken.text()).includes("This e-mail address now belongs to another account"));
  assert.equal((await getUser(t.kv, w.parent.id))!.email, "parent@example.com");
  assert.deepEqual(await kvValues(t.kv, { prefix: ["email_change_tokens"] }), [], "the dead link is gone");
  assert.equal((await confirm(t, token)).status, 400);

  await put(t, w.team.id, w.parent.id, w.cookies.parent, { ...BODY, email: "late@example.com" });
  const late = await tokenFromMail(t.kv, "late@example.com", "/account/email");
  clock.advance(24 * 60 * 60 * 1000);
  assert.equal((await getPage(t.app, `/account/email?token=${late}`)).res.status, 400, "expired after 24 hours");
  const expired = await confirm(t, late);
  assert.equal(expired.status, 400);
  assert.ok((await expired.text()).includes("This link is invalid or has expired."));
  assert.equal((await getUser(t.kv, w.parent.id))!.email, "parent@example.com");
  assert.deepEqual(await kvValues(t.kv, { prefix: ["email_change_tokens"] }), [], "the expired link is deleted");
  const { body } = await put(t, w.team.id, w.parent.id, w.cookies.parent, BODY);
  assert.equal(body.pendingEmail, undefined, "an expired change is no longer pending");
});

Deno.test("[profile api] e-mail change requests are limited to 5 an hour per person; the 6th saves nothing", async () => {
  const clock = manualClock();
  await using t = await createTestApp({ now: clock.now });
  const w = await world(t);
  for (let i = 1; i <= 5; i++) {
    const { res } = await put(t, w.team.id, w.parent.id, w.cookies.parent, { ...BODY, email: `new${i}@example.com` });
    assert.equal(res.status, 200);
  }
  const before = await dumpKv(t.kv, PROFILE_PREFIXES);
  const { res, body } = await put(t, w.team.id, w.parent.id, w.cookies.parent, {
    ...BODY,
    firstName: "Limited",
    email: "new6@example.com",
  });
  assert.equal(res.status, 429);
  assert.ok(Number(res.headers.get("retry-after")) > 0);
  assert.match(body.message, /^Too many e-mail changes requested\. Please try again in \d+ minutes?\.$/);
  assert.deepEqual(await dumpKv(t.kv, PROFILE_PREFIXES), before, "nothing saved, nothing mailed");
  // Saving without a new address is not limited.
  assert.equal((await put(t, w.team.id, w.parent.id, w.cookies.parent, BODY)).res.status, 200);
  clock.advance(60 * 60 * 1000);
  const next = await put(t, w.team.id, w.parent.id, w.cookies.parent, { ...BODY, email: "new7@example.com" });
  assert.equal(next.res.status, 200);
});

Deno.test("[profile api] a saved name shows on the public roster of every team of the person at once", async () => {
  await using t = await createTestApp();
  const a = await seedTeam(t.kv, { settings: { showParentNames: true } });
  const b = await seedTeam(t.kv, { settings: { showParentNames: true } });
  const parent: User = await createAccount(t.kv, { email: "mum@example.com", firstName: "Anna" });
  for (const { team, players } of [a, b]) {
    await setMembership(t.kv, parent.id, team.id, "TEAM_STANDARD");
    await commitTeamChange(t.kv, stageGuardian(t.kv.atomic(), team.id, players[0].id, parent.id), team.id);
  }
  const cookie = await signIn(t, "mum@example.com");
  const rosterPage = async (slug: string) => (await getPage(t.app, `/t/${slug}/roster?mode=detail`)).html;
  const rosterJson = async (slug: string) =>
    JSON.stringify(await (await getPage(t.app, `/api/teams/${slug}/roster`)).html);
  for (const { team } of [a, b]) {
    // Rendered, and cached, with the old name.
    assert.ok((await rosterPage(team.slug)).includes("Anna"));
    assert.ok((await rosterJson(team.slug)).includes("Anna"));
    assert.ok((await rosterPage(team.slug)).includes("Anna"), "served from the cache");
  }
  const { res } = await put(t, a.team.id, parent.id, cookie, {
    ...BODY,
    email: "mum@example.com",
    firstName: "Anabel",
  });
  assert.equal(res.status, 200);
  for (const { team } of [a, b]) {
    const page = await rosterPage(team.slug);
    assert.ok(page.includes("Anabel"), `${team.name}'s roster page shows the new name`);
    assert.ok(!/\bAnna\b/.test(page));
    assert.ok((await rosterJson(team.slug)).includes("Anabel"), `${team.name}'s roster JSON shows the new name`);
  }
});
