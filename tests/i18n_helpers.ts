/**
 * For the Spanish page tests (issue 24): the English catalogue's texts still on a page that should
 * be in Spanish. A page in Spanish may share words with English (names, "GoalMates", "Email"), so
 * only texts the Spanish catalogue words differently, and long enough to mean something, count.
 */
import assert from "node:assert/strict";
import { type Catalog, messagesFor } from "../lib/i18n/catalog.ts";
import { ISLAND_MESSAGES_PROP } from "../lib/i18n/context.tsx";
import { isPlural } from "../lib/i18n/format.ts";

/** Shorter texts ("OK", "Email") are too often the same words in both languages to tell anything. */
const MIN_LENGTH = 10;

function leafTexts(node: unknown, path: string[] = [], out = new Map<string, string[]>()): Map<string, string[]> {
  if (typeof node === "string") out.set(path.join("."), [node]);
  else if (isPlural(node)) out.set(path.join("."), [node.one, node.other, ...(node.zero ? [node.zero] : [])]);
  else if (typeof node === "object" && node !== null) {
    for (const [key, child] of Object.entries(node)) leafTexts(child, [...path, key], out);
  }
  return out;
}

/** The longest piece of a template between its placeholders: what a filled text surely contains. */
const longestLiteral = (text: string) =>
  text.split(/\{\w+\}/).map((part) => part.trim()).sort((a, b) => b.length - a.length)[0] ?? "";

let englishOnly: string[] | null = null;

/** The English texts that Spanish words differently (their literal parts). */
function englishTexts(): string[] {
  if (englishOnly) return englishOnly;
  const en = leafTexts(messagesFor("en"));
  const es = leafTexts(messagesFor("es"));
  const found = new Set<string>();
  for (const [key, texts] of en) {
    const spanish = new Set(es.get(key) ?? []);
    for (const text of texts) {
      const literal = longestLiteral(text);
      if (literal.length >= MIN_LENGTH && !spanish.has(text)) found.add(literal);
    }
  }
  return englishOnly = [...found];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };

/** What a reader sees or hears of a page: its text and its labels, without scripts and styles. */
export function readableText(html: string): string {
  const withoutCode = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, " ");
  // A `value` is read only on a button-like input: an option's or a hidden field's is data (an API's English value).
  const labels = [
    ...withoutCode.matchAll(/\b(?:aria-label|title|alt|placeholder|content)="([^"]*)"/g),
    ...withoutCode.matchAll(/<input\b[^>]*\btype="(?:submit|button|reset)"[^>]*\bvalue="([^"]*)"/g),
  ].map((m) => m[1]);
  const text = withoutCode.replace(/<[^>]+>/g, " ");
  return [text, ...labels].join(" ").replace(/&(#?\w+);/g, (whole, name) => ENTITIES[name] ?? whole)
    .replace(/\s+/g, " ");
}

/** The English catalogue texts still readable in `html` (empty when the page is all in Spanish). */
export function englishLeftIn(html: string): string[] {
  const text = readableText(html);
  return englishTexts().filter((english) => text.includes(english));
}

/**
 * What a page wrote for its first island named `name` (lib/render/island.tsx): its props, and
 * apart from them the messages it was given (`__i18n`, in the page's language).
 */
export function islandDataIn(
  html: string,
  name: string,
): { props: Record<string, unknown>; messages: { lang: string; m: Partial<Catalog> } } {
  const marker = new RegExp(`data-island="${name}"[^>]*data-props="([^"]+)"`).exec(html);
  assert.ok(marker, `the page has the ${name} island`);
  const script = new RegExp(`<script type="application/json" id="${marker[1]}"[^>]*>([^<]*)</script>`).exec(html);
  assert.ok(script, `the ${name} island's props`);
  const { [ISLAND_MESSAGES_PROP]: messages, ...props } = JSON.parse(script[1]);
  return { props, messages };
}
