/** The built browser assets: where they live, their manifest, and whether it is fresh. */
import { sha256Hex } from "../hash.ts";

/** What `deno task build` produces: hashed URLs of the stylesheet, the boot module and islands. */
export interface AssetManifest {
  css: string;
  boot: string;
  /** Island name → URL of its entry module. */
  islands: Record<string, string>;
  /** Island name → every JS URL its entry imports statically (entry and shared chunks). */
  islandGraph: Record<string, string[]>;
  /** Hash of the sources the build read; a mismatch means the build is stale. */
  sourceHash: string;
}

/** Where the build writes, relative to the project root, and the URL prefix it is served at. */
export const BUILD_DIR = "static/build";
export const BUILD_URL = "/build";
export const MANIFEST = "manifest.json";
/** Everything the browser bundles or the stylesheet can be built from. */
const SOURCE_DIRS = ["islands", "components", "lib", "static"];

/**
 * Returns the asset manifest, building first when there is none or when the sources changed
 * since the last build (so `deno task start` on a fresh clone just works).
 */
export async function ensureAssets(root: string): Promise<AssetManifest> {
  const sourceHash = await hashSources(root);
  try {
    const manifest: AssetManifest = JSON.parse(await Deno.readTextFile(`${root}/${BUILD_DIR}/${MANIFEST}`));
    if (manifest.sourceHash === sourceHash) return manifest;
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  // The bundler (esbuild) is loaded only when a build is needed, never by a fresh server.
  const { buildAssets } = await import("./bundle.ts");
  return await buildAssets(root, sourceHash);
}

export async function hashSources(root: string): Promise<string> {
  const files: string[] = [`${root}/deno.json`];
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(dir)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory && path !== `${root}/${BUILD_DIR}`) await walk(path);
      else if (entry.isFile && /\.(tsx?|css)$/.test(entry.name)) files.push(path);
    }
  };
  for (const dir of SOURCE_DIRS) await walk(`${root}/${dir}`).catch(() => {});
  files.sort();
  const parts = await Promise.all(
    files.map(async (f) => `${f.slice(root.length)}\n${await Deno.readTextFile(f)}`),
  );
  return await sha256Hex(parts.join("\n"));
}
