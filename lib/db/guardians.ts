/** Reading a team's guardian links (parent ↔ player) together with the parents' accounts. */
import { keys } from "./keys.ts";
import { getManyValues, listValues } from "./kv.ts";
import type { User } from "./users.ts";

export interface GuardianLink {
  teamId: string;
  playerId: string;
  userId: string;
  createdAt: string;
}

async function getUsers(kv: Deno.Kv, userIds: string[]): Promise<Map<string, User>> {
  const users = await getManyValues<User>(kv, userIds.map((id) => keys.user(id)));
  return new Map(users.flatMap((u) => u ? [[u.id, u] as const] : []));
}

/** Each player's parents (accounts), for a whole team or one player; players without parents are absent. */
export async function guardiansByPlayer(kv: Deno.Kv, teamId: string, playerId?: string): Promise<Map<string, User[]>> {
  const prefix = playerId ? keys.playerGuardians(teamId, playerId) : keys.teamGuardians(teamId);
  const links = await listValues<GuardianLink>(kv, { prefix });
  const users = await getUsers(kv, [...new Set(links.map((l) => l.userId))]);
  const byPlayer = new Map<string, User[]>();
  for (const link of links) {
    const user = users.get(link.userId);
    if (!user) continue;
    const list = byPlayer.get(link.playerId) ?? byPlayer.set(link.playerId, []).get(link.playerId)!;
    list.push(user);
  }
  return byPlayer;
}
