/**
 * The built browser assets: where they live, their manifest, and whether it still matches the
 * sources. The server only reads what `deno task build` wrote; the bundler (lib/render/bundle.ts,
 * esbuild) is never in its import graph, so a read-only deployment or a compiled binary can run it.
 */
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

/** The one line a start without a usable build prints (then it exits). */
export const BUILD_MISSING_LINE = "static/build is missing or older than the sources: run `deno task build`";

export class BuildMissingError extends Error {
  override name = "BuildMissingError";
  constructor() {
    super(BUILD_MISSING_LINE);
  }
}

/** The manifest `deno task build` wrote, or null when there is none (or only a damaged one). */
export async function readManifest(root: string): Promise<AssetManifest | null> {
  try {
    return JSON.parse(await Deno.readTextFile(`${root}/${BUILD_DIR}/${MANIFEST}`));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof SyntaxError) return null;
    throw error;
  }
}

/**
 * The manifest when the build matches the sources as they are now, else null. Hashing the
 * sources costs about 30 ms at start. A compiled binary carries its build but not the tree it
 * was built from, so there is nothing to compare it with.
 */
export async function readFreshManifest(root: string): Promise<AssetManifest | null> {
  const manifest = await readManifest(root);
  if (!manifest || Deno.build.standalone) return manifest;
  return manifest.sourceHash === await hashSources(root) ? manifest : null;
}

/**
 * The server's assets. In production a missing or stale build stops the start
 * (`BuildMissingError`); in development the build runs first in a process of its own, so an
 * island edit that `--watch` restarts on is bundled without esbuild entering the server.
 */
export async function loadAssets(
  root: string,
  env: "production" | "development",
  build: (root: string) => Promise<boolean> = runBuild,
): Promise<AssetManifest> {
  const fresh = await readFreshManifest(root);
  if (fresh) return fresh;
  if (env === "development" && !Deno.build.standalone && await build(root)) {
    const rebuilt = await readFreshManifest(root);
    if (rebuilt) return rebuilt;
  }
  throw new BuildMissingError();
}

/** Runs scripts/build.ts (what `deno task build` runs) in a child process; true when it succeeded. */
export async function runBuild(root: string): Promise<boolean> {
  const { success } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/build.ts"],
    cwd: root,
    env: { NODE_ENV: "production" },
    stdin: "null",
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  return success;
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
