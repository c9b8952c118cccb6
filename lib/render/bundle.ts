import * as esbuild from "esbuild";
import { islandModule, type IslandName, islands } from "../../islands/mod.ts";
import { type AssetManifest, BUILD_DIR, BUILD_URL, hashSources, MANIFEST } from "./assets.ts";
import { sha256Hex } from "../hash.ts";

/**
 * Stylesheets, concatenated in this order into one hashed file; then every file of
 * `FEATURE_STYLES` (one per family-dashboard section), by name.
 */
const STYLESHEETS = ["static/styles.css", "static/marketing.css"];
const FEATURE_STYLES = "static/features";

/**
 * Bundles the boot module and one entry per island (production React, ESM, shared chunks,
 * content-hashed names) and the stylesheet, then writes the manifest.
 *
 * Safe while other processes serve or build from the same folder: output goes to a private
 * temporary folder, hashed files are moved in beside the old ones (which stay servable), and
 * the manifest is replaced last by an atomic rename.
 */
export async function buildAssets(root: string, sourceHash?: string): Promise<AssetManifest> {
  sourceHash ??= await hashSources(root);
  const finalDir = `${root}/${BUILD_DIR}`;
  await Deno.mkdir(finalDir, { recursive: true });
  const outDir = await Deno.makeTempDir({ dir: finalDir, prefix: ".building-" });
  try {
    const manifest = await bundleInto(root, outDir, sourceHash);
    for await (const entry of Deno.readDir(outDir)) {
      if (entry.name !== MANIFEST) await Deno.rename(`${outDir}/${entry.name}`, `${finalDir}/${entry.name}`);
    }
    await Deno.rename(`${outDir}/${MANIFEST}`, `${finalDir}/${MANIFEST}`);
    return manifest;
  } finally {
    await Deno.remove(outDir, { recursive: true }).catch(() => {});
  }
}

/** Removes build files the current manifest does not name (for `deno task build`). */
export async function pruneBuild(root: string, manifest: AssetManifest): Promise<void> {
  const keep = new Set([
    MANIFEST,
    ...[manifest.css, manifest.boot, ...Object.values(manifest.islandGraph).flat()]
      .map((url) => url.slice(BUILD_URL.length + 1)),
  ]);
  for await (const entry of Deno.readDir(`${root}/${BUILD_DIR}`)) {
    if (entry.isFile && !keep.has(entry.name)) await Deno.remove(`${root}/${BUILD_DIR}/${entry.name}`);
  }
}

async function bundleInto(root: string, outDir: string, sourceHash: string): Promise<AssetManifest> {
  const names = Object.keys(islands);
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [
      { in: "lib/client/boot.ts", out: "boot" },
      ...names.map((name) => ({ in: `island-entry:${name}`, out: `island-${name}` })),
    ],
    plugins: [islandEntries(root)],
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["es2022"],
    minify: true,
    jsx: "automatic",
    jsxImportSource: "react",
    define: { "process.env.NODE_ENV": '"production"' },
    outdir: outDir,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    legalComments: "none",
    metafile: true,
    logLevel: "silent",
  });
  const css = await buildStylesheet(root, outDir);
  await esbuild.stop();

  const urlOf = (file: string) => `${BUILD_URL}/${file.split("/").pop()}`;
  const entries = new Map<string, string>();
  for (const [file, out] of Object.entries(result.metafile.outputs)) {
    if (out.entryPoint) entries.set(out.entryPoint, file);
  }
  const graph = (file: string, seen = new Set<string>()): string[] => {
    if (seen.has(file)) return [];
    seen.add(file);
    const imports = result.metafile.outputs[file]?.imports ?? [];
    return [file, ...imports.filter((i) => i.kind === "import-statement").flatMap((i) => graph(i.path, seen))];
  };
  const manifest: AssetManifest = {
    css,
    boot: urlOf(entries.get("lib/client/boot.ts")!),
    islands: {},
    islandGraph: {},
    sourceHash,
  };
  for (const name of names) {
    const file = entries.get(`island-entry:${name}`)!;
    manifest.islands[name] = urlOf(file);
    manifest.islandGraph[name] = graph(file).map(urlOf);
  }
  await Deno.writeTextFile(`${outDir}/${MANIFEST}`, JSON.stringify(manifest, null, 2));
  return manifest;
}

/** A virtual entry per island that pairs the component with the hydration helper. */
function islandEntries(root: string): esbuild.Plugin {
  return {
    name: "island-entries",
    setup(build) {
      build.onResolve({ filter: /^island-entry:/ }, (args) => ({
        path: args.path.slice("island-entry:".length),
        namespace: "island-entry",
      }));
      build.onLoad({ filter: /.*/, namespace: "island-entry" }, (args) => ({
        resolveDir: root,
        loader: "tsx",
        contents: `import Island from "./islands/${islandModule(args.path as IslandName)}";
import { mountIsland } from "./lib/client/mount.tsx";
export const mount = (el, props, replay) => mountIsland(Island, el, props, replay);`,
      }));
    },
  };
}

async function buildStylesheet(root: string, outDir: string): Promise<string> {
  const features: string[] = [];
  for await (const entry of Deno.readDir(`${root}/${FEATURE_STYLES}`)) {
    if (entry.isFile && entry.name.endsWith(".css")) features.push(`${FEATURE_STYLES}/${entry.name}`);
  }
  const sources = await Promise.all(
    [...STYLESHEETS, ...features.sort()].map((file) => Deno.readTextFile(`${root}/${file}`).catch(() => "")),
  );
  const { code } = await esbuild.transform(sources.join("\n"), { loader: "css", minify: true });
  const name = `styles-${(await sha256Hex(code)).slice(0, 12)}.css`;
  await Deno.writeTextFile(`${outDir}/${name}`, code);
  return `${BUILD_URL}/${name}`;
}
