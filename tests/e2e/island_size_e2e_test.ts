/**
 * Every island in the registry (islands/mod.ts) keeps its own code under 8 KB gzip beyond the
 * chunk all islands share (React), with its messages in either language (issue 24 item 5),
 * measured on a build of the current sources the way `deno task bench` measures the dashboard's
 * islands. A new island, a module an island imports or an area it is given growing past the
 * budget, fails here.
 */
import assert from "node:assert/strict";
import { islands } from "../../islands/mod.ts";
import { ensureBuild } from "./server.ts";
import { ISLAND_OWN_GZIP, islandMessagesGzip, islandOwnGzip } from "../../bench/island_size.ts";
import { LANGUAGES } from "../../lib/i18n/languages.ts";
import type { IslandName } from "../../islands/mod.ts";

Deno.test("[island sizes] every island keeps its own code, with its messages in each language, under 8 KB gzip", async () => {
  // Measuring a build older than the sources would pass or fail for code that is gone.
  await ensureBuild();
  const names = Object.keys(islands) as IslandName[];
  assert.ok(names.length > 0, "the island registry is empty");
  const code = await Promise.all(names.map(async (name) => ({ name, bytes: await islandOwnGzip(name) })));
  for (const { name, bytes } of code) assert.ok(bytes > 0, `${name}: no code of its own in the build`);
  const sizes = code.flatMap(({ name, bytes }) =>
    LANGUAGES.map((lang) => ({ name: `${name} (${lang})`, bytes: bytes + islandMessagesGzip(name, lang) }))
  );
  const over = sizes.filter(({ bytes }) => bytes >= ISLAND_OWN_GZIP).map(({ name, bytes }) => `${name} ${bytes} B`);
  assert.deepEqual(over, [], `islands at or over ${ISLAND_OWN_GZIP} B gzip of their own: ${over.join(", ")}`);
});
