/**
 * The weekly digest's photos (issue 23, item 4): how many came this week, and the newest few
 * as thumbnails carried inside the mail (`cid:` images, lib/mail/types.ts `inlineImages`).
 * Never a link: an image address that loads with no session would be a bearer link to a child's
 * picture, living in every inbox and forward, where the gallery shows it to the team's members only.
 *
 * The mail names each thumbnail by its blob; the queue keeps that name, sealed, and reads the
 * bytes when it sends (`digestThumbnailResolver`, given to the queue by main.ts). A photo deleted
 * in between is not sent: its blob is gone, and the mail shows the image's alt text instead.
 * Only a gallery photo's thumbnail is ever read this way, never a headshot (a parent may hide
 * their child's), an original upload or a larger size.
 */
import { getBlob, readBlobBytes } from "../db/blobs.ts";
import { listPhotosAt, type PhotoRecord } from "../db/gallery.ts";
import { loadMemberNames } from "../names/member_names.ts";
import { parseObjectPath } from "../photos/mod.ts";
import type { InlineImageResolver, StoredImageRef } from "../mail/mod.ts";
import { mailWeekday } from "../mail/dates.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";

/** Thumbnails shown per team; the rest are counted. */
export const DIGEST_MAX_THUMBNAILS = 3;
/** A caption's start in an image's alt text. */
const CAPTION_EXCERPT = 80;

/** A thumbnail and what its alt text says, put into words per reader (`thumbnailAlt`). */
export interface DigestThumbnail {
  ref: StoredImageRef;
  /** The uploader's current name, as the gallery shows it. */
  uploader: string;
  createdAt: string;
  /** The caption's start ("" without one). */
  caption: string;
}

export interface WeekPhotos {
  count: number;
  /** The newest of them, newest first. */
  thumbnails: DigestThumbnail[];
}

/** "Photo shared by Carla Person on Tuesday: Goal!" in `lang`, the weekday in `zone`. */
export function thumbnailAlt(thumbnail: DigestThumbnail, zone: string, lang: Language): string {
  const alt = format(lang, messagesFor(lang).mail.digest.photoAlt, {
    name: thumbnail.uploader,
    weekday: mailWeekday(lang, new Date(thumbnail.createdAt), zone),
  });
  return thumbnail.caption ? `${alt}: ${thumbnail.caption}` : alt;
}

function captionExcerpt(caption: string): string {
  const flat = caption.replace(/\s+/g, " ").trim();
  return flat.length > CAPTION_EXCERPT ? `${flat.slice(0, CAPTION_EXCERPT - 1).trimEnd()}…` : flat;
}

/**
 * The team's photos since `since`: counted, and the newest few with what their alt text says (an
 * uploader without a name of their own named in `lang`, the reader's).
 */
export async function weekPhotos(kv: Deno.Kv, teamId: string, since: number, lang?: Language): Promise<WeekPhotos> {
  const PAGE = 100;
  let count = 0;
  const newest: PhotoRecord[] = [];
  for (let offset = 0;; offset += PAGE) {
    const { photos, hasMore } = await listPhotosAt(kv, teamId, offset, PAGE);
    const recent = photos.filter((p) => Date.parse(p.createdAt) >= since);
    count += recent.length;
    newest.push(...recent.slice(0, DIGEST_MAX_THUMBNAILS - newest.length));
    if (!hasMore || recent.length < photos.length) break;
  }
  const shown = newest.flatMap((photo) => {
    const ref = parseObjectPath(photo.thumbnailPath);
    return ref && ref.teamId === teamId ? [{ photo, ref }] : [];
  });
  if (shown.length === 0) return { count, thumbnails: [] };
  // Named as the gallery names them (the uploader's current name).
  const nameOf = await loadMemberNames(kv, teamId, shown.map((s) => s.photo.uploaderId), lang);
  const thumbnails = shown.map(({ photo, ref }) => ({
    ref,
    uploader: nameOf(photo.uploaderId),
    createdAt: photo.createdAt,
    caption: captionExcerpt(photo.caption),
  }));
  return { count, thumbnails };
}

/**
 * The queue's resolver for the digest's inline images: the bytes of a gallery photo's thumbnail,
 * or null when it is gone (deleted with its photo or its team) or is not one.
 */
export function digestThumbnailResolver(kv: Deno.Kv): InlineImageResolver {
  return async ({ teamId, blobId }) => {
    const manifest = await getBlob(kv, teamId, blobId);
    if (!manifest || manifest.state !== "ready" || manifest.purpose !== "gallery" || manifest.role !== "thumbnail") {
      return null;
    }
    const content = await readBlobBytes(kv, manifest);
    if (!content) return null;
    const extension = manifest.contentType === "image/png"
      ? "png"
      : manifest.contentType === "image/webp"
      ? "webp"
      : "jpg";
    return { filename: `photo.${extension}`, contentType: manifest.contentType, content };
  };
}
