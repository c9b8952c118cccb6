/**
 * The language a page renders in and its messages, for components on the server and, with the
 * areas its page handed it, for an island in the browser. Components read it with `useI18n()`.
 */
import { createContext, type ReactNode, useContext } from "react";
import type { Catalog } from "./catalog.ts";
import { DEFAULT_LANGUAGE, type Language } from "./languages.ts";
import { format, type Message, type Params } from "./format.ts";

export interface I18nValue {
  lang: Language;
  /** The catalogue (on the server), or the areas an island was given. */
  m: Catalog;
  /** The page's own path, where the language switch comes back to (absent in an island). */
  path?: string;
}

/** The prop an island's page adds for its messages (lib/render/island.tsx); `mountIsland` takes it off. */
export const ISLAND_MESSAGES_PROP = "__i18n";

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ value, children }: { value: I18nValue; children: ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The page's language, its messages, and `t` to fill a message's placeholders. */
export function useI18n(): I18nValue & { t: (message: Message, params?: Params) => string } {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n() outside a page or island rendered with its language");
  return { ...value, t: (message, params) => format(value.lang, message, params) };
}

/** The page's language where a component needs only that (`<html lang>`, dates). */
export function useLanguage(): Language {
  return useContext(I18nContext)?.lang ?? DEFAULT_LANGUAGE;
}
