/**
 * The system console's header counts at scale (issue 21, the 10,000-team bench): how many teams
 * there are and how many were active in the last 7 and 30 days come from counts kept in the
 * same commits as the records, so reading them costs the same with 3 teams or 30, and they stay
 * equal to counting the records one by one through creation, activity, deletion and the
 * migration of a database from before they were kept.
 */
import assert from "node:assert/strict";
import { keys } from "../../lib/db/keys.ts";
import { countTeams, createTeam, type Team } from "../../lib/db/teams.ts";
import {
  countTeamsActiveSince,
  indexAllTeamActivity,
  recordTeamActivity,
  type TeamActivity,
} from "../../lib/db/team_activity.ts";
import { runMigrations } from "../../lib/db/migrations.ts";
import { DATA_MIGRATIONS } from "../../lib/migrations.ts";
import { deleteTeam } from "../../lib/teams/mod.ts";
import { countActiveTeams, isActiveWithin, loadConsoleStats } from "../../lib/sysadmin/mod.ts";
import { countingReads, randomTeamInput } from "../helpers.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const T0 = new Date("2026-05-01T12:00:00.000Z");
const ago = (ms: number) => new Date(T0.getTime() - ms);

/** Teams active at `now`, counted the slow way: every record, by the rule the Teams tab shows. */
async function activeByRecords(kv: Deno.Kv, now: Date, days: number): Promise<number> {
  const records = await Array.fromAsync(kv.list<TeamActivity>({ prefix: keys.allTeamActivity() }));
  return records.filter((r) => isActiveWithin(r.value.lastActiveAt, now, days)).length;
}

async function teamsActiveDaysAgo(kv: Deno.Kv, count: number, daysAgo: number): Promise<Team[]> {
  const teams: Team[] = [];
  for (let i = 0; i < count; i++) {
    const team = await createTeam(kv, randomTeamInput(), ago(60 * DAY_MS));
    await recordTeamActivity(kv, [team.id], ago(daysAgo * DAY_MS + i * 60_000));
    teams.push(team);
  }
  return teams;
}

Deno.test("[console counts] the header reads as many entries with 30 teams as with 3", async () => {
  const readsWith = async (teams: number) => {
    using kv = await Deno.openKv(":memory:");
    await teamsActiveDaysAgo(kv, teams, 2);
    const reads = countingReads(kv);
    const stats = await loadConsoleStats(reads.kv, T0);
    assert.equal(stats.totalTeams, teams);
    assert.equal(stats.activeTeams, teams);
    return reads.entries();
  };
  const few = await readsWith(3);
  const many = await readsWith(30);
  // The same day counts either way (all active the same day); listing every team or record would read 27 more.
  assert.equal(many, few, `${few} entries read with 3 teams, ${many} with 30`);
});

Deno.test("[console counts] the team count follows creation and deletion", async () => {
  using kv = await Deno.openKv(":memory:");
  assert.equal(await countTeams(kv), 0);
  const teams = await teamsActiveDaysAgo(kv, 3, 1);
  assert.equal(await countTeams(kv), 3);
  await deleteTeam(kv, teams[1].id, teams[1].name, "test", T0);
  assert.equal(await countTeams(kv), 2);
  // A second deletion of the same team is refused and counts nothing.
  await assert.rejects(() => deleteTeam(kv, teams[1].id, teams[1].name, "test", T0));
  assert.equal(await countTeams(kv), 2);
  assert.deepEqual(await countActiveTeams(kv, T0), { last7Days: 2, last30Days: 2 });
});

Deno.test("[console counts] active teams equal the records' count as activity moves on, at every boundary", async () => {
  using kv = await Deno.openKv(":memory:");
  const teams = await teamsActiveDaysAgo(kv, 6, 35);
  // Activity moves later, across days and across the windows' edges; one team is deleted.
  await recordTeamActivity(kv, [teams[0].id], ago(29 * DAY_MS));
  await recordTeamActivity(kv, [teams[1].id], ago(7 * DAY_MS));
  await recordTeamActivity(kv, [teams[2].id], ago(30 * DAY_MS));
  await recordTeamActivity(kv, [teams[2].id], ago(3 * DAY_MS));
  await recordTeamActivity(kv, [teams[3].id], ago(DAY_MS / 2));
  await recordTeamActivity(kv, [teams[4].id], ago(30 * DAY_MS));
  await deleteTeam(kv, teams[3].id, teams[3].name, "test", T0);
  const times = [T0, ago(DAY_MS), ago(4 * DAY_MS), new Date(T0.getTime() + 6 * DAY_MS)];
  for (const base of times) {
    for (const shift of [-1, 0, 1, HOUR_MS, -HOUR_MS]) {
      const now = new Date(base.getTime() + shift);
      assert.deepEqual(await countActiveTeams(kv, now), {
        last7Days: await activeByRecords(kv, now, 7),
        last30Days: await activeByRecords(kv, now, 30),
      }, `at ${now.toISOString()}`);
    }
  }
  // Exactly 30 days after a record is still active; a millisecond later is not.
  const edge = Date.parse((await kv.get<TeamActivity>(keys.teamActivity(teams[4].id))).value!.lastActiveAt);
  assert.equal(await countTeamsActiveSince(kv, edge), 5 - 1);
  assert.equal(await countTeamsActiveSince(kv, edge + 1), 5 - 2);
});

Deno.test("[console counts] the migration keeps the counts of a database from before they were kept", async () => {
  using kv = await Deno.openKv(":memory:");
  // Teams and activity records as earlier versions wrote them: no count, no index.
  const ids = ["01HZ0000000000000000000001", "01HZ0000000000000000000002", "01HZ0000000000000000000003"];
  for (const [i, id] of ids.entries()) {
    const team = { id, slug: `old-${i}`, name: `Old ${i}`, createdAt: ago(90 * DAY_MS).toISOString() };
    await kv.set(keys.team(id), team);
    await kv.set(keys.teamBySlug(team.slug), id);
    const activity: TeamActivity = { teamId: id, lastActiveAt: ago((i * 20 + 1) * DAY_MS).toISOString() };
    await kv.set(keys.teamActivity(id), activity);
  }
  assert.equal(await countTeams(kv), 0);
  const ran = await runMigrations(kv, DATA_MIGRATIONS, { now: T0 });
  assert.equal(ran.get("kept-team-counts"), 3);
  assert.equal(await countTeams(kv), 3);
  assert.deepEqual(await countActiveTeams(kv, T0), { last7Days: 1, last30Days: 2 });
  // A record written after the migration moves its team's place in the counts.
  await recordTeamActivity(kv, [ids[2]], T0);
  assert.deepEqual(await countActiveTeams(kv, T0), { last7Days: 2, last30Days: 3 });
  // Indexing again (a migration cut short and run again) sets the same counts, never doubles them.
  await indexAllTeamActivity(kv);
  assert.deepEqual(await countActiveTeams(kv, T0), { last7Days: 2, last30Days: 3 });
});
