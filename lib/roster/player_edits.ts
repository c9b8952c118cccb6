import { getPlayer, getPlayerEntry, type Player } from "../db/players.ts";
import { isGuardian } from "../db/guardians.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { savePlayerChange } from "./manage.ts";
import { PLAYER_MESSAGES } from "./player_rules.ts";
import type { PlayerEdit } from "./player_schema.ts";
import type { SessionUser } from "../auth/session_user.ts";

export const PLAYER_NOT_FOUND = "Player not found";

/**
 * Which team's player `playerId` a signed-in person may edit: one where they are the
 * player's parent or a team admin. Null otherwise (answered like a missing player).
 */
export async function editableTeamFor(kv: Deno.Kv, user: SessionUser, playerId: string): Promise<string | null> {
  for (const team of user.teams) {
    if (!(await getPlayer(kv, team.id, playerId))) continue;
    if (team.role === "TEAM_ADMIN") return team.id;
    if (user.kind === "person" && team.role !== "PLAYER" && await isGuardian(kv, team.id, playerId, user.id)) {
      return team.id;
    }
  }
  return null;
}

/** Saves the edit form (one commit with its audit entry; the public roster refreshes). */
export async function savePlayerEdit(
  kv: Deno.Kv,
  teamId: string,
  playerId: string,
  edit: PlayerEdit,
  actor: string,
  now = new Date(),
): Promise<Player> {
  const entry = await getPlayerEntry(kv, teamId, playerId);
  if (!entry.value) throw new NotFoundError(PLAYER_NOT_FOUND);
  // The photo changes only through its own call (PUT /api/players/{id}/photo), which deletes the
  // old photo's images: a path set here would leave them behind, or point at another's images.
  if (edit.photoUrl !== entry.value.photoUrl) {
    throw new ValidationError(PLAYER_MESSAGES.photoThroughDialog, { photoUrl: PLAYER_MESSAGES.photoThroughDialog });
  }
  const player: Player = { ...entry.value, ...edit };
  await savePlayerChange({ kv, teamId, actor, now }, entry as Deno.KvEntry<Player>, player);
  return player;
}
