/**
 * The Photo Gallery's numbers and photo shape (SPEC.md sections 2, 8 and 9), pure so that the
 * server's section, the View All page, both islands and the unit tests share them. Its words are
 * the catalogue's photos area (lib/i18n/en/photos.ts), which both islands get as props. The
 * carousel's rules are in carousel.ts, the checks on picked files in upload_rules.ts (each
 * island bundles only its own).
 */

import { GALLERY_LIMITS } from "../../../lib/photos/limits.ts";
import { format } from "../../../lib/i18n/format.ts";
import type { Language } from "../../../lib/i18n/languages.ts";
import type { Catalog } from "../../../lib/i18n/catalog.ts";

/** The photos area of the catalogue, in the page's language (`useI18n().m.photos`). */
export type PhotoTexts = Catalog["photos"];

/** SPEC.md section 9 (lib/photos/limits.ts): the carousel shows 6 photos a page (3 columns). */
export const CAROUSEL_PAGE_SIZE: number = GALLERY_LIMITS.perPage;
/** The first fetch brings 10 photos, then 10 at a time. */
export const GALLERY_FETCH_SIZE: number = GALLERY_LIMITS.nextFetch;
/** The next photos are fetched when 6 or fewer remain beyond the current page. */
export const PREFETCH_REMAINING: number = GALLERY_LIMITS.prefetchWhenRemaining;
/** A swipe over 50 px changes the page. */
export const SWIPE_MIN_PX: number = GALLERY_LIMITS.swipePx;
/** At most 3 photos per upload, 10 MB each, captions of 280 characters. */
export const MAX_UPLOAD_FILES: number = GALLERY_LIMITS.maxFiles;
export const MAX_UPLOAD_BYTES: number = GALLERY_LIMITS.maxBytes;
export const CAPTION_MAX_LENGTH: number = GALLERY_LIMITS.maxCaption;
/** The long edge the browser shrinks a photo to before sending it (the server's full size). */
export const UPLOAD_MAX_EDGE = 2048;
/** The View All page's photos per page (a multiple of 2 and 3 columns). */
export const VIEW_ALL_PAGE_SIZE = 24;
/** The furthest `?offset=` the View All page accepts (the photos domain's GALLERY_MAX_OFFSET). */
export const MAX_OFFSET = 10_000;

/** The uploader type the spec's body names, from the person's role in the team. */
export function uploaderTypeOf(role: string): string {
  return role === "TEAM_ADMIN" ? "admin" : role === "PLAYER" ? "player" : "parent";
}

/** A gallery photo as the pages and islands show it (the API's Gallery photo has more). */
export interface GalleryItem {
  id: string;
  urls: { thumbnail: string; medium: string; full?: string };
  caption: string;
  uploaderName: string;
  uploaderType?: string;
  /** Who uploaded it (they may delete it); null when unknown. */
  uploaderId?: string | null;
}

/** A Gallery photo as the API gives it (lib/photos/types.ts), as far as the gallery reads it. */
export interface GalleryPhotoLike {
  id: string;
  urls: { thumbnail: string; medium: string; full?: string };
  caption?: string | null;
  uploaderName?: string | null;
  uploaderType?: string | null;
  uploaderId?: string | null;
}

/** Keeps only what the gallery shows, so an island's props carry no more than it needs. */
export function toGalleryItem(photo: GalleryPhotoLike): GalleryItem {
  return {
    id: photo.id,
    urls: { thumbnail: photo.urls.thumbnail, medium: photo.urls.medium, full: photo.urls.full },
    caption: photo.caption ?? "",
    uploaderName: photo.uploaderName ?? "",
    uploaderType: photo.uploaderType ?? undefined,
    uploaderId: photo.uploaderId ?? null,
  };
}

/** The text alternative of a photo: its caption, else who shared it. */
export const photoAlt = (photo: GalleryItem, lang: Language, texts: PhotoTexts): string =>
  photo.caption ||
  (photo.uploaderName ? format(lang, texts.alt.sharedBy, { name: photo.uploaderName }) : texts.alt.teamPhoto);

/**
 * The View All page's `?offset=`: a whole number from 0 to MAX_OFFSET (absent: 0); null for
 * anything else.
 */
export function parseOffset(raw: string | undefined): number | null {
  if (raw === undefined || raw === "") return 0;
  if (!/^\d{1,5}$/.test(raw)) return null;
  const offset = Number(raw);
  return offset <= MAX_OFFSET ? offset : null;
}

/** The View All page's address (at `offset`, when not the first). */
export function viewAllHref(teamId: string, offset = 0): string {
  const base = `/family-dashboard/${encodeURIComponent(teamId)}/photos`;
  return offset > 0 ? `${base}?offset=${offset}` : base;
}
