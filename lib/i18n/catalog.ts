/**
 * Both catalogues, for the server (pages, API messages, mail). Islands never import this: a
 * page hands each island the areas it uses, in the page's language (lib/render/island.tsx).
 */
import { en } from "./en/mod.ts";
import { es } from "./es/mod.ts";
import type { Language } from "./languages.ts";

export type Catalog = typeof en;
export type Area = keyof Catalog;

const CATALOGS: Record<Language, Catalog> = { en, es: es as Catalog };

export const messagesFor = (lang: Language): Catalog => CATALOGS[lang];

/** Some areas of a language's catalogue: what an island gets with its props. */
export function areasOf(lang: Language, areas: readonly Area[]): Partial<Catalog> {
  const catalog = messagesFor(lang);
  return Object.fromEntries(areas.map((area) => [area, catalog[area]])) as Partial<Catalog>;
}
