/**
 * The language rules and the catalogues (issue 24): which language a visitor gets, how a
 * message becomes text (plurals, numbers), how an English message from lib/ is put in Spanish,
 * and that the two catalogues have the same keys, kinds and placeholders.
 */
import assert from "node:assert/strict";
import { languageFromAcceptLanguage, LANGUAGES, visitorLanguage } from "../../lib/i18n/languages.ts";
import { ISLAND_AREAS, islandAreas, islandMessages } from "../../lib/i18n/island_areas.ts";
import type { IslandName } from "../../islands/mod.ts";
import { format, isPlural } from "../../lib/i18n/format.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { MIN_TEMPLATE_TEXT, translateFields, translateMessage } from "../../lib/i18n/translate.ts";

Deno.test("[i18n] Accept-Language: any es-* is Spanish, the visitor's ranking wins, q=0 is a no", () => {
  assert.equal(languageFromAcceptLanguage(null), "en");
  assert.equal(languageFromAcceptLanguage(""), "en");
  assert.equal(languageFromAcceptLanguage("es-MX,es;q=0.9,en;q=0.8"), "es");
  assert.equal(languageFromAcceptLanguage("es-419"), "es");
  assert.equal(languageFromAcceptLanguage("ES-us"), "es");
  assert.equal(languageFromAcceptLanguage("en-US,en;q=0.9,es;q=0.8"), "en");
  assert.equal(languageFromAcceptLanguage("fr-FR,es;q=0.5,en;q=0.4"), "es", "the first one we speak");
  assert.equal(languageFromAcceptLanguage("es;q=0.3, en;q=0.7"), "en", "by weight, not order");
  assert.equal(languageFromAcceptLanguage("es;q=0, en;q=0.1"), "en");
  assert.equal(languageFromAcceptLanguage("es;q=0"), "en");
  assert.equal(languageFromAcceptLanguage("fr, de"), "en");
  assert.equal(languageFromAcceptLanguage(`${"x-y,".repeat(1000)}es`), "en", "only the start of a huge header");
});

Deno.test("[i18n] the switch's cookie wins over Accept-Language; an unknown value is ignored", () => {
  assert.equal(visitorLanguage("gm_lang=es", "en-US"), "es");
  assert.equal(visitorLanguage("a=1; gm_lang=en", "es-MX"), "en");
  assert.equal(visitorLanguage("gm_lang=fr", "es-MX"), "es");
  assert.equal(visitorLanguage("xgm_lang=es", null), "en", "another cookie's name is not ours");
  assert.equal(visitorLanguage(null, null), "en");
});

Deno.test("[i18n] format: placeholders, plurals by Intl.PluralRules, numbers by Intl.NumberFormat", () => {
  const players = { one: "{count} player", other: "{count} players" };
  assert.equal(format("en", players, { count: 1 }), "1 player");
  assert.equal(format("en", players, { count: 0 }), "0 players");
  assert.equal(format("en", players, { count: 1250 }), "1,250 players");
  const jugadores = { zero: "Ningún jugador", one: "{count} jugador", other: "{count} jugadores" };
  assert.equal(format("es", jugadores, { count: 0 }), "Ningún jugador");
  assert.equal(format("es", jugadores, { count: 1 }), "1 jugador");
  assert.equal(format("es", jugadores, { count: 12500 }), "12.500 jugadores");
  assert.equal(format("en", "Hi {name}, {missing} stays", { name: "Ana" }), "Hi Ana, {missing} stays");
});

/** Every leaf of a catalogue: its path, and its text (a plural's forms joined). */
function leaves(node: unknown, path: string[] = []): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (typeof node === "string") out.set(path.join("."), [node]);
  else if (isPlural(node)) out.set(path.join("."), [node.one, node.other, ...(node.zero ? [node.zero] : [])]);
  else if (typeof node === "object" && node !== null) {
    for (const [key, child] of Object.entries(node)) for (const [p, v] of leaves(child, [...path, key])) out.set(p, v);
  }
  return out;
}

const placeholders = (texts: string[]) =>
  [...new Set(texts.flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();

Deno.test("[i18n] both catalogues have the same keys, each filled, with the same placeholders", () => {
  const en = leaves(messagesFor("en"));
  const es = leaves(messagesFor("es"));
  assert.deepEqual([...es.keys()].sort(), [...en.keys()].sort(), "the same keys in both");
  for (const [key, texts] of en) {
    const spanish = es.get(key)!;
    for (const text of [...texts, ...spanish]) assert.ok(text.trim().length > 0, `${key} is empty`);
    assert.deepEqual(placeholders(spanish), placeholders(texts), `${key}: the same placeholders`);
  }
});

Deno.test("[i18n] translateMessage: an English message from the catalogue, as text or as a filled template", () => {
  const { errors } = messagesFor("en");
  assert.equal(translateMessage(errors.server, "es"), messagesFor("es").errors.server);
  assert.equal(translateMessage(errors.server, "en"), errors.server);
  assert.equal(translateMessage("A message no catalogue has.", "es"), "A message no catalogue has.");
  // Nor is one half-translated by a short template ("{what} for {team}", "Open {team}") it happens to fit.
  for (const text of ["Too many requests for this address.", "Open the door", "Hi there,"]) {
    assert.equal(translateMessage(text, "es"), text);
  }
  assert.deepEqual(translateFields({ a: errors.notFound, b: "free text" }, "es"), {
    a: "No encontrado",
    b: "free text",
  });
});

Deno.test("[i18n] translateMessage finds every catalogue entry, its placeholders filled, in Spanish", () => {
  const en = messagesFor("en");
  const es = messagesFor("es");
  const at = (root: unknown, path: string) => path.split(".").reduce((n, k) => (n as Record<string, unknown>)[k], root);
  const englishTexts = new Map<string, number>();
  const filled = new Map<string, { en: string; es: string }>();
  for (const path of leaves(en).keys()) {
    const message = at(en, path) as Parameters<typeof format>[1];
    const texts = isPlural(message) ? [message.one, message.other] : [message];
    const params = Object.fromEntries(placeholders(texts).map((name, i) => [name, name === "count" ? 3 : `«${i}»`]));
    const english = format("en", message, params);
    englishTexts.set(english, (englishTexts.get(english) ?? 0) + 1);
    filled.set(path, { en: english, es: format("es", at(es, path) as typeof message, params) });
  }
  for (const [path, texts] of filled) {
    // The same English in two places may have two Spanish texts: either is right. A template with
    // little text of its own ("Open {team}") would match anything: it is not looked up.
    if (englishTexts.get(texts.en)! > 1) continue;
    if (path.startsWith("mail.")) continue; // Mail is written in its reader's language, never translated back.
    const own = at(en, path);
    const template = isPlural(own) ? own.other : own as string; // The plural's form a count of 3 takes.
    if (/\{\w+\}/.test(template) && template.replace(/\{\w+\}/g, "").trim().length < MIN_TEMPLATE_TEXT) continue;
    assert.equal(translateMessage(texts.en, "es"), texts.es, path);
  }
});

Deno.test("[i18n] an island given only some entries of an area gets exactly those, each one there in both languages", () => {
  for (const [name, areas] of Object.entries(ISLAND_AREAS)) {
    for (const wanted of areas ?? []) {
      if (typeof wanted === "string") continue;
      for (const lang of LANGUAGES) {
        const area = islandMessages(lang, name as IslandName)[wanted.area] as Record<string, unknown>;
        // Exactly those, unless the island also names the area for other entries (as `common`'s client texts).
        const expected = new Set<string>();
        for (const named of islandAreas(name as IslandName)) {
          if (typeof named !== "string" && named.area === wanted.area) named.only.forEach((key) => expected.add(key));
        }
        assert.deepEqual(new Set(Object.keys(area)), expected, `${name}: ${wanted.area} in ${lang}`);
        for (const key of wanted.only) assert.ok(area[key] !== undefined, `${name}: ${wanted.area}.${key} in ${lang}`);
      }
    }
  }
  const family = islandMessages("es", "FamilyExplorer");
  assert.equal(family.headshots?.consent.save, messagesFor("es").headshots.consent.save);
  assert.equal((family.headshots as Record<string, unknown>).dialog, undefined, "the photo dialog's words stay out");
  assert.ok(family.family, "a whole area");
});
