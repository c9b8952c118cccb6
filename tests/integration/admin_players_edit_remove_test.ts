// Admin players API: changing (PATCH) and removing (DELETE) a player.
import assert from "node:assert/strict";
import { createTestApp, dumpKv } from "../helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { ADMIN_PREFIXES, adminWorld, call } from "../admin_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import type { Player } from "../../lib/db/players.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { issueToken } from "../../lib/auth/tokens.ts";
import { EDIT_LINK_TTL_MS } from "../../lib/claims/decisions.ts";
import { parentEmailInviteWrites } from "../../lib/db/parent_emails.ts";
import { applyWrites } from "../../lib/db/commit_batches.ts";
import { NOW } from "./admin_players_fixtures.ts";

// ---- Changing ----

Deno.test("[admin players] PATCH changes any subset, stats included, in one commit with an audit entry", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const maya = w.players[0];
  const res = await call(t.app, "PATCH", `/api/admin/${w.team.id}/players/${maya.id}`, {
    cookie: w.cookies.admin,
    body: {
      lastName: "Rodríguez",
      jerseyNumber: 10,
      position: null,
      stats: { gamesPlayed: 12, goals: 4, assists: 0 },
      birthYear: 2015,
      yearsPlaying: 3,
    },
  });
  assert.equal(res.status, 200);
  const { player } = await res.json();
  assert.equal(player.firstName, "Maya", "fields not sent stay");
  assert.equal(player.lastName, "Rodríguez");
  assert.equal(player.jerseyNumber, 10);
  assert.equal(player.position, null);
  assert.deepEqual(player.stats, { gamesPlayed: 12, goals: 4, assists: 0 });
  const stored = (await t.kv.get<Player>(keys.player(w.team.id, maya.id))).value!;
  assert.deepEqual(
    { ...stored },
    {
      ...maya,
      lastName: "Rodríguez",
      jerseyNumber: 10,
      position: null,
      stats: { gamesPlayed: 12, goals: 4, assists: 0 },
      birthYear: 2015,
      yearsPlaying: 3,
    },
  );
  const [entry] = (await listAudit(t.kv, { teamId: w.team.id })).values;
  assert.equal(entry.action, "player.updated");
  assert.equal(entry.targetId, maya.id);
  assert.match(entry.detail, /lastName, jerseyNumber, position, stats, birthYear, yearsPlaying/);
  const publicRoster = await (await call(t.app, "GET", `/api/teams/${w.team.slug}/roster`)).json();
  const shown = publicRoster.players.find((p: { id: string }) => p.id === maya.id);
  assert.equal(shown.jerseyNumber, 10);
  assert.deepEqual(shown.stats, { gamesPlayed: 12, goals: 4, assists: 0 });

  const cleared = await call(t.app, "PATCH", `/api/admin/${w.team.id}/players/${maya.id}`, {
    cookie: w.cookies.admin,
    body: { stats: null, birthYear: null, yearsPlaying: null },
  });
  assert.equal(cleared.status, 200);
  assert.equal((await cleared.json()).player.stats, null);
});

Deno.test("[admin players] PATCH refuses bad input, other teams' players (404) and changes nothing", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const path = `/api/admin/${w.team.id}/players/${w.players[0].id}`;
  const stats = "Games, goals and assists must be whole numbers from 0 to 999";
  const cases: [string, unknown, number, string][] = [
    [path, { firstName: "" }, 400, "First name is required"],
    [path, { lastName: " " }, 400, "Last name is required"],
    [path, { jerseyNumber: 100 }, 400, "Jersey number must be between 0 and 99"],
    [path, { stats: { gamesPlayed: -1, goals: 0, assists: 0 } }, 400, stats],
    [path, { stats: { gamesPlayed: 1.5, goals: 0, assists: 0 } }, 400, stats],
    [path, { stats: { gamesPlayed: 1, goals: 0 } }, 400, stats],
    [path, { stats: { gamesPlayed: 1, goals: 0, assists: 0, saves: 3 } }, 400, "Unknown field: stats.saves"],
    [path, { stats: "lots" }, 400, stats],
    [path, { birthYear: 1989 }, 400, "Birth year must be between 1990 and 2026"],
    [path, { birthYear: 2027 }, 400, "Birth year must be between 1990 and 2026"],
    [path, { yearsPlaying: 31 }, 400, "Years playing must be between 0 and 30"],
    [path, { teamId: w.otherTeam.id }, 400, "Unknown field: teamId"],
    [path, { photoUrl: "https://evil.example/x.jpg" }, 400, "Unknown field: photoUrl"],
    [path, { id: "01ARZ3NDEKTSV4RRFFQ69G5FAV" }, 400, "Unknown field: id"],
    [`/api/admin/${w.team.id}/players/${w.otherPlayers[0].id}`, { firstName: "X" }, 404, "Player not found"],
    [`/api/admin/${w.team.id}/players/01ARZ3NDEKTSV4RRFFQ69G5FAV`, { firstName: "X" }, 404, "Player not found"],
  ];
  const before = await dumpKv(t.kv, ADMIN_PREFIXES);
  for (const [target, body, status, message] of cases) {
    const res = await call(t.app, "PATCH", target, { cookie: w.cookies.admin, body });
    assert.equal(res.status, status, JSON.stringify(body));
    assert.equal((await res.json()).message, message, JSON.stringify(body));
  }
  assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before);
});

// ---- Removing ----

Deno.test("[admin players] DELETE removes the player, its parent links and listed e-mails; its edit link stops working", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const maya = w.players[0];
  const mom = await createAccount(t.kv, { email: "mom@example.com", teamId: w.team.id });
  await stageGuardian(t.kv.atomic(), w.team.id, maya.id, mom.id).commit();
  const invite = { teamId: w.team.id, playerId: maya.id, email: "dad@example.com", invitedAt: NOW.toISOString() };
  await applyWrites(t.kv.atomic(), parentEmailInviteWrites(invite)).commit();
  const token = await issueToken(
    t.kv,
    "edit",
    {
      teamId: w.team.id,
      playerId: maya.id,
      email: "mom@example.com",
      claimId: "c1",
    },
    EDIT_LINK_TTL_MS,
    NOW.getTime(),
  );

  const otherTeamsPlayer = await call(t.app, "DELETE", `/api/admin/${w.team.id}/players/${w.otherPlayers[0].id}`, {
    cookie: w.cookies.admin,
  });
  assert.equal(otherTeamsPlayer.status, 404);
  assert.equal((await otherTeamsPlayer.json()).message, "Player not found");
  assert.ok((await t.kv.get(keys.player(w.otherTeam.id, w.otherPlayers[0].id))).value);

  const res = await call(t.app, "DELETE", `/api/admin/${w.team.id}/players/${maya.id}`, { cookie: w.cookies.admin });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true });
  for (
    const key of [
      keys.player(w.team.id, maya.id),
      keys.playerGuardian(w.team.id, maya.id, mom.id),
      keys.playerParentEmail(w.team.id, maya.id, "dad@example.com"),
      keys.parentEmailInvite("dad@example.com", w.team.id, maya.id),
    ]
  ) assert.equal((await t.kv.get(key)).versionstamp, null, JSON.stringify(key));
  assert.ok((await t.kv.get(keys.membership(mom.id, w.team.id))).value, "the parent stays a member of the team");
  const [entry] = (await listAudit(t.kv, { teamId: w.team.id })).values;
  assert.equal(entry.action, "player.deleted");
  assert.equal(entry.targetId, maya.id);

  const edit = await call(t.app, "GET", `/api/edit?token=${token}`);
  assert.equal(edit.status, 410);
  assert.equal((await edit.json()).message, "Invalid or expired token");
  const again = await call(t.app, "DELETE", `/api/admin/${w.team.id}/players/${maya.id}`, { cookie: w.cookies.admin });
  assert.equal(again.status, 404);
  const roster = await (await call(t.app, "GET", `/api/teams/${w.team.slug}/roster`)).json();
  assert.ok(!roster.players.some((p: { id: string }) => p.id === maya.id));
});
