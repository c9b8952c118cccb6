/**
 * The island registry (islands/mod.ts) and the files under islands/ agree: the module the bundler
 * makes an island's browser entry from (`islandModule`, which knows the sysadmin/ folder) is the
 * component the server renders under that name, and every file there is a registered island.
 */
import assert from "node:assert/strict";
import { islandModule, type IslandName, islands } from "../../islands/mod.ts";

const ISLANDS_DIR = new URL("../../islands/", import.meta.url);
const names = Object.keys(islands) as IslandName[];

async function islandFiles(dir = ISLANDS_DIR, prefix = ""): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory) files.push(...await islandFiles(new URL(`${entry.name}/`, dir), `${prefix}${entry.name}/`));
    else if (entry.name.endsWith(".tsx")) files.push(`${prefix}${entry.name}`);
  }
  return files;
}

Deno.test("[islands] the bundler's module of each island is the component the server renders", async () => {
  for (const name of names) {
    const module = await import(new URL(islandModule(name), ISLANDS_DIR).href);
    assert.equal(module.default, islands[name], `${name}: islands/${islandModule(name)}`);
  }
});

Deno.test("[islands] the system administrator's islands live in islands/sysadmin/", () => {
  for (const name of ["SysadminLogin", "GlobalCampaignForm", "EmailTest"] as const) {
    assert.equal(islandModule(name), `sysadmin/${name}.tsx`);
  }
  assert.equal(islandModule("TeamLogin"), "TeamLogin.tsx");
});

Deno.test("[islands] every file under islands/ is a registered island", async () => {
  const registered = names.map(islandModule).sort();
  assert.deepEqual((await islandFiles()).sort(), registered);
});
