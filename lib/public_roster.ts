import { keys } from "./db/keys.ts";
import { resolveTeamId, type Team } from "./db/teams.ts";
import { listPlayers } from "./db/players.ts";
import { type PublicPlayer, sortPlayers, toPublicPlayer } from "./roster.ts";

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
  const [revision, teamEntry] = await kv.getMany<[number, Team]>([keys.teamRevision(teamId), keys.team(teamId)]);
  const team = teamEntry.value;
  if (!team) return null;
  const players = (await listPlayers(kv, teamId)).map((p) => toPublicPlayer(p, team.settings, now));
  return { team, players: sortPlayers(players, "name"), revision: revision.versionstamp };
}
