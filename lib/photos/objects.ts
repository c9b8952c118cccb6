/**
 * Who may see a stored image: `/objects/<teamId>/<blobId>` is a re-encoded size of a team's
 * photo. The team's members and a system administrator see every one; anyone else only a
 * player's current headshot, and only while the team shows photos publicly and a guardian of
 * the player agreed (R41: withdrawing the consent revokes the public URL at once). A headshot a
 * parent hid from the team's other families (issue 22) is seen only by the child's own family
 * (their parents, the player's account, the family's members) and the team's admins, whoever
 * kept its address: the same rule as the pages (lib/families/people.ts `peopleSeenBy`). A raw
 * upload is never shown to anyone. Everything else is "not found", the same answer as for no image.
 */
import { type BlobManifest, getBlob, readBlobBytes } from "../db/blobs.ts";
import { getPlayer } from "../db/players.ts";
import { getFamilyIdOf } from "../db/families.ts";
import { isGuardian } from "../db/guardians.ts";
import { getMembership } from "../db/users.ts";
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
  const headshotOf = manifest.purpose === "headshot" ? manifest.playerId : null;
  if (viewer && viewer.teamId === teamId) {
    if (!headshotOf || viewer.isAdmin) return manifest;
    const player = await getPlayer(kv, teamId, headshotOf);
    return !player?.hidePhoto || await isOwnFamily(kv, viewer, headshotOf) ? manifest : null;
  }
  if (!headshotOf) return null;
  const [team, player] = await Promise.all([getTeam(kv, teamId), getPlayer(kv, teamId, headshotOf)]);
  // Hidden from the team's other families is hidden from everyone (as the public roster does).
  if (!team?.settings.showPhotos || !player || player.hidePhoto) return null;
  const path = objectPath(teamId, blobId);
  const current = [player.photoUrl, player.photoUrlSmall, player.photoUrlMedium].includes(path);
  return current && await headshotIsPublicFor(kv, team, player.id) ? manifest : null;
}

/**
 * Whether `viewer` (a person of the team, not an admin) is of the player's own family: the player
 * themselves, one of their parents, or a member of the family the player is in. The same rule as
 * `peopleSeenBy` applies to the pages, read here for one player instead of the whole team.
 */
async function isOwnFamily(kv: Deno.Kv, viewer: TeamViewer, playerId: string): Promise<boolean> {
  const { teamId, userId } = viewer;
  if (!userId) return false;
  const membership = await getMembership(kv, userId, teamId);
  const ownPlayer = membership?.role === "PLAYER" ? membership.playerId : null;
  if (ownPlayer === playerId) return true;
  const [guardian, childFamily, viewerFamily] = await Promise.all([
    isGuardian(kv, teamId, playerId, userId),
    getFamilyIdOf(kv, teamId, "player", playerId),
    ownPlayer ? getFamilyIdOf(kv, teamId, "player", ownPlayer) : getFamilyIdOf(kv, teamId, "parent", userId),
  ]);
  return guardian || (childFamily !== null && childFamily === viewerFamily);
}

/** The image's bytes (null if its chunks are not all there). */
export async function readObjectBytes(kv: Deno.Kv, manifest: BlobManifest): Promise<Uint8Array<ArrayBuffer> | null> {
  return await readBlobBytes(kv, manifest);
}
