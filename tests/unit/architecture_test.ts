/**
 * The layout's rules (README "Layout and rules"), checked over the source: which folder may
 * import what, and that only `lib/db` touches Deno KV. Type-only imports are erased at build
 * time, so they are allowed everywhere; dynamic `import()` is how the server keeps esbuild
 * out of its graph, so it is not followed.
 */
import assert from "node:assert/strict";
import { join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SOURCE_DIRS = ["routes", "lib", "components", "islands"];

/** Product folders under lib/: others reach them only through their mod.ts. */
const DOMAINS = [
  "accounts",
  "calendar",
  "campaigns",
  "claims",
  "dashboard",
  "demo",
  "essentials",
  "events",
  "families",
  "feed",
  "join",
  "photos",
  "roster",
  "signup",
  "sysadmin",
  "teams",
];
/** Packages that must never reach a browser bundle. */
const SERVER_PACKAGES = /^(hono(\/|$)|nodemailer|esbuild|smtp-server|react-dom\/server|node:)/;
/** Pure modules of lib/auth that pages and islands may use (texts and the password rule). */
const BROWSER_SAFE_AUTH = new Set([
  "lib/auth/messages.ts",
  "lib/auth/password_policy.ts",
  "lib/auth/common_passwords.ts",
]);

export interface ModuleImports {
  /** Project files this module imports for their values (relative to the root). */
  local: string[];
  /** Bare specifiers (packages, node: builtins). */
  external: string[];
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:([\s\S]*?)\s+from\s+)?["']([^"']+)["'];?/gm;

/** The value imports of one source text (type-only imports and specifiers are left out). */
export function parseImports(file: string, source: string): ModuleImports {
  const local: string[] = [];
  const external: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const [, keyword, typeOnly, clause = "", specifier] = match;
    if (typeOnly) continue;
    if (keyword === "export" && !clause) continue; // not a re-export form
    const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
    if (braces) {
      const names = braces[1].split(",").map((n) => n.trim()).filter(Boolean);
      if (names.length > 0 && names.every((n) => n.startsWith("type "))) continue;
    }
    if (specifier.startsWith(".")) local.push(normalize(join(file, "..", specifier)));
    else external.push(specifier);
  }
  return { local, external };
}

export type Graph = Map<string, ModuleImports>;

/** Every module reachable from `start` by value imports, with the path that reached it. */
export function reachable(graph: Graph, start: string): Map<string, string[]> {
  const paths = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file)?.local ?? []) {
      if (paths.has(next)) continue;
      paths.set(next, [...paths.get(file)!, next]);
      queue.push(next);
    }
  }
  return paths;
}

/** The rules over a graph; each broken one is a line naming the import chain. */
export function ruleViolations(graph: Graph): string[] {
  const problems: string[] = [];
  const files = [...graph.keys()];
  const chain = (path: string[]) => path.join(" → ");
  const externalsOf = (paths: Map<string, string[]>) =>
    [...paths].flatMap(([file, path]) => (graph.get(file)?.external ?? []).map((pkg) => ({ pkg, path })));

  for (const island of files.filter((f) => f.startsWith("islands/"))) {
    const paths = reachable(graph, island);
    for (const [file, path] of paths) {
      const server = file.startsWith("routes/") || file.startsWith("lib/db/") || file.startsWith("lib/mail/") ||
        (file.startsWith("lib/auth/") && !BROWSER_SAFE_AUTH.has(file)) || file === "lib/config.ts" ||
        file === "lib/render/bundle.ts" || file === "lib/render/page.tsx" || /^lib\/[^/]+\/mod\.ts$/.test(file);
      if (server) problems.push(`islands may not import server code: ${chain(path)}`);
    }
    for (const { pkg, path } of externalsOf(paths)) {
      if (SERVER_PACKAGES.test(pkg)) problems.push(`islands may not import ${pkg}: ${chain(path)}`);
    }
  }

  for (const file of files.filter((f) => f.startsWith("lib/"))) {
    for (const local of graph.get(file)!.local) {
      if (local.startsWith("routes/")) problems.push(`lib may not import routes: ${file} → ${local}`);
    }
    for (const pkg of graph.get(file)!.external) {
      if (/^hono(\/|$)/.test(pkg)) problems.push(`lib knows no HTTP (hono): ${file} imports ${pkg}`);
    }
  }

  for (const file of files.filter((f) => f.startsWith("lib/db/"))) {
    for (const [reached, path] of reachable(graph, file)) {
      if (reached.startsWith("routes/")) problems.push(`lib/db may not reach routes: ${chain(path)}`);
    }
    for (const { pkg, path } of externalsOf(reachable(graph, file))) {
      if (/^hono(\/|$)/.test(pkg)) problems.push(`lib/db may not reach hono: ${chain(path)} (${pkg})`);
    }
  }

  for (const component of files.filter((f) => f.startsWith("components/"))) {
    for (const [reached, path] of reachable(graph, component)) {
      if (reached.startsWith("lib/db/") || reached.startsWith("routes/")) {
        problems.push(`components get data by props, not from ${reached}: ${chain(path)}`);
      }
    }
  }

  for (const file of files) {
    for (const local of graph.get(file)!.local) {
      if (local === "lib/db/keys.ts" && !file.startsWith("lib/db/")) {
        problems.push(`only lib/db builds keys: ${file} imports lib/db/keys.ts`);
      }
      const domain = /^lib\/([^/]+)\/([^/]+)$/.exec(local);
      const mayUseInternals = file.startsWith("components/") || file.startsWith("islands/") ||
        file.startsWith(`lib/${domain?.[1]}/`);
      if (domain && DOMAINS.includes(domain[1]) && domain[2] !== "mod.ts" && !mayUseInternals) {
        problems.push(`import lib/${domain[1]} through its mod.ts: ${file} imports ${local}`);
      }
    }
  }
  return problems;
}

async function sourceFiles(): Promise<string[]> {
  const found: string[] = ["main.ts"];
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(join(ROOT, dir))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (/\.tsx?$/.test(entry.name)) found.push(path);
    }
  };
  for (const dir of SOURCE_DIRS) await walk(dir);
  return found;
}

async function projectGraph(): Promise<{ graph: Graph; sources: Map<string, string> }> {
  const graph: Graph = new Map();
  const sources = new Map<string, string>();
  for (const file of await sourceFiles()) {
    const source = await Deno.readTextFile(join(ROOT, file));
    sources.set(file, source);
    graph.set(file, parseImports(file, source));
  }
  return { graph, sources };
}

Deno.test("[architecture] the checker catches each kind of forbidden import", () => {
  const graph: Graph = new Map([
    ["islands/Bad.tsx", { local: ["components/Card.tsx"], external: ["react"] }],
    ["components/Card.tsx", { local: ["lib/db/teams.ts"], external: [] }],
    ["lib/db/teams.ts", { local: ["routes/http.ts", "lib/db/keys.ts"], external: [] }],
    ["lib/db/keys.ts", { local: [], external: [] }],
    ["routes/http.ts", { local: ["lib/claims/review.ts", "lib/db/keys.ts"], external: ["hono"] }],
    ["lib/claims/review.ts", { local: [], external: ["hono/cookie"] }],
  ]);
  const found = ruleViolations(graph).join("\n");
  assert.match(
    found,
    /islands may not import server code: islands\/Bad\.tsx → components\/Card\.tsx → lib\/db\/teams\.ts/,
  );
  assert.match(found, /islands may not import hono/);
  assert.match(found, /lib may not import routes: lib\/db\/teams\.ts → routes\/http\.ts/);
  assert.match(found, /lib knows no HTTP \(hono\): lib\/claims\/review\.ts/);
  assert.match(found, /components get data by props, not from lib\/db\/teams\.ts/);
  assert.match(found, /only lib\/db builds keys: routes\/http\.ts/);
  assert.match(found, /import lib\/claims through its mod\.ts: routes\/http\.ts imports lib\/claims\/review\.ts/);
});

Deno.test("[architecture] type-only imports and dynamic imports are not followed", () => {
  const parsed = parseImports(
    "components/A.tsx",
    `import type { Team } from "../lib/db/teams.ts";
import { type Player } from "../lib/db/players.ts";
import { x, type Y } from "./x.ts";
export { z } from "./z.ts";
const later = await import("../lib/render/bundle.ts");
import React from "react";`,
  );
  assert.deepEqual(parsed.local, ["components/x.ts", "components/z.ts"]);
  assert.deepEqual(parsed.external, ["react"]);
});

Deno.test("[architecture] the project keeps the layout's import rules", async () => {
  const { graph } = await projectGraph();
  assert.ok(graph.size > 100, "the source was read");
  assert.deepEqual(ruleViolations(graph), []);
});

Deno.test("[architecture] only lib/db touches Deno KV", async () => {
  const { sources } = await projectGraph();
  const KV_CALL = /\bkv\.(get|getMany|set|delete|list|atomic|watch|enqueue|listenQueue|sum|commit)\s*(<[^>]*>)?\s*\(/;
  const outside = [...sources].filter(([file, source]) => !file.startsWith("lib/db/") && KV_CALL.test(source))
    .map(([file]) => file);
  assert.deepEqual(outside, []);
});
