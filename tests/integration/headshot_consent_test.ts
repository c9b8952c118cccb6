/**
 * A guardian's consent to show their child's headshot on the public roster (R41), through
 * `app.request()`: `PUT /api/teams/{teamId}/players/{playerId}/headshot-consent` and its form
 * post. The public roster (JSON and page) shows a headshot only while the team shows photos AND
 * a current guardian agreed, and follows every change at once (the commit rewrites the team's
 * revision); only a guardian of the player decides, everyone else is refused and changes
 * nothing; a consent does not outlive its guardian or its player. The family dashboard offers
 * the choice to the player's guardians only, and the admin's switch says families must agree.
 */
import assert from "node:assert/strict";
import { createTestApp, dumpKv, postFormAs, requestJson, TEST_ORIGIN, type TestContext } from "../helpers.ts";
import { type AdminWorld, adminWorld, call, signIn } from "../admin_helpers.ts";
import { cookiesFrom, createAccount, setCheapTeamLogin } from "../auth_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { getPlayerEntry, type Player, stagePlayerUpdate } from "../../lib/db/players.ts";
import { getUserByEmail } from "../../lib/db/users.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { type HeadshotConsent, listHeadshotConsents } from "../../lib/db/headshot_consents.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { commitTeamChange, readRevision } from "../../lib/db/team_revisions.ts";

type T = TestContext;
const NOW = new Date("2026-09-14T15:30:00Z");
const CONSENT_PREFIXES = ["headshot_consents", "team_revisions", "audit", "team_audit", "players", "player_guardians"];

const consentPath = (w: AdminWorld, playerId: string) => `/api/teams/${w.team.id}/players/${playerId}/headshot-consent`;
const formPath = (w: AdminWorld, playerId: string) =>
  `/family-dashboard/${w.team.id}/players/${playerId}/headshot-consent`;

const putConsent = (t: T, w: AdminWorld, playerId: string, cookie: string, body: unknown) =>
  call(t.app, "PUT", consentPath(w, playerId), { cookie, body });

/** The consent form posted without JavaScript: an unticked box is absent from the post. */
const postConsentForm = (t: T, w: AdminWorld, playerId: string, cookie: string, ticked: boolean) =>
  postFormAs(t.app, formPath(w, playerId), ticked ? { public: "on" } : {}, cookie);

/** A jersey claim by `email`, approved by the admin: the account becomes that player's parent. */
async function claimAndApprove(t: T, w: AdminWorld, player: Player, email: string) {
  const claimed = await requestJson(t.app, `/api/teams/${w.team.slug}/claims`, {
    body: { mode: "jersey", jerseyNumber: player.jerseyNumber, email },
  });
  assert.equal(claimed.status, 201, await claimed.clone().text());
  const { claimId } = await claimed.json();
  const approved = await call(t.app, "POST", `/api/admin/${w.team.id}/claims/${claimId}/approve`, {
    cookie: w.cookies.admin,
  });
  assert.equal(approved.status, 200, await approved.clone().text());
}

const PHOTO = (teamId: string) => ({
  photoUrl: `/objects/${teamId}/FULL`,
  photoUrlSmall: `/objects/${teamId}/SMALL`,
  photoUrlMedium: `/objects/${teamId}/MEDIUM`,
});

/**
 * adminWorld with the team showing photos; `parent@example.com` is Maya's guardian (a claim the
 * admin approved) and Maya has a photo; Okafor is Sofia's guardian (another parent of the team).
 */
async function consentWorld(t: T) {
  const w = await adminWorld(t);
  const maya = w.players.find((p) => p.firstName === "Maya")!;
  const sofia = w.players.find((p) => p.firstName === "Sofia")!;
  await claimAndApprove(t, w, maya, "parent@example.com");
  await createAccount(t.kv, { email: "okafor@example.com", teamId: w.team.id, role: "TEAM_STANDARD" });
  await claimAndApprove(t, w, sofia, "okafor@example.com");
  for (const p of [maya, sofia]) {
    const entry = (await getPlayerEntry(t.kv, w.team.id, p.id)) as Deno.KvEntry<Player>;
    const op = stagePlayerUpdate(t.kv.atomic(), entry, { ...entry.value, ...PHOTO(w.team.id) });
    assert.ok((await commitTeamChange(t.kv, op, w.team.id)).ok);
  }
  const shown = await call(t.app, "PATCH", `/api/admin/${w.team.id}/settings`, {
    cookie: w.cookies.admin,
    body: { showPhotos: true },
  });
  assert.equal(shown.status, 200);
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  const okafor = (await getUserByEmail(t.kv, "okafor@example.com"))!;
  return { w, maya, sofia, parent, okafor, okaforCookie: await signIn(t, "okafor@example.com") };
}

/** One player as the public roster JSON shows them (through its render cache, as anyone gets it). */
async function publicJson(t: T, w: AdminWorld, playerId: string) {
  const res = await call(t.app, "GET", `/api/teams/${w.team.slug}/roster`);
  assert.equal(res.status, 200);
  return (await res.json()).players.find((p: { id: string }) => p.id === playerId);
}

/** The public roster page's card of one player (cached per team too). */
async function publicCard(t: T, w: AdminWorld, playerId: string) {
  const res = await call(t.app, "GET", `/t/${w.team.slug}/roster?player=${playerId}`);
  assert.equal(res.status, 200);
  return await res.text();
}

async function assertPublicPhoto(t: T, w: AdminWorld, playerId: string, shown: boolean, why: string) {
  const photo = PHOTO(w.team.id);
  const json = await publicJson(t, w, playerId);
  const page = await publicCard(t, w, playerId);
  const listed = await (await call(t.app, "GET", `/t/${w.team.slug}/roster?mode=detail`)).text();
  if (shown) {
    assert.deepEqual(
      [json.photoUrl, json.photoUrlSmall, json.photoUrlMedium],
      [photo.photoUrl, photo.photoUrlSmall, photo.photoUrlMedium],
      `JSON: ${why}`,
    );
    assert.ok(page.includes(`src="${photo.photoUrlMedium}"`), `page: ${why}`);
  } else {
    assert.deepEqual([json.photoUrl, json.photoUrlSmall, json.photoUrlMedium], [null, null, null], `JSON: ${why}`);
    for (const html of [page, listed]) assert.ok(!html.includes(`/objects/${w.team.id}/`), `page: ${why}`);
  }
}

const consents = (t: T, w: AdminWorld) => listHeadshotConsents(t.kv, w.team.id);

Deno.test("[headshot consent] a guardian opts in and out: the record, the audit, the revision, the public roster at once", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const { w, maya, sofia, parent } = await consentWorld(t);

  // The team's switch is on, but nobody agreed: no photo in public (and both answers are now cached).
  await assertPublicPhoto(t, w, maya.id, false, "the switch alone");
  const revision = await readRevision(t.kv, w.team.id);

  const on = await putConsent(t, w, maya.id, w.cookies.parent, { public: true });
  assert.equal(on.status, 200);
  assert.equal(on.headers.get("cache-control"), "no-store");
  assert.deepEqual(await on.json(), {
    playerId: maya.id,
    public: true,
    consentedAt: NOW.toISOString(),
    teamShowsPhotos: true,
  });
  assert.deepEqual(
    await consents(t, w),
    [
      { teamId: w.team.id, playerId: maya.id, userId: parent.id, consentedAt: NOW.toISOString() },
    ] satisfies HeadshotConsent[],
  );
  const afterOn = await readRevision(t.kv, w.team.id);
  assert.notEqual(afterOn, revision, "the revision is rewritten with the consent");
  const [audit] = (await listAudit(t.kv, { teamId: w.team.id })).values;
  assert.deepEqual(
    [audit.action, audit.targetId, audit.actor, audit.detail, audit.createdAt],
    ["player.photo_consent", maya.id, "parent@example.com", "Photo on the public roster: agreed", NOW.toISOString()],
  );
  await assertPublicPhoto(t, w, maya.id, true, "the guardian agreed");
  await assertPublicPhoto(t, w, sofia.id, false, "another child's parent did not");

  // Saying it again commits nothing.
  const auditCount = (await listAudit(t.kv, { teamId: w.team.id })).values.length;
  assert.equal((await putConsent(t, w, maya.id, w.cookies.parent, { public: true })).status, 200);
  assert.equal(await readRevision(t.kv, w.team.id), afterOn);
  assert.equal((await listAudit(t.kv, { teamId: w.team.id })).values.length, auditCount);

  // The team hides photos: gone from public, the consent kept; shown again when the switch is back.
  const patch = (showPhotos: boolean) =>
    call(t.app, "PATCH", `/api/admin/${w.team.id}/settings`, { cookie: w.cookies.admin, body: { showPhotos } });
  assert.equal((await patch(false)).status, 200);
  await assertPublicPhoto(t, w, maya.id, false, "the team hides photos");
  assert.equal((await consents(t, w)).length, 1);
  assert.equal((await patch(true)).status, 200);
  await assertPublicPhoto(t, w, maya.id, true, "the switch is back on");

  // Withdrawn: the record goes and the public roster drops the photo at once.
  const off = await putConsent(t, w, maya.id, w.cookies.parent, { public: false });
  assert.equal(off.status, 200);
  assert.deepEqual(await off.json(), { playerId: maya.id, public: false, consentedAt: null, teamShowsPhotos: true });
  assert.deepEqual(await consents(t, w), []);
  const [withdrawn] = (await listAudit(t.kv, { teamId: w.team.id })).values;
  assert.equal(withdrawn.detail, "Photo on the public roster: withdrawn");
  await assertPublicPhoto(t, w, maya.id, false, "withdrawn");
  // The team still sees it inside: the family dashboard's card.
  const dashboard = await (await call(t.app, "GET", `/family-dashboard/${w.team.id}`, { cookie: w.cookies.parent }))
    .text();
  assert.ok(dashboard.includes(`src="${PHOTO(w.team.id).photoUrlSmall}"`), "members still see the photo");
});

Deno.test("[headshot consent] without JavaScript: the form posts, comes back to the child's dialog, which shows the choice", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const { w, maya } = await consentWorld(t);
  const dialog = `/family-dashboard/${w.team.id}?member=player:${maya.id}`;
  const checkbox = (html: string) => new RegExp(`<input id="headshot-consent-${maya.id}"[^>]*>`).exec(html)?.[0];
  const form = (html: string) => /<form class="headshot-consent"[^>]*>/.exec(html)?.[0] ?? "";

  let html = await (await call(t.app, "GET", dialog, { cookie: w.cookies.parent })).text();
  assert.ok(form(html).includes(`action="${formPath(w, maya.id)}"`), "the form posts to its route");
  assert.ok(form(html).includes('method="post"'));
  assert.ok(
    html.includes(`<label for="headshot-consent-${maya.id}">Show Maya&#x27;s photo on the public roster</label>`),
  );
  assert.ok(checkbox(html)?.includes('type="checkbox" '), "the checkbox");
  assert.ok(checkbox(html)!.includes('name="public" value="on"'));
  assert.ok(!checkbox(html)!.includes("checked"), "off by default");
  assert.ok(html.includes("Maya&#x27;s photo is hidden from the public roster."));

  const ticked = await postConsentForm(t, w, maya.id, w.cookies.parent, true);
  assert.equal(ticked.status, 303);
  assert.equal(ticked.headers.get("location"), `${dialog}#family-dialog`);
  assert.equal((await consents(t, w)).length, 1);
  await assertPublicPhoto(t, w, maya.id, true, "ticked in the form");
  html = await (await call(t.app, "GET", dialog, { cookie: w.cookies.parent })).text();
  assert.ok(checkbox(html)!.includes('checked=""'), "the dialog shows it ticked");
  assert.ok(html.includes("Maya&#x27;s photo is shown on the public roster."));

  const unticked = await postConsentForm(t, w, maya.id, w.cookies.parent, false);
  assert.equal(unticked.status, 303);
  assert.deepEqual(await consents(t, w), []);
  await assertPublicPhoto(t, w, maya.id, false, "unticked in the form");
  html = await (await call(t.app, "GET", dialog, { cookie: w.cookies.parent })).text();
  assert.ok(!checkbox(html)!.includes("checked"));

  // A refused form is the HTML error page, not JSON.
  const refused = await postConsentForm(t, w, maya.id, w.cookies.admin, true);
  assert.equal(refused.status, 403);
  assert.match(refused.headers.get("content-type") ?? "", /^text\/html/);
  await refused.body?.cancel();
  assert.deepEqual(await consents(t, w), []);
});

Deno.test("[headshot consent] everyone but a guardian of the player is refused, and nothing changes", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const { w, maya, sofia, okaforCookie } = await consentWorld(t);
  // Consented first, so a refused withdrawal would show too.
  assert.equal((await putConsent(t, w, maya.id, w.cookies.parent, { public: true })).status, 200);
  await createAccount(t.kv, { email: "lone@example.com", teamId: w.team.id, role: "TEAM_STANDARD" });
  await setCheapTeamLogin(t.kv, w.team.id, "rockets", "the shared team password");
  const teamLogin = await call(t.app, "POST", `/api/teams/${w.team.id}/login`, {
    body: { username: "rockets", password: "the shared team password" },
  });
  assert.equal(teamLogin.status, 200);
  const before = await dumpKv(t.kv, CONSENT_PREFIXES);

  const callers: [string, string, number][] = [
    ["anonymous", "", 401],
    ["another parent of the team (Sofia's)", okaforCookie, 403],
    ["a parent with no child", await signIn(t, "lone@example.com"), 403],
    ["Maya's own player account", w.cookies.player, 403],
    ["the team admin, not a guardian", w.cookies.admin, 403],
    ["the team's shared login", cookiesFrom(teamLogin), 403],
    ["another team's admin", w.cookies.otherAdmin, 403],
    ["a system administrator", w.cookies.sysadmin, 403],
  ];
  for (const [who, cookie, status] of callers) {
    for (const body of [{ public: false }, { public: true }]) {
      const res = await putConsent(t, w, maya.id, cookie, body);
      assert.equal(res.status, status, `${who} ${JSON.stringify(body)}`);
      assert.equal(typeof (await res.json()).message, "string", who);
    }
    const form = await postConsentForm(t, w, maya.id, cookie, false);
    await form.body?.cancel();
    if (status === 401) {
      assert.equal(form.status, 303, `${who}: the form goes to the login`);
      assert.match(form.headers.get("location") ?? "", /^\/team-login/);
    } else {
      assert.equal(form.status, 403, `${who}: the form`);
    }
  }
  // A guardian of one child decides nothing for another.
  assert.equal((await putConsent(t, w, maya.id, okaforCookie, { public: false })).status, 403);
  assert.equal((await putConsent(t, w, sofia.id, w.cookies.parent, { public: true })).status, 403);
  assert.deepEqual(await dumpKv(t.kv, CONSENT_PREFIXES), before, "a refused request changed stored data");

  // The guardian's own mistakes: 400 or 404 with a message, nothing stored.
  const bad: [unknown, number][] = [
    [{}, 400],
    [{ public: "yes" }, 400],
    [{ public: 1 }, 400],
    [{ public: null }, 400],
    [{ public: true, extra: 1 }, 400],
    [[true], 400],
  ];
  for (const [body, status] of bad) {
    const res = await putConsent(t, w, maya.id, w.cookies.parent, body);
    assert.equal(res.status, status, JSON.stringify(body));
    assert.equal(typeof (await res.json()).message, "string");
  }
  const notJson = await t.app.request(`${TEST_ORIGIN}${consentPath(w, maya.id)}`, {
    method: "PUT",
    headers: { origin: TEST_ORIGIN, cookie: w.cookies.parent, "content-type": "application/json" },
    body: "{not json",
  });
  assert.equal(notJson.status, 400);
  assert.equal(typeof (await notJson.json()).message, "string");
  for (const playerId of ["01ARZ3NDEKTSV4RRFFQ69G5FAV", w.otherPlayers[0].id]) {
    const res = await putConsent(t, w, playerId, w.cookies.parent, { public: true });
    assert.equal(res.status, 404, playerId);
    assert.deepEqual(await res.json(), { message: "Player not found" });
  }
  assert.deepEqual(await dumpKv(t.kv, CONSENT_PREFIXES), before, "a refused request changed stored data");
  await assertPublicPhoto(t, w, maya.id, true, "still the guardian's choice");
});

Deno.test("[headshot consent] a consent goes with its guardian and with its player", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const { w, maya, parent, okafor, okaforCookie } = await consentWorld(t);
  assert.equal((await putConsent(t, w, maya.id, w.cookies.parent, { public: true })).status, 200);
  await assertPublicPhoto(t, w, maya.id, true, "agreed");

  // The guardian who agreed is unlinked (nothing in the app does it yet, so the test does, as a
  // team change would): the record left behind counts for nothing.
  const unlink = t.kv.atomic().delete(keys.playerGuardian(w.team.id, maya.id, parent.id));
  assert.ok((await commitTeamChange(t.kv, unlink, w.team.id)).ok);
  await assertPublicPhoto(t, w, maya.id, false, "no longer a guardian");
  const asFormer = await putConsent(t, w, maya.id, w.cookies.parent, { public: true });
  assert.equal(asFormer.status, 403, "a former guardian decides nothing");
  await asFormer.body?.cancel();

  // A new guardian sees the choice unticked (the old consent is not theirs), and gives their own.
  const link = stageGuardian(t.kv.atomic(), w.team.id, maya.id, okafor.id);
  assert.ok((await commitTeamChange(t.kv, link, w.team.id)).ok);
  const dialog = await (await call(t.app, "GET", `/family-dashboard/${w.team.id}?member=player:${maya.id}`, {
    cookie: okaforCookie,
  })).text();
  assert.ok(dialog.includes("Maya&#x27;s photo is hidden from the public roster."), "a stale consent shows as off");
  assert.equal((await putConsent(t, w, maya.id, okaforCookie, { public: true })).status, 200);
  assert.deepEqual((await consents(t, w)).map((c) => c.userId), [okafor.id], "the consent is now theirs");
  await assertPublicPhoto(t, w, maya.id, true, "the new guardian agreed");

  // Removing the player removes the consent in the same commit.
  const removed = await call(t.app, "DELETE", `/api/admin/${w.team.id}/players/${maya.id}`, {
    cookie: w.cookies.admin,
  });
  assert.equal(removed.status, 200, await removed.clone().text());
  assert.deepEqual(await consents(t, w), []);
});

Deno.test("[headshot consent] the choice is offered to the player's guardians only; the admin's switch says families must agree", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const { w, maya, sofia, okaforCookie } = await consentWorld(t);
  const forms = (html: string) =>
    [...html.matchAll(/<form class="headshot-consent" [^>]*action="[^"]*\/players\/([^/"]+)\/headshot-consent"/g)]
      .map((m) => m[1]);
  const dialogOf = (p: Player) => `/family-dashboard/${w.team.id}?member=player:${p.id}`;
  const page = async (path: string, cookie: string) => {
    const res = await call(t.app, "GET", path, { cookie });
    assert.equal(res.status, 200, path);
    return await res.text();
  };
  assert.deepEqual(forms(await page(dialogOf(maya), w.cookies.parent)), [maya.id], "Maya's guardian");
  assert.deepEqual(forms(await page(dialogOf(sofia), w.cookies.parent)), [], "not on another child");
  assert.deepEqual(forms(await page(dialogOf(sofia), okaforCookie)), [sofia.id], "Sofia's guardian");
  for (const who of ["admin", "player", "sysadmin"] as const) {
    for (const p of w.players) {
      assert.deepEqual(forms(await page(dialogOf(p), w.cookies[who])), [], `${who} on ${p.firstName}`);
    }
  }
  // The island's props carry the choice for the guardian's own child only.
  const plain = await page(`/family-dashboard/${w.team.id}`, w.cookies.parent);
  const choices = [...plain.matchAll(/"key":"player:([^"]+)"[^{}]*?"publicPhoto":(null|\{[^}]*\})/g)]
    .map((m) => [m[1], m[2]]);
  assert.equal(choices.length, w.players.length, "every player card carries it");
  assert.deepEqual(choices.filter(([, c]) => c !== "null"), [
    [maya.id, `{"teamId":"${w.team.id}","consented":false,"teamShowsPhotos":true}`],
  ]);

  const settings = await page(`/admin/${w.team.id}/settings`, w.cookies.admin);
  assert.ok(settings.includes("Each family must also agree for their own child."), "the switch's hint");
});
