// Deleting a team ends what exists because of it (R43): its unspent edit links, its shared
// login's sessions and its edit sessions. People's own sessions stay and pick another team.
import assert from "node:assert/strict";
import { createTestApp, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { cookiesFrom, createAccount, setCheapTeamLogin, tokenFromMail } from "../auth_helpers.ts";
import { call, signIn } from "../admin_helpers.ts";
import { sessionOf } from "./auth_fixtures.ts";
import { keys } from "../../lib/db/keys.ts";
import { setMembership } from "../../lib/db/users.ts";
import { submitClaim } from "../../lib/claims/submit.ts";
import { approveClaim } from "../../lib/claims/decisions.ts";
import { hashToken } from "../../lib/auth/tokens.ts";

const idOf = (cookie: string) => cookie.split("=")[1].split(".")[0];

async function keysUnder(kv: Deno.Kv, prefix: Deno.KvKey): Promise<Deno.KvKey[]> {
  const found: Deno.KvKey[] = [];
  for await (const e of kv.list({ prefix })) found.push(e.key);
  return found;
}

Deno.test("[team deletion] no edit link or session of the team is left; a person's session falls back to another team", async () => {
  await using t = await createTestApp();
  const { team, players } = await seedTeam(t.kv);
  const other = await seedTeam(t.kv);
  const admin = await createAccount(t.kv, { email: "coach@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  await setMembership(t.kv, admin.id, other.team.id, "TEAM_STANDARD");

  // Two approved claims: one link left unspent, one opened (an edit session).
  const approve = async (jerseyNumber: number, email: string) => {
    const claim = await submitClaim(t.kv, team, { mode: "jersey", jerseyNumber, email, note: "" });
    await approveClaim({
      kv: t.kv,
      teamId: team.id,
      claimId: claim.id,
      actor: "coach",
      appUrl: TEST_ORIGIN,
      now: new Date(),
    });
    return await tokenFromMail(t.kv, email, "/edit");
  };
  const unspent = await approve(players[1].jerseyNumber, "ana@example.com");
  const opened = await approve(players[0].jerseyNumber, "ben@example.com");
  const editSession = cookiesFrom(await requestJson(t.app, `/api/edit?token=${opened}`));
  assert.ok(editSession);
  // The shared login, and the admin's own session with the team selected.
  await setCheapTeamLogin(t.kv, team.id, "rockets", "the team password");
  const shared = cookiesFrom(
    await requestJson(t.app, `/api/teams/${team.id}/login`, {
      body: { username: "rockets", password: "the team password" },
    }),
  );
  const person = await signIn(t, "coach@example.com");
  assert.equal((await (await sessionOf(t.app, person)).json()).user.selectedTeamId, team.id);

  assert.deepEqual(await keysUnder(t.kv, keys.teamEditTokens(team.id)), [
    keys.teamEditToken(team.id, await hashToken(unspent)),
  ]);
  assert.equal((await keysUnder(t.kv, keys.teamSessions(team.id))).length, 2, "the shared login and the edit session");

  const deleted = await call(t.app, "DELETE", `/api/admin/${team.id}`, {
    cookie: person,
    body: { confirm: team.name },
  });
  assert.equal(deleted.status, 200);

  assert.equal((await t.kv.get(keys.editToken(await hashToken(unspent)))).versionstamp, null, "the unspent link");
  assert.deepEqual(await keysUnder(t.kv, keys.teamEditTokens(team.id)), []);
  assert.deepEqual(await keysUnder(t.kv, keys.teamSessions(team.id)), []);
  assert.equal((await t.kv.get(keys.session(idOf(shared)))).versionstamp, null, "the shared login's session");
  assert.equal((await t.kv.get(keys.editSession(idOf(editSession)))).versionstamp, null, "the edit session");
  assert.equal((await sessionOf(t.app, shared)).status, 401);

  const after = await sessionOf(t.app, person);
  assert.equal(after.status, 200, "the person stays signed in");
  const user = (await after.json()).user;
  assert.equal(user.selectedTeamId, other.team.id, "and lands on their other team");
  assert.equal(user.role, "TEAM_STANDARD");
  assert.deepEqual(Object.keys(user.roles), [other.team.id]);
});
