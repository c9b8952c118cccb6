/**
 * Leaving a team (issue 22 item 3): `POST /api/teams/{teamId}/leave` and the privacy page's
 * no-JavaScript form. Membership (both keys), guardian links, the family place and invites of the
 * address go in one commit; posts stay; the person's next request no longer shows the team; the
 * only admin is refused; a change to the team in between makes the removal read again.
 */
import assert from "node:assert/strict";
import { createTestApp, kvJson } from "../helpers.ts";
import { adminWorld, call } from "../admin_helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { signIn } from "../admin_helpers.ts";
import { getMembership, getUserByEmail, setMembership } from "../../lib/db/users.ts";
import { listGuardianLinks, stageGuardian } from "../../lib/db/guardians.ts";
import { getFamily, getFamilyIdOf } from "../../lib/db/families.ts";
import { listInvitesForEmail, stageParentEmailInvite } from "../../lib/db/parent_emails.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { listPosts } from "../../lib/db/posts.ts";
import { commitTeamChange, readRevision } from "../../lib/db/team_revisions.ts";
import { linkParentToPlayer } from "../../lib/families/mod.ts";
import { MEMBERSHIP_MESSAGES, removeMembership } from "../../lib/teams/mod.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;

/** The team of `adminWorld` with families: the parent and a co-parent of Maya (and the co-parent of Diego). */
async function familyWorld(t: T) {
  const world = await adminWorld(t);
  const { team, players } = world;
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  const coParent = await createAccount(t.kv, {
    email: "co-parent@example.com",
    teamId: team.id,
    role: "TEAM_STANDARD",
  });
  await linkParentToPlayer(t.kv, team.id, players[0].id, coParent.id);
  await linkParentToPlayer(t.kv, team.id, players[2].id, coParent.id);
  await linkParentToPlayer(t.kv, team.id, players[0].id, parent.id);
  // An invite of the parent's address for Sofia: it would make them her parent at their next link sign-in.
  await stageParentEmailInvite(t.kv.atomic(), {
    teamId: team.id,
    playerId: players[1].id,
    email: "parent@example.com",
    invitedAt: "",
  }).commit();
  return { ...world, parent, coParent };
}

const teamsOf = async (t: T, cookie: string) =>
  ((await (await call(t.app, "GET", "/api/v2/auth/session", { cookie })).json()).user?.teams ?? []) as { id: string }[];

/** Everything stored about a team's people and families, to prove a refusal changed nothing. */
async function teamRecords(t: T) {
  const out: unknown[] = [];
  for (const prefix of ["memberships", "team_members", "player_guardians", "families", "family_members"]) {
    for await (const e of t.kv.list({ prefix: [prefix] })) out.push([e.key, e.value, e.versionstamp]);
  }
  for (const prefix of ["family_of_member", "player_parent_emails", "team_audit", "mail_pending"]) {
    for await (const e of t.kv.list({ prefix: [prefix] })) out.push([e.key, e.versionstamp]);
  }
  return kvJson(out);
}

Deno.test("[leave] a parent leaves: membership, guardian links, family place and invites go in one commit", async () => {
  await using t = await createTestApp();
  const { team, players, cookies, parent, coParent } = await familyWorld(t);
  const posted = await call(t.app, "POST", `/api/teams/${team.id}/posts`, {
    cookie: cookies.parent,
    body: { postType: "news", content: "Snacks are on us this Saturday" },
  });
  assert.equal(posted.status, 201);
  const familyId = (await getFamilyIdOf(t.kv, team.id, "parent", parent.id))!;
  assert.equal((await getFamily(t.kv, team.id, familyId))!.memberCount, 4, "Maya, Diego and both parents");
  assert.ok((await teamsOf(t, cookies.parent)).some((x) => x.id === team.id));
  const revision = await readRevision(t.kv, team.id);

  const res = await call(t.app, "POST", `/api/teams/${team.id}/leave`, { cookie: cookies.parent });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    success: true,
    message: `You have left ${team.name}. It no longer appears in your account.`,
    teamId: team.id,
  });

  assert.equal(await getMembership(t.kv, parent.id, team.id), null);
  assert.equal((await t.kv.get(["team_members", team.id, parent.id])).value, null, "the team's copy too");
  assert.deepEqual((await listGuardianLinks(t.kv, team.id)).filter((l) => l.userId === parent.id), []);
  assert.equal(await getFamilyIdOf(t.kv, team.id, "parent", parent.id), null);
  assert.equal((await getFamily(t.kv, team.id, familyId))!.memberCount, 3, "the family keeps the others");
  assert.deepEqual(await listInvitesForEmail(t.kv, "parent@example.com"), []);
  assert.notEqual(await readRevision(t.kv, team.id), revision, "cached pages of the team move on");
  // The others stay as they were; the post stays.
  assert.equal((await getMembership(t.kv, coParent.id, team.id))!.role, "TEAM_STANDARD");
  assert.equal((await listGuardianLinks(t.kv, team.id)).filter((l) => l.userId === coParent.id).length, 2);
  assert.equal((await listPosts(t.kv, team.id)).values.length, 1);
  const audit = (await listAudit(t.kv, { teamId: team.id })).values.find((e) => e.action === "member.left")!;
  assert.deepEqual([audit.targetId, audit.actor, audit.detail], [parent.id, "parent@example.com", "TEAM_STANDARD"]);
  assert.ok(players.length > 0);

  // The same session, at its next request, no longer has the team.
  assert.ok(!(await teamsOf(t, cookies.parent)).some((x) => x.id === team.id));
  assert.equal((await call(t.app, "GET", `/family-dashboard/${team.id}`, { cookie: cookies.parent })).status, 403);
  assert.equal((await call(t.app, "GET", `/api/teams/${team.id}/posts`, { cookie: cookies.parent })).status, 403);
  assert.equal((await call(t.app, "POST", `/api/teams/${team.id}/leave`, { cookie: cookies.parent })).status, 403);
});

Deno.test("[leave] who may leave: anonymous 401, another team's admin and a system administrator 403, nothing changes", async () => {
  await using t = await createTestApp();
  const { team, otherTeam, cookies, players } = await familyWorld(t);
  const before = await teamRecords(t);
  const leave = (cookie: string, teamId = team.id) => call(t.app, "POST", `/api/teams/${teamId}/leave`, { cookie });
  const anonymous = await leave(cookies.anonymous);
  assert.equal(anonymous.status, 401);
  const other = await leave(cookies.otherAdmin);
  assert.equal(other.status, 403);
  assert.equal((await other.json()).message, "You do not have access to this team.");
  assert.equal((await leave(cookies.sysadmin)).status, 403, "a system administrator does not act for members");
  assert.equal((await leave(cookies.parent, otherTeam.id)).status, 403, "a team of someone else's");
  const only = await leave(cookies.admin);
  assert.equal(only.status, 409);
  assert.equal((await only.json()).message, MEMBERSHIP_MESSAGES.onlyAdmin);
  assert.equal(
    MEMBERSHIP_MESSAGES.onlyAdmin,
    "You are this team's only admin. Hand the team over to another admin or delete the team first.",
  );
  assert.equal(await teamRecords(t), before, "a refusal changed nothing");

  // A player account leaves; its roster record stays on the team.
  const player = (await getUserByEmail(t.kv, "player@example.com"))!;
  assert.equal((await leave(cookies.player)).status, 200);
  assert.equal(await getMembership(t.kv, player.id, team.id), null);
  assert.ok((await t.kv.get(["players", team.id, players[0].id])).value, "Maya stays on the roster");
});

Deno.test("[leave] a co-admin may leave while another admin remains; the last one then gets 409", async () => {
  await using t = await createTestApp();
  const { team, cookies } = await familyWorld(t);
  const coAdmin = await createAccount(t.kv, { email: "co-admin@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  const coAdminCookie = await signIn(t, "co-admin@example.com");
  const res = await call(t.app, "POST", `/api/teams/${team.id}/leave`, { cookie: coAdminCookie });
  assert.equal(res.status, 200);
  assert.equal(await getMembership(t.kv, coAdmin.id, team.id), null);
  const last = await call(t.app, "POST", `/api/teams/${team.id}/leave`, { cookie: cookies.admin });
  assert.equal(last.status, 409);
  assert.equal((await last.json()).message, MEMBERSHIP_MESSAGES.onlyAdmin);

  // Two admins leaving at the same moment: one goes, the other is the last and stays.
  await setMembership(t.kv, coAdmin.id, team.id, "TEAM_ADMIN");
  const both = await Promise.all([
    call(t.app, "POST", `/api/teams/${team.id}/leave`, { cookie: coAdminCookie }),
    call(t.app, "POST", `/api/teams/${team.id}/leave`, { cookie: cookies.admin }),
  ]);
  assert.deepEqual(both.map((r) => r.status).sort(), [200, 409]);
  const admin = (await getUserByEmail(t.kv, "admin@example.com"))!;
  const left = [await getMembership(t.kv, coAdmin.id, team.id), await getMembership(t.kv, admin.id, team.id)];
  assert.equal(left.filter((m) => m?.role === "TEAM_ADMIN").length, 1, "exactly one admin remains");
});

Deno.test("[leave] a change to the team between reading and committing makes the removal read again", async () => {
  await using t = await createTestApp();
  const { team, players, parent } = await familyWorld(t);
  // Diego is in the parent's family already (through the co-parent): linking the parent to him
  // changes no family record, only a guardian link and the team's revision.
  let raced = 0;
  const racing = new Proxy(t.kv, {
    get(target, name) {
      if (name === "atomic") {
        return () => {
          const op = target.atomic();
          const commit = op.commit.bind(op);
          op.commit = async () => {
            if (raced++ === 0) {
              await commitTeamChange(
                target,
                stageGuardian(target.atomic(), team.id, players[2].id, parent.id),
                team.id,
              );
            }
            return await commit();
          };
          return op;
        };
      }
      const value = Reflect.get(target, name);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  await removeMembership(racing, { teamId: team.id, userId: parent.id, reason: "left", actor: "parent@example.com" });
  assert.equal(raced, 2, "the first commit lost the race and was read again");
  assert.deepEqual((await listGuardianLinks(t.kv, team.id)).filter((l) => l.userId === parent.id), []);
  assert.equal(await getMembership(t.kv, parent.id, team.id), null);
});

Deno.test("[leave] the no-JavaScript form: back to the privacy page, or the page again with the refusal", async () => {
  await using t = await createTestApp();
  const { team, otherTeam, cookies, parent } = await familyWorld(t);
  const leave = (cookie: string, teamId: string) =>
    call(t.app, "POST", "/account/privacy/leave", { cookie, form: { teamId } });

  const anonymous = await leave("", team.id);
  assert.equal(anonymous.status, 303);
  assert.match(anonymous.headers.get("location")!, /^\/team-login\?next=/);
  const before = await teamRecords(t);
  for (const teamId of ["", otherTeam.id, "x".repeat(5000), "constructor"]) {
    const res = await leave(cookies.parent, teamId);
    assert.equal(res.status, 404, teamId.slice(0, 20));
    assert.match(
      await res.text(),
      /<div class="notice notice--error" role="alert">You are not a member of this team\.<\/div>/,
    );
  }
  const only = await leave(cookies.admin, team.id);
  assert.equal(only.status, 409);
  assert.ok((await only.text()).includes("Hand the team over to another admin or delete the team first."));
  assert.equal(await teamRecords(t), before);

  const left = await leave(cookies.parent, team.id);
  assert.equal(left.status, 303);
  assert.equal(left.headers.get("location"), "/account/privacy?left=1");
  assert.equal(await getMembership(t.kv, parent.id, team.id), null);
  assert.ok(!(await teamsOf(t, cookies.parent)).some((x) => x.id === team.id));
});
