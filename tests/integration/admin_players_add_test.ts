// Admin players API: adding a player (POST) — validation, audit, and the per-team player limit.
import assert from "node:assert/strict";
import { createTestApp, dumpKv } from "../helpers.ts";
import { ADMIN_PREFIXES, adminWorld, call } from "../admin_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { listPlayers, MAX_PLAYERS_PER_TEAM, type Player } from "../../lib/db/players.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { HEADER, NOW } from "./admin_players_fixtures.ts";

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
