/**
 * The carousel's rules (SPEC.md section 9), pure: its pages of 6, the prefetch when 6 or fewer
 * remain beyond the page, the swipe over 50 px, and who may delete a photo.
 */
import { format, formatNumber } from "../../../lib/i18n/format.ts";
import type { Language } from "../../../lib/i18n/languages.ts";
import {
  CAROUSEL_PAGE_SIZE,
  type GalleryItem,
  type PhotoTexts,
  PREFETCH_REMAINING,
  SWIPE_MIN_PX,
} from "./gallery_rules.ts";

/** Who may delete a photo: its uploader or an admin, and never a read-only viewer. */
export interface PhotoDeleter {
  userId: string | null;
  isAdmin: boolean;
  canWrite: boolean;
}

export const mayDeletePhoto = (viewer: PhotoDeleter, photo: GalleryItem): boolean =>
  viewer.canWrite && (viewer.isAdmin || (viewer.userId !== null && photo.uploaderId === viewer.userId));

/** The carousel's state as its paging rules see it. */
export interface CarouselState {
  /** Photos loaded so far (newest first). */
  loaded: number;
  /** The page shown (0-based). */
  page: number;
  /** The server has more beyond `loaded`. */
  hasMore: boolean;
}

/** The photos of a page: `[start, end)` in the loaded list. */
export function pageRange(page: number, loaded: number): [number, number] {
  const start = page * CAROUSEL_PAGE_SIZE;
  return [start, Math.min(start + CAROUSEL_PAGE_SIZE, loaded)];
}

/** How many pages the loaded photos fill (at least one: the empty state). */
export const loadedPages = (loaded: number): number => Math.max(1, Math.ceil(loaded / CAROUSEL_PAGE_SIZE));

/** SPEC.md: fetch the next photos when 6 or fewer remain beyond the current page. */
export function shouldPrefetch({ loaded, page, hasMore }: CarouselState): boolean {
  return hasMore && loaded - (page + 1) * CAROUSEL_PAGE_SIZE <= PREFETCH_REMAINING;
}

/** Whether there is a next page (loaded, or still on the server). */
export const hasNextPage = ({ loaded, page, hasMore }: CarouselState): boolean =>
  (page + 1) * CAROUSEL_PAGE_SIZE < loaded || hasMore;

/** The page to show after the list changed (photos deleted): never past the last loaded one. */
export const clampPage = (page: number, loaded: number): number => Math.min(Math.max(0, page), loadedPages(loaded) - 1);

/** "1–6 of 10", "7–12 of 20+" (more on the server), "" when empty. */
export function pageLabel({ loaded, page, hasMore }: CarouselState, lang: Language, texts: PhotoTexts): string {
  const [start, end] = pageRange(page, loaded);
  if (end <= start) return "";
  const total = `${formatNumber(lang, loaded)}${hasMore ? "+" : ""}`;
  return format(lang, texts.carousel.range, { start: start + 1, end, total });
}

/**
 * A pointer's move from its down to its up: -1 (back: a swipe to the right), 1 (forward: to the
 * left) when it went over 50 px and more sideways than up or down, else 0 (a tap or a scroll).
 */
export function swipeDirection(dx: number, dy = 0): -1 | 0 | 1 {
  if (Math.abs(dx) <= SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** Adds photos to a list, each once (an upload and a fetch may bring the same one). */
export function mergePhotos<T extends { id: string }>(list: T[], more: T[], where: "start" | "end"): T[] {
  const seen = new Set(list.map((p) => p.id));
  const fresh = more.filter((p) => !seen.has(p.id) && seen.add(p.id));
  return where === "start" ? [...fresh, ...list] : [...list, ...fresh];
}
