/**
 * How the Add Photos dialog hands new photos to the carousel (two islands, browser only): the
 * photos wait in a small queue on `window`, and a click on the carousel's hidden "wake" button
 * tells it to take them. Before the carousel is hydrated that click is what wakes it (the boot
 * module hydrates an island on its first click and replays the click once React owns it); after,
 * it is an ordinary click. A carousel still loading takes the queue when it mounts.
 */
import type { GalleryItem } from "./gallery_rules.ts";

/** The attribute of the carousel's wake button (islands/PhotoGallery.tsx renders it). */
export const WAKE_ATTRIBUTE = "data-gallery-wake";

type Queue = { __galleryAdded?: GalleryItem[] };

/** Queues new photos for the carousel and wakes it; false when the page has no carousel. */
export function announcePhotos(photos: GalleryItem[]): boolean {
  const queue = globalThis as Queue;
  (queue.__galleryAdded ??= []).push(...photos);
  const wake = document.querySelector<HTMLElement>(`[${WAKE_ATTRIBUTE}]`);
  wake?.click();
  return wake !== null;
}

/** The photos queued since the last call (newest last), emptying the queue. */
export function takeAnnouncedPhotos(): GalleryItem[] {
  const queue = globalThis as Queue;
  const photos = queue.__galleryAdded ?? [];
  queue.__galleryAdded = [];
  return photos;
}
