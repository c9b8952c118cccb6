/**
 * Issue 22, item 5: a parent asks for their child's removal from the roster
 * (`POST /api/players/{playerId}/removal-request` and its plain form), and the team admin
 * approves (the player goes with every link, photo, stat and request) or denies (the reason is
 * recorded), on the claims page or through the API; the parent is e-mailed either way and each
 * step is audited. Only the child's own parents may ask; everyone else is refused and changes nothing.
 */
import assert from "node:assert/strict";
import { createTestApp, dumpKv, getPage, kvJson, postFormAs, type TestContext } from "../helpers.ts";
import { adminWorld, call, signIn } from "../admin_helpers.ts";
import { createAccount, queuedMail } from "../auth_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { getPlayerEntry, type Player, stagePlayerUpdate } from "../../lib/db/players.ts";
import { getUserByEmail } from "../../lib/db/users.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import type { BlobManifest } from "../../lib/db/blobs.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { commitTeamChange } from "../../lib/db/team_revisions.ts";
import { stageFamilyLink } from "../../lib/families/mod.ts";
import type { RemovalRequest } from "../../lib/db/removal_requests.ts";
import { MAX_REMOVAL_REASON } from "../../lib/families/child_privacy.ts";
import { CHILD_NOTICES, CHILD_PRIVACY_TEXTS } from "../../lib/families/child_privacy_rules.ts";

type T = TestContext;
const PREFIXES = [
  "players",
  "player_guardians",
  "player_removal_requests",
  "open_player_removal_requests",
  "blobs",
  "blob_chunks",
  "family_members",
  "family_of_member",
  "audit",
  "team_audit",
  "mail_pending",
  "team_revisions",
];

const requestPath = (playerId: string) => `/api/players/${playerId}/removal-request`;
const formPath = (playerId: string) => `/account/privacy/children/${playerId}/removal-request`;

/** A headshot blob of the team with one chunk, as a processed upload leaves it. */
async function storeHeadshot(kv: Deno.Kv, teamId: string, playerId: string, id: string) {
  const manifest: BlobManifest = {
    id,
    teamId,
    dataId: `${id}-data`,
    state: "ready",
    role: "full",
    purpose: "headshot",
    uploadId: id,
    playerId,
    uploaderId: null,
    contentType: "image/jpeg",
    size: 3,
    chunks: 1,
    etag: "x",
    width: 1,
    height: 1,
    createdAt: "2026-09-01T00:00:00Z",
  };
  await kv.atomic().set(keys.blob(teamId, id), manifest).set(keys.blobChunk(teamId, `${id}-data`, 0), new Uint8Array(3))
    .commit();
  return `/objects/${teamId}/${id}`;
}

/**
 * adminWorld where `parent@example.com` is Maya's (players[0]) parent, in a family with her, and
 * Maya has a headshot and stats; `other-parent@example.com` is another family's parent (Sofia's).
 */
async function world(t: T) {
  const w = await adminWorld(t);
  const [maya, sofia] = w.players;
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  const other = await createAccount(t.kv, { email: "other-parent@example.com", teamId: w.team.id });
  const photo = await storeHeadshot(t.kv, w.team.id, maya.id, "HEADSHOTFULL");
  const entry = await getPlayerEntry(t.kv, w.team.id, maya.id);
  const op = stagePlayerUpdate(t.kv.atomic(), entry as Deno.KvEntry<Player>, {
    ...entry.value!,
    photoUrl: photo,
    stats: { gamesPlayed: 9, goals: 4, assists: 2 },
  });
  stageGuardian(op, w.team.id, maya.id, parent.id);
  stageGuardian(op, w.team.id, sofia.id, other.id);
  await stageFamilyLink(t.kv, op, w.team.id, maya.id, parent.id);
  assert.ok((await commitTeamChange(t.kv, op, w.team.id)).ok);
  const cookies = { ...w.cookies, otherParent: await signIn(t, "other-parent@example.com") };
  return { w, maya, sofia, parent, cookies };
}

const openRequests = async (kv: Deno.Kv, teamId: string) =>
  (await Array.fromAsync(kv.list<RemovalRequest>({ prefix: keys.teamRemovalRequests(teamId) }))).map((e) => e.value);

Deno.test("[removal request] only the child's own parent may ask; everyone else is refused and nothing changes", async () => {
  await using t = await createTestApp();
  const { w, maya, cookies } = await world(t);
  const before = await dumpKv(t.kv, PREFIXES);
  const refusals: Record<string, number> = {
    anonymous: 401,
    otherParent: 404, // A parent of the team, not Maya's.
    player: 404, // Maya's own player account is not her parent.
    otherAdmin: 404,
    admin: 404, // The team's admin decides requests; they do not make them.
    sysadmin: 403,
  };
  for (const [who, status] of Object.entries(refusals)) {
    const res = await call(t.app, "POST", requestPath(maya.id), {
      cookie: cookies[who as keyof typeof cookies],
      body: { reason: "no" },
    });
    assert.equal(res.status, status, who);
    assert.equal(typeof (await res.json()).message, "string", who);
  }
  // The plain form refuses the same people.
  const anonymousForm = await postFormAs(t.app, formPath(maya.id), { reason: "" }, "");
  assert.equal(anonymousForm.status, 303);
  assert.match(anonymousForm.headers.get("location")!, /^\/team-login/);
  const otherForm = await postFormAs(t.app, formPath(maya.id), { reason: "" }, cookies.otherParent);
  assert.equal(otherForm.status, 404);
  await otherForm.body?.cancel();
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
  // An unknown player, a malformed body: 4xx JSON, never a 500.
  const unknown = await call(t.app, "POST", requestPath("01ARZ3NDEKTSV4RRFFQ69G5FAV"), {
    cookie: cookies.parent,
    body: {},
  });
  assert.equal(unknown.status, 404);
  await unknown.body?.cancel();
  for (const body of [{ reason: 5 }, { reason: "x".repeat(MAX_REMOVAL_REASON + 1) }, { other: 1 }]) {
    const res = await call(t.app, "POST", requestPath(maya.id), { cookie: cookies.parent, body });
    assert.equal(res.status, 400, JSON.stringify(body).slice(0, 40));
    assert.equal(typeof (await res.json()).message, "string");
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
  void w;
});

Deno.test("[removal request] a parent asks once; a second ask is 409 until the admin decides", async () => {
  await using t = await createTestApp();
  const { w, maya, parent, cookies } = await world(t);
  const res = await call(t.app, "POST", requestPath(maya.id), {
    cookie: cookies.parent,
    body: { reason: "  We are moving away.  " },
  });
  assert.equal(res.status, 201);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const { request } = await res.json();
  assert.equal(request.playerId, maya.id);
  assert.equal(request.status, "pending");
  assert.equal(request.reason, "We are moving away.");
  const stored = await openRequests(t.kv, w.team.id);
  assert.equal(stored.length, 1);
  assert.equal(stored[0].requestedBy, parent.id);
  assert.equal((await t.kv.get(keys.openRemovalRequest(w.team.id, maya.id))).value, request.id);
  assert.ok((await listAudit(t.kv, { teamId: w.team.id })).values.some((e) => e.action === "player.removal_requested"));

  const again = await call(t.app, "POST", requestPath(maya.id), { cookie: cookies.parent });
  assert.equal(again.status, 409);
  assert.deepEqual(await again.json(), { message: CHILD_PRIVACY_TEXTS.alreadyRequested });
  // Without JavaScript: back to the privacy page with the notice's code, nothing stored.
  const form = await postFormAs(t.app, formPath(maya.id), { reason: "" }, cookies.parent);
  assert.equal(form.status, 303);
  assert.equal(form.headers.get("location"), `/account/privacy?child-error=alreadyRequested#child-${maya.id}`);
  assert.equal((await openRequests(t.kv, w.team.id)).length, 1);
  assert.ok(CHILD_NOTICES.alreadyRequested);
});

Deno.test("[removal request] the admin sees it on the claims page and dashboard, and approving removes the child with every link and photo", async () => {
  await using t = await createTestApp();
  const { w, maya, sofia, cookies } = await world(t);
  const form = await postFormAs(t.app, formPath(maya.id), { reason: "Privacy, please" }, cookies.parent);
  assert.equal(form.status, 303);
  assert.equal(form.headers.get("location"), `/account/privacy?child=requested#child-${maya.id}`);
  const [request] = await openRequests(t.kv, w.team.id);

  const claims = await getPage(t.app, `/admin/${w.team.id}/claims`, cookies.admin);
  assert.equal(claims.res.status, 200);
  assert.match(claims.html, /id="removal-requests"/);
  assert.ok(claims.html.includes(`${maya.firstName} ${maya.lastName} #${maya.jerseyNumber}`));
  assert.ok(claims.html.includes("Privacy, please"));
  assert.ok(claims.html.includes(`/admin/${w.team.id}/removal-requests/${request.id}/approve`));
  const dashboard = await getPage(t.app, `/admin/${w.team.id}`, cookies.admin);
  assert.match(dashboard.html, /data-tile="removal-requests"[^>]*>[\s\S]*?Removal requests[\s\S]*?>1</);
  const listed = await call(t.app, "GET", `/api/admin/${w.team.id}/removal-requests`, { cookie: cookies.admin });
  assert.equal((await listed.json()).values[0].id, request.id);

  // Another team's admin and a parent cannot decide; the request waits on.
  for (const who of ["otherAdmin", "parent", "otherParent"] as const) {
    const res = await call(t.app, "POST", `/api/admin/${w.team.id}/removal-requests/${request.id}/approve`, {
      cookie: cookies[who],
    });
    assert.equal(res.status, 403, who);
    await res.body?.cancel();
  }
  const anonymous = await call(t.app, "POST", `/api/admin/${w.team.id}/removal-requests/${request.id}/approve`);
  assert.equal(anonymous.status, 401);
  await anonymous.body?.cancel();
  assert.ok((await getPlayerEntry(t.kv, w.team.id, maya.id)).value);

  const approved = await postFormAs(
    t.app,
    `/admin/${w.team.id}/removal-requests/${request.id}/approve`,
    {},
    cookies.admin,
  );
  assert.equal(approved.status, 303);
  assert.equal(approved.headers.get("location"), `/admin/${w.team.id}/claims?done=removal-approved`);
  // Maya, her stats, photo (manifest and bytes), guardian link, family place and requests are gone.
  assert.equal((await getPlayerEntry(t.kv, w.team.id, maya.id)).value, null);
  const left = kvJson(await dumpKv(t.kv, PREFIXES.filter((p) => !["audit", "team_audit", "mail_pending"].includes(p))));
  for (const trace of [maya.id, "HEADSHOTFULL", '"gamesPlayed":9']) assert.ok(!left.includes(trace), trace);
  assert.ok((await getPlayerEntry(t.kv, w.team.id, sofia.id)).value, "the other children stay");
  const mail = (await queuedMail(t.kv)).find((m) => m.mail.kind === "child-removal-approved");
  assert.equal(mail?.mail.to.address, "parent@example.com");
  assert.match(mail!.mail.text, new RegExp(`${maya.firstName} is no longer on the roster`));
  // The mail points to the privacy page it mentions.
  assert.match(mail!.mail.text, /Open my privacy page: http:\/\/[^\s]+\/account\/privacy/);
  const audit = (await listAudit(t.kv, { teamId: w.team.id })).values.find((e) =>
    e.action === "player.removed_on_request"
  );
  assert.ok(audit, "audited");
  assert.ok(!audit.detail.includes(maya.lastName), "the audit log keeps only the last initial");
  assert.equal(
    audit.detail,
    `${maya.firstName} R. #${maya.jerseyNumber} at a parent's request (1 parent links removed)`,
  );
  const page = await getPage(t.app, `/admin/${w.team.id}/claims?done=removal-approved`, cookies.admin);
  assert.ok(page.html.includes(CHILD_PRIVACY_TEXTS.approved));
  assert.ok(!page.html.includes('id="removal-requests"'));
  // Deciding again: the request is gone.
  const twice = await call(t.app, "POST", `/api/admin/${w.team.id}/removal-requests/${request.id}/approve`, {
    cookie: cookies.admin,
  });
  assert.equal(twice.status, 404);
  assert.deepEqual(await twice.json(), { message: CHILD_PRIVACY_TEXTS.requestNotFound });
});

Deno.test("[removal request] denying needs a reason, keeps the child, records the reason and tells the parent", async () => {
  await using t = await createTestApp();
  const { w, maya, cookies } = await world(t);
  const asked = await call(t.app, "POST", requestPath(maya.id), { cookie: cookies.parent, body: {} });
  const { request } = await asked.json();
  const denyPath = `/api/admin/${w.team.id}/removal-requests/${request.id}/deny`;
  for (const body of [{}, { reason: "   " }, { reason: "x".repeat(501) }, { reason: 3 }]) {
    const res = await call(t.app, "POST", denyPath, { cookie: cookies.admin, body });
    assert.equal(res.status, 400, JSON.stringify(body).slice(0, 30));
    await res.body?.cancel();
  }
  const noReasonForm = await postFormAs(
    t.app,
    `/teams/${w.team.id}/removal-requests/${request.id}/deny`,
    { reason: "" },
    cookies.admin,
  );
  assert.equal(
    noReasonForm.headers.get("location"),
    `/teams/${w.team.id}/claims?error=removal-reason#removal-requests`,
  );
  assert.equal((await openRequests(t.kv, w.team.id))[0].status, "pending");

  const denied = await call(t.app, "POST", denyPath, {
    cookie: cookies.sysadmin,
    body: { reason: "Maya is on the league's registered roster until June." },
  });
  assert.equal(denied.status, 200, await denied.clone().text());
  assert.ok((await getPlayerEntry(t.kv, w.team.id, maya.id)).value, "the child stays");
  const [stored] = await openRequests(t.kv, w.team.id);
  assert.equal(stored.status, "denied");
  assert.equal(stored.denyReason, "Maya is on the league's registered roster until June.");
  assert.equal((await t.kv.get(keys.openRemovalRequest(w.team.id, maya.id))).versionstamp, null);
  const mail = (await queuedMail(t.kv)).find((m) => m.mail.kind === "child-removal-denied");
  assert.equal(mail?.mail.to.address, "parent@example.com");
  assert.ok(mail!.mail.text.includes("registered roster until June"));
  assert.ok((await listAudit(t.kv, { teamId: w.team.id })).values.some((e) => e.action === "player.removal_denied"));
  // The parent may ask again.
  const again = await call(t.app, "POST", requestPath(maya.id), { cookie: cookies.parent, body: { reason: "Please" } });
  assert.equal(again.status, 201);
  await again.body?.cancel();
});

Deno.test("[removal request] the admin removing the player another way takes its requests with it", async () => {
  await using t = await createTestApp();
  const { w, maya, cookies } = await world(t);
  await (await call(t.app, "POST", requestPath(maya.id), { cookie: cookies.parent, body: {} })).body?.cancel();
  const removed = await call(t.app, "DELETE", `/api/admin/${w.team.id}/players/${maya.id}`, {
    cookie: cookies.admin,
    body: {},
  });
  assert.equal(removed.status, 200, await removed.clone().text());
  assert.deepEqual(await openRequests(t.kv, w.team.id), []);
  assert.equal((await t.kv.get(keys.openRemovalRequest(w.team.id, maya.id))).versionstamp, null);
});
