/**
 * `deno task build`: bundles the islands and the stylesheet into static/build and writes its
 * manifest. The server only reads that manifest (lib/render/assets.ts); when it already matches
 * the sources there is nothing to do, so `deno task start` stays quick.
 */
import { readFreshManifest } from "../lib/render/assets.ts";
import { buildAssets, pruneBuild } from "../lib/render/bundle.ts";

const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");

const current = await readFreshManifest(ROOT);
if (current) {
  console.log(`static/build is up to date (${current.sourceHash.slice(0, 12)})`);
} else {
  const manifest = await buildAssets(ROOT);
  await pruneBuild(ROOT, manifest);
  console.log(`Built ${Object.keys(manifest.islands).length} island(s), boot ${manifest.boot}, css ${manifest.css}`);
}
