/**
 * A team admin takes a parent or player off the team (issue 22 item 6): the Access page's list,
 * `DELETE /api/admin/{teamId}/members/{userId}` and its no-JavaScript form. The removal is the
 * same one commit as leaving, audited, with a mail to the person; their next request no longer
 * shows the team. An admin never removes themselves or a co-admin this way.
 */
import assert from "node:assert/strict";
import { createTestApp, kvJson } from "../helpers.ts";
import { adminWorld, call } from "../admin_helpers.ts";
import { createAccount, queuedMail } from "../auth_helpers.ts";
import { getMembership, getUserByEmail } from "../../lib/db/users.ts";
import { listGuardianLinks } from "../../lib/db/guardians.ts";
import { getFamilyIdOf } from "../../lib/db/families.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { linkParentToPlayer } from "../../lib/families/mod.ts";
import { MEMBERSHIP_MESSAGES } from "../../lib/teams/mod.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;

async function world(t: T) {
  const w = await adminWorld(t);
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  const player = (await getUserByEmail(t.kv, "player@example.com"))!;
  const admin = (await getUserByEmail(t.kv, "admin@example.com"))!;
  await linkParentToPlayer(t.kv, w.team.id, w.players[1].id, parent.id);
  return { ...w, parent, player, admin };
}

const removeCall = (t: T, teamId: string, userId: string, cookie: string) =>
  call(t.app, "DELETE", `/api/admin/${teamId}/members/${userId}`, { cookie });

const teamsOf = async (t: T, cookie: string) =>
  ((await (await call(t.app, "GET", "/api/v2/auth/session", { cookie })).json()).user?.teams ?? []) as { id: string }[];

async function peopleRecords(t: T) {
  const out: unknown[] = [];
  for (const prefix of ["memberships", "team_members", "player_guardians", "family_of_member", "mail_pending"]) {
    for await (const e of t.kv.list({ prefix: [prefix] })) out.push([e.key, e.versionstamp]);
  }
  return kvJson(out);
}

Deno.test("[members] the admin removes a parent: one commit, audited, mailed; their session loses the team", async () => {
  await using t = await createTestApp();
  const { team, players, cookies, parent, player } = await world(t);
  assert.ok((await teamsOf(t, cookies.parent)).some((x) => x.id === team.id));
  const res = await removeCall(t, team.id, parent.id, cookies.admin);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    success: true,
    message: "Test Person is no longer a member of this team. We e-mailed them to let them know.",
  });
  assert.equal(await getMembership(t.kv, parent.id, team.id), null);
  assert.equal((await t.kv.get(["team_members", team.id, parent.id])).value, null);
  assert.deepEqual(await listGuardianLinks(t.kv, team.id, players[1].id), []);
  assert.equal(await getFamilyIdOf(t.kv, team.id, "parent", parent.id), null);
  assert.ok(await getMembership(t.kv, player.id, team.id), "another member stays");

  const audit = (await listAudit(t.kv, { teamId: team.id })).values.find((e) => e.action === "member.removed")!;
  assert.deepEqual([audit.targetId, audit.actor, audit.detail], [parent.id, "admin@example.com", "TEAM_STANDARD"]);
  const mail = (await queuedMail(t.kv)).find((m) => m.mail.kind === "member-removed")!;
  assert.equal(mail.mail.to.address, "parent@example.com");
  assert.equal(mail.mail.subject, `You are no longer a member of ${team.name} on GoalMates`);
  assert.match(mail.mail.text, new RegExp(`A team admin of ${team.name} has taken you off the team`));
  assert.match(mail.mail.text, /ask the team for its invite link and send a join request/);
  assert.doesNotMatch(mail.mail.text, /admin@example\.com/, "the mail names no one");

  // Their very next request: the team is gone from the session, its pages and calls refuse them.
  assert.ok(!(await teamsOf(t, cookies.parent)).some((x) => x.id === team.id));
  assert.equal((await call(t.app, "GET", `/family-dashboard/${team.id}`, { cookie: cookies.parent })).status, 403);
  assert.equal((await call(t.app, "GET", `/api/teams/${team.id}/posts`, { cookie: cookies.parent })).status, 403);
  // Removing them again: they are not a member any more.
  const again = await removeCall(t, team.id, parent.id, cookies.admin);
  assert.equal(again.status, 404);
  assert.equal((await again.json()).message, MEMBERSHIP_MESSAGES.memberNotFound);
});

Deno.test("[members] who may remove: anonymous 401; the parent, the player, another team's admin 403; a system administrator may", async () => {
  await using t = await createTestApp();
  const { team, cookies, parent, player } = await world(t);
  const before = await peopleRecords(t);
  assert.equal((await removeCall(t, team.id, player.id, cookies.anonymous)).status, 401);
  for (const who of ["parent", "player", "otherAdmin"] as const) {
    const res = await removeCall(t, team.id, who === "parent" ? player.id : parent.id, cookies[who]);
    assert.equal(res.status, 403, who);
  }
  assert.equal(await peopleRecords(t), before, "a refused call changed nothing");

  const bySysadmin = await removeCall(t, team.id, player.id, cookies.sysadmin);
  assert.equal(bySysadmin.status, 200);
  assert.equal(await getMembership(t.kv, player.id, team.id), null);
  const audit = (await listAudit(t.kv, { teamId: team.id })).values.find((e) => e.action === "member.removed")!;
  assert.equal(audit.actor, "sysadmin:root@example.com");
  assert.equal((await call(t.app, "GET", `/api/teams/${team.id}/posts`, { cookie: cookies.player })).status, 403);
});

Deno.test("[members] an admin cannot remove themselves, a co-admin, or someone of another team", async () => {
  await using t = await createTestApp();
  const { team, otherTeam, cookies, admin } = await world(t);
  const coAdmin = await createAccount(t.kv, { email: "co-admin@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  const otherAdmin = (await getUserByEmail(t.kv, "other-admin@example.com"))!;
  const before = await peopleRecords(t);

  const self = await removeCall(t, team.id, admin.id, cookies.admin);
  assert.equal(self.status, 409);
  assert.equal((await self.json()).message, MEMBERSHIP_MESSAGES.removeSelf);
  const co = await removeCall(t, team.id, coAdmin.id, cookies.admin);
  assert.equal(co.status, 409);
  assert.equal((await co.json()).message, MEMBERSHIP_MESSAGES.removeAdmin);
  assert.equal((await removeCall(t, team.id, otherAdmin.id, cookies.admin)).status, 404);
  assert.equal((await removeCall(t, team.id, "01ARZ3NDEKTSV4RRFFQ69G5FAV", cookies.admin)).status, 404);
  assert.equal((await removeCall(t, otherTeam.id, otherAdmin.id, cookies.admin)).status, 403);
  assert.equal(await peopleRecords(t), before);
});

Deno.test("[members] the list: parents and players only, paged", async () => {
  await using t = await createTestApp();
  const { team, cookies, parent, player } = await world(t);
  const list = await call(t.app, "GET", `/api/admin/${team.id}/members`, { cookie: cookies.admin });
  assert.equal(list.status, 200);
  const body = await list.json();
  assert.deepEqual(
    body.members.map((m: { userId: string; role: string; players: string[] }) => [m.userId, m.role, m.players]).sort(),
    [[parent.id, "TEAM_STANDARD", ["Sofia Okafor"]], [player.id, "PLAYER", ["Maya Rodriguez"]]].sort(),
  );
  assert.equal(body.cursor, "");
  const first = await (await call(t.app, "GET", `/api/admin/${team.id}/members?limit=1`, { cookie: cookies.admin }))
    .json();
  assert.ok(first.cursor, "a full page has a cursor");
  assert.equal((await call(t.app, "GET", `/api/admin/${team.id}/members`, { cookie: cookies.parent })).status, 403);
  assert.equal(
    (await call(t.app, "GET", `/api/admin/${team.id}/members?cursor=%%%`, { cookie: cookies.admin }))
      .status,
    400,
  );
});

Deno.test("[members] the Access page lists them with Remove; the form removes and says so", async () => {
  await using t = await createTestApp();
  const { team, cookies, parent, admin } = await world(t);
  const page = await call(t.app, "GET", `/admin/${team.id}/access`, { cookie: cookies.admin });
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /<h2 id="members-heading">Parents and Players<\/h2>/);
  assert.match(html, /parent@example\.com/);
  assert.match(html, /Parent of <!-- -->Sofia Okafor|Parent of Sofia Okafor/);
  assert.ok(html.includes(`action="/admin/${team.id}/access/members/${parent.id}/remove"`));
  assert.ok(!html.includes(`/access/members/${admin.id}/remove`), "the admin is not listed for removal");

  const removed = await call(t.app, "POST", `/admin/${team.id}/access/members/${parent.id}/remove`, {
    cookie: cookies.admin,
    form: {},
  });
  assert.equal(removed.status, 303);
  assert.equal(removed.headers.get("location"), `/admin/${team.id}/access?done=memberRemoved`);
  assert.equal(await getMembership(t.kv, parent.id, team.id), null);
  const after = await (await call(t.app, "GET", removed.headers.get("location")!, { cookie: cookies.admin })).text();
  assert.ok(after.includes(MEMBERSHIP_MESSAGES.memberRemoved));
  assert.ok(!after.includes("parent@example.com"));

  const self = await call(t.app, "POST", `/admin/${team.id}/access/members/${admin.id}/remove`, {
    cookie: cookies.admin,
    form: {},
  });
  assert.equal(self.headers.get("location"), `/admin/${team.id}/access?error=removeSelf`);
  const refused = await (await call(t.app, "GET", self.headers.get("location")!, { cookie: cookies.admin })).text();
  assert.ok(refused.includes("You can&#x27;t remove yourself") || refused.includes("You can't remove yourself"));
  assert.equal(
    (await call(t.app, "POST", `/admin/${team.id}/access/members/${parent.id}/remove`, {
      cookie: cookies.parent,
      form: {},
    })).status,
    403,
  );
});
