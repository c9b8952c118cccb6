import assert from "node:assert/strict";
import {
  ALL_PLAYERS,
  groupPlayers,
  lastInitial,
  NO_POSITION,
  type PublicPlayer,
  sortPlayers,
  toPublicPlayer,
} from "../../lib/roster/public_players.ts";
import { buildPlayer } from "../../lib/db/players.ts";
import { DEFAULT_TEAM_SETTINGS } from "../../lib/db/teams.ts";

const player = (firstName: string, lastName: string, jerseyNumber: number, position: string | null = null) =>
  toPublicPlayer(buildPlayer("team", { firstName, lastName, jerseyNumber, position }), DEFAULT_TEAM_SETTINGS);
const names = (ps: PublicPlayer[]) => ps.map((p) => p.firstName);

const roster = [
  player("zoe", "M", 11, "Forward"),
  player("Ava", "P", 6, "Midfielder"),
  player("Ben", "K", 2),
  player("ana", "Z", 10, "forward"),
];

Deno.test("[roster] sort by name (case-insensitive), jersey (numeric), position (none last)", () => {
  assert.deepEqual(names(sortPlayers(roster, "name")), ["ana", "Ava", "Ben", "zoe"]);
  assert.deepEqual(names(sortPlayers(roster, "jersey")), ["Ben", "Ava", "ana", "zoe"]);
  assert.deepEqual(names(sortPlayers(roster, "position")), ["ana", "zoe", "Ava", "Ben"]);
  assert.deepEqual(names(roster), ["zoe", "Ava", "Ben", "ana"], "sorting copies");
});

Deno.test("[roster] grouping: 'All Players', or per position (case-insensitive) with 'No Position' last", () => {
  assert.deepEqual(groupPlayers(roster, "none"), [{ label: ALL_PLAYERS, players: roster }]);
  const groups = groupPlayers(sortPlayers(roster, "name"), "position");
  assert.deepEqual(groups.map((g) => [g.label, names(g.players)]), [
    ["forward", ["ana", "zoe"]],
    ["Midfielder", ["Ava"]],
    [NO_POSITION, ["Ben"]],
  ]);
});

Deno.test("[roster] public projection hides what the team has not opted into", () => {
  const source = buildPlayer("t", {
    firstName: "Émile",
    lastName: "ölund",
    jerseyNumber: 3,
    position: "Defender",
    photoUrl: "/objects/p.jpg",
    birthYear: 2015,
  });
  const now = new Date("2026-05-01T00:00:00Z");
  const hidden = toPublicPlayer(source, DEFAULT_TEAM_SETTINGS, now);
  assert.equal(hidden.lastName, "Ö.");
  assert.equal(hidden.photoUrl, null);
  assert.equal(hidden.position, "Defender");
  assert.equal(hidden.age, 11);
  const openSettings = { ...DEFAULT_TEAM_SETTINGS, showLastNames: true, showPhotos: true, showPositions: false };
  const open = toPublicPlayer(source, openSettings, now, [], true);
  assert.equal(open.lastName, "ölund");
  assert.equal(open.photoUrl, "/objects/p.jpg");
  assert.equal(open.position, null);
  // R41: the team's switch alone is not enough; a guardian's consent alone neither.
  assert.equal(toPublicPlayer(source, openSettings, now).photoUrl, null, "no guardian consent");
  assert.equal(toPublicPlayer(source, DEFAULT_TEAM_SETTINGS, now, [], true).photoUrl, null, "the team hides photos");
  assert.equal(lastInitial("  "), "");
});
