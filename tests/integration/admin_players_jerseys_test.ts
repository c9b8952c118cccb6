// A jersey number two players wear: accepted, but the admin is told, on the API, the import preview and the roster.
import assert from "node:assert/strict";
import { createTestApp } from "../helpers.ts";
import { adminWorld, call } from "../admin_helpers.ts";

const SHARED = (names: string) =>
  `Jersey #7 is also worn by ${names}. Claims by that number will ask you to choose the player.`;

Deno.test("[admin players] adding or moving a player onto a worn jersey number warns and marks both players", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const players = `/api/admin/${w.team.id}/players`;

  const added = await call(t.app, "POST", players, {
    cookie: w.cookies.admin,
    body: { firstName: "Lena", lastName: "Fischer", jerseyNumber: 7 },
  });
  assert.equal(added.status, 201);
  const body = await added.json();
  assert.equal(body.warning, SHARED("Maya Rodriguez"));
  assert.deepEqual(body.player.sharesJerseyWith, ["Maya Rodriguez"]);

  const list = (await (await call(t.app, "GET", players, { cookie: w.cookies.admin })).json()).players as {
    firstName: string;
    sharesJerseyWith: string[];
  }[];
  const shared = Object.fromEntries(list.map((p) => [p.firstName, p.sharesJerseyWith]));
  assert.deepEqual(shared.Maya, ["Lena Fischer"]);
  assert.deepEqual(shared.Lena, ["Maya Rodriguez"]);
  assert.deepEqual(shared.Sofia, []);

  // A unique number answers without a warning; moving onto a worn one warns.
  const unique = await call(t.app, "POST", players, {
    cookie: w.cookies.admin,
    body: { firstName: "Ava", lastName: "Stone", jerseyNumber: 55 },
  });
  const ava = await unique.json();
  assert.equal(ava.warning, undefined);
  const moved = await call(t.app, "PATCH", `${players}/${ava.player.id}`, {
    cookie: w.cookies.admin,
    body: { jerseyNumber: 7 },
  });
  assert.equal(moved.status, 200);
  assert.equal((await moved.json()).warning, SHARED("Maya Rodriguez, Lena Fischer"));

  // The roster page shows the mark without JavaScript too.
  const page = await (await call(t.app, "GET", `/admin/${w.team.id}/roster`, { cookie: w.cookies.admin })).text();
  assert.equal(page.match(/badge--warning/g)?.length, 3);
});

Deno.test("[admin players] the import preview warns about worn and repeated jersey numbers without refusing the rows", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const csv = [
    "firstName,lastName,jerseyNumber",
    "Lena,Fischer,7",
    "Noah,Berg,31",
    "Ivy,Moss,31",
  ].join("\n");
  const res = await call(t.app, "POST", `/api/admin/${w.team.id}/players/import?dryRun=true`, {
    cookie: w.cookies.admin,
    csv,
  });
  assert.equal(res.status, 200);
  const preview = await res.json();
  assert.equal(preview.invalid, 0);
  assert.deepEqual(preview.rows.map((r: { warnings: string[] }) => r.warnings), [
    [SHARED("Maya Rodriguez")],
    [],
    ["Jersey #31 is also used on line 3. Claims by that number will ask you to choose the player."],
  ]);
});
