/**
 * How a 'Change photo' button inside another island (the family-member dialog, a roster row)
 * reaches the page's one PlayerPhoto island, and how that island tells the others a photo
 * changed. The button and the dialog live in different islands (and bundles), so they meet
 * through the DOM only: the button hands the player to the island's hidden opener and clicks
 * it (the boot module wakes the island on that click and replays it), and a saved photo is
 * announced as a document event every island may listen to.
 */
import { useEffect, useState } from "react";

/** The player a photo dialog is opened for. */
export interface PhotoTarget {
  playerId: string;
  /** "First Last", for the dialog's title and the photo's `alt`. */
  name: string;
  /** The photo to show in the dialog (the medium size), or null without one. */
  photoUrl: string | null;
}

/** A saved (or removed: all null) photo of one player. */
export interface PhotoChange {
  playerId: string;
  photoUrl: string | null;
  photoUrlSmall: string | null;
  photoUrlMedium: string | null;
}

/** The PlayerPhoto island's hidden opener, and the attribute that carries the player to it. */
export const OPENER_SELECTOR = "[data-player-photo-open]";
export const TARGET_ATTRIBUTE = "data-player-photo-target";
/** Marks the button that opened the dialog last, to give it the focus back. */
export const TRIGGER_ATTRIBUTE = "data-player-photo-trigger";
const CHANGED = "goalmates:player-photo";

/** Opens the page's photo dialog for `target`; false when the page has none. */
export function openPlayerPhoto(target: PhotoTarget, trigger?: HTMLElement): boolean {
  const opener = document.querySelector<HTMLButtonElement>(OPENER_SELECTOR);
  if (!opener) return false;
  for (const el of document.querySelectorAll(`[${TRIGGER_ATTRIBUTE}="last"]`)) el.setAttribute(TRIGGER_ATTRIBUTE, "");
  trigger?.setAttribute(TRIGGER_ATTRIBUTE, "last");
  opener.setAttribute(TARGET_ATTRIBUTE, JSON.stringify(target));
  opener.click();
  return true;
}

/** The player the opener was clicked for (null when the click did not come from `openPlayerPhoto`). */
export function readTarget(opener: Element): PhotoTarget | null {
  try {
    const target = JSON.parse(opener.getAttribute(TARGET_ATTRIBUTE) ?? "null");
    return target && typeof target.playerId === "string" ? target as PhotoTarget : null;
  } catch {
    return null;
  }
}

/** The button that opened the dialog for `playerId`, still on the page (it may have been re-rendered). */
export function triggerOf(playerId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[${TRIGGER_ATTRIBUTE}="last"]`) ??
    document.querySelector<HTMLElement>(`[data-photo-player="${CSS.escape(playerId)}"]`);
}

export function announcePhotoChange(change: PhotoChange): void {
  document.dispatchEvent(new CustomEvent<PhotoChange>(CHANGED, { detail: change }));
}

/** Calls `listener` for every photo saved on this page; returns the unsubscribe. */
export function onPhotoChange(listener: (change: PhotoChange) => void): () => void {
  const handle = (e: Event) => listener((e as CustomEvent<PhotoChange>).detail);
  document.addEventListener(CHANGED, handle);
  return () => document.removeEventListener(CHANGED, handle);
}

/** The photos saved on this page so far, by player id (for an island whose props hold the old ones). */
export function usePhotoChanges(): Record<string, PhotoChange> {
  const [changes, setChanges] = useState<Record<string, PhotoChange>>({});
  useEffect(() => onPhotoChange((c) => setChanges((all) => ({ ...all, [c.playerId]: c }))), []);
  return changes;
}
