/**
 * Player headshots (SPEC.md: the player photo dialog; only a parent of that player, or a team
 * admin, changes it): setting a processed headshot upload as the player's photo, or removing
 * it. The previous photo's blobs are deleted in the same commit, which also refreshes the
 * team's public pages.
 */
import { getPlayerEntry, type Player, stagePlayerUpdate } from "../db/players.ts";
import { stageBlobRemovals } from "../db/blobs.ts";
import { getPendingEntry, type PendingUpload, stagePendingRemoval } from "../db/uploads.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { commitTeamChange } from "../db/team_revisions.ts";
import { beginChange } from "../db/kv.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { objectPath, parseObjectPath } from "./rules.ts";
import { PHOTO_MESSAGES } from "./texts.ts";
import { isUploaderOf, mayChangePlayerPhoto, processedIds, type Uploader } from "./uploads.ts";

export interface PlayerPhotoRequest {
  photoUrl?: unknown;
  photoUrlSmall?: unknown;
  photoUrlMedium?: unknown;
}

export interface PlayerPhoto {
  photoUrl: string | null;
  photoUrlSmall: string | null;
  photoUrlMedium: string | null;
}

const PLAYER_NOT_FOUND = "Player not found";

/** The blob ids of a player's photo fields that are blobs of `teamId`. */
export function headshotBlobIds(teamId: string, photo: PlayerPhoto): string[] {
  return [photo.photoUrl, photo.photoUrlSmall, photo.photoUrlMedium]
    .map(parseObjectPath)
    .filter((parsed) => parsed !== null && parsed.teamId === teamId)
    .map((parsed) => parsed!.blobId);
}

const photoOf = (player: Player): PlayerPhoto => ({
  photoUrl: player.photoUrl,
  photoUrlSmall: player.photoUrlSmall,
  photoUrlMedium: player.photoUrlMedium,
});

/**
 * Sets (or, with three nulls, removes) a player's photo. The paths must be the viewer's own
 * processed headshot of this player; 404 for anyone but the player's parents and the team's
 * admins. `actor` names them in the audit log.
 */
export async function setPlayerPhoto(
  kv: Deno.Kv,
  uploader: Uploader,
  playerId: string,
  input: PlayerPhotoRequest,
  actor: string,
  now: Date,
): Promise<PlayerPhoto> {
  const { viewer } = uploader;
  if (!(await mayChangePlayerPhoto(kv, viewer, playerId))) throw new NotFoundError(PLAYER_NOT_FOUND);
  const teamId = viewer.teamId;
  const fields = [input.photoUrl, input.photoUrlSmall, input.photoUrlMedium];
  if (fields.some((value) => value !== null && typeof value !== "string")) {
    throw new ValidationError(PHOTO_MESSAGES.notUploaded);
  }
  const removing = fields.every((value) => value === null || value === "");
  for (let attempt = 0; attempt < 3; attempt++) {
    const entry = await getPlayerEntry(kv, teamId, playerId);
    if (!entry.value) throw new NotFoundError(PLAYER_NOT_FOUND);
    const current = photoOf(entry.value);
    let next: PlayerPhoto = { photoUrl: null, photoUrlSmall: null, photoUrlMedium: null };
    let pendingEntry: Deno.KvEntry<PendingUpload> | null = null;
    if (!removing) {
      if (
        fields[0] === current.photoUrl && fields[1] === current.photoUrlSmall && fields[2] === current.photoUrlMedium
      ) {
        return current; // Saved again as it is.
      }
      const parsed = parseObjectPath(input.photoUrl);
      const found = parsed && parsed.teamId === teamId ? await getPendingEntry(kv, teamId, parsed.blobId) : null;
      const pending = found?.value;
      const ids = pending ? processedIds(pending) : null;
      const own = pending && ids && pending.purpose === "headshot" && pending.playerId === playerId &&
        isUploaderOf(uploader, pending);
      if (!own) throw new ValidationError(PHOTO_MESSAGES.notUploaded);
      next = {
        photoUrl: objectPath(teamId, ids.full),
        photoUrlSmall: objectPath(teamId, ids.thumbnail),
        photoUrlMedium: objectPath(teamId, ids.medium),
      };
      if (input.photoUrlSmall !== next.photoUrlSmall || input.photoUrlMedium !== next.photoUrlMedium) {
        throw new ValidationError(PHOTO_MESSAGES.notUploaded);
      }
      pendingEntry = found as Deno.KvEntry<PendingUpload>;
    } else if (current.photoUrl === null && current.photoUrlSmall === null && current.photoUrlMedium === null) {
      return current;
    }
    const op = stagePlayerUpdate(beginChange(kv), entry as Deno.KvEntry<Player>, { ...entry.value, ...next });
    if (pendingEntry) stagePendingRemoval(op, pendingEntry);
    const keep = new Set(headshotBlobIds(teamId, next));
    await stageBlobRemovals(kv, op, teamId, headshotBlobIds(teamId, current).filter((id) => !keep.has(id)));
    stageAuditEntry(op, {
      teamId,
      action: removing ? "player.photo_removed" : "player.photo_changed",
      targetId: playerId,
      actor,
      detail: removing ? "Photo removed" : "New photo",
    }, now);
    if ((await commitTeamChange(kv, op, teamId)).ok) return next;
  }
  throw new ConflictError();
}
