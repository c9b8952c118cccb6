import { useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { clientTexts } from "../i18n/client_texts.ts";

export interface Toast {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** SPEC.md: one toast at a time, shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;

type Shown = Toast & { id: number; region: Element };

// A plain store rather than a signals library: every island loads this module, so its size
// counts in each island's own code (an 8 KB gzip budget), and one value with one reader needs
// no more than this.
let current: Shown | null = null;
let onChange: (() => void) | undefined;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
let root: Root | undefined;

/** Shows a toast in the live region, replacing any toast already there. */
export function toast(t: Toast): void {
  const pageRegion = document.getElementById("toast-region");
  if (!pageRegion) return;
  // An open modal dialog makes the rest of the page inert: its own region is where a toast
  // can be seen and heard.
  const region = document.querySelector("dialog[open] .toast-region") ?? pageRegion;
  show({ ...t, id: nextId++, region });
  clearTimeout(timer);
  timer = setTimeout(dismiss, TOAST_DURATION_MS);
  if (!root) {
    root = createRoot(pageRegion);
    root.render(<Toaster />);
  }
}

function show(next: Shown | null) {
  current = next;
  onChange?.();
}

function dismiss() {
  show(null);
}

/** The Toaster is the store's only reader. */
const subscribe = (listener: () => void) => {
  onChange = listener;
  return () => {
    if (onChange === listener) onChange = undefined;
  };
};
const read = () => current;

function Toaster() {
  const t = useSyncExternalStore(subscribe, read, read);
  if (!t) return null;
  const destructive = t.variant === "destructive";
  return createPortal(
    <div
      key={t.id}
      className={`toast${destructive ? " toast--destructive" : ""}`}
      role={destructive ? "alert" : "status"}
    >
      <div className="toast__body">
        <p className="toast__title">{t.title}</p>
        {t.description && <p className="toast__description">{t.description}</p>}
      </div>
      <button type="button" className="toast__close" aria-label={clientTexts().dismissNotification} onClick={dismiss}>
        ×
      </button>
    </div>,
    t.region,
  );
}
