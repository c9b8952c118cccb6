/**
 * Player headshots (SPEC.md: the player photo dialog; only a parent of that player, or a team
 * admin, changes it): setting a processed headshot upload as the player's photo, or removing
 * it. The previous photo's blobs are deleted in the same commit, which also refreshes the
 * team's public pages. And whether the public sees it (R41): the team's switch and a guardian's
 * own consent, which only a guardian of the player gives or withdraws.
 */
import { getPlayerEntry, type Player, stagePlayerUpdate } from "../db/players.ts";
import { stageBlobRemovals } from "../db/blobs.ts";
import { getPendingEntry, type PendingUpload, stagePendingRemoval } from "../db/uploads.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import { retryOnConflict } from "../db/change.ts";
import { beginChange } from "../db/kv.ts";
import { isGuardian, listGuardianLinks } from "../db/guardians.ts";
import {
  getHeadshotConsentEntry,
  type HeadshotConsent,
  listHeadshotConsents,
  stageHeadshotConsent,
} from "../db/headshot_consents.ts";
import { getTeam, type Team } from "../db/teams.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { canWrite, type TeamViewer } from "../team_viewer.ts";
import { consentIsCurrent, type HeadshotConsentAnswer, headshotIsPublic } from "./headshot_consent.ts";
import { objectPath, parseObjectPath } from "./rules.ts";
import { PHOTO_MESSAGES } from "./texts.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { isUploaderOf, mayChangePlayerPhoto, processedIds, type Uploader } from "./uploads.ts";

/** The consent call's refusals, in English: the routes answer them in the request's language. */
const CONSENT_REFUSALS = messagesFor("en").headshots.consentRefusals;

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
  return await retryOnConflict(async () => {
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
    await commitTeamChangeOrConflict(kv, op, teamId);
    return next;
  }, { attempts: 3 });
}

/**
 * A guardian's choice to show their child's headshot on the public roster (R41). Only a current
 * parent of the player (a guardian link) decides, as themselves: the team's admin who is not
 * one, another parent, the player, the team's shared login and a system administrator are
 * refused (403; 404 for no such player). Agreeing records who and when; withdrawing deletes the
 * record. The commit rewrites the team's revision, so cached public rosters drop at once, and
 * carries its audit entry. Saying again what is stored commits nothing.
 */
export async function setHeadshotConsent(
  kv: Deno.Kv,
  viewer: TeamViewer,
  playerId: string,
  wanted: unknown,
  actor: string,
  now: Date,
): Promise<HeadshotConsentAnswer> {
  const { teamId } = viewer;
  const [team, player] = await Promise.all([getTeam(kv, teamId), getPlayerEntry(kv, teamId, playerId)]);
  if (!team || !player.value) throw new NotFoundError(PLAYER_NOT_FOUND);
  const userId = viewer.userId;
  const guardian = canWrite(viewer) && viewer.role !== "PLAYER" && userId !== null &&
    await isGuardian(kv, teamId, playerId, userId);
  if (!guardian || userId === null) throw new ForbiddenError(CONSENT_REFUSALS.notGuardian);
  if (typeof wanted !== "boolean") throw new ValidationError(CONSENT_REFUSALS.badValue);
  const answer = (consent: HeadshotConsent | null): HeadshotConsentAnswer => ({
    playerId,
    public: consent !== null,
    consentedAt: consent?.consentedAt ?? null,
    teamShowsPhotos: team.settings.showPhotos,
  });
  return await retryOnConflict(async () => {
    const [entry, playerEntry, links] = await Promise.all([
      getHeadshotConsentEntry(kv, teamId, playerId),
      getPlayerEntry(kv, teamId, playerId),
      listGuardianLinks(kv, teamId, playerId),
    ]);
    if (!playerEntry.value) throw new NotFoundError(PLAYER_NOT_FOUND);
    const current = consentIsCurrent(entry.value?.userId, links.map((l) => l.userId)) ? entry.value : null;
    // Nothing to change: already agreed by a current guardian, or nothing stored to withdraw.
    if (wanted && current) return answer(current);
    if (!wanted && !entry.value) return answer(null);
    const next: HeadshotConsent | null = wanted ? { teamId, playerId, userId, consentedAt: now.toISOString() } : null;
    // The player is checked too, so a consent is never left behind by a player removed meanwhile.
    const op = stageHeadshotConsent(beginChange(kv).check(playerEntry), entry, next);
    stageAuditEntry(op, {
      teamId,
      action: "player.photo_consent",
      targetId: playerId,
      actor,
      detail: wanted ? "Photo on the public roster: agreed" : "Photo on the public roster: withdrawn",
    }, now);
    await commitTeamChangeOrConflict(kv, op, teamId);
    return answer(next);
  }, { attempts: 3 });
}

/**
 * The players of a team whose headshot the public may see (R41): none while the team hides
 * photos; else those with a current guardian's consent.
 */
export async function publicHeadshotPlayerIds(kv: Deno.Kv, team: Team): Promise<Set<string>> {
  if (!team.settings.showPhotos) return new Set();
  const [consents, links] = await Promise.all([listHeadshotConsents(kv, team.id), listGuardianLinks(kv, team.id)]);
  const guardiansOf = new Map<string, string[]>();
  for (const link of links) guardiansOf.set(link.playerId, [...guardiansOf.get(link.playerId) ?? [], link.userId]);
  return new Set(
    consents.filter((c) =>
      headshotIsPublic({
        teamShowsPhotos: team.settings.showPhotos,
        consentBy: c.userId,
        guardianIds: guardiansOf.get(c.playerId) ?? [],
      })
    ).map((c) => c.playerId),
  );
}

/** Whether the public may see one player's headshot (the same rule, for serving its images). */
export async function headshotIsPublicFor(kv: Deno.Kv, team: Team, playerId: string): Promise<boolean> {
  if (!team.settings.showPhotos) return false;
  const [consent, links] = await Promise.all([
    getHeadshotConsentEntry(kv, team.id, playerId),
    listGuardianLinks(kv, team.id, playerId),
  ]);
  return headshotIsPublic({
    teamShowsPhotos: team.settings.showPhotos,
    consentBy: consent.value?.userId,
    guardianIds: links.map((l) => l.userId),
  });
}
