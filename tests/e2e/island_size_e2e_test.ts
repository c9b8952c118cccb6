/**
 * Every island in the registry (islands/mod.ts) keeps its own code under 8 KB gzip beyond the
 * chunk all islands share (React), measured on a build of the current sources the way
 * `deno task bench` measures the dashboard's islands. A new island, or a module an island
 * imports growing past the budget, fails here.
 */
import assert from "node:assert/strict";
import { islands } from "../../islands/mod.ts";
import { ensureBuild } from "./server.ts";
import { ISLAND_OWN_GZIP, islandOwnGzip } from "./island_size.ts";

Deno.test("[island sizes] every island keeps its own code under 8 KB gzip", async () => {
  // Measuring a build older than the sources would pass or fail for code that is gone.
  await ensureBuild();
  const names = Object.keys(islands);
  assert.ok(names.length > 0, "the island registry is empty");
  const sizes = await Promise.all(names.map(async (name) => ({ name, bytes: await islandOwnGzip(name) })));
  for (const { name, bytes } of sizes) assert.ok(bytes > 0, `${name}: no code of its own in the build`);
  const over = sizes.filter(({ bytes }) => bytes >= ISLAND_OWN_GZIP).map(({ name, bytes }) => `${name} ${bytes} B`);
  assert.deepEqual(over, [], `islands at or over ${ISLAND_OWN_GZIP} B gzip of their own: ${over.join(", ")}`);
});
