/**
 * A team's numbers, defined once (lib/teams/team_numbers.ts): players with at least one parent,
 * parents with access (distinct parent accounts), claims by status, and the words every screen
 * shows them with.
 */
import assert from "node:assert/strict";
import { countPlayersWithParent, NUMBER_VALUES, teamNumbers } from "../../lib/teams/team_numbers.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";

const CLAIMS = { pending: 2, approved: 5, denied: 1 };

Deno.test("[team numbers] players with a parent count players, parents with access count accounts", () => {
  const links = [
    { playerId: "leo", userId: "maria" },
    { playerId: "leo", userId: "paul" }, // two parents, one player
    { playerId: "mia", userId: "maria" }, // one parent, two players
    { playerId: "gone", userId: "ghost" }, // a player no longer on the roster counts for nothing
  ];
  const numbers = teamNumbers(["leo", "mia", "sam", "ava"], links, CLAIMS);
  assert.deepEqual(numbers, {
    players: 4,
    playersWithParent: 2,
    parentsWithAccess: 2,
    claims: { pending: 2, approved: 5, denied: 1 },
  });
  // Approved claims are not parents: a parent may claim two children, a claim may be a player's join.
  assert.notEqual(numbers.parentsWithAccess, numbers.claims.approved);
});

Deno.test("[team numbers] a team without players or links: zeros, never a division", () => {
  const numbers = teamNumbers([], [], { pending: 0, approved: 0, denied: 0 });
  assert.equal(NUMBER_VALUES["players-with-parent"](numbers), "0 of 0");
  assert.equal(NUMBER_VALUES["parents-with-access"](numbers), "0");
});

Deno.test("[team numbers] the values the tiles show and a decision refreshes", () => {
  const numbers = teamNumbers(["a", "b", "c"], [{ playerId: "b", userId: "u" }], CLAIMS);
  assert.deepEqual(
    Object.fromEntries(Object.entries(NUMBER_VALUES).map(([name, value]) => [name, value(numbers)])),
    {
      players: "3",
      "players-with-parent": "1 of 3",
      "parents-with-access": "1",
      "claims-pending": "2",
      "claims-approved": "5",
      "claims-denied": "1",
    },
  );
});

Deno.test("[team numbers] the roster counts players with a parent by the same rule", () => {
  assert.equal(countPlayersWithParent([{ hasParent: true }, { hasParent: false }, { hasParent: true }]), 2);
  assert.equal(countPlayersWithParent([]), 0);
});

Deno.test("[team numbers] one word for each number; a player without a parent is 'No parent yet'", () => {
  const TEAM_NUMBER_TEXTS = messagesFor("en").adminCommon.numbers;
  assert.equal(TEAM_NUMBER_TEXTS.playersWithParent, "Players with a parent");
  assert.equal(TEAM_NUMBER_TEXTS.parentsWithAccess, "Parents with access");
  assert.equal(TEAM_NUMBER_TEXTS.noParentYet, "No parent yet");
  assert.deepEqual(TEAM_NUMBER_TEXTS.claims, {
    pending: "Pending claims",
    approved: "Approved claims",
    denied: "Denied claims",
  });
});
