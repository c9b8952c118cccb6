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
