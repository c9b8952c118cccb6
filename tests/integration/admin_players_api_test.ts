import assert from "node:assert/strict";
import { createPlayer, createTestApp, dumpKv, kvValues } from "../helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import {
  ADMIN_PREFIXES,
  adminWorld,
  call,
  EXPECTED_STATUS,
  IDENTITIES,
  type Identity,
  statusMatches,
} from "../admin_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { listPlayers, MAX_PLAYERS_PER_TEAM, type Player } from "../../lib/db/players.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { issueToken } from "../../lib/auth/tokens.ts";
import { EDIT_LINK_TTL_MS } from "../../lib/claims/decisions.ts";
import { importRosterCsv, MAX_IMPORT_ROWS } from "../../lib/roster/import.ts";
import { parseCsv } from "../../lib/csv.ts";
import type { AdminPlayer } from "../../lib/roster/manage.ts";
import { parentEmailInviteWrites } from "../../lib/db/parent_emails.ts";
import { applyWrites } from "../../lib/db/commit_batches.ts";
import { ConflictError } from "../../lib/errors.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const HEADER = "firstName,lastName,jerseyNumber,position,parentEmails";
const auditActions = async (kv: Deno.Kv, teamId: string) =>
  (await listAudit(kv, { teamId })).values.map((e) => e.action).reverse();

// ---- Authorisation: every route × six identities ----

Deno.test("[admin players] authorisation matrix: 401 anonymous, 403 parent/player/other admin, 2xx admin and sysadmin", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  // Each identity that may act gets its own target, so a delete by one does not 404 the next.
  const targets = new Map<Identity, Player>();
  for (const who of IDENTITIES) {
    targets.set(who, await createPlayer(t.kv, w.team.id, { firstName: who, lastName: "Target", jerseyNumber: 50 }));
  }
  const base = `/api/admin/${w.team.id}/players`;
  const routes: { name: string; send: (who: Identity) => Promise<Response> }[] = [
    { name: "GET players", send: (who) => call(t.app, "GET", base, { cookie: w.cookies[who] }) },
    {
      name: "GET v2 players",
      send: (who) => call(t.app, "GET", `/api/v2/teams/${w.team.id}/players`, { cookie: w.cookies[who] }),
    },
    {
      name: "POST player",
      send: (who) =>
        call(t.app, "POST", base, {
          cookie: w.cookies[who],
          body: { firstName: "New", lastName: who, jerseyNumber: 60 },
        }),
    },
    {
      name: "PATCH player",
      send: (who) =>
        call(t.app, "PATCH", `${base}/${targets.get(who)!.id}`, { cookie: w.cookies[who], body: { jerseyNumber: 61 } }),
    },
    {
      name: "DELETE player",
      send: (who) => call(t.app, "DELETE", `${base}/${targets.get(who)!.id}`, { cookie: w.cookies[who] }),
    },
    {
      name: "POST import (dry run)",
      send: (who) =>
        call(t.app, "POST", `${base}/import?dryRun=true`, { cookie: w.cookies[who], csv: `${HEADER}\nA,B,1,,\n` }),
    },
    {
      name: "POST import",
      send: (who) =>
        call(t.app, "POST", `${base}/import`, { cookie: w.cookies[who], csv: `${HEADER}\nImported,${who},70,,\n` }),
    },
    { name: "GET export", send: (who) => call(t.app, "GET", `${base}/export`, { cookie: w.cookies[who] }) },
  ];
  for (const route of routes) {
    for (const who of IDENTITIES) {
      const before = await dumpKv(t.kv, ADMIN_PREFIXES);
      const res = await route.send(who);
      await res.body?.cancel();
      assert.ok(statusMatches(EXPECTED_STATUS[who], res.status), `${route.name} as ${who}: ${res.status}`);
      if (EXPECTED_STATUS[who] !== "2xx") {
        assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before, `${route.name} as ${who} changed data`);
      }
    }
  }
  // The sysadmin's changes are recorded as the sysadmin's.
  const actors = (await listAudit(t.kv, { teamId: w.team.id })).values.map((e) => e.actor);
  assert.ok(actors.includes("admin@example.com"));
  assert.ok(actors.includes("sysadmin:root@example.com"));
});

// ---- Listing ----

Deno.test("[admin players] list: the admin view, by jersey, with approval, parent e-mails and 'new'", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const old = await createPlayer(
    t.kv,
    w.team.id,
    { firstName: "Old", lastName: "Timer", jerseyNumber: 1 },
    new Date(NOW.getTime() - 8 * DAY),
  );
  const fresh = await createPlayer(
    t.kv,
    w.team.id,
    { firstName: "Fresh", lastName: "Face", jerseyNumber: 2 },
    new Date(NOW.getTime() - 6 * DAY),
  );
  const parent = await createAccount(t.kv, { email: "mom@example.com", teamId: w.team.id });
  await stageGuardian(t.kv.atomic(), w.team.id, fresh.id, parent.id).commit();
  await call(t.app, "POST", `/api/admin/${w.team.id}/players/import`, {
    cookie: w.cookies.admin,
    csv: `${HEADER}\nInvited,Kid,3,Keeper,dad@example.com; MOM@example.com\n`,
  });

  for (const path of [`/api/admin/${w.team.id}/players`, `/api/v2/teams/${w.team.slug}/players`]) {
    const res = await call(t.app, "GET", path, { cookie: w.cookies.admin });
    assert.equal(res.status, 200, path);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const { players } = await res.json() as { players: AdminPlayer[] };
    assert.deepEqual(players.map((p) => p.jerseyNumber), [1, 2, 3, 4, 7, 9, 12]);
    assert.ok(!players.some((p) => w.otherPlayers.some((o) => o.id === p.id)), "no other team's players");
    const byName = Object.fromEntries(players.map((p) => [p.firstName, p]));
    assert.deepEqual(byName.Old, {
      id: old.id,
      firstName: "Old",
      lastName: "Timer",
      jerseyNumber: 1,
      position: null,
      photoUrl: null,
      photoUrlSmall: null,
      photoUrlMedium: null,
      isApproved: false,
      parentEmails: [],
      invitedParentEmails: [],
      birthYear: null,
      yearsPlaying: null,
      stats: null,
      isNew: false,
      createdAt: old.createdAt,
      sharesJerseyWith: [],
    });
    assert.equal(byName.Fresh.isNew, true);
    assert.equal(byName.Fresh.isApproved, true, "a linked parent approves");
    assert.deepEqual(byName.Fresh.parentEmails, ["mom@example.com"]);
    assert.equal(byName.Invited.isApproved, false, "listed e-mails alone do not approve");
    assert.deepEqual(byName.Invited.parentEmails, ["dad@example.com", "mom@example.com"]);
    assert.deepEqual(byName.Invited.invitedParentEmails, ["dad@example.com", "mom@example.com"]);
    assert.equal(byName.Maya.birthYear, 2016, "the admin sees the birth year the public roster hides");
  }
});

// ---- Adding ----

Deno.test("[admin players] POST adds a player in one commit with its audit entry; the public roster shows it", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const before = await (await call(t.app, "GET", `/api/teams/${w.team.slug}/roster`)).json();
  const res = await call(t.app, "POST", `/api/admin/${w.team.id}/players`, {
    cookie: w.cookies.admin,
    body: { firstName: "  Zoë ", lastName: "Nguyen", jerseyNumber: "0", position: "Keeper" },
  });
  assert.equal(res.status, 201);
  const { player } = await res.json();
  assert.equal(player.firstName, "Zoë");
  assert.equal(player.jerseyNumber, 0);
  assert.equal(player.position, "Keeper");
  assert.equal(player.isNew, true);
  assert.equal(player.isApproved, false);
  const stored = (await t.kv.get<Player>(keys.player(w.team.id, player.id))).value!;
  assert.equal(stored.teamId, w.team.id);
  assert.equal(stored.createdAt, NOW.toISOString());
  const [entry] = (await listAudit(t.kv, { teamId: w.team.id })).values;
  assert.equal(entry.action, "player.created");
  assert.equal(entry.targetId, player.id);
  assert.equal(entry.actor, "admin@example.com");
  assert.ok((await t.kv.get(keys.auditEntry(entry.id))).value, "also in the global log");
  const after = await (await call(t.app, "GET", `/api/teams/${w.team.slug}/roster`)).json();
  assert.equal(after.players.length, before.players.length + 1, "the cached public roster was dropped");

  const noPosition = await call(t.app, "POST", `/api/admin/${w.team.slug}/players`, {
    cookie: w.cookies.admin,
    body: { firstName: "Ari", lastName: "Bell", jerseyNumber: 99, position: "  " },
  });
  assert.equal(noPosition.status, 201);
  assert.equal((await noPosition.json()).player.position, null);
});

Deno.test("[admin players] POST refuses bad input with the edit form's messages and changes nothing", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const ok = { firstName: "Ana", lastName: "Lopez", jerseyNumber: 5 };
  const cases: [unknown, number, string][] = [
    [{ ...ok, firstName: "" }, 400, "First name is required"],
    [{ ...ok, firstName: "   " }, 400, "First name is required"],
    [{ lastName: "Lopez", jerseyNumber: 5 }, 400, "First name is required"],
    [{ ...ok, lastName: "" }, 400, "Last name is required"],
    [{ ...ok, lastName: 42 }, 400, "Last name is required"],
    [{ ...ok, jerseyNumber: 100 }, 400, "Jersey number must be between 0 and 99"],
    [{ ...ok, jerseyNumber: -1 }, 400, "Jersey number must be between 0 and 99"],
    [{ ...ok, jerseyNumber: 7.5 }, 400, "Jersey number must be between 0 and 99"],
    [{ ...ok, jerseyNumber: "seven" }, 400, "Jersey number must be between 0 and 99"],
    [{ firstName: "Ana", lastName: "Lopez" }, 400, "Jersey number must be between 0 and 99"],
    [{ ...ok, firstName: "x".repeat(51) }, 400, "First name must be at most 50 characters"],
    [{ ...ok, position: "x".repeat(31) }, 400, "Position must be at most 30 characters"],
    [{ ...ok, position: 3 }, 400, "Position must be text"],
    [{ ...ok, role: "TEAM_ADMIN" }, 400, "Unknown field: role"],
    [{ ...ok, teamId: w.otherTeam.id }, 400, "Unknown field: teamId"],
    [{ ...ok, isApproved: true }, 400, "Unknown field: isApproved"],
    [{ ...ok, stats: { goals: 1 } }, 400, "Unknown field: stats"],
    [[ok], 400, "Please send the player as a JSON object"],
  ];
  const before = await dumpKv(t.kv, ADMIN_PREFIXES);
  for (const [body, status, message] of cases) {
    const res = await call(t.app, "POST", `/api/admin/${w.team.id}/players`, { cookie: w.cookies.admin, body });
    assert.equal(res.status, status, JSON.stringify(body));
    assert.equal((await res.json()).message, message, JSON.stringify(body));
  }
  const notJson = await call(t.app, "POST", `/api/admin/${w.team.id}/players`, {
    cookie: w.cookies.admin,
    headers: { "content-type": "application/json" },
    csv: "{not json",
  });
  assert.equal(notJson.status, 400);
  const wrongType = await call(t.app, "POST", `/api/admin/${w.team.id}/players`, {
    cookie: w.cookies.admin,
    headers: { "content-type": "text/csv" },
    csv: "firstName\nA",
  });
  assert.equal(wrongType.status, 415, "CSV is accepted by the import route only");
  assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before);
});

Deno.test("[admin players] a full roster refuses one more player (409) and changes nothing", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const room = MAX_PLAYERS_PER_TEAM - w.players.length;
  const csv = HEADER + "\n" + Array.from({ length: room }, (_, i) => `Kid${i},Fill,${i % 100},,`).join("\n");
  const filled = await call(t.app, "POST", `/api/admin/${w.team.id}/players/import`, { cookie: w.cookies.admin, csv });
  assert.equal(filled.status, 201);
  assert.equal((await listPlayers(t.kv, w.team.id)).length, MAX_PLAYERS_PER_TEAM);
  const before = await dumpKv(t.kv, ADMIN_PREFIXES);
  const res = await call(t.app, "POST", `/api/admin/${w.team.id}/players`, {
    cookie: w.cookies.admin,
    body: { firstName: "One", lastName: "More", jerseyNumber: 1 },
  });
  assert.equal(res.status, 409);
  assert.equal(
    (await res.json()).message,
    "A team can have at most 500 players; adding 1 would go over. Remove players before adding more.",
  );
  const importing = await call(t.app, "POST", `/api/admin/${w.team.id}/players/import`, {
    cookie: w.cookies.admin,
    csv: `${HEADER}\nOne,More,1,,\n`,
  });
  assert.equal(importing.status, 409);
  assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before);
});

Deno.test("[admin players] concurrent adds never pass the player limit", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const room = MAX_PLAYERS_PER_TEAM - w.players.length - 3;
  const csv = HEADER + "\n" + Array.from({ length: room }, (_, i) => `Kid${i},Fill,${i % 100},,`).join("\n");
  assert.equal(
    (await call(t.app, "POST", `/api/admin/${w.team.id}/players/import`, { cookie: w.cookies.admin, csv })).status,
    201,
  );
  const results = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      call(t.app, "POST", `/api/admin/${w.team.id}/players`, {
        cookie: w.cookies.admin,
        body: { firstName: `Racer${i}`, lastName: "Fast", jerseyNumber: i },
      })),
  );
  const statuses = results.map((r) => r.status);
  await Promise.all(results.map((r) => r.body?.cancel()));
  assert.equal(statuses.filter((s) => s === 201).length, 3, statuses.join());
  assert.ok(statuses.every((s) => s === 201 || s === 409), statuses.join());
  assert.equal((await listPlayers(t.kv, w.team.id)).length, MAX_PLAYERS_PER_TEAM);
});

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

// ---- Import ----

const PREVIEW_CSV = [
  "\uFEFFFirstName,lastName,jerseyNumber,position,parentEmails",
  'Maya,"Smith, Jr.",7,Forward,mom@example.com;dad@example.com',
  '"Line',
  'Break",Okafor,8,,',
  ",NoFirst,100,,not-an-email",
  "Sofia,Okafor,4,Defender,", // already on the roster
  'Maya,"Smith, Jr.",7,Forward,', // repeats line 2
  "Lee,Park,x,,",
  "Kim,Ode,5,,,extra",
  "'=Calc,Quote,6,,a@example.com b@example.com",
  "",
].join("\r\n");

Deno.test("[admin players] import dry run: a per-row preview with every error, and nothing saved", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const before = await dumpKv(t.kv, ADMIN_PREFIXES);
  const res = await call(t.app, "POST", `/api/admin/${w.team.id}/players/import?dryRun=true`, {
    cookie: w.cookies.admin,
    csv: PREVIEW_CSV,
    headers: { "content-type": "text/csv; charset=utf-8" },
  });
  assert.equal(res.status, 200);
  const preview = await res.json();
  assert.equal(preview.valid, 3);
  assert.equal(preview.invalid, 5);
  assert.deepEqual(preview.rows[0], {
    line: 2,
    firstName: "Maya",
    lastName: "Smith, Jr.",
    jerseyNumber: 7,
    position: "Forward",
    parentEmails: ["mom@example.com", "dad@example.com"],
    errors: [],
    warnings: ["Jersey #7 is also worn by Maya Rodriguez. Claims by that number will ask you to choose the player."],
  });
  assert.deepEqual(preview.rows[1], {
    line: 3,
    firstName: "Line Break",
    lastName: "Okafor",
    jerseyNumber: 8,
    position: null,
    parentEmails: [],
    errors: [],
    warnings: [],
  });
  assert.equal(preview.rows[2].line, 5);
  assert.deepEqual(preview.rows[2].errors, [
    "First name is required",
    "Jersey number must be between 0 and 99",
    "Invalid parent email: not-an-email",
  ]);
  assert.equal(preview.rows[2].jerseyNumber, null);
  assert.deepEqual(preview.rows[3].errors, ["This player is already on the roster"]);
  assert.deepEqual(preview.rows[4].errors, ["Same player as line 2"]);
  assert.deepEqual(preview.rows[5].errors, ["Jersey number must be between 0 and 99"]);
  assert.deepEqual(preview.rows[6].errors, ["This row has more cells than the header row"]);
  assert.deepEqual(preview.rows[7], {
    line: 10,
    firstName: "=Calc",
    lastName: "Quote",
    jerseyNumber: 6,
    position: null,
    parentEmails: ["a@example.com", "b@example.com"],
    errors: [],
    warnings: [],
  });
  assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before);

  const saving = await call(t.app, "POST", `/api/admin/${w.team.id}/players/import`, {
    cookie: w.cookies.admin,
    csv: PREVIEW_CSV,
  });
  assert.equal(saving.status, 400, "an import with any bad row saves nothing");
  const refused = await saving.json();
  assert.equal(refused.message, "5 rows have errors; nothing was imported. Fix them and try again.");
  assert.equal(refused.rows.length, 8);
  assert.equal(refused.invalid, 5);
  assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before);
});

Deno.test("[admin players] import: file-level problems are 400s, a non-CSV body 415, and nothing is saved", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const path = `/api/admin/${w.team.id}/players/import`;
  const tooMany = HEADER + "\n" + Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `A${i},B,1,,`).join("\n");
  const cases: [string, string][] = [
    ["", "The first row must name the columns: firstName,lastName,jerseyNumber,position,parentEmails"],
    [HEADER + "\n", "The file has no player rows."],
    ["firstName,lastName\nA,B\n", "The header row has no jerseyNumber column."],
    [
      "firstName,lastName,jerseyNumber,age\nA,B,1,9\n",
      "Unknown column: age. The columns are firstName, lastName, jerseyNumber, position, parentEmails.",
    ],
    ["firstName,lastName,jerseyNumber,lastName\nA,B,1,C\n", "The lastName column appears twice."],
    [`${HEADER}\n"A,B,1,,\n`, "Line 2: a quoted field is never closed"],
    [tooMany, "A file can hold at most 500 players."],
  ];
  const before = await dumpKv(t.kv, ADMIN_PREFIXES);
  for (const [csv, message] of cases) {
    for (const query of ["", "?dryRun=true"]) {
      const res = await call(t.app, "POST", path + query, { cookie: w.cookies.admin, csv });
      assert.equal(res.status, 400, message);
      assert.equal((await res.json()).message, message);
    }
  }
  const json = await call(t.app, "POST", path, { cookie: w.cookies.admin, body: { rows: [] } });
  assert.equal(json.status, 415);
  assert.equal((await json.json()).message, "Please upload the roster as a CSV file (Content-Type: text/csv).");
  const plain = await call(t.app, "POST", path, {
    cookie: w.cookies.admin,
    csv: `${HEADER}\nA,B,1,,\n`,
    headers: { "content-type": "text/plain" },
  });
  assert.equal(plain.status, 415);
  const crossSite = await call(t.app, "POST", path, {
    cookie: w.cookies.admin,
    csv: `${HEADER}\nA,B,1,,\n`,
    headers: { origin: "https://evil.example" },
  });
  assert.equal(crossSite.status, 403);
  assert.deepEqual(await dumpKv(t.kv, ADMIN_PREFIXES), before);
});

Deno.test("[admin players] import saves every row, the parent e-mails under both keys, and one audit entry", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const csv =
    `${HEADER}\r\nNia,Lopez,21,Midfield,nia.mom@example.com; NIA.DAD@example.com\r\n"O'Neil","Cole, III",22,,\r\n`;
  const res = await call(t.app, "POST", `/api/admin/${w.team.id}/players/import`, { cookie: w.cookies.admin, csv });
  assert.equal(res.status, 201);
  assert.deepEqual(await res.json(), { imported: 2 });
  const players = await listPlayers(t.kv, w.team.id);
  const nia = players.find((p) => p.firstName === "Nia")!;
  assert.equal(nia.position, "Midfield");
  assert.equal(nia.jerseyNumber, 21);
  assert.equal(nia.createdAt, NOW.toISOString());
  assert.ok(players.some((p) => p.firstName === "O'Neil" && p.lastName === "Cole, III" && p.position === null));
  for (const email of ["nia.dad@example.com", "nia.mom@example.com"]) {
    assert.ok((await t.kv.get(keys.playerParentEmail(w.team.id, nia.id, email))).value, email);
    assert.deepEqual((await t.kv.get(keys.parentEmailInvite(email, w.team.id, nia.id))).value, {
      teamId: w.team.id,
      playerId: nia.id,
      email,
      invitedAt: NOW.toISOString(),
    });
  }
  assert.deepEqual(await auditActions(t.kv, w.team.id), ["players.imported"]);
  const [entry] = (await listAudit(t.kv, { teamId: w.team.id })).values;
  assert.equal(entry.detail, "2 players from CSV");
});

Deno.test("[admin players] a 500-row import with five parent e-mails each lands whole across several commits", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const empty = w.otherTeam;
  // Make room: the other team's four seeded players go first.
  for (const p of w.otherPlayers) {
    const res = await call(t.app, "DELETE", `/api/admin/${empty.id}/players/${p.id}`, { cookie: w.cookies.otherAdmin });
    assert.equal(res.status, 200);
  }
  const rows = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => {
    const emails = Array.from({ length: 5 }, (_, j) => `parent${j}.of.player${i}@families.example.com`).join(";");
    return `Player${i},Family${i},${i % 100},Midfield,${emails}`;
  });
  const res = await call(t.app, "POST", `/api/admin/${empty.id}/players/import`, {
    cookie: w.cookies.otherAdmin,
    csv: [HEADER, ...rows].join("\n"),
  });
  assert.equal(res.status, 201);
  assert.deepEqual(await res.json(), { imported: 500 });
  assert.equal((await listPlayers(t.kv, empty.id)).length, 500);
  assert.equal((await kvValues(t.kv, { prefix: keys.teamParentEmails(empty.id) })).length, 2500);
  const actions = await auditActions(t.kv, empty.id);
  assert.deepEqual(actions.filter((a) => a === "players.imported"), ["players.imported"]);
});

Deno.test("[admin players] an import interrupted between commits is undone and reported (409)", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const rows = Array.from({ length: 300 }, (_, i) => {
    const emails = Array.from({ length: 5 }, (_, j) => `p${j}.k${i}@families.example.com`).join(";");
    return `Kid${i},Fam${i},${i % 100},,${emails}`;
  });
  const change = { kv: t.kv, teamId: w.team.id, actor: "admin@example.com", now: NOW };
  let interruptions = 0;
  await assert.rejects(
    importRosterCsv(change, [HEADER, ...rows].join("\n"), {
      dryRun: false,
      afterCommit: async () => {
        interruptions++;
        await createPlayer(t.kv, w.team.id, { firstName: "Sneaky", lastName: "Edit", jerseyNumber: 42 });
      },
    }),
    new ConflictError(
      "Another change to the roster interrupted the import; nothing was imported. Please try again.",
    ),
  );
  assert.equal(interruptions, 1);
  const names = (await listPlayers(t.kv, w.team.id)).map((p) => p.firstName).sort();
  assert.deepEqual(names, ["Chloe", "Diego", "Maya", "Sneaky", "Sofia"]);
  assert.deepEqual(await kvValues(t.kv, { prefix: keys.teamParentEmails(w.team.id) }), []);
  assert.deepEqual(await kvValues(t.kv, { prefix: ["player_parent_emails_by_email"] }), []);
  assert.deepEqual(await auditActions(t.kv, w.team.id), []);
});

// ---- Export ----

Deno.test("[admin players] export: CSV attachment, formula-safe, and it imports back into another team unchanged", async () => {
  await using t = await createTestApp({ now: () => NOW });
  const w = await adminWorld(t);
  const mom = await createAccount(t.kv, { email: "mom@example.com", teamId: w.team.id });
  await stageGuardian(t.kv.atomic(), w.team.id, w.players[0].id, mom.id).commit();
  const tricky = `${HEADER}\n"=HYPERLINK(""http://evil.example"")","@Cole, ""Jr""",3,-Wing,dad@example.com\n`;
  assert.equal(
    (await call(t.app, "POST", `/api/admin/${w.team.id}/players/import`, { cookie: w.cookies.admin, csv: tricky }))
      .status,
    201,
  );

  const res = await call(t.app, "GET", `/api/admin/${w.team.id}/players/export`, { cookie: w.cookies.admin });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/csv; charset=utf-8");
  assert.equal(res.headers.get("content-disposition"), `attachment; filename="${w.team.slug}-roster.csv"`);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const csv = await res.text();
  const lines = csv.split("\r\n");
  assert.equal(lines[0], HEADER);
  assert.equal(lines[1], `"'=HYPERLINK(""http://evil.example"")","'@Cole, ""Jr""",3,'-Wing,dad@example.com`);
  for (const record of parseCsv(csv).slice(1)) {
    for (const cell of record.cells) assert.ok(!/^[=+\-@]/.test(cell), `unguarded cell ${cell}`);
  }
  assert.match(csv, /\r\nMaya,Rodriguez,7,Forward,mom@example.com\r\n/);
  assert.match(csv, /\r\nChloe,Anderson,12,,\r\n/);

  // Round trip: the other team (emptied first) imports the export and lists the same roster.
  for (const p of w.otherPlayers) {
    await call(t.app, "DELETE", `/api/admin/${w.otherTeam.id}/players/${p.id}`, { cookie: w.cookies.otherAdmin });
  }
  const back = await call(t.app, "POST", `/api/admin/${w.otherTeam.id}/players/import`, {
    cookie: w.cookies.otherAdmin,
    csv,
  });
  assert.equal(back.status, 201);
  assert.deepEqual(await back.json(), { imported: 5 });
  const shape = (p: AdminPlayer) => [p.firstName, p.lastName, p.jerseyNumber, p.position, p.parentEmails];
  const list = async (teamId: string, cookie: string) =>
    ((await (await call(t.app, "GET", `/api/admin/${teamId}/players`, { cookie })).json()).players as AdminPlayer[])
      .map(shape);
  assert.deepEqual(await list(w.otherTeam.id, w.cookies.otherAdmin), await list(w.team.id, w.cookies.admin));
  const again = await call(t.app, "GET", `/api/admin/${w.otherTeam.id}/players/export`, {
    cookie: w.cookies.otherAdmin,
  });
  assert.equal(await again.text(), csv, "export → import → export is stable");
});
