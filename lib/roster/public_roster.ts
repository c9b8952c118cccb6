import { getTeamWithRevision, resolveTeamId, type Team } from "../db/teams.ts";
import { listPlayers } from "../db/players.ts";
import { guardiansByPlayer } from "../db/guardians.ts";
import type { User } from "../db/users.ts";
import { publicHeadshotPlayerIds } from "../photos/mod.ts";
import { type PublicPlayer, sortPlayers, toPublicPlayer } from "./public_players.ts";

export interface PublicRoster {
  team: Team;
  /** Sorted by name, projected through the team's visibility settings. */
  players: PublicPlayer[];
  /** The team revision the roster was read at (for caches). */
  revision: string | null;
}

/**
 * Loads what the public roster shows for a team id or slug, or null when there is no such
 * team. The revision is read together with the team, before the players, so a cached copy
 * is never labelled newer than its data.
 */
export async function loadPublicRoster(kv: Deno.Kv, key: string, now = new Date()): Promise<PublicRoster | null> {
  const teamId = await resolveTeamId(kv, key);
  if (!teamId) return null;
  const { team, revision } = await getTeamWithRevision(kv, teamId);
  if (!team) return null;
  // Parents' first names are read only when the team shows them; e-mails and phones never leave here.
  const parents = team.settings.showParentNames ? await guardiansByPlayer(kv, teamId) : new Map<string, User[]>();
  // Photos only of players a current guardian opted in, and only while the team shows photos (R41).
  const publicHeadshots = await publicHeadshotPlayerIds(kv, team);
  const players = (await listPlayers(kv, teamId)).map((p) =>
    toPublicPlayer(p, team.settings, now, (parents.get(p.id) ?? []).map((u) => u.firstName), publicHeadshots.has(p.id))
  );
  return { team, players: sortPlayers(players, "name"), revision };
}
