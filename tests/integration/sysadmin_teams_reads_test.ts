/**
 * The system console's Teams tab at scale (issue 21 item 6, the 10,000-team bench): a page read
 * again reads a few entries per row, however many players and parents its teams have and however
 * many teams there are; and the counts it keeps follow every roster and parent change at once.
 */
import assert from "node:assert/strict";
import { countingReads, seedTeam } from "../helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { loadTeamsOverview, type TeamSummary } from "../../lib/sysadmin/mod.ts";
import { addPlayer, removePlayer } from "../../lib/roster/mod.ts";
import { linkParentToPlayer } from "../../lib/families/mod.ts";
import type { NewPlayer } from "../../lib/db/players.ts";

const T0 = new Date("2026-05-01T12:00:00.000Z");

const squad = (size: number): NewPlayer[] =>
  Array.from({ length: size }, (_, i) => ({ firstName: `Kid${i}`, lastName: "Test", jerseyNumber: i + 1 }));

/** `teams` teams "Club 00"… of `players` players, each with a parent; the entries a page read again reads. */
async function entriesOfRepeatedPage(teams: number, players: number, query: string) {
  using kv = await Deno.openKv(":memory:");
  for (let i = 0; i < teams; i++) {
    const { team, players: created } = await seedTeam(
      kv,
      { name: `Club ${String(i).padStart(2, "0")}` },
      squad(players),
    );
    const parent = await createAccount(kv, { email: `parent${i}@example.com`, teamId: team.id });
    await linkParentToPlayer(kv, team.id, created[0].id, parent.id, T0);
  }
  const reads = countingReads(kv);
  const first = await loadTeamsOverview(reads.kv, T0, { query });
  const counted = reads.entries();
  const again = await loadTeamsOverview(reads.kv, T0, { query });
  assert.deepEqual(again, first);
  assert.ok(first.values.every((t) => t.playerCount === players && t.parentCount === 1));
  return { rows: first.values.length, first: counted, again: reads.entries() - counted };
}

Deno.test("[teams tab] a page read again reads as many entries with 20 players a team as with 2", async () => {
  const small = await entriesOfRepeatedPage(12, 2, "");
  const large = await entriesOfRepeatedPage(12, 20, "");
  assert.equal(small.rows, 12);
  assert.equal(large.again, small.again, `read again: ${small.again} entries with 2 players, ${large.again} with 20`);
  // The page's slug index entries, teams, activity records and revisions: 4 a row.
  assert.equal(large.again, 4 * 12);
  assert.ok(large.first > large.again + 12 * 20, "the first reading counts each team's players");
});

Deno.test("[teams tab] a search read again reads as many entries among 40 teams as among 12", async () => {
  // "club-0" is Club 00 … Club 09 on both.
  const few = await entriesOfRepeatedPage(12, 5, "club-0");
  const many = await entriesOfRepeatedPage(40, 5, "club-0");
  assert.equal(few.rows, 10);
  assert.equal(many.rows, 10);
  assert.equal(many.again, few.again);
});

Deno.test("[teams tab] kept counts follow players added and removed and parents linked, at once", async () => {
  using kv = await Deno.openKv(":memory:");
  const { team, players } = await seedTeam(kv, { name: "Harbor Hawks" });
  const other = await seedTeam(kv, { name: "Summit Sharks" });
  const row = async (teamId = team.id): Promise<TeamSummary> =>
    (await loadTeamsOverview(kv, T0)).values.find((t) => t.id === teamId)!;
  assert.equal((await row()).playerCount, 4);
  assert.equal((await row()).parentCount, 0);

  const change = { kv, teamId: team.id, actor: "test", now: T0 };
  const added = await addPlayer(change, { firstName: "Noah", lastName: "Kim", jerseyNumber: 30, position: null });
  assert.equal((await row()).playerCount, 5);

  const parent = await createAccount(kv, { email: "p1@example.com", teamId: team.id });
  const coParent = await createAccount(kv, { email: "p2@example.com", teamId: team.id });
  await linkParentToPlayer(kv, team.id, added.id, parent.id, T0);
  assert.equal((await row()).parentCount, 1);
  await linkParentToPlayer(kv, team.id, players[1].id, coParent.id, T0);
  await linkParentToPlayer(kv, team.id, players[2].id, parent.id, T0);
  assert.deepEqual([(await row()).playerCount, (await row()).parentCount], [5, 2]);

  // Removing the co-parent's only child takes them off the count; the other team is untouched.
  await removePlayer(change, players[1].id);
  assert.deepEqual([(await row()).playerCount, (await row()).parentCount], [4, 1]);
  assert.deepEqual([(await row(other.team.id)).playerCount, (await row(other.team.id)).parentCount], [4, 0]);
});
