import { monotonicFactory } from "ulid";
import { keys } from "./keys.ts";
import type { KvWrite } from "./commit_batches.ts";
import { countKeys, getManyValues, listAll, listPage, type Page, type PageOptions } from "./kv.ts";

/** Ids in creation order, even within one millisecond, so a team lists its players as they were added. */
const nextPlayerId = monotonicFactory();

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
  /**
   * A parent's choice (issue 22): the team's other families see the last name as an initial
   * and no photo. Absent means shown; the child's own family and the team's admins see both.
   */
  hideLastName?: boolean;
  hidePhoto?: boolean;
}

/** What every list of players shows of one: who they are, their number and position, and their photo in each size. */
export const PLAYER_SUMMARY_FIELDS = [
  "id",
  "firstName",
  "lastName",
  "jerseyNumber",
  "position",
  "photoUrl",
  "photoUrlSmall",
  "photoUrlMedium",
] as const;

export type PlayerSummary = Pick<Player, typeof PLAYER_SUMMARY_FIELDS[number]>;

/** A player's summary fields, in that order, and nothing else of the record. */
export function playerSummary(player: Player): PlayerSummary {
  return Object.fromEntries(PLAYER_SUMMARY_FIELDS.map((field) => [field, player[field]])) as PlayerSummary;
}

export type NewPlayer =
  & Pick<Player, "firstName" | "lastName" | "jerseyNumber">
  & Partial<Omit<Player, "id" | "teamId" | "createdAt" | "firstName" | "lastName" | "jerseyNumber">>;

/** The most players one team can hold; keeps every roster read bounded. */
export const MAX_PLAYERS_PER_TEAM = 500;

/** A new player record (not stored). */
export function buildPlayer(teamId: string, input: NewPlayer, now = new Date()): Player {
  return {
    id: nextPlayerId(now.getTime()),
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

export async function getPlayer(kv: Deno.Kv, teamId: string, playerId: string): Promise<Player | null> {
  return (await getPlayerEntry(kv, teamId, playerId)).value;
}

export async function getPlayerEntry(kv: Deno.Kv, teamId: string, playerId: string) {
  return await kv.get<Player>(keys.player(teamId, playerId));
}

/** Players of a team by id, in the order asked (null where there is none). */
export async function getPlayers(kv: Deno.Kv, teamId: string, playerIds: string[]): Promise<(Player | null)[]> {
  return await getManyValues<Player>(kv, playerIds.map((id) => keys.player(teamId, id)));
}

/** A page of a team's players, in creation order. */
export async function listPlayersPage(kv: Deno.Kv, teamId: string, options: PageOptions = {}): Promise<Page<Player>> {
  return await listPage<Player>(kv, { prefix: keys.teamPlayers(teamId) }, options);
}

/** Every player of a team, in creation order (a team holds at most MAX_PLAYERS_PER_TEAM). */
export async function listPlayers(kv: Deno.Kv, teamId: string): Promise<Player[]> {
  return await listAll<Player>(kv, { prefix: keys.teamPlayers(teamId) });
}

export async function countPlayers(kv: Deno.Kv, teamId: string): Promise<number> {
  return await countKeys(kv, keys.teamPlayers(teamId));
}

/** Adds a new or changed player to `op`. */
export function stagePlayer(op: Deno.AtomicOperation, player: Player): Deno.AtomicOperation {
  return op.set(keys.player(player.teamId, player.id), player);
}

/** Adds to `op` a changed player, checked unchanged since `entry` was read. */
export function stagePlayerUpdate(op: Deno.AtomicOperation, entry: Deno.KvEntry<Player>, player: Player) {
  return op.check(entry).set(entry.key, player);
}

/** The write that stores a player, for changes packed into several commits (a roster import). */
export function playerWrite(player: Player): KvWrite {
  return { type: "set", key: keys.player(player.teamId, player.id), value: player };
}
