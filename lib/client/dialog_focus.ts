/** Modal dialogs of the islands: Tab and Shift+Tab stay within the open dialog. */
import type { KeyboardEvent } from "react";

const FOCUSABLE = "a[href],button:enabled,input:enabled,textarea:enabled,select:enabled";

/** The dialog's keydown handler: from its last focusable element Tab goes to its first, and back. */
export function keepTabInside(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== "Tab") return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)]
    .filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
  const edge = items[e.shiftKey ? 0 : items.length - 1];
  if (items.length && document.activeElement === edge) {
    e.preventDefault();
    items[e.shiftKey ? items.length - 1 : 0].focus();
  }
}
