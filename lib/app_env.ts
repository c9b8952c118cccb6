import type { Config } from "./config.ts";
import type { AssetManifest } from "./render/assets.ts";
import type { TeamCache } from "./render/team_cache.ts";
import type { RenderedPage } from "./render/page.tsx";

/** What the app is built from; tests pass an in-memory KV and a fixed clock. */
export interface AppDeps {
  kv: Deno.Kv;
  config: Config;
  assets: AssetManifest;
  now?: () => Date;
  /** Follow team changes made by other instances (production: yes; tests: no). */
  watchTeamChanges?: boolean;
}

/** The dependencies every route reads from `c.var.deps`. */
export interface Deps extends Required<Omit<AppDeps, "watchTeamChanges">> {
  rosterPages: TeamCache<RenderedPage>;
  rosterJson: TeamCache<string>;
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    requestId: string;
    secureHeadersNonce?: string;
    /** Set by `securityHeaders()`; `respond()` puts them on a response at construction. */
    securityHeaders?: [string, string][];
  };
};
