import { buildTeam, getTeamBySlug, type NewTeam, type Team } from "./db/teams.ts";
import { buildPlayer, type NewPlayer } from "./db/players.ts";
import { keys } from "./db/keys.ts";
import { commitTeamChange } from "./db/team_revisions.ts";

export const DEMO_SLUG = "demo";

const DEMO_TEAM: NewTeam = {
  name: "Riverside Rockets",
  season: "Fall 2026",
  ageGroup: "U10",
  teamType: "coed",
  orgName: "Riverside Youth Soccer Club",
};

const DEMO_PLAYERS: NewPlayer[] = [
  {
    firstName: "Maya",
    lastName: "Rodriguez",
    jerseyNumber: 7,
    position: "Forward",
    birthYear: 2016,
    yearsPlaying: 3,
    stats: { gamesPlayed: 9, goals: 6, assists: 2 },
  },
  {
    firstName: "Ethan",
    lastName: "Chen",
    jerseyNumber: 1,
    position: "Goalkeeper",
    birthYear: 2016,
    yearsPlaying: 2,
    stats: { gamesPlayed: 9, goals: 0, assists: 0 },
  },
  { firstName: "Sofia", lastName: "Okafor", jerseyNumber: 4, position: "Defender", birthYear: 2016, yearsPlaying: 4 },
  { firstName: "Liam", lastName: "Novak", jerseyNumber: 5, position: "Defender", birthYear: 2017, yearsPlaying: 2 },
  {
    firstName: "Ava",
    lastName: "Patel",
    jerseyNumber: 6,
    position: "Midfielder",
    birthYear: 2016,
    yearsPlaying: 3,
    stats: { gamesPlayed: 8, goals: 2, assists: 4 },
  },
  { firstName: "Noah", lastName: "Kim", jerseyNumber: 8, position: "Midfielder", birthYear: 2016 },
  { firstName: "Isabella", lastName: "Haddad", jerseyNumber: 9, position: "Forward", birthYear: 2017, yearsPlaying: 1 },
  {
    firstName: "Lucas",
    lastName: "Silva",
    jerseyNumber: 10,
    position: "Midfielder",
    birthYear: 2016,
    yearsPlaying: 4,
    stats: { gamesPlayed: 9, goals: 4, assists: 5 },
  },
  { firstName: "Zoe", lastName: "Müller", jerseyNumber: 11, position: "Forward", birthYear: 2016 },
  {
    firstName: "Oliver",
    lastName: "Brennan",
    jerseyNumber: 12,
    position: "Defender",
    birthYear: 2017,
    yearsPlaying: 2,
  },
  {
    firstName: "Amara",
    lastName: "Diallo",
    jerseyNumber: 14,
    position: "Midfielder",
    birthYear: 2016,
    yearsPlaying: 3,
  },
  { firstName: "Mateo", lastName: "García", jerseyNumber: 15, position: "Defender", birthYear: 2016 },
  { firstName: "Chloe", lastName: "Anderson", jerseyNumber: 21, birthYear: 2017, yearsPlaying: 1 },
  { firstName: "Leo", lastName: "Rossi", jerseyNumber: 22, position: "Goalkeeper", birthYear: 2017 },
];

/**
 * Seeds the demo team of DECISIONS.md (development mode only). Idempotent: a database that
 * already has the team is left as it is, and two instances starting at once create it once.
 */
export async function seedDemoTeam(kv: Deno.Kv, now = new Date()): Promise<Team> {
  const existing = await getTeamBySlug(kv, DEMO_SLUG);
  if (existing) return existing;
  const team = buildTeam(DEMO_TEAM, DEMO_SLUG, now);
  // One commit: a crash or a second instance never leaves a half-seeded team.
  const op = kv.atomic()
    .check({ key: keys.teamBySlug(DEMO_SLUG), versionstamp: null })
    .set(keys.team(team.id), team)
    .set(keys.teamBySlug(DEMO_SLUG), team.id);
  for (const input of DEMO_PLAYERS) {
    const player = buildPlayer(team.id, input, now);
    op.set(keys.player(team.id, player.id), player);
  }
  if ((await commitTeamChange(kv, op, team.id)).ok) return team;
  return (await getTeamBySlug(kv, DEMO_SLUG))!;
}
