import { buildTeam, getTeamBySlug, type NewTeam, stageNewTeam, type Team } from "../db/teams.ts";
import { buildPlayer, listPlayers, type NewPlayer, stagePlayer } from "../db/players.ts";
import { commitTeamChange } from "../db/team_revisions.ts";
import { buildUser, getUserByEmail, stageMembership, stageNewUser } from "../db/users.ts";
import { stageGuardian } from "../db/guardians.ts";
import { stageFamilyLink } from "../families/mod.ts";
import { beginChange } from "../db/kv.ts";
import { hashPassword } from "../auth/passwords.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";

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
  const op = stageNewTeam(beginChange(kv), team);
  for (const input of DEMO_PLAYERS) stagePlayer(op, buildPlayer(team.id, input, now));
  if ((await commitTeamChange(kv, op, team.id)).ok) return team;
  return (await getTeamBySlug(kv, DEMO_SLUG))!;
}

/**
 * Adds the demo accounts to the demo team: an admin (also a parent), a parent and a player
 * account. Each account is created once, in one commit with its membership and links.
 */
export async function seedDemoAccounts(kv: Deno.Kv, team: Team, now = new Date()): Promise<void> {
  const players = await listPlayers(kv, team.id);
  for (const account of DEMO_ACCOUNTS) {
    if (await getUserByEmail(kv, account.email)) continue;
    const player = players.find((p) => p.jerseyNumber === account.jerseyNumber);
    if (!player) continue;
    const passwordHash = account.password ? await hashPassword(account.password) : null;
    const user = buildUser({ ...account, passwordHash }, now);
    const op = stageNewUser(beginChange(kv), user);
    stageMembership(op, {
      userId: user.id,
      teamId: team.id,
      role: account.role,
      playerId: account.role === "PLAYER" ? player.id : null,
      createdAt: now.toISOString(),
    });
    if (account.role !== "PLAYER") {
      stageGuardian(op, team.id, player.id, user.id, now);
      await stageFamilyLink(kv, op, team.id, player.id, user.id, now);
    }
    // Fails only when another instance created the same account first.
    await commitTeamChange(kv, op, team.id);
  }
}
