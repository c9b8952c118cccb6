/**
 * How the roster page's two islands meet: RosterManager (the toolbar, the counts, the search and
 * the table) and RosterPanel (the add, edit, remove and import forms). Two islands, so that each
 * keeps its code and its messages under the 8 KB budget (issue 24), and the page loads the forms'
 * code (and the player rules) only when a form is used. They meet through the DOM only, as a
 * 'Change photo' button and the photo dialog do (lib/client/player_photo.ts): a link hands the
 * panel its request through the panel's hidden opener and clicks it (the boot module wakes the
 * panel on that click and replays it), and a saved change is announced as a document event.
 */
import type { RosterPlayer } from "./roster_forms.ts";

/** The form to open; an edit or removal names its player (null: not on the roster). */
export type PanelRequest =
  | { kind: "add" }
  | { kind: "import" }
  | { kind: "edit" | "remove"; player: RosterPlayer | null };

/** The panel's hidden opener (`data-roster-panel-open` in islands/RosterPanel.tsx), and the attribute that carries the request to it. */
const OPENER_SELECTOR = "[data-roster-panel-open]";
const REQUEST_ATTRIBUTE = "data-roster-panel-request";
const CHANGED = "goalmates:roster-change";

/** Opens the page's roster panel on `request`; false when the page has none (the link then navigates). */
export function openRosterPanel(request: PanelRequest): boolean {
  const opener = document.querySelector<HTMLButtonElement>(OPENER_SELECTOR);
  if (!opener) return false;
  opener.setAttribute(REQUEST_ATTRIBUTE, JSON.stringify(request));
  opener.click();
  return true;
}

/** The request the opener was clicked for (null when the click did not come from `openRosterPanel`). */
export function readPanelRequest(opener: Element): PanelRequest | null {
  try {
    const request = JSON.parse(opener.getAttribute(REQUEST_ATTRIBUTE) ?? "null");
    return request && typeof request.kind === "string" ? request as PanelRequest : null;
  } catch {
    return null;
  }
}

/** Tells the page the roster changed, with what to say about it ('Player added'). */
export function announceRosterChange(message: string): void {
  document.dispatchEvent(new CustomEvent<string>(CHANGED, { detail: message }));
}

/** Calls `listener` for every change saved on this page; returns the unsubscribe. */
export function onRosterChange(listener: (message: string) => void): () => void {
  const handle = (e: Event) => listener((e as CustomEvent<string>).detail);
  document.addEventListener(CHANGED, handle);
  return () => document.removeEventListener(CHANGED, handle);
}
