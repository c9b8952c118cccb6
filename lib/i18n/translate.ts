/**
 * A message lib/ wrote in English, in another language (issue 24). lib/ knows no request, so
 * its refusals (`ValidationError`, `ConflictError`, …) carry the English catalogue's text; the
 * routes put it in the request's language on the way out (API `{ message }`, field messages and
 * error pages) by finding the English entry it came from:
 * - a text without placeholders is looked up as it is;
 * - a template ("{name} must be true or false.") is matched with its placeholders as
 *   wildcards, and the Spanish template filled with what they matched;
 * - a plural is matched form by form, and the Spanish plural picked by the same count.
 * A text found nowhere (a library's own message) is left in English.
 */
import { messagesFor } from "./catalog.ts";
import { format, isPlural, type Message, type Params } from "./format.ts";
import { DEFAULT_LANGUAGE, type Language } from "./languages.ts";

interface Template {
  pattern: RegExp;
  names: string[];
  /** How much of it is its own text, not placeholders: the most specific templates are tried first. */
  literal: number;
  /** The same entry's message in each language. */
  path: string[];
}

type PluralForm = "zero" | "one" | "other";

interface Index {
  /** A text's entry, and which form of a plural it is. */
  exact: Map<string, { path: string[]; form?: PluralForm }>;
  templates: Template[];
}

let index: Index | null = null;

const PLACEHOLDER = /\{(\w+)\}/g;
/** The text a template needs besides its placeholders to be told apart from other messages. */
export const MIN_TEMPLATE_TEXT = 8;
/** Areas whose texts are never a message lib/ answers with (mail is written in its reader's language). */
const NOT_MESSAGES = new Set(["mail"]);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function addText(into: Index, text: string, path: string[], form?: PluralForm): void {
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
  if (names.length === 0) {
    if (!into.exact.has(text)) into.exact.set(text, { path, form });
    return;
  }
  // A template with little text of its own ("{team}", "Open {team}") would match, and half-translate,
  // messages that are not from the catalogue at all: it is no message to find.
  const literal = text.replace(PLACEHOLDER, "").trim().length;
  if (literal < MIN_TEMPLATE_TEXT) return;
  const source = text.split(PLACEHOLDER).map((part, i) => i % 2 === 1 ? "(.+?)" : escapeRegExp(part)).join("");
  into.templates.push({ pattern: new RegExp(`^${source}$`, "s"), names, path, literal });
}

function build(): Index {
  const built: Index = { exact: new Map(), templates: [] };
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === "string") return addText(built, node, path);
    if (isPlural(node)) {
      for (const form of ["zero", "one", "other"] as const) {
        if (node[form] !== undefined) addText(built, node[form]!, path, form);
      }
      return;
    }
    if (typeof node === "object" && node !== null) {
      for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
    }
  };
  for (const [area, texts] of Object.entries(messagesFor(DEFAULT_LANGUAGE))) {
    if (!NOT_MESSAGES.has(area)) walk(texts, [area]);
  }
  // The most specific first: "Photo of {name} by {who}" before "Photo of {name}".
  built.templates.sort((a, b) => b.literal - a.literal);
  return built;
}

function messageAt(lang: Language, path: string[]): Message | null {
  let node: unknown = messagesFor(lang);
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return typeof node === "string" || isPlural(node) ? node : null;
}

/** `text` (English, from the catalogue) in `lang`; unchanged when it is not from the catalogue. */
export function translateMessage(text: string, lang: Language): string {
  if (lang === DEFAULT_LANGUAGE) return text;
  index ??= build();
  const exact = index.exact.get(text);
  if (exact) {
    const message = messageAt(lang, exact.path);
    // A plural's form without placeholders ("Players"): the same form in the other language.
    if (message && isPlural(message)) return message[exact.form ?? "one"] ?? message.other;
    return message ?? text;
  }
  for (const template of index.templates) {
    const found = template.pattern.exec(text);
    if (!found) continue;
    const params: Params = {};
    template.names.forEach((name, i) => {
      const value = found[i + 1];
      // A count comes back as a number, so the plural picks its form and the number is written again.
      params[name] = name === "count" && /^\d[\d,.]*$/.test(value) ? Number(value.replace(/[,.]/g, "")) : value;
    });
    const message = messageAt(lang, template.path);
    return message ? format(lang, message, params) : text;
  }
  return text;
}

/** Every text of a `{ field: message }` map in `lang`. */
export function translateFields(fields: Record<string, string>, lang: Language): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, translateMessage(text, lang)]));
}
