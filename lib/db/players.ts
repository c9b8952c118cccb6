import { ulid } from "ulid";
import { keys } from "./keys.ts";
import { commitTeamChange } from "./team_revisions.ts";
import { ConflictError } from "../errors.ts";
import { listValues } from "./kv.ts";

export interface SeasonStats {
  gamesPlayed: number;
  goals: number;
  assists: number;
}

export interface Player {
  id: string;
  teamId: string;
  firstName: string;
  lastName: string;
  jerseyNumber: number;
  /** Null when the player has no position yet. */
  position: string | null;
  photoUrl: string | null;
  photoUrlSmall: string | null;
  photoUrlMedium: string | null;
  birthYear: number | null;
  yearsPlaying: number | null;
  stats: SeasonStats | null;
  createdAt: string;
}

export type NewPlayer =
  & Pick<Player, "firstName" | "lastName" | "jerseyNumber">
  & Partial<Omit<Player, "id" | "teamId" | "createdAt" | "firstName" | "lastName" | "jerseyNumber">>;

/** The most players one team can hold; keeps every roster read bounded. */
export const MAX_PLAYERS_PER_TEAM = 500;

/** A new player record (not stored). */
export function buildPlayer(teamId: string, input: NewPlayer, now = new Date()): Player {
  return {
    id: ulid(),
    teamId,
    firstName: input.firstName,
    lastName: input.lastName,
    jerseyNumber: input.jerseyNumber,
    position: input.position ?? null,
    photoUrl: input.photoUrl ?? null,
    photoUrlSmall: input.photoUrlSmall ?? null,
    photoUrlMedium: input.photoUrlMedium ?? null,
    birthYear: input.birthYear ?? null,
    yearsPlaying: input.yearsPlaying ?? null,
    stats: input.stats ?? null,
    createdAt: now.toISOString(),
  };
}

export async function createPlayer(
  kv: Deno.Kv,
  teamId: string,
  input: NewPlayer,
  now = new Date(),
): Promise<Player> {
  const player = buildPlayer(teamId, input, now);
  const op = kv.atomic()
    .check(await teamExistsCheck(kv, teamId))
    .check({ key: keys.player(teamId, player.id), versionstamp: null })
    .set(keys.player(teamId, player.id), player);
  if (!(await commitTeamChange(kv, op, teamId)).ok) throw new ConflictError();
  return player;
}

/** A check that the team still exists (and is unchanged) when the commit lands. */
async function teamExistsCheck(kv: Deno.Kv, teamId: string): Promise<Deno.AtomicCheck> {
  const entry = await kv.get(keys.team(teamId));
  if (entry.versionstamp === null) throw new ConflictError("This team no longer exists.");
  return { key: entry.key, versionstamp: entry.versionstamp };
}

export async function getPlayer(kv: Deno.Kv, teamId: string, playerId: string): Promise<Player | null> {
  return (await kv.get<Player>(keys.player(teamId, playerId))).value;
}

/** Every player of a team, in creation order. */
export function listPlayers(kv: Deno.Kv, teamId: string): Promise<Player[]> {
  return listValues<Player>(kv, { prefix: keys.teamPlayers(teamId) }, { limit: MAX_PLAYERS_PER_TEAM });
}
