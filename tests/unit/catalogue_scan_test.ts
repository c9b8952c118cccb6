/**
 * No English text in a component outside the catalogues (issue 24 item 6): the components and
 * islands are scanned for JSX text and for text in the props a person reads or hears (aria-label,
 * title, placeholder, alt, label). What a page says comes from `useI18n()`.
 */
import assert from "node:assert/strict";
import { ROOT, sourceFiles } from "../source_files.ts";

/** Text between a JSX tag's `>` (not an arrow's `=>`) and the next tag or expression, with a word in it. */
const JSX_TEXT = /(?<![=-])>\s*([A-Za-z][A-Za-z'’,.!?:;()\- ]*[a-z][A-Za-z'’,.!?:;()\- ]*)\s*</g;
/** A prop a reader meets, written as a literal with a word in it. */
const READ_PROP = /\b(?:aria-label|title|placeholder|alt|label)="([^"]*[a-z]{3,}[^"]*)"/g;
/** Names, not words: the same in every language. */
const NAMES = new Set(["GoalMates"]);

/** The English a component's source writes itself. */
export function englishInSource(source: string): string[] {
  const texts = [...source.matchAll(JSX_TEXT)].map((m) => m[1].trim()).filter((t) => /[a-z]{2}/.test(t));
  const props = [...source.matchAll(READ_PROP)].map((m) => m[1]);
  return [...texts, ...props].filter((text) => !NAMES.has(text));
}

async function componentSources(): Promise<Map<string, string>> {
  const files = (await sourceFiles(["components", "islands"])).filter((f) => f.endsWith(".tsx"));
  return new Map(await Promise.all(files.map(async (f) => [f, await Deno.readTextFile(`${ROOT}/${f}`)] as const)));
}

Deno.test("[catalogue scan] the scan finds JSX text and read props, not code", () => {
  assert.deepEqual(englishInSource('<p className="x">Save your team</p><input placeholder="Your name" />'), [
    "Save your team",
    "Your name",
  ]);
  assert.deepEqual(englishInSource("const go = async (): Promise<void> => { if (a > b && c < d) return; }"), []);
  assert.deepEqual(englishInSource("<p>{m.team.title}</p><img alt={t(m.photo.alt)} /><span>GoalMates</span>"), []);
});

Deno.test("[catalogue scan] components and islands write no English of their own", async () => {
  const found: string[] = [];
  for (const [file, source] of await componentSources()) {
    for (const text of englishInSource(source)) found.push(`${file}: ${JSON.stringify(text)}`);
  }
  assert.deepEqual(found, [], "move these texts into lib/i18n/en and lib/i18n/es");
});
