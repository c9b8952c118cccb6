/**
 * Issue 22, item 5: a parent hides their child's last name and photo from the team's other
 * families (`PUT /api/players/{playerId}/privacy` and its plain form). Other families then see
 * first name and initial and no photo, on the family dashboard and in the family calls; the
 * child's own parent and the team's admins still see everything; the public roster never shows
 * more. Only the child's parents may choose; everyone else is refused and changes nothing.
 */
import assert from "node:assert/strict";
import { createTestApp, dumpKv, getPage, postFormAs, type TestContext } from "../helpers.ts";
import { adminWorld, call, signIn } from "../admin_helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { getPlayerEntry, type Player, stagePlayerUpdate } from "../../lib/db/players.ts";
import { getUserByEmail } from "../../lib/db/users.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { commitTeamChange, readRevision } from "../../lib/db/team_revisions.ts";

type T = TestContext;
const PREFIXES = ["players", "audit", "team_audit", "team_revisions"];
const PHOTO = "/objects/TEAM/CHLOEPHOTO";

/** adminWorld where `parent@example.com` is Chloe's (players[3]) parent and Chloe has a photo; `other-parent@example.com` is Sofia's. */
async function world(t: T) {
  const w = await adminWorld(t);
  const chloe = w.players[3];
  const sofia = w.players[1];
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  const other = await createAccount(t.kv, { email: "other-parent@example.com", teamId: w.team.id });
  const entry = await getPlayerEntry(t.kv, w.team.id, chloe.id);
  const op = stagePlayerUpdate(t.kv.atomic(), entry as Deno.KvEntry<Player>, {
    ...entry.value!,
    photoUrl: PHOTO,
    photoUrlSmall: `${PHOTO}S`,
    photoUrlMedium: `${PHOTO}M`,
  });
  stageGuardian(op, w.team.id, chloe.id, parent.id);
  stageGuardian(op, w.team.id, sofia.id, other.id);
  assert.ok((await commitTeamChange(t.kv, op, w.team.id)).ok);
  return { w, chloe, cookies: { ...w.cookies, otherParent: await signIn(t, "other-parent@example.com") } };
}

const privacyPath = (playerId: string) => `/api/players/${playerId}/privacy`;

Deno.test("[child privacy] only the child's parent may choose; others are refused and nothing changes", async () => {
  await using t = await createTestApp();
  const { chloe, cookies } = await world(t);
  const before = await dumpKv(t.kv, PREFIXES);
  const body = { hideLastName: true, hidePhoto: true };
  const refusals = { anonymous: 401, otherParent: 404, player: 404, otherAdmin: 404, admin: 404, sysadmin: 403 };
  for (const [who, status] of Object.entries(refusals)) {
    const res = await call(t.app, "PUT", privacyPath(chloe.id), { cookie: cookies[who as keyof typeof cookies], body });
    assert.equal(res.status, status, who);
    assert.equal(typeof (await res.json()).message, "string");
  }
  for (const bad of [{}, { hideLastName: true }, { hideLastName: "yes", hidePhoto: false }, { ...body, extra: 1 }]) {
    const res = await call(t.app, "PUT", privacyPath(chloe.id), { cookie: cookies.parent, body: bad });
    assert.equal(res.status, 400, JSON.stringify(bad));
    assert.equal(typeof (await res.json()).message, "string");
  }
  assert.deepEqual(await dumpKv(t.kv, PREFIXES), before);
});

Deno.test("[child privacy] other families see first name and initial and no photo; own parent and admin see all", async () => {
  await using t = await createTestApp();
  const { w, chloe, cookies } = await world(t);
  const dashboard = `/family-dashboard/${w.team.id}`;
  // Before: another family sees Chloe's last name and photo (the test fails without the rule).
  const seenBefore = await getPage(t.app, dashboard, cookies.otherParent);
  assert.ok(seenBefore.html.includes("Anderson") && seenBefore.html.includes(PHOTO));
  const revision = await readRevision(t.kv, w.team.id);

  const res = await call(t.app, "PUT", privacyPath(chloe.id), {
    cookie: cookies.parent,
    body: { hideLastName: true, hidePhoto: true },
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.deepEqual(await res.json(), { playerId: chloe.id, hideLastName: true, hidePhoto: true });
  const stored = (await getPlayerEntry(t.kv, w.team.id, chloe.id)).value!;
  assert.equal(stored.hideLastName, true);
  assert.equal(stored.hidePhoto, true);
  assert.notEqual(await readRevision(t.kv, w.team.id), revision, "kept dashboards are dropped");
  assert.ok((await listAudit(t.kv, { teamId: w.team.id })).values.some((e) => e.action === "player.privacy"));

  // Another family: the dashboard (kept pages included) and every family call.
  const other = await getPage(t.app, dashboard, cookies.otherParent);
  assert.equal(other.res.status, 200);
  assert.ok(!other.html.includes("Anderson"), "no last name on another family's dashboard");
  assert.ok(!other.html.includes(PHOTO), "no photo on another family's dashboard");
  assert.ok(other.html.includes("Chloe A."));
  const players = await (await call(t.app, "GET", `/api/public/teams/${w.team.id}/players`, {
    cookie: cookies.otherParent,
  })).json();
  const seen = players.values.find((p: Player) => p.id === chloe.id);
  assert.equal(seen.lastName, "A.");
  assert.equal(seen.photoUrl, null);
  assert.equal(seen.photoUrlSmall, null);
  const parents = await (await call(t.app, "GET", `/api/public/teams/${w.team.id}/parents`, {
    cookie: cookies.otherParent,
  })).text();
  assert.ok(!parents.includes("Anderson") && !parents.includes(PHOTO));

  // Her own parent and the team's admin see everything; her parent sees the choice in her dialog.
  for (const who of ["parent", "admin"] as const) {
    const page = await getPage(t.app, dashboard, cookies[who]);
    assert.ok(page.html.includes("Anderson") && page.html.includes(PHOTO), who);
  }
  const own = await getPage(t.app, `${dashboard}?member=player:${chloe.id}`, cookies.parent);
  assert.ok(own.html.includes(`/account/privacy/children/${chloe.id}/privacy`));
  assert.ok(!other.html.includes(`/account/privacy/children/${chloe.id}/privacy`));

  // The public roster never shows more, even where the team shows full last names.
  const settings = await call(t.app, "PATCH", `/api/admin/${w.team.id}/settings`, {
    cookie: cookies.admin,
    body: { showLastNames: true, showPhotos: true },
  });
  assert.equal(settings.status, 200, await settings.clone().text());
  const roster = await (await call(t.app, "GET", `/api/teams/${w.team.slug}/roster`, { origin: null })).text();
  assert.ok(roster.includes("Okafor"), "the team shows full last names");
  assert.ok(!roster.includes("Anderson") && !roster.includes(PHOTO));
});

Deno.test("[child privacy] the plain form saves and comes back to the dialog or the privacy page", async () => {
  await using t = await createTestApp();
  const { w, chloe, cookies } = await world(t);
  const form = `/account/privacy/children/${chloe.id}/privacy`;
  const toDialog = await postFormAs(t.app, form, { hideLastName: "on", back: "dashboard" }, cookies.parent);
  assert.equal(toDialog.status, 303);
  assert.equal(
    toDialog.headers.get("location"),
    `/family-dashboard/${w.team.id}?member=player:${chloe.id}#family-dialog`,
  );
  let stored = (await getPlayerEntry(t.kv, w.team.id, chloe.id)).value!;
  assert.equal(stored.hideLastName, true);
  assert.equal(stored.hidePhoto, false);
  // Unticked boxes are absent from a post: both shown again.
  const toPage = await postFormAs(t.app, form, {}, cookies.parent);
  assert.equal(toPage.headers.get("location"), `/account/privacy?child=saved#child-${chloe.id}`);
  stored = (await getPlayerEntry(t.kv, w.team.id, chloe.id)).value!;
  assert.equal(stored.hideLastName, false);
  const refused = await postFormAs(t.app, form, { hideLastName: "on" }, cookies.otherParent);
  assert.equal(refused.status, 404);
  await refused.body?.cancel();
  assert.equal((await getPlayerEntry(t.kv, w.team.id, chloe.id)).value!.hideLastName, false);
});
