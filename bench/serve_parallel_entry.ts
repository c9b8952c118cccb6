/**
 * The app as `deno serve --parallel` runs it, for bench/workers_bench.ts only: every isolate runs
 * this module's top level (open the database, read the build, build the app) and Deno serves its
 * `fetch` on one port. Nothing runs once (no migrations, queue or crons): the bench seeds the
 * database with main.ts first. main.ts's WORKERS does the same with Web Workers instead
 * (routes/serve_workers.ts says why that one was kept).
 */
import { loadConfig } from "../lib/config.ts";
import { openKv } from "../lib/db/kv.ts";
import { loadAssets } from "../lib/render/assets.ts";
import { createApp, PROJECT_ROOT } from "../routes/mod.tsx";

const config = loadConfig();
const kv = await openKv(config.kvPath);
const assets = await loadAssets(PROJECT_ROOT, config.env);
const app = createApp({ kv, config, assets, watchTeamChanges: true });

export default { fetch: app.fetch } satisfies Deno.ServeDefaultExport;
