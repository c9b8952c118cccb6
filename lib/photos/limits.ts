/**
 * The photos feature's numbers and accepted types (SPEC.md sections 5 and 9), and how a
 * caption's length is counted: pure and dependency-free, for the PhotoGallery and PhotoUpload
 * islands as much as the server. Its words are in the catalogue (lib/photos/texts.ts).
 */

/** SPEC.md sections 5 and 9: the upload dialog's and the carousel's numbers. */
export const GALLERY_LIMITS = {
  /** Photos one upload may add (and uploads a person may have under way at once). */
  maxFiles: 3,
  /** Bytes per photo (10 MB). */
  maxBytes: 10 * 1024 * 1024,
  /** Caption length, in characters as a person counts them. */
  maxCaption: 280,
  /** Carousel: photos per page, in 3 columns. */
  perPage: 6,
  columns: 3,
  /** The first fetch, and each later one. */
  firstFetch: 10,
  nextFetch: 10,
  /** The next page is fetched when this few photos or fewer remain beyond the current page. */
  prefetchWhenRemaining: 6,
  /** A swipe longer than this (px) changes the page. */
  swipePx: 50,
} as const;

/** What the browser sends: these types only (the server reads the real type from the bytes). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** Characters as a person sees them (code points, so an emoji counts once). */
export const captionLength = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};
