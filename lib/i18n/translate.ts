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
  /** The same entry's message in each language. */
  path: string[];
}

interface Index {
  exact: Map<string, string[]>;
  templates: Template[];
}

let index: Index | null = null;

const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function addText(into: Index, text: string, path: string[]): void {
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
  if (names.length === 0) {
    if (!into.exact.has(text)) into.exact.set(text, path);
    return;
  }
  const source = text.split(PLACEHOLDER).map((part, i) => i % 2 === 1 ? "(.+?)" : escapeRegExp(part)).join("");
  into.templates.push({ pattern: new RegExp(`^${source}$`, "s"), names, path });
}

function build(): Index {
  const built: Index = { exact: new Map(), templates: [] };
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === "string") return addText(built, node, path);
    if (isPlural(node)) {
      for (const form of ["zero", "one", "other"] as const) {
        if (node[form] !== undefined) addText(built, node[form]!, path);
      }
      return;
    }
    if (typeof node === "object" && node !== null) {
      for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
    }
  };
  walk(messagesFor(DEFAULT_LANGUAGE), []);
  // The longest templates first: "{a} and {b} left" before "{a} left".
  built.templates.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
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
    const message = messageAt(lang, exact);
    // A plural's form without placeholders ("one player"): its count is 1 where English has "one".
    if (message && isPlural(message)) return format(lang, message, { count: 1 });
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
