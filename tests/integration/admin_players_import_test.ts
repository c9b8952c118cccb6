// Admin players API: CSV import — dry-run preview, file-level errors, commit, 500-row limit, interruption.
import assert from "node:assert/strict";
import { createPlayer, createTestApp, dumpKv, kvValues } from "../helpers.ts";
import { ADMIN_PREFIXES, adminWorld, call } from "../admin_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { listPlayers } from "../../lib/db/players.ts";
import { listAudit } from "../../lib/db/audit.ts";
import { importRosterCsv, MAX_IMPORT_ROWS } from "../../lib/roster/import.ts";
import { ConflictError } from "../../lib/errors.ts";
import { HEADER, NOW } from "./admin_players_fixtures.ts";

const auditActions = async (kv: Deno.Kv, teamId: string) =>
  (await listAudit(kv, { teamId })).values.map((e) => e.action).reverse();

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
