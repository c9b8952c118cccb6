import { type ComponentType, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nProvider, type I18nValue } from "../i18n/context.tsx";
import { type ClientTexts, setClientTexts } from "../i18n/client_texts.ts";

function AfterHydration({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  useEffect(onHydrated, []);
  return children;
}

/**
 * Hydrates one island over its server-rendered markup. When a click woke the island, the
 * click is replayed once React owns the element, so the first tap is never lost. The replay
 * waits for the next task: fields adopted in layout effects (lib/client/adopt_values.ts) set
 * state that React renders before that task, so the replayed click reaches handlers that see
 * the adopted values, not the hydration render's.
 */
export function mountIsland<P>(
  Component: ComponentType<P>,
  el: HTMLElement,
  data: P & { __i18n: I18nValue },
  replay?: HTMLElement,
): void {
  // The page wrote the island's messages beside its props (lib/render/island.tsx).
  const { __i18n: messages, ...props } = data;
  setClientTexts((messages.m.common as { client?: ClientTexts } | undefined)?.client);
  hydrateRoot(
    el,
    <AfterHydration
      onHydrated={() => {
        el.removeAttribute("aria-busy");
        if (replay) setTimeout(() => replay.click(), 0);
      }}
    >
      <I18nProvider value={messages}>
        <Component {...props as P & object} />
      </I18nProvider>
    </AfterHydration>,
  );
}
