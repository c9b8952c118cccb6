/**
 * Guardian links: a parent (an account) of a player. Written and deleted only here.
 */
import { keys } from "./keys.ts";
import { listAll } from "./kv.ts";
import { getUsers, type User } from "./users.ts";

export interface GuardianLink {
  teamId: string;
  playerId: string;
  userId: string;
  createdAt: string;
}

/** Links a parent to a player in `op`. */
export function stageGuardian(
  op: Deno.AtomicOperation,
  teamId: string,
  playerId: string,
  userId: string,
  now = new Date(),
): Deno.AtomicOperation {
  const link: GuardianLink = { teamId, playerId, userId, createdAt: now.toISOString() };
  return op.set(keys.playerGuardian(teamId, playerId, userId), link);
}

/** Adds to `op` the removal of every guardian link of a player (when the player is removed); returns how many. */
export async function stageGuardianRemovals(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  teamId: string,
  playerId: string,
): Promise<number> {
  let removed = 0;
  for await (const link of kv.list({ prefix: keys.playerGuardians(teamId, playerId) })) {
    op.delete(link.key);
    removed++;
  }
  return removed;
}

/**
 * Adds to `op` the removal of every guardian link of one parent in a team (when they leave or
 * are removed), each checked unchanged since read; returns the players they were a parent of.
 */
export async function stageParentGuardianRemovals(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  teamId: string,
  userId: string,
): Promise<string[]> {
  const playerIds: string[] = [];
  // A team holds at most 500 players with a few parents each: read whole, keep the parent's own.
  for await (const entry of kv.list<GuardianLink>({ prefix: keys.teamGuardians(teamId) })) {
    if (entry.key[entry.key.length - 1] !== userId) continue;
    op.check(entry).delete(entry.key);
    playerIds.push(String(entry.key[2]));
  }
  return playerIds;
}

/** Whether an account is a parent of a player. */
export async function isGuardian(kv: Deno.Kv, teamId: string, playerId: string, userId: string): Promise<boolean> {
  return (await kv.get(keys.playerGuardian(teamId, playerId, userId))).versionstamp !== null;
}

/** A team's guardian links (a team holds at most 500 players with a few parents each). */
export async function listGuardianLinks(kv: Deno.Kv, teamId: string, playerId?: string): Promise<GuardianLink[]> {
  const prefix = playerId ? keys.playerGuardians(teamId, playerId) : keys.teamGuardians(teamId);
  return await listAll<GuardianLink>(kv, { prefix });
}

/** Each player's parents (accounts), for a whole team or one player; players without parents are absent. */
export async function guardiansByPlayer(kv: Deno.Kv, teamId: string, playerId?: string): Promise<Map<string, User[]>> {
  const links = await listGuardianLinks(kv, teamId, playerId);
  const userIds = [...new Set(links.map((l) => l.userId))];
  const users = new Map((await getUsers(kv, userIds)).flatMap((u) => u ? [[u.id, u] as const] : []));
  const byPlayer = new Map<string, User[]>();
  for (const link of links) {
    const user = users.get(link.userId);
    if (!user) continue;
    const list = byPlayer.get(link.playerId) ?? byPlayer.set(link.playerId, []).get(link.playerId)!;
    list.push(user);
  }
  return byPlayer;
}
