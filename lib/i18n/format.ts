/**
 * Message values and how they become text (issue 24). Catalogues hold data only, so a page can
 * hand an island its messages as JSON props: a plain string with `{name}` placeholders, or a
 * plural, whose form `Intl.PluralRules` picks from its `count`. Numbers are written with
 * `Intl.NumberFormat` in the language. Pure and small: islands import it.
 */
import type { Language } from "./languages.ts";

/** A text that changes with a number: `{ one: "{count} player", other: "{count} players" }`. */
export interface Plural {
  zero?: string;
  one: string;
  other: string;
}

export type Message = string | Plural;
export type Params = Record<string, string | number>;

const pluralRules = new Map<Language, Intl.PluralRules>();
const numberFormats = new Map<Language, Intl.NumberFormat>();

const rulesFor = (lang: Language) => {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, rules = new Intl.PluralRules(lang));
  return rules;
};

/** A number as the language writes it: 1,250 in English, 1250 / 12.500 in Spanish. */
export function formatNumber(lang: Language, value: number): string {
  let format = numberFormats.get(lang);
  if (!format) numberFormats.set(lang, format = new Intl.NumberFormat(lang));
  return format.format(value);
}

/** A plural has `one` and `other` texts (and maybe `zero`) and nothing else: `{ game, practice, other }` is no plural. */
export const isPlural = (message: unknown): message is Plural =>
  typeof message === "object" && message !== null && typeof (message as Plural).one === "string" &&
  typeof (message as Plural).other === "string" &&
  Object.keys(message).every((key) => key === "zero" || key === "one" || key === "other");

/** The text of `message` with `params` in its placeholders (a missing one stays as written). */
export function format(lang: Language, message: Message, params: Params = {}): string {
  let template: string;
  if (isPlural(message)) {
    const count = Number(params.count ?? 0);
    const form = count === 0 && message.zero !== undefined ? "zero" : rulesFor(lang).select(count);
    template = form === "one" ? message.one : form === "zero" ? message.zero! : message.other;
  } else template = message;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === "number" ? formatNumber(lang, value) : value;
  });
}
