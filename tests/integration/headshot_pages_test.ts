/**
 * Headshots on the pages (issue 13, item 5), through `app.request()`: the 'Change photo' button
 * of the player photo dialog appears only where the viewer may change that player's photo —
 * in the family-member dialog of the dashboard for a parent of the player or a team admin (never
 * for another parent, the player's own account or a system administrator reading the page), and
 * on every row of the admin roster — and the page carries the PlayerPhoto island (woken on
 * interaction) only then. A player's photo shows in its small size on cards and rows and its
 * medium size in the dialog, with an `alt` naming the player — inside the team always, while the
 * public roster shows it only once a guardian agreed too (R41; tests/integration/headshot_consent_test.ts).
 */
import assert from "node:assert/strict";
import { createTestApp, get, requestJson, TEST_ORIGIN, type TestContext } from "../helpers.ts";
import { type AdminWorld, adminWorld, call, signIn } from "../admin_helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { getPlayerEntry, type Player, stagePlayerUpdate } from "../../lib/db/players.ts";

type T = TestContext;

/** A page's HTML; it must answer 200. */
const pageHtml = async (t: T, path: string, cookie: string) => {
  const res = await get(t.app, path, cookie);
  assert.equal(res.status, 200, `GET ${path}`);
  return await res.text();
};

/** The ids of the players whose 'Change photo' button the page shows. */
const photoButtons = (html: string) =>
  [...html.matchAll(/<button type="button" class="[^"]*photo-trigger"[^>]*data-photo-player="([^"]+)"/g)]
    .map((m) => m[1]);

const tableNamesCount = (html: string) => (html.match(/<th scope="row">/g) ?? []).length;

const playerPhotoIslands = (html: string) =>
  [...html.matchAll(/data-island="PlayerPhoto"[^>]*data-hydrate="([a-z]+)"/g)].map((m) => m[1]);

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

async function setPhoto(t: T, player: Player, photo: Pick<Player, "photoUrl" | "photoUrlSmall" | "photoUrlMedium">) {
  const entry = (await getPlayerEntry(t.kv, player.teamId, player.id))!;
  const op = t.kv.atomic();
  stagePlayerUpdate(op, entry as Deno.KvEntry<Player>, { ...entry.value!, ...photo });
  assert.ok((await op.commit()).ok);
}

/** The team of adminWorld; `parent@example.com` is Maya's parent (a claim approved by the admin). */
async function headshotWorld(t: T) {
  const w = await adminWorld(t);
  const maya = w.players.find((p) => p.firstName === "Maya")!;
  const sofia = w.players.find((p) => p.firstName === "Sofia")!;
  await claimAndApprove(t, w, maya, "parent@example.com");
  // Another parent of the team, with a child of their own.
  await createAccount(t.kv, { email: "okafor@example.com", teamId: w.team.id, role: "TEAM_STANDARD" });
  await claimAndApprove(t, w, sofia, "okafor@example.com");
  // And a parent of the team with no child linked.
  await createAccount(t.kv, { email: "lone@example.com", teamId: w.team.id, role: "TEAM_STANDARD" });
  return {
    w,
    maya,
    sofia,
    okafor: await signIn(t, "okafor@example.com"),
    lone: await signIn(t, "lone@example.com"),
  };
}

const dialogOf = (w: AdminWorld, player: Player) => `/family-dashboard/${w.team.id}?member=player:${player.id}`;

Deno.test("[headshots] the dashboard: 'Change photo' only for the player's parents and the team's admins", async () => {
  await using t = await createTestApp();
  const { w, maya, sofia, okafor, lone } = await headshotWorld(t);
  const others = w.players.filter((p) => p.id !== maya.id && p.id !== sofia.id);

  // Maya's parent: on Maya's dialog, not on any other player's.
  const mayaAsParent = await pageHtml(t, dialogOf(w, maya), w.cookies.parent);
  assert.deepEqual(photoButtons(mayaAsParent), [maya.id]);
  assert.match(mayaAsParent, /Change photo<span class="visually-hidden"> of Maya Rodriguez<\/span>/);
  assert.match(mayaAsParent, /aria-haspopup="dialog" data-photo-player=/);
  assert.deepEqual(playerPhotoIslands(mayaAsParent), ["interaction"], "one photo dialog, woken on interaction");
  for (const p of [sofia, ...others]) {
    assert.deepEqual(photoButtons(await pageHtml(t, dialogOf(w, p), w.cookies.parent)), [], `parent on ${p.firstName}`);
  }

  // Sofia's parent: Sofia's only.
  assert.deepEqual(photoButtons(await pageHtml(t, dialogOf(w, sofia), okafor)), [sofia.id]);
  assert.deepEqual(photoButtons(await pageHtml(t, dialogOf(w, maya), okafor)), [], "not another parent's child");

  // The team's admin: every player.
  for (const p of w.players) {
    const html = await pageHtml(t, dialogOf(w, p), w.cookies.admin);
    assert.deepEqual(photoButtons(html), [p.id], `admin on ${p.firstName}`);
    assert.deepEqual(playerPhotoIslands(html), ["interaction"]);
  }

  // Nobody else: a parent without a child, the player's own account, a system administrator.
  for (const [who, cookie] of [["lone parent", lone], ["player", w.cookies.player], ["sysadmin", w.cookies.sysadmin]]) {
    for (const p of w.players) {
      const html = await pageHtml(t, dialogOf(w, p), cookie);
      assert.deepEqual(photoButtons(html), [], `${who} on ${p.firstName}`);
      assert.deepEqual(playerPhotoIslands(html), [], `${who}: no photo dialog on the page`);
    }
  }

  // The island's props say the same: `canChangePhoto` for Maya only, for her parent.
  const plain = await pageHtml(t, `/family-dashboard/${w.team.id}`, w.cookies.parent);
  const flags = [...plain.matchAll(/"key":"player:([^"]+)"[^{}]*?"canChangePhoto":(true|false)/g)]
    .map((m) => [m[1], m[2]]);
  assert.equal(flags.length, w.players.length, "every player card carries the flag");
  assert.deepEqual(flags.filter(([, can]) => can === "true").map(([id]) => id), [maya.id]);
  assert.deepEqual(photoButtons(plain), [], "no dialog open: no button yet (it is in the member dialog)");
  assert.deepEqual(playerPhotoIslands(plain), ["interaction"]);
});

Deno.test("[headshots] the admin roster: 'Change photo' on every row for the team's admin, one photo dialog", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  for (const prefix of ["admin", "teams"]) {
    const html = await pageHtml(t, `/${prefix}/${w.team.id}/roster`, w.cookies.admin);
    assert.deepEqual(photoButtons(html).sort(), w.players.map((p) => p.id).sort(), prefix);
    assert.deepEqual(playerPhotoIslands(html), ["interaction"], prefix);
    for (const p of w.players) {
      assert.ok(html.includes(`Change photo<span class="visually-hidden"> of ${p.firstName} ${p.lastName}</span>`));
    }
  }
  // A system administrator reads and edits the roster but may not upload (the API's rule): no button, no dialog.
  const sysadmin = await pageHtml(t, `/admin/${w.team.id}/roster`, w.cookies.sysadmin);
  assert.equal(tableNamesCount(sysadmin), w.players.length, "the sysadmin sees the table");
  assert.deepEqual(photoButtons(sysadmin), []);
  assert.deepEqual(playerPhotoIslands(sysadmin), []);
  // Parents, players and other teams' admins never get the page (the admin pages' own tests).
  for (const who of ["parent", "player", "otherAdmin"] as const) {
    const res = await t.app.request(`${TEST_ORIGIN}/admin/${w.team.id}/roster`, {
      headers: { cookie: w.cookies[who] },
    });
    assert.equal(res.status, 403, who);
    assert.deepEqual(photoButtons(await res.text()), [], who);
  }
});

Deno.test("[headshots] a player's photo: small on the card and the roster row, medium in the dialog, alt naming them", async () => {
  await using t = await createTestApp();
  const { w, maya } = await headshotWorld(t);
  const photo = {
    photoUrl: `/objects/${w.team.id}/FULL`,
    photoUrlSmall: `/objects/${w.team.id}/SMALL`,
    photoUrlMedium: `/objects/${w.team.id}/MEDIUM`,
  };
  await setPhoto(t, maya, photo);

  const dashboard = await pageHtml(t, dialogOf(w, maya), w.cookies.parent);
  const card = new RegExp(`id="family-card-player-${maya.id}"[\\s\\S]*?</a>`).exec(dashboard)?.[0] ?? "";
  assert.ok(card.includes(`src="${photo.photoUrlSmall}"`), "the card shows the small photo");
  assert.ok(!card.includes(photo.photoUrlMedium), "not the medium one");
  const dialog = /<dialog[^>]*id="family-dialog"[\s\S]*?<\/dialog>/.exec(dashboard)?.[0] ?? "";
  assert.match(dialog, new RegExp(`<img class="family-avatar family-avatar--lg" src="${photo.photoUrlMedium}"`));
  assert.ok(dialog.includes('alt="Photo of Maya Rodriguez"'), "the dialog's photo names the player");
  assert.ok(dashboard.includes(`"photoUrl":"${photo.photoUrlMedium}"`), "the dialog gets the medium photo");

  const roster = await pageHtml(t, `/admin/${w.team.id}/roster`, w.cookies.admin);
  assert.match(
    roster,
    new RegExp(`<img class="roster-admin__photo" src="${photo.photoUrlSmall}" alt="Photo of Maya Rodriguez"`),
  );
  assert.match(roster, /<dt>With photos<\/dt><dd>1<\/dd>/);
  assert.ok(roster.includes(`"photoUrlMedium":"${photo.photoUrlMedium}"`), "the roster's dialog gets the medium one");

  // The team's 'Show photos' switch alone does not put it on the public roster: the family must agree.
  const shown = await call(t.app, "PATCH", `/api/admin/${w.team.id}/settings`, {
    cookie: w.cookies.admin,
    body: { showPhotos: true },
  });
  assert.equal(shown.status, 200);
  const publicCard = await (await t.app.request(`${TEST_ORIGIN}/t/${w.team.slug}/roster?player=${maya.id}`)).text();
  assert.ok(!publicCard.includes(`/objects/${w.team.id}/`), "not public without a guardian's consent");
  assert.ok(
    (await pageHtml(t, dialogOf(w, maya), w.cookies.parent)).includes(`src="${photo.photoUrlMedium}"`),
    "inside: as ever",
  );
  const consent = await call(t.app, "PUT", `/api/teams/${w.team.id}/players/${maya.id}/headshot-consent`, {
    cookie: w.cookies.parent,
    body: { public: true },
  });
  assert.equal(consent.status, 200);
  const agreed = await (await t.app.request(`${TEST_ORIGIN}/t/${w.team.slug}/roster?player=${maya.id}`)).text();
  assert.ok(agreed.includes(`src="${photo.photoUrlMedium}"`), "public once Maya's parent agreed");
});
