import { type ComponentType, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

function AfterHydration({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  useEffect(onHydrated, []);
  return children;
}

/**
 * Hydrates one island over its server-rendered markup. When a click woke the island, the
 * click is replayed once React owns the element, so the first tap is never lost.
 */
export function mountIsland<P>(
  Component: ComponentType<P>,
  el: HTMLElement,
  props: P,
  replay?: HTMLElement,
): void {
  hydrateRoot(
    el,
    <AfterHydration
      onHydrated={() => {
        el.removeAttribute("aria-busy");
        replay?.click();
      }}
    >
      <Component {...props as P & object} />
    </AfterHydration>,
  );
}
