/**
 * How much an island costs in the last build (`deno task build`): its own code, as
 * bench/dashboard_js.ts measures it, and its messages in each language. `deno task bench`
 * reports it; tests/e2e/island_size_e2e_test.ts holds every island to the budget.
 */
import { gzipSync } from "node:zlib";
import type { AssetManifest } from "../lib/render/assets.ts";
import { type IslandName, islands } from "../islands/mod.ts";
import { islandMessages } from "../lib/i18n/island_areas.ts";
import { type Language, LANGUAGES } from "../lib/i18n/languages.ts";
import { serializeForScript } from "../lib/render/serialize.ts";

const PROJECT_ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");

/** The target for an island's own code, beyond the chunks every island shares. */
export const ISLAND_OWN_GZIP = 8192;

/** The chunks every island imports (React and what comes with it): in no island's own code. */
export function sharedChunks(manifest: AssetManifest): string[] {
  const graphs = Object.values(manifest.islandGraph);
  return graphs[0].filter((url) => graphs.every((g) => g.includes(url)) && !/\/island-/.test(url));
}

/** An island's own gzip bytes: its entry and the chunks it imports that not every island does. */
export async function islandOwnGzip(name: string): Promise<number> {
  const dir = `${PROJECT_ROOT}/static/build`;
  const manifest: AssetManifest = JSON.parse(await Deno.readTextFile(`${dir}/manifest.json`));
  const shared = sharedChunks(manifest);
  const graph = manifest.islandGraph[name];
  if (!graph) throw new Error(`The build has no island ${name}: run \`deno task build\`.`);
  let total = 0;
  for (const url of graph.filter((u) => !shared.includes(u))) {
    total += gzipSync(await Deno.readFile(`${dir}/${url.split("/").pop()}`)).byteLength;
  }
  return total;
}

/**
 * The gzip bytes of the messages an island's page writes into its props in `lang`
 * (lib/render/island.tsx): with its own code, what the island costs in that language. Gzipped
 * alone, so an upper bound of what they add to the page's gzipped HTML.
 */
export function islandMessagesGzip(name: IslandName, lang: Language): number {
  const messages = { lang, m: islandMessages(lang, name) };
  return gzipSync(new TextEncoder().encode(serializeForScript(messages))).byteLength;
}

/** Every island's own code and, per language, that plus its messages (gzip bytes), as a report's table. */
export async function islandsReport(): Promise<string[]> {
  const fmt = (n: number) => n.toLocaleString("en-US");
  const verdict = (n: number) => `${fmt(n)} ${n < ISLAND_OWN_GZIP ? "ok" : "MISSED"}`;
  const lines = ["", "## Every island: own code, and with its messages per language (gzip bytes)", ""];
  lines.push(`| island | own code | + messages (en) | + messages (es) | target |`);
  lines.push("| --- | ---: | ---: | ---: | --- |");
  for (const name of Object.keys(islands) as IslandName[]) {
    const own = await islandOwnGzip(name);
    const [en, es] = LANGUAGES.map((lang) => own + islandMessagesGzip(name, lang));
    lines.push(`| ${name} | ${fmt(own)} | ${verdict(en)} | ${verdict(es)} | < ${fmt(ISLAND_OWN_GZIP)} |`);
  }
  lines.push(
    "Messages: the island's catalogue areas (lib/i18n/island_areas.ts) as its page writes them into its props, " +
      "gzipped alone (an upper bound of what they add to the gzipped page).",
  );
  return lines;
}

if (import.meta.main) console.log((await islandsReport()).join("\n"));
