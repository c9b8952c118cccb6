/**
 * Deleting one's own account (issue 22 item 4): `DELETE /api/account` with `{"confirm": "<their
 * e-mail>"}` and the no-JS form `POST /account/privacy/delete`. Who may (only the person, as
 * themselves), what a refusal leaves (nothing changed), the resumable erase, and the scan of all
 * of KV afterwards: nothing of theirs is left but the one mail that confirms the deletion.
 */
import assert from "node:assert/strict";
import { call, createTestApp, kvJson, requestJson, SIGNUP_BODY, type TestContext } from "../helpers.ts";
import { adminWorld, signIn } from "../admin_helpers.ts";
import { cookiesFrom, createAccount, queuedMail, setCheapTeamLogin, tokenFromMail } from "../auth_helpers.ts";
import { sessionOf } from "./auth_fixtures.ts";
import { keys } from "../../lib/db/keys.ts";
import { getUserByEmail, listMemberships, setMembership } from "../../lib/db/users.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { newPhotoId, type PhotoRecord, stagePhoto } from "../../lib/db/gallery.ts";
import { type BlobManifest, stageNewBlob, writeBlobData } from "../../lib/db/blobs.ts";
import { submitClaim } from "../../lib/claims/submit.ts";
import { approveClaim } from "../../lib/claims/decisions.ts";
import { resumeAccountDeletions, startAccountDeletion } from "../../lib/accounts/mod.ts";
import { hashToken } from "../../lib/auth/tokens.ts";

type T = TestContext;

const ONLY_ADMIN = "You are this team's only admin. Hand the team over to another admin or delete the team first.";

/** Every key and value in KV as text (KvU64 counters as digits, bytes as text): the scan. */
async function everything(kv: Deno.Kv): Promise<string[]> {
  const rows: string[] = [];
  const text = (_: string, v: unknown) =>
    typeof v === "bigint" ? String(v) : v instanceof Uint8Array ? new TextDecoder("latin1").decode(v) : v;
  for await (const e of kv.list({ prefix: [] })) rows.push(JSON.stringify([e.key, e.value], text));
  return rows;
}

const del = (t: T, cookie: string, body: unknown) => call(t.app, "DELETE", "/api/account", { cookie, body });

Deno.test("[account deletion] only the person themselves: anonymous 401, a system administrator 401, a team login 403, another member's or admin's own e-mail only", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  await setCheapTeamLogin(t.kv, w.team.id, "rockets", "the team password");
  const teamLogin = cookiesFrom(
    await call(t.app, "POST", `/api/teams/${w.team.id}/login`, {
      body: { username: "rockets", password: "the team password" },
    }),
  );
  const before = kvJson(await Array.fromAsync(t.kv.list({ prefix: ["users"] })));

  const anonymous = await del(t, "", { confirm: "parent@example.com" });
  assert.equal(anonymous.status, 401);
  assert.ok((await anonymous.json()).message);
  assert.equal((await del(t, w.cookies.sysadmin, { confirm: "parent@example.com" })).status, 401);
  const team = await del(t, teamLogin, { confirm: "parent@example.com" });
  assert.equal(team.status, 403);
  assert.match((await team.json()).message, /team login has no account/);
  // Another member and another team's admin act on their own account only: the parent's address is no confirmation.
  for (const cookie of [w.cookies.player, w.cookies.otherAdmin, w.cookies.admin]) {
    const res = await del(t, cookie, { confirm: "parent@example.com" });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).message, "That is not your account's e-mail address. Nothing was deleted.");
  }
  assert.equal(kvJson(await Array.fromAsync(t.kv.list({ prefix: ["users"] }))), before, "every account is still there");
  assert.equal((await sessionOf(t.app, w.cookies.parent)).status, 200);
});

Deno.test("[account deletion] a wrong or missing confirmation is 400 and changes nothing; the address is compared as sign-in does", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  // A first session read settles what a request may rewrite (the session's last-seen time).
  await sessionOf(t.app, w.cookies.parent);
  const snapshot = async () => kvJson(await Array.fromAsync(t.kv.list({ prefix: [] })));
  const before = await snapshot();
  for (
    const body of [
      { confirm: "someone@example.com" },
      { confirm: "" },
      {},
      { confirm: 42 },
      { confirm: "parent@example.com", extra: true },
    ]
  ) {
    const res = await del(t, w.cookies.parent, body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.ok((await res.json()).message);
  }
  assert.equal(
    (await call(t.app, "DELETE", "/api/account", {
      cookie: w.cookies.parent,
      raw: "{",
      headers: { "content-type": "application/json" },
    })).status,
    400,
  );
  assert.equal(await snapshot(), before, "nothing changed");

  const res = await del(t, w.cookies.parent, { confirm: "  Parent@Example.COM " });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.deepEqual(await res.json(), {
    success: true,
    message: "Your account was deleted. We sent one last e-mail to confirm it.",
  });
  assert.match(res.headers.getSetCookie().join("\n"), /gm_session=;|Max-Age=0/, "the session cookie is cleared");
  assert.equal(await getUserByEmail(t.kv, "parent@example.com"), null);
  assert.equal((await sessionOf(t.app, w.cookies.parent)).status, 401, "the session ended with the account");
});

Deno.test("[account deletion] a team's only admin gets 409 until another admin is there", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const admin = (await getUserByEmail(t.kv, "admin@example.com"))!;
  const refused = await del(t, w.cookies.admin, { confirm: "admin@example.com" });
  assert.equal(refused.status, 409);
  assert.equal((await refused.json()).message, ONLY_ADMIN);
  assert.equal((await listMemberships(t.kv, admin.id)).length, 1, "nothing changed");
  assert.ok(await getUserByEmail(t.kv, "admin@example.com"));

  await createAccount(t.kv, { email: "co-admin@example.com", teamId: w.team.id, role: "TEAM_ADMIN" });
  const res = await del(t, w.cookies.admin, { confirm: "admin@example.com" });
  assert.equal(res.status, 200);
  assert.deepEqual(await listMemberships(t.kv, admin.id), []);
  assert.equal((await t.kv.get(keys.teamMember(w.team.id, admin.id))).versionstamp, null);
});

Deno.test("[account deletion] the no-JS form: 303 to /account/deleted with the cookie cleared; a refusal shows in the privacy page's Delete section", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const wrong = await call(t.app, "POST", "/account/privacy/delete", {
    cookie: w.cookies.parent,
    form: { confirm: "nope@example.com" },
  });
  assert.equal(wrong.status, 400);
  const wrongPage = await wrong.text();
  assert.match(wrongPage, /Delete my account/, "the privacy page again");
  assert.match(wrongPage, /id="privacy-delete-error">That is not your account(&#x27;|')s e-mail address/);
  // The page comes back scrolled to the top, far above the Delete form: the refusal is also said there, with a link down.
  assert.match(
    wrongPage,
    /<main[^>]*>(?:(?!privacy-delete-heading).)*role="alert"><p>That is not your account(&#x27;|')s e-mail address[^<]*<\/p><a href="#privacy-delete-confirm">/s,
  );
  assert.ok(await getUserByEmail(t.kv, "parent@example.com"));
  const onlyAdmin = await call(t.app, "POST", "/account/privacy/delete", {
    cookie: w.cookies.admin,
    form: { confirm: "admin@example.com" },
  });
  assert.equal(onlyAdmin.status, 409);
  assert.match(await onlyAdmin.text(), /id="privacy-delete-error">You are this team(&#x27;|')s only admin/);

  const res = await call(t.app, "POST", "/account/privacy/delete", {
    cookie: w.cookies.parent,
    form: { confirm: "parent@example.com" },
  });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/account/deleted");
  assert.ok(res.headers.getSetCookie().some((c) => /Max-Age=0|Expires=Thu, 01 Jan 1970/.test(c)), "cookie cleared");
  assert.equal(await getUserByEmail(t.kv, "parent@example.com"), null);

  const page = await call(t.app, "GET", "/account/deleted", { origin: null });
  assert.equal(page.status, 200, "public: nobody is signed in any more");
  assert.match(await page.text(), /Your account was deleted/);
  const anonymous = await call(t.app, "POST", "/account/privacy/delete", { form: { confirm: "x@example.com" } });
  assert.equal(anonymous.status, 303);
  assert.match(anonymous.headers.get("location") ?? "", /^\/team-login/);
});

/** A parent with everything a parent can have: the world the KV scan searches after deletion. */
async function seedParent(t: T) {
  const w = await adminWorld(t);
  const email = "quentin.zebrowski@example.com";
  const parent = await createAccount(t.kv, {
    email,
    teamId: w.team.id,
    firstName: "Quentin",
    lastName: "Zebrowski",
  });
  await setMembership(t.kv, parent.id, w.otherTeam.id, "TEAM_STANDARD");
  // A child claim approved (guardian link, family, an edit link mailed) and one still waiting.
  const claim = await submitClaim(t.kv, w.team, {
    mode: "jersey",
    jerseyNumber: w.players[1].jerseyNumber,
    email,
    note: "Quentin Zebrowski, her dad",
  });
  await approveClaim({
    kv: t.kv,
    teamId: w.team.id,
    claimId: claim.id,
    actor: "admin@example.com",
    appUrl: "http://x",
    now: new Date(),
  });
  await submitClaim(t.kv, w.otherTeam, { mode: "surname", childSurname: "Zebrowski", email, note: "" });
  const cookie = await signIn(t, email);
  await signIn(t, email); // A second session, on another device.
  // An unspent sign-in link (and its renewal record), and a pending e-mail change.
  await requestJson(t.app, "/api/team/magic-link", { body: { email } });
  const unspent = await tokenFromMail(t.kv, email, "/auth/magic");
  const changed = await call(t.app, "PUT", `/api/teams/${w.team.id}/parents/${parent.id}`, {
    cookie,
    body: { firstName: "Quentin", lastName: "Zebrowski", email: "quentin.new@example.com", phone: "" },
  });
  assert.equal(changed.status, 200);
  const post = await call(t.app, "POST", `/api/teams/${w.team.id}/posts`, {
    cookie,
    body: { postType: "news", content: "Xylophone carpool from Quentin's" },
  });
  assert.equal(post.status, 201);
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
  // A poll vote and a question's answer (campaigns of the team).
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
  const question = await (await call(t.app, "POST", `/api/admin/${w.team.id}/campaigns`, {
    cookie: w.cookies.admin,
    body: { title: "Tell us", type: "question", questionText: "Favourite drill?", isActive: true },
  })).json();
  for (
    const [id, body] of [[poll.campaign.id, { pollResponse: 2 }], [question.campaign.id, {
      questionResponse: "Vuvuzela dribbling",
    }]]
  ) {
    const res = await call(t.app, "POST", `/api/campaigns/${id}/respond`, { cookie, body });
    assert.equal(res.status, 200, await res.text());
  }
  await call(t.app, "POST", `/api/campaigns/${poll.campaign.id}/respond`, {
    cookie: w.cookies.admin,
    body: { pollResponse: 1 },
  }).then((r) => r.body?.cancel());
  // Notification choices (issue 23).
  const notifications = await call(t.app, "PUT", "/api/account/notifications", {
    cookie,
    body: { weeklyDigest: false },
  });
  assert.equal(notifications.status, 200);
  // A calendar subscription.
  const calendar = await call(t.app, "POST", "/account/calendar", { cookie, form: {} });
  assert.equal(calendar.status, 303);
  // A gallery photo in three sizes, with its bytes.
  const photoId = newPhotoId(Date.now());
  const blobBytes = new TextEncoder().encode("JFIF-Wombat-photo-bytes-7781");
  const sizes = ["full", "medium", "thumbnail"] as const;
  const blobIds = sizes.map((size) => `${photoId}${size}`);
  for (const [i, blobId] of blobIds.entries()) {
    const dataId = `${blobId}-data`;
    const written = await writeBlobData(t.kv, w.team.id, dataId, blobBytes);
    const manifest: BlobManifest = {
      id: blobId,
      teamId: w.team.id,
      dataId,
      state: "ready",
      role: sizes[i],
      purpose: "gallery",
      uploadId: blobIds[0],
      playerId: null,
      uploaderId: parent.id,
      contentType: "image/jpeg",
      size: written.size,
      chunks: written.chunks,
      etag: written.etag,
      width: 10,
      height: 10,
      createdAt: new Date().toISOString(),
    };
    assert.ok((await stageNewBlob(t.kv.atomic(), manifest).commit()).ok);
  }
  const path = (i: number) => `/objects/${w.team.id}/${blobIds[i]}`;
  const photo: PhotoRecord = {
    id: photoId,
    objectPath: path(0),
    mediumPath: path(1),
    thumbnailPath: path(2),
    urls: { full: path(0), medium: path(1), thumbnail: path(2) },
    caption: "Yodel practice",
    uploaderType: "parent",
    uploaderId: parent.id,
    createdAt: new Date().toISOString(),
  };
  assert.ok((await stagePhoto(t.kv.atomic(), w.team.id, photo).commit()).ok);
  return { w, parent, email, cookie, unspent, poll: poll.campaign.id, blobIds, photoId };
}

Deno.test("[account deletion] THE KV SCAN: nothing of theirs is left but the last mail; tallies keep their counts; the address signs up again", async () => {
  await using t = await createTestApp();
  const s = await seedParent(t);
  const tokenHash = await hashToken(s.unspent);
  const secrets = [
    s.email,
    "quentin.new@example.com",
    "Zebrowski",
    "Quentin",
    s.parent.id,
    "Xylophone carpool",
    "Quokka Grip Cleats",
    "Vuvuzela dribbling",
    "Yodel practice",
    "Wombat-photo-bytes",
    s.photoId,
    ...s.blobIds,
    tokenHash,
  ];
  const before = await everything(t.kv);
  for (const secret of secrets) assert.ok(before.some((row) => row.includes(secret)), `${secret} is stored before`);
  const calendarFeed = (await t.kv.get<{ tokenHash: string }>(keys.userCalendarFeed(s.parent.id))).value!;
  assert.ok(calendarFeed.tokenHash);
  const otherBefore = kvJson(await Array.fromAsync(t.kv.list({ prefix: keys.teamPlayers(s.w.otherTeam.id) })));

  // Their request that the child be removed stands after they go, without their account id.
  const asked = await call(t.app, "POST", `/api/players/${s.w.players[1].id}/removal-request`, {
    cookie: s.cookie,
    body: { reason: "Moving away" },
  });
  assert.equal(asked.status, 201, await asked.clone().text());

  const res = await del(t, s.cookie, { confirm: s.email });
  assert.equal(res.status, 200);

  const after = await everything(t.kv);
  const [request] = await Array.fromAsync(t.kv.list<{ requestedBy: string; reason: string }>({
    prefix: keys.teamRemovalRequests(s.w.team.id),
  }));
  assert.equal(request.value.reason, "Moving away");
  assert.match(request.value.requestedBy, /^deleted-/);
  // The one mail that confirms the deletion, to the address given, naming no one.
  const [last, ...more] = (await queuedMail(t.kv)).filter((m) => m.mail.to.address === s.email);
  assert.deepEqual(more, []);
  assert.equal(last.mail.kind, "account-deleted");
  assert.equal(last.mail.subject, "Your GoalMates account was deleted");
  assert.doesNotMatch(last.mail.text, /Quentin|Zebrowski/);
  const lastMailRow = (row: string) => row.startsWith(`[["mail_pending","${last.id}"]`);
  for (const secret of [...secrets, calendarFeed.tokenHash]) {
    assert.deepEqual(
      after.filter((row) => row.includes(secret) && !lastMailRow(row)),
      [],
      `${secret} outlives the account`,
    );
  }
  // Tallies: the poll still counts the vote (anonymously); the audit keeps its entries, with an anonymous id.
  const votes = await Array.fromAsync(t.kv.list<{ parentId: string; pollResponse: number }>({
    prefix: keys.campaignResponses(s.poll),
  }));
  assert.deepEqual(votes.map((v) => v.value.pollResponse).sort(), [1, 2]);
  const anonymous = votes.find((v) => v.value.pollResponse === 2)!.value.parentId;
  assert.match(anonymous, /^deleted-/);
  const audit = (await listAudit(t.kv, { limit: 500 })).values;
  assert.ok(
    audit.some((e) => e.action === "claim.approved" && e.detail.includes(anonymous)),
    "the approval stays, anonymous",
  );
  assert.equal(kvJson(await Array.fromAsync(t.kv.list({ prefix: keys.teamPlayers(s.w.otherTeam.id) }))), otherBefore);
  assert.deepEqual(
    await Array.fromAsync(t.kv.list({ prefix: keys.accountDeletions() })),
    [],
    "the record of the deletion went last",
  );
  assert.equal((await call(t.app, "GET", `/calendar/${calendarFeed.tokenHash}.ics`)).status, 404);

  // The same address signs up again, as someone new.
  const signup = await requestJson(t.app, "/api/signup/create-pending-intent", {
    body: { ...SIGNUP_BODY, email: s.email, teamName: "Fresh Start FC" },
  });
  assert.equal(signup.status, 200, await signup.clone().text());
  const token = await tokenFromMail(t.kv, s.email, "/signup/verify");
  const verified = await requestJson(t.app, "/api/signup/verify-token", { body: { token } });
  assert.equal(verified.status, 200);
  const fresh = (await getUserByEmail(t.kv, s.email))!;
  assert.notEqual(fresh.id, s.parent.id);
  assert.equal(fresh.firstName, "Jordan");
});

Deno.test("[account deletion] an erase cut short after its first commit is finished by resumeAccountDeletions, mail and all", async () => {
  await using t = await createTestApp();
  const s = await seedParent(t);
  // The first commit only: the account, its index and memberships gone, the record written.
  await startAccountDeletion(t.kv, s.parent.id, s.email, new Date());
  assert.equal(await getUserByEmail(t.kv, s.email), null);
  const leftover = (await everything(t.kv)).filter((row) => row.includes("Xylophone carpool"));
  assert.equal(leftover.length, 1, "the post is still there");
  assert.equal((await queuedMail(t.kv)).filter((m) => m.mail.kind === "account-deleted").length, 0);

  assert.equal(await resumeAccountDeletions(t.kv, "http://x"), 1);
  const after = await everything(t.kv);
  for (const secret of ["Xylophone carpool", "Quokka Grip Cleats", "Wombat-photo-bytes", s.parent.id]) {
    assert.deepEqual(after.filter((row) => row.includes(secret)), [], secret);
  }
  assert.equal((await queuedMail(t.kv)).filter((m) => m.mail.kind === "account-deleted").length, 1);
  assert.equal(await resumeAccountDeletions(t.kv, "http://x"), 0, "nothing left to finish");
  assert.equal((await queuedMail(t.kv)).filter((m) => m.mail.kind === "account-deleted").length, 1, "one mail only");
});
