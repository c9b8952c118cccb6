/**
 * The server reads the build `deno task build` wrote and never bundles itself: a production
 * start refuses a missing or stale build, development runs the build (in a process of its own)
 * and then reads it. Each case on a small source tree of its own.
 */
import assert from "node:assert/strict";
import {
  type AssetManifest,
  BUILD_DIR,
  BUILD_MISSING_LINE,
  BuildMissingError,
  hashSources,
  loadAssets,
  MANIFEST,
  readFreshManifest,
} from "../../lib/render/assets.ts";

async function sourceTree(): Promise<string> {
  const root = await Deno.makeTempDir({ prefix: "goalmates-assets-" });
  await Deno.mkdir(`${root}/islands`);
  await Deno.mkdir(`${root}/static`);
  await Deno.writeTextFile(`${root}/deno.json`, "{}");
  await Deno.writeTextFile(`${root}/islands/Counter.tsx`, "export default function Counter() { return null; }\n");
  await Deno.writeTextFile(`${root}/static/styles.css`, "body { margin: 0; }\n");
  return root;
}

/** What the build writes: a manifest naming the sources' hash as it is now. */
async function writeManifest(root: string, sourceHash?: string): Promise<AssetManifest> {
  const manifest: AssetManifest = {
    css: "/build/styles-1.css",
    boot: "/build/boot-1.js",
    islands: {},
    islandGraph: {},
    sourceHash: sourceHash ?? await hashSources(root),
  };
  await Deno.mkdir(`${root}/${BUILD_DIR}`, { recursive: true });
  await Deno.writeTextFile(`${root}/${BUILD_DIR}/${MANIFEST}`, JSON.stringify(manifest));
  return manifest;
}

const neverBuild = () => Promise.reject(new Error("the server must not build"));

Deno.test("[assets] production reads a fresh build and refuses a missing or stale one, without building", async () => {
  const root = await sourceTree();
  try {
    await assert.rejects(loadAssets(root, "production", neverBuild), BuildMissingError, "no build");
    const manifest = await writeManifest(root);
    assert.deepEqual(await loadAssets(root, "production", neverBuild), manifest);

    await Deno.writeTextFile(`${root}/islands/Counter.tsx`, "// edited\n", { append: true });
    await assert.rejects(loadAssets(root, "production", neverBuild), (error: unknown) => {
      assert.ok(error instanceof BuildMissingError);
      assert.equal(error.message, BUILD_MISSING_LINE);
      assert.equal(error.message, "static/build is missing or older than the sources: run `deno task build`");
      return true;
    });

    // A stylesheet counts as a source too, and a damaged manifest as none.
    await writeManifest(root);
    await Deno.writeTextFile(`${root}/static/styles.css`, "p { color: red; }\n", { append: true });
    assert.equal(await readFreshManifest(root), null);
    await Deno.writeTextFile(`${root}/${BUILD_DIR}/${MANIFEST}`, "{ half");
    await assert.rejects(loadAssets(root, "production", neverBuild), BuildMissingError);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("[assets] development runs the build when it is missing or stale, then reads it", async () => {
  const root = await sourceTree();
  try {
    let builds = 0;
    const build = async (at: string) => {
      builds++;
      await writeManifest(at);
      return true;
    };
    const built = await loadAssets(root, "development", build);
    assert.equal(builds, 1);
    assert.equal(built.sourceHash, await hashSources(root));
    await loadAssets(root, "development", build);
    assert.equal(builds, 1, "a fresh build is read as it is");

    await Deno.writeTextFile(`${root}/islands/Counter.tsx`, "// edited\n", { append: true });
    await loadAssets(root, "development", build);
    assert.equal(builds, 2);

    // A build that fails (its own output says why) leaves the one line.
    await Deno.writeTextFile(`${root}/islands/Counter.tsx`, "// again\n", { append: true });
    await assert.rejects(loadAssets(root, "development", () => Promise.resolve(false)), BuildMissingError);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
