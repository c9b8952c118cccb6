/**
 * The team gallery: `["gallery_photos", teamId, photoId]`, written and deleted only here.
 * Photo ids are ULIDs of their creation time, so a reverse listing is newest first. A photo's
 * three blobs (lib/db/blobs.ts) go with it.
 */
import { monotonicFactory } from "ulid";
import { keys } from "./keys.ts";

export type UploaderType = "admin" | "parent" | "player";

/**
 * A gallery photo as stored: SPEC.md section 3's fields but the uploader's name, which is read
 * from their account when shown (lib/photos' GalleryPhoto), with who uploaded it.
 */
export interface PhotoRecord {
  id: string;
  /** `/objects/<teamId>/<blobId>`: the full size (long edge 2048). */
  objectPath: string;
  /** The thumbnail (320). */
  thumbnailPath: string;
  /** The medium size (800). */
  mediumPath: string;
  urls: { thumbnail: string; medium: string; full: string };
  caption: string;
  uploaderType: UploaderType;
  /** The uploader's account (null for a team's shared login): who may delete it as its uploader. */
  uploaderId: string | null;
  createdAt: string;
}

const nextPhotoId = monotonicFactory();

/** A new photo id, increasing with time. */
export const newPhotoId = (time: number): string => nextPhotoId(time);

export async function getPhotoEntry(kv: Deno.Kv, teamId: string, photoId: string) {
  return await kv.get<PhotoRecord>(keys.galleryPhoto(teamId, photoId));
}

/**
 * Photos `offset` … `offset + limit - 1` of a team, newest first, and whether more follow.
 * Reads the keys it skips (the offset is bounded by the caller).
 */
export async function listPhotosAt(
  kv: Deno.Kv,
  teamId: string,
  offset: number,
  limit: number,
): Promise<{ photos: PhotoRecord[]; hasMore: boolean }> {
  const photos: PhotoRecord[] = [];
  let index = 0;
  let hasMore = false;
  const iter = kv.list<PhotoRecord>({ prefix: keys.teamGalleryPhotos(teamId) }, {
    reverse: true,
    limit: offset + limit + 1,
    batchSize: Math.min(500, offset + limit + 1),
  });
  for await (const entry of iter) {
    if (index >= offset + limit) {
      hasMore = true;
      break;
    }
    if (index >= offset) photos.push(entry.value);
    index++;
  }
  return { photos, hasMore };
}

/** Adds a new photo to `op`; the commit fails if the id is somehow taken. */
export function stagePhoto(op: Deno.AtomicOperation, teamId: string, photo: PhotoRecord): Deno.AtomicOperation {
  const key = keys.galleryPhoto(teamId, photo.id);
  return op.check({ key, versionstamp: null }).set(key, photo);
}

/** Adds to `op` the removal of a photo record, checked unchanged since `entry` was read. */
export function stagePhotoRemoval(op: Deno.AtomicOperation, entry: Deno.KvEntry<PhotoRecord>) {
  return op.check(entry).delete(entry.key);
}
