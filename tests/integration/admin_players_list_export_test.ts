// Admin players API: reading the roster out — the admin list (JSON) and the CSV export.
import assert from "node:assert/strict";
import { createPlayer, createTestApp } from "../helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { adminWorld, call } from "../admin_helpers.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { parseCsv } from "../../lib/csv.ts";
import type { AdminPlayer } from "../../lib/roster/manage.ts";
import { HEADER, NOW } from "./admin_players_fixtures.ts";

const DAY = 24 * 60 * 60 * 1000;

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
