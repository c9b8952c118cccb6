import { signal } from "@preact/signals-core";
import { useSyncExternalStore } from "react";
import { createRoot, type Root } from "react-dom/client";

export interface Toast {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** SPEC.md: one toast at a time, shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;

const current = signal<(Toast & { id: number }) | null>(null);
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
let root: Root | undefined;

/** Shows a toast in the page's live region, replacing any toast already there. */
export function toast(t: Toast): void {
  current.value = { ...t, id: nextId++ };
  clearTimeout(timer);
  timer = setTimeout(dismiss, TOAST_DURATION_MS);
  if (!root) {
    const region = document.getElementById("toast-region");
    if (!region) return;
    root = createRoot(region);
    root.render(<Toaster />);
  }
}

function dismiss() {
  current.value = null;
}

const subscribe = (onChange: () => void) => current.subscribe(onChange);
const read = () => current.value;

function Toaster() {
  const t = useSyncExternalStore(subscribe, read, read);
  if (!t) return null;
  const destructive = t.variant === "destructive";
  return (
    <div
      key={t.id}
      className={`toast${destructive ? " toast--destructive" : ""}`}
      role={destructive ? "alert" : "status"}
    >
      <div className="toast__body">
        <p className="toast__title">{t.title}</p>
        {t.description && <p className="toast__description">{t.description}</p>}
      </div>
      <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={dismiss}>
        ×
      </button>
    </div>
  );
}
