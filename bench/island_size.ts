/** How big an island's own code is in the last build (`deno task build`), as bench/dashboard_js.ts measures it. */
import { gzipSync } from "node:zlib";
import { PROJECT_ROOT } from "./server.ts";
import type { AssetManifest } from "../../lib/render/assets.ts";

/** The target for an island's own code, beyond the chunks every island shares. */
export const ISLAND_OWN_GZIP = 8192;

/** An island's own gzip bytes: its entry and the chunks it imports that not every island does. */
export async function islandOwnGzip(name: string): Promise<number> {
  const dir = `${PROJECT_ROOT}/static/build`;
  const manifest: AssetManifest = JSON.parse(await Deno.readTextFile(`${dir}/manifest.json`));
  const graphs = Object.values(manifest.islandGraph);
  const shared = graphs[0].filter((url) => graphs.every((g) => g.includes(url)) && !/\/island-/.test(url));
  const graph = manifest.islandGraph[name];
  if (!graph) throw new Error(`The build has no island ${name}: run \`deno task build\`.`);
  let total = 0;
  for (const url of graph.filter((u) => !shared.includes(u))) {
    total += gzipSync(await Deno.readFile(`${dir}/${url.split("/").pop()}`)).byteLength;
  }
  return total;
}
