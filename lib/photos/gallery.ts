/**
 * The team gallery (SPEC.md section 2 'Photo Gallery'): listing newest first by offset, adding
 * a processed upload as a photo with its caption, deleting (the uploader their own, a team
 * admin any) with its three blobs.
 */
import { ulid } from "ulid";
import { type BlobManifest, stageBlobRemovals, stageNewBlob, writeBlobData } from "../db/blobs.ts";
import {
  getPhotoEntry,
  listPhotosAt,
  newPhotoId,
  type PhotoRecord,
  stagePhoto,
  stagePhotoRemoval,
  type UploaderType,
} from "../db/gallery.ts";
import { getPendingEntry, type PendingUpload, stagePendingRemoval } from "../db/uploads.ts";
import { beginChange } from "../db/kv.ts";
import { retryOnConflict } from "../db/change.ts";
import { commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { processImage } from "../images/mod.ts";
import { canWrite, type TeamViewer } from "../team_viewer.ts";
import { loadMemberNames } from "../names/member_names.ts";
import type { Language } from "../i18n/languages.ts";
import { checkCaption, objectPath, parseObjectPath } from "./rules.ts";
import { PHOTO_MESSAGES } from "./texts.ts";
import { isUploaderOf, processedIds, type Uploader } from "./uploads.ts";
import type { GalleryPhoto } from "./types.ts";

/** The gallery's page when none is asked for (SPEC.md section 9: first 10, then 10 at a time). */
export const GALLERY_PAGE_SIZE = 10;
export const GALLERY_PAGE_MAX = 50;
/** The furthest offset a list call reads from (offsets are read through, so they are bounded). */
export const GALLERY_MAX_OFFSET = 10_000;

/** Photos with their uploaders' names as they are now, a name not their own in `lang` (one batch read for the page). */
async function withUploaderNames(
  kv: Deno.Kv,
  teamId: string,
  photos: PhotoRecord[],
  lang?: Language,
): Promise<GalleryPhoto[]> {
  const nameOf = await loadMemberNames(kv, teamId, photos.map((p) => p.uploaderId), lang);
  return photos.map((photo) => ({ ...photo, uploaderName: nameOf(photo.uploaderId) }));
}

/** `{ photos, hasMore }`: photos `offset`… of a team, newest first. */
export async function listGalleryPhotos(
  kv: Deno.Kv,
  teamId: string,
  page: { offset?: number; limit?: number; lang?: Language } = {},
): Promise<{ photos: GalleryPhoto[]; hasMore: boolean }> {
  const offset = page.offset ?? 0;
  const limit = page.limit ?? GALLERY_PAGE_SIZE;
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > GALLERY_MAX_OFFSET) {
    throw new ValidationError(`offset must be a whole number from 0 to ${GALLERY_MAX_OFFSET}`);
  }
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > GALLERY_PAGE_MAX) {
    throw new ValidationError(`limit must be a whole number from 1 to ${GALLERY_PAGE_MAX}`);
  }
  const { photos, hasMore } = await listPhotosAt(kv, teamId, offset, limit);
  return { photos: await withUploaderNames(kv, teamId, photos, page.lang), hasMore };
}

/** How the gallery names who uploaded a photo: from the role in the team, never from the request. */
export function uploaderTypeOf(viewer: TeamViewer): UploaderType {
  return viewer.role === "PLAYER" ? "player" : viewer.role === "TEAM_STANDARD" ? "parent" : "admin";
}

export interface GalleryPhotoRequest {
  objectPath?: unknown;
  thumbnailPath?: unknown;
  mediumPath?: unknown;
  caption?: unknown;
}

/**
 * Adds the uploader's processed upload to the team gallery. The paths must be the three sizes
 * of one processed, unused gallery upload of this person in this team; who uploaded it comes
 * from the session (a request's `uploaderName`/`uploaderType` are ignored), the name shown from
 * their account when the photo is shown.
 */
export async function addGalleryPhoto(
  kv: Deno.Kv,
  uploader: Uploader,
  input: GalleryPhotoRequest,
  now: Date,
): Promise<GalleryPhoto> {
  const { viewer } = uploader;
  if (!canWrite(viewer)) throw new ForbiddenError(PHOTO_MESSAGES.readOnly);
  const caption = checkCaption(input.caption);
  if (!caption.ok) throw new ValidationError(caption.message, caption.fields);
  const notUploaded = () => new ValidationError(PHOTO_MESSAGES.notUploaded, { objectPath: PHOTO_MESSAGES.notUploaded });
  const parsed = parseObjectPath(input.objectPath);
  if (!parsed || parsed.teamId !== viewer.teamId) throw notUploaded();
  const entry = await getPendingEntry(kv, parsed.teamId, parsed.blobId);
  const pending = entry.value;
  const ids = pending ? processedIds(pending) : null;
  if (!pending || !ids || pending.purpose !== "gallery" || !isUploaderOf(uploader, pending)) throw notUploaded();
  const paths = {
    objectPath: objectPath(viewer.teamId, ids.full),
    mediumPath: objectPath(viewer.teamId, ids.medium),
    thumbnailPath: objectPath(viewer.teamId, ids.thumbnail),
  };
  if (input.mediumPath !== paths.mediumPath || input.thumbnailPath !== paths.thumbnailPath) throw notUploaded();
  const photo = buildPhoto(viewer, paths, caption.value, now);
  const op = stagePhoto(
    stagePendingRemoval(beginChange(kv), entry as Deno.KvEntry<PendingUpload>),
    viewer.teamId,
    photo,
  );
  await commitTeamChangeOrConflict(kv, op, viewer.teamId, PHOTO_MESSAGES.alreadyProcessed);
  return (await withUploaderNames(kv, viewer.teamId, [photo], viewer.language))[0];
}

function buildPhoto(
  viewer: TeamViewer,
  paths: { objectPath: string; mediumPath: string; thumbnailPath: string },
  caption: string,
  now: Date,
): PhotoRecord {
  return {
    id: newPhotoId(now.getTime()),
    ...paths,
    urls: { thumbnail: paths.thumbnailPath, medium: paths.mediumPath, full: paths.objectPath },
    caption,
    uploaderType: uploaderTypeOf(viewer),
    uploaderId: viewer.userId,
    createdAt: now.toISOString(),
  };
}

/** Whether the viewer may delete a photo: its uploader, or a team admin (never a read-only viewer). */
export const canDeletePhoto = (viewer: TeamViewer, photo: Pick<PhotoRecord, "uploaderId">): boolean =>
  canWrite(viewer) && (viewer.isAdmin || (viewer.userId !== null && photo.uploaderId === viewer.userId));

/** The blob ids of a photo's three sizes. */
function photoBlobIds(teamId: string, photo: PhotoRecord): string[] {
  return [photo.objectPath, photo.mediumPath, photo.thumbnailPath]
    .map(parseObjectPath)
    .filter((parsed) => parsed !== null && parsed.teamId === teamId)
    .map((parsed) => parsed!.blobId);
}

/**
 * Deletes a photo and its three blobs: 404 when it is not in the viewer's team, 403 unless theirs
 * or an admin's. An admin removing someone else's photo is recorded in the audit log (by `actor`).
 */
export async function deleteGalleryPhoto(
  kv: Deno.Kv,
  viewer: TeamViewer,
  photoId: string,
  actor: string,
  now = new Date(),
): Promise<void> {
  await retryOnConflict(async () => {
    const entry = await getPhotoEntry(kv, viewer.teamId, photoId);
    if (!entry.value) throw new NotFoundError(PHOTO_MESSAGES.photoNotFound);
    if (!canDeletePhoto(viewer, entry.value)) throw new ForbiddenError(PHOTO_MESSAGES.notYours);
    const op = stagePhotoRemoval(beginChange(kv), entry as Deno.KvEntry<PhotoRecord>);
    const { uploaderId } = entry.value;
    if (viewer.userId === null || uploaderId !== viewer.userId) {
      const detail = `photo by ${(await loadMemberNames(kv, viewer.teamId, [uploaderId]))(uploaderId)}`;
      // The uploader is named in the detail: indexed by their account, so erasing it finds the entry.
      const subjects = uploaderId ? [uploaderId] : [];
      stageAuditEntry(
        op,
        { teamId: viewer.teamId, action: "photo.deleted", targetId: photoId, actor, detail, subjects },
        now,
      );
    }
    await stageBlobRemovals(kv, op, viewer.teamId, photoBlobIds(viewer.teamId, entry.value));
    await commitTeamChangeOrConflict(kv, op, viewer.teamId);
  }, { attempts: 3 });
}

/**
 * Adds a photo from image bytes straight to a team's gallery, the way an upload ends up (the
 * same checks and re-encoding, no URL): for seeding demo data. Needs the image workers.
 */
export async function addGalleryPhotoFromBytes(
  kv: Deno.Kv,
  viewer: TeamViewer,
  bytes: Uint8Array,
  caption: string,
  now: Date,
): Promise<GalleryPhoto> {
  const checked = checkCaption(caption);
  if (!checked.ok) throw new ValidationError(checked.message, checked.fields);
  const images = await processImage(bytes);
  const teamId = viewer.teamId;
  const at = now.getTime();
  const ids = { full: ulid(at), medium: ulid(at), thumbnail: ulid(at) };
  const op = beginChange(kv);
  for (const size of ["full", "medium", "thumbnail"] as const) {
    const image = images[size];
    const written = await writeBlobData(kv, teamId, ids[size], image.bytes);
    const manifest: BlobManifest = {
      id: ids[size],
      teamId,
      dataId: ids[size],
      state: "ready",
      role: size,
      purpose: "gallery",
      uploadId: ids.full,
      playerId: null,
      uploaderId: viewer.userId,
      contentType: "image/jpeg",
      ...written,
      width: image.width,
      height: image.height,
      createdAt: now.toISOString(),
    };
    stageNewBlob(op, manifest);
  }
  const photo = buildPhoto(
    viewer,
    {
      objectPath: objectPath(teamId, ids.full),
      mediumPath: objectPath(teamId, ids.medium),
      thumbnailPath: objectPath(teamId, ids.thumbnail),
    },
    checked.value,
    now,
  );
  await commitTeamChangeOrConflict(kv, stagePhoto(op, teamId, photo), teamId);
  return (await withUploaderNames(kv, teamId, [photo], viewer.language))[0];
}
