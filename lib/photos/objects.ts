/**
 * Who may see a stored image: `/objects/<teamId>/<blobId>` is a re-encoded size of a team's
 * photo. The team's members and a system administrator see every one; anyone else only a
 * player's current headshot, and only while the team shows photos publicly and a guardian of
 * the player agreed (R41: withdrawing the consent revokes the public URL at once). A raw upload
 * is never shown to anyone. Everything else is "not found", the same answer as for no image.
 */
import { type BlobManifest, getBlob, readBlobBytes } from "../db/blobs.ts";
import { getPlayer } from "../db/players.ts";
import { getTeam } from "../db/teams.ts";
import type { TeamViewer } from "../team_viewer.ts";
import { headshotIsPublicFor } from "./headshots.ts";
import { objectPath } from "./rules.ts";

export type { BlobManifest };

/**
 * The manifest of the image at `/objects/<teamId>/<blobId>` if `viewer` (null: anyone not of
 * the team) may see it, else null.
 */
export async function findObject(
  kv: Deno.Kv,
  teamId: string,
  blobId: string,
  viewer: TeamViewer | null,
): Promise<BlobManifest | null> {
  const manifest = await getBlob(kv, teamId, blobId);
  if (!manifest || manifest.state !== "ready") return null;
  if (viewer && viewer.teamId === teamId) return manifest;
  if (manifest.purpose !== "headshot" || !manifest.playerId) return null;
  const [team, player] = await Promise.all([getTeam(kv, teamId), getPlayer(kv, teamId, manifest.playerId)]);
  if (!team?.settings.showPhotos || !player) return null;
  const path = objectPath(teamId, blobId);
  const current = [player.photoUrl, player.photoUrlSmall, player.photoUrlMedium].includes(path);
  return current && await headshotIsPublicFor(kv, team, player.id) ? manifest : null;
}

/** The image's bytes (null if its chunks are not all there). */
export async function readObjectBytes(kv: Deno.Kv, manifest: BlobManifest): Promise<Uint8Array<ArrayBuffer> | null> {
  return await readBlobBytes(kv, manifest);
}
