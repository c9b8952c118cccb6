/**
 * `deno task routes`: the map of the app. Every route it registers (`app.routes`), one a line:
 * method, path, who may call it and the rules it declares on itself (routes/policy.ts). Exits 1
 * when a registered route has no row in the table, or a row names no route.
 */
import { createApp } from "../routes/mod.tsx";
import { registeredRoutes, ROUTES } from "../routes/policy.ts";
import { loadConfig } from "../lib/config.ts";
import type { AssetManifest } from "../lib/render/assets.ts";

/** The routes are the same whatever the assets: nothing is served, so no build is read. */
const NO_ASSETS: AssetManifest = {
  css: "/build/styles.css",
  boot: "/build/boot.js",
  islands: {},
  islandGraph: {},
  sourceHash: "routes",
};

const kv = await Deno.openKv(":memory:");
try {
  const app = createApp({ kv, config: loadConfig({ GOALMATES_KV: ":memory:" }), assets: NO_ASSETS });
  const registered = registeredRoutes(app);
  const rows = registered.map((route) => {
    const [method, path] = route.split(" ");
    const [access, ...rules] = ROUTES[route] ?? ["(no row in routes/policy.ts)"];
    return { method, path, access, rules: rules.join(", ") };
  });
  // By path, so each resource's routes stand together.
  rows.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const width = (pick: (row: typeof rows[number]) => string) => Math.max(...rows.map((row) => pick(row).length));
  const header = { method: "METHOD", path: "PATH", access: "ACCESS", rules: "RULES" };
  const [methodWidth, pathWidth, accessWidth] = [width((r) => r.method), width((r) => r.path), width((r) => r.access)];
  for (const { method, path, access, rules } of [header, ...rows]) {
    console.log(
      `${method.padEnd(methodWidth)}  ${path.padEnd(pathWidth)}  ${access.padEnd(accessWidth)}  ${rules}`.trimEnd(),
    );
  }
  const unregistered = Object.keys(ROUTES).filter((route) => !registered.includes(route));
  for (const route of unregistered) console.log(`(a row for no route: ${route})`);
  console.log(`${rows.length} routes`);
  if (unregistered.length > 0 || registered.some((route) => !(route in ROUTES))) Deno.exitCode = 1;
} finally {
  kv.close();
}
