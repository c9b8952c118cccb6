/**
 * The layout's rules (README "Layout and rules"), checked over the source: which folder may
 * import what, that only `lib/db` touches Deno KV, that no imports go in a circle and that a
 * folder's mod.ts only re-exports. Type-only imports are erased at build time, so they are
 * allowed everywhere, and a dynamic `import()` loads only when it runs, so the folder rules do
 * not follow it. Cycles are checked over every import, type-only and dynamic ones too: a cycle
 * through them still ties its modules into one.
 */
import assert from "node:assert/strict";
import { join, normalize } from "node:path";
import { ROOT, sourceFiles } from "../source_files.ts";

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
  "notifications",
  "photos",
  "roster",
  "signup",
  "sysadmin",
  "teams",
];
/** Packages that must never reach a browser bundle. */
const SERVER_PACKAGES = /^(hono(\/|$)|nodemailer|esbuild|smtp-server|react-dom\/server|node:)/;
export interface ModuleImports {
  /** Project files this module imports for their values (relative to the root). */
  local: string[];
  /** Bare specifiers (packages, node: builtins). */
  external: string[];
  /** Project files this module imports for types only (erased at build time). */
  typeOnly?: string[];
  /** Project files this module loads with `import("…")` of a literal path. */
  dynamic?: string[];
}

/** An import or re-export statement; the clause is only what one can hold, so it never runs into the next statement. */
const IMPORT =
  /^\s*(import|export)\s+(type\s+)?(?:((?:[\w$]+\s*,\s*)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\}|[\w$]+))\s+from\s+)?["']([^"']+)["'];?/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The imports of one source text: value imports apart from type-only and dynamic ones. */
export function parseImports(file: string, source: string): ModuleImports {
  const local: string[] = [];
  const external: string[] = [];
  const typeOnly: string[] = [];
  const dynamic: string[] = [];
  const resolve = (specifier: string) => normalize(join(file, "..", specifier));
  for (const match of source.matchAll(IMPORT)) {
    const [, keyword, typeKeyword, clause = "", specifier] = match;
    if (keyword === "export" && !clause) continue; // not a re-export form
    const names = /^\{([\s\S]*)\}$/.exec(clause.trim())?.[1].split(",").map((n) => n.trim()).filter(Boolean) ?? [];
    const types = Boolean(typeKeyword) || (names.length > 0 && names.every((n) => n.startsWith("type ")));
    if (specifier.startsWith(".")) (types ? typeOnly : local).push(resolve(specifier));
    else if (!types) external.push(specifier);
  }
  for (const [, specifier] of source.matchAll(DYNAMIC_IMPORT)) {
    if (specifier.startsWith(".")) dynamic.push(resolve(specifier));
  }
  return { local, external, typeOnly, dynamic };
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

/**
 * Cycles in `graph` (over `local`), each as the chain from a module back to itself, shortest
 * first found; every module on a cycle is on one of those listed.
 */
export function cyclesOf(graph: Graph): string[][] {
  const found: string[][] = [];
  const onFound = new Set<string>();
  for (const start of [...graph.keys()].sort()) {
    if (onFound.has(start)) continue;
    // Paths from `reachable` are shortest, so the shortest way back closes the shortest cycle.
    const cycle = [...reachable(graph, start)]
      .filter(([file]) => graph.get(file)?.local.includes(start))
      .map(([, path]) => [...path, start])
      .sort((a, b) => a.length - b.length)[0];
    if (!cycle) continue;
    found.push(cycle);
    for (const file of cycle) onFound.add(file);
  }
  return found;
}

/** The lib/ folder a file is in; a file directly in lib/ stands for itself, and other files for nothing. */
const libUnit = (file: string) => /^lib\/[^/]+(?=\/)/.exec(file)?.[0] ?? (file.startsWith("lib/") ? file : null);

/** Import cycles between files, then between lib/ folders (with the imports that close them); one line each. */
export function importCycles(graph: Graph): string[] {
  const files: Graph = new Map(
    [...graph].map(([file, imports]) => [file, {
      local: [...imports.local, ...imports.typeOnly ?? [], ...imports.dynamic ?? []],
      external: imports.external,
    }]),
  );
  const problems = cyclesOf(files).map((cycle) => `import cycle between files: ${cycle.join(" → ")}`);
  const folders: Graph = new Map();
  const madeBy = new Map<string, string>(); // "lib/a → lib/b" → the first import that makes it
  for (const [file, imports] of files) {
    const from = libUnit(file);
    if (!from) continue;
    if (!folders.has(from)) folders.set(from, { local: [], external: [] });
    for (const target of imports.local) {
      const to = libUnit(target);
      if (!to || to === from || !files.has(target)) continue;
      if (!folders.get(from)!.local.includes(to)) folders.get(from)!.local.push(to);
      if (!madeBy.has(`${from} → ${to}`)) madeBy.set(`${from} → ${to}`, `${file} → ${target}`);
    }
  }
  for (const cycle of cyclesOf(folders)) {
    const imports = cycle.slice(1).map((to, i) => madeBy.get(`${cycle[i]} → ${to}`));
    problems.push(`import cycle between lib folders: ${cycle.join(" → ")} (${imports.join("; ")})`);
  }
  return problems;
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
        file.startsWith("lib/auth/") || file === "lib/config.ts" ||
        file === "lib/render/bundle.ts" || file === "lib/render/page.tsx" || /^lib\/[^/]+\/mod\.ts$/.test(file) ||
        // An island gets its messages from its page, never a catalogue in its bundle.
        file === "lib/i18n/catalog.ts" || /^lib\/i18n\/(en|es)\//.test(file);
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

const COMMENT_OR_STRING = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|(["'`])(?:\\[\s\S]|(?!\1)[^\\])*\1/g;
const REEXPORT = /^\s*export\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s+from\s+["'][^"']+["']\s*;?/gm;

/** The lines of a mod.ts that are neither comments nor re-exports (`export … from`, `export * from`). */
export function besidesReexports(source: string): string[] {
  return source.replace(COMMENT_OR_STRING, (match, quote) => quote ? match : "").replace(REEXPORT, "")
    .split("\n").map((line) => line.trim()).filter(Boolean);
}

async function projectGraph(): Promise<{ graph: Graph; sources: Map<string, string> }> {
  const graph: Graph = new Map();
  const sources = new Map<string, string>();
  for (const file of ["main.ts", ...await sourceFiles(SOURCE_DIRS)]) {
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

Deno.test("[architecture] an export before an import does not hide it", () => {
  const parsed = parseImports(
    "lib/teams/a.ts",
    `export type Overview = Awaited<ReturnType<typeof load>>;
import { NotFoundError } from "../errors.ts";`,
  );
  assert.deepEqual(parsed.local, ["lib/errors.ts"]);
});

Deno.test("[architecture] the cycle check sees type-only and dynamic imports", () => {
  const parsed = parseImports(
    "components/A.tsx",
    `import type { Team } from "../lib/db/teams.ts";
import { type Player } from "../lib/db/players.ts";
export type { Family } from "../lib/db/families.ts";
const later = await import("../lib/render/bundle.ts");
import React from "react";`,
  );
  assert.deepEqual(parsed.typeOnly, ["lib/db/teams.ts", "lib/db/players.ts", "lib/db/families.ts"]);
  assert.deepEqual(parsed.dynamic, ["lib/render/bundle.ts"]);
});

Deno.test("[architecture] the cycle check names each cycle between files and between lib folders", () => {
  const graph: Graph = new Map([
    ["lib/render/assets.ts", { local: [], external: [], dynamic: ["lib/render/bundle.ts"] }],
    ["lib/render/bundle.ts", { local: ["lib/render/assets.ts"], external: ["esbuild"] }],
    ["lib/db/players.ts", { local: [], external: [], typeOnly: ["lib/db/families.ts"] }],
    ["lib/db/families.ts", { local: ["lib/db/players.ts", "lib/db/kv.ts"], external: [] }],
    ["lib/db/kv.ts", { local: [], external: [] }],
    ["lib/auth/login.ts", { local: ["lib/accounts/mod.ts", "lib/db/kv.ts"], external: [] }],
    ["lib/accounts/mod.ts", { local: ["lib/accounts/co_parents.ts"], external: [] }],
    ["lib/accounts/co_parents.ts", { local: ["lib/db/kv.ts"], external: [] }],
    ["lib/accounts/profile.ts", { local: ["lib/auth/sessions.ts"], external: [] }],
    ["lib/auth/sessions.ts", { local: [], external: [] }],
    ["routes/a.ts", { local: ["routes/b.ts", "lib/auth/login.ts"], external: [] }],
    ["routes/b.ts", { local: ["routes/a.ts"], external: [] }],
  ]);
  assert.deepEqual(importCycles(graph), [
    "import cycle between files: lib/db/families.ts → lib/db/players.ts → lib/db/families.ts",
    "import cycle between files: lib/render/assets.ts → lib/render/bundle.ts → lib/render/assets.ts",
    "import cycle between files: routes/a.ts → routes/b.ts → routes/a.ts",
    "import cycle between lib folders: lib/accounts → lib/auth → lib/accounts " +
    "(lib/accounts/profile.ts → lib/auth/sessions.ts; lib/auth/login.ts → lib/accounts/mod.ts)",
  ]);
  graph.delete("lib/accounts/profile.ts");
  graph.set("lib/render/assets.ts", { local: [], external: [] });
  graph.set("lib/db/players.ts", { local: [], external: [] });
  graph.set("routes/b.ts", { local: [], external: [] });
  assert.deepEqual(importCycles(graph), []);
});

Deno.test("[architecture] the mod.ts check lets comments and re-exports through, and nothing else", () => {
  const reexports = `/** The public face of lib/x/. */
// One line: "quoted"
export { a, type B } from "./a.ts";
export {
  c, // why c
  d as e,
} from "./c.ts";
export type { F } from "./f.ts";
export * from "./g.ts";
export * as h from "./h.ts";
`;
  assert.deepEqual(besidesReexports(reexports), []);
  assert.deepEqual(
    besidesReexports(`import { a } from "./a.ts";
export { a };
export const url = "https://example.com/*"; // */`),
    ['import { a } from "./a.ts";', "export { a };", 'export const url = "https://example.com/*";'],
  );
});

Deno.test("[architecture] the project keeps the layout's import rules", async () => {
  const { graph } = await projectGraph();
  assert.ok(graph.size > 100, "the source was read");
  assert.deepEqual(ruleViolations(graph), []);
});

const KV_CALL = /\bkv\.(get|getMany|set|delete|list|atomic|watch|enqueue|listenQueue|sum|commit)\s*(<[^>]*>)?\s*\(/;
/** Any `.commit(`: domain code stages a change, lib/db commits it (lib/db/change.ts). */
const COMMIT_CALL = /\.commit\s*\(/;

/** A loop's head: `for (`, `for await (`, `while (` or `do {`. */
const LOOP_HEAD = /\b(?:for(?:\s+await)?|while)\s*\(|\bdo\s*\{/g;
/** The head of a `for … of`/`for … in` from its bracket: it walks over items rather than repeating. */
const OVER_ITEMS = /^\(\s*(?:const|let|var)?\s*(?:[\w$]+|\[[^\]]*\]|\{[^}]*\})\s+(?:of|in)\b/;
/** `(await commitX(…)).ok`: a commit's result tested where it is awaited. */
const COMMIT_OK = /\(\s*await\s+commit\w*\s*\([^;]*?\)\s*\)\s*\.ok\b/g;
/** `result = await commitX(…)`: a commit's result kept to be tested. */
const COMMIT_RESULT = /(?<![\w$])([\w$]+)\s*=\s*await\s+commit\w*\s*\(/g;

/** A loop from its head to its body's end (a do … while's condition included); `overItems` for `for … of`/`in`. */
interface Loop {
  start: number;
  end: number;
  overItems: boolean;
}

/** Just past the bracket that closes the one at `open` (a plain count: brackets in strings count too). */
function closeOf(source: string, open: number): number {
  const [opening, closing] = source[open] === "(" ? ["(", ")"] : ["{", "}"];
  let depth = 0;
  for (let at = open; at < source.length; at++) {
    if (source[at] === opening) depth++;
    else if (source[at] === closing && --depth === 0) return at + 1;
  }
  return source.length;
}

const skipSpace = (source: string, at: number) => at + /^\s*/.exec(source.slice(at))![0].length;

function loopsOf(source: string): Loop[] {
  return [...source.matchAll(LOOP_HEAD)].flatMap(({ 0: head, index: start }): Loop[] => {
    const open = start + head.length - 1;
    if (head.startsWith("do")) {
      const after = skipSpace(source, closeOf(source, open));
      const tail = /^while\s*\(/.exec(source.slice(after)); // the condition may test the commit
      return [{ start, end: tail ? closeOf(source, after + tail[0].length - 1) : after, overItems: false }];
    }
    const body = skipSpace(source, closeOf(source, open));
    if (source[body] === ";") return []; // the `while (…);` closing a do … while
    const end = source[body] === "{" ? closeOf(source, body) : (source.indexOf("\n", body) + 1 || source.length);
    return [{ start, end, overItems: head.startsWith("for") && OVER_ITEMS.test(source.slice(open)) }];
  });
}

/**
 * Whether a loop repeats until a commit's result is `.ok`: a read–stage–commit retry written by
 * hand, which `retryOnConflict` (lib/db/change.ts) owns. The test counts inside a counted or
 * endless loop (`for (…; …; …)`, `while`, `do`), also through a loop over a batch's items within
 * it; a `for … of` alone that checks each item's commit (another instance took it) repeats nothing.
 */
export function retriesCommitByHand(source: string): boolean {
  const repeating = loopsOf(source).filter((loop) => !loop.overItems);
  const around = (at: number) => repeating.find((loop) => loop.start <= at && at < loop.end);
  if ([...source.matchAll(COMMIT_OK)].some((match) => around(match.index))) return true;
  return [...source.matchAll(COMMIT_RESULT)].some(({ 1: name, index }) => {
    const loop = around(index);
    const tested = new RegExp(`(?<![\\w$])${name.replaceAll("$", "\\$")}\\s*\\.ok\\b`);
    return loop !== undefined && tested.test(source.slice(index, loop.end));
  });
}

/** Files outside lib/db that call Deno KV themselves, commit an atomic change or retry a commit by hand; one line each. */
export function kvUseOutsideDb(sources: Iterable<[string, string]>): string[] {
  return [...sources].filter(([file]) => !file.startsWith("lib/db/")).flatMap(([file, source]) => [
    ...KV_CALL.test(source) ? [`${file} calls Deno KV`] : [],
    ...COMMIT_CALL.test(source) ? [`${file} commits an atomic change`] : [],
    ...retriesCommitByHand(source) ? [`${file} retries a commit by hand (use retryOnConflict)`] : [],
  ]);
}

Deno.test("[architecture] the KV check sees KV calls, commits and hand-written commit retries outside lib/db", () => {
  assert.deepEqual(
    kvUseOutsideDb([
      ["lib/feed/posting.ts", "if ((await op.commit()).ok) return;"],
      ["lib/claims/review.ts", "await stageClaim(beginChange(kv), claim)\n    .commit ();"],
      ["routes/api/x.ts", "const entry = await kv.get<Team>(key);"],
      ["lib/db/change.ts", "const result = await op.commit(); await kv.get(key);"],
      ["lib/teams/access.ts", "await commitOrConflict(op); await commitTeamChange(kv, op, teamId);"],
    ]),
    [
      "lib/feed/posting.ts commits an atomic change",
      "lib/claims/review.ts commits an atomic change",
      "routes/api/x.ts calls Deno KV",
    ],
  );
  assert.deepEqual(
    kvUseOutsideDb([
      [
        "lib/roster/manage.ts",
        `for (let attempt = 0; attempt < 5; attempt++) {
    const op = stagePlayer(beginChange(kv).check(state.revision), player);
    if ((await commitTeamChange(kv, op, teamId)).ok) return player;
  }
  throw new ConflictError();`,
      ],
      ["lib/feed/posting.ts", "while (true) {\n  const result = await commitChange(op);\n  if (result.ok) break;\n}"],
      [
        "lib/teams/tries.ts",
        "do {\n  committed = await commitChange(stage(beginChange(kv)));\n} while (!committed.ok);",
      ],
      ["lib/db/teams.ts", "for (let n = 1; n <= 1000; n++) if ((await commitTeamChange(kv, op, id)).ok) return team;"],
      [
        "lib/teams/settings.ts",
        `return await retryOnConflict(async () => {
    await commitTeamChangeOrConflict(kv, op, teamId);
    return team;
  }, { attempts: 5 });`,
      ],
      ["lib/photos/uploads.ts", "if (!(await commitChange(spend)).ok) throw new UploadError();"],
      [
        "lib/demo/community.ts",
        `for (const parent of parents) {
    // Lost to another instance seeding at once: its account is the one to use.
    if (!(await commitChange(stageNewUser(beginChange(kv), user))).ok) user = await getUserByEmail(kv, parent.email);
  }`,
      ],
      [
        "lib/roster/import.ts",
        `for (let attempt = 0; attempt < 5; attempt++) {
    for (const [index, batch] of batches.entries()) {
      const result = await commitTeamChange(kv, applyWrites(beginChange(kv), batch), teamId);
      if (!result.ok) break;
    }
  }`,
      ],
      [
        "lib/roster/check.ts",
        "const result = await commitChange(op);\nfor (let i = 0; i < rows.length; i++) {\n  if (!result.ok || !rows[i].ok) break;\n}",
      ],
    ]),
    [
      "lib/roster/manage.ts retries a commit by hand (use retryOnConflict)",
      "lib/feed/posting.ts retries a commit by hand (use retryOnConflict)",
      "lib/teams/tries.ts retries a commit by hand (use retryOnConflict)",
      "lib/roster/import.ts retries a commit by hand (use retryOnConflict)",
    ],
  );
});

Deno.test("[architecture] only lib/db touches Deno KV and commits", async () => {
  const { sources } = await projectGraph();
  assert.deepEqual(kvUseOutsideDb(sources), []);
});

Deno.test("[architecture] no import cycles, between files or between lib folders", async () => {
  const { graph } = await projectGraph();
  assert.deepEqual(importCycles(graph), []);
});

Deno.test("[architecture] a folder's mod.ts only re-exports", async () => {
  const { sources } = await projectGraph();
  const mods = [...sources].filter(([file]) => /^lib\/[^/]+\/mod\.ts$/.test(file));
  assert.ok(mods.length > 10, "the folders' mod.ts were read");
  const implementing = mods.map(([file, source]) => [file, besidesReexports(source)[0]])
    .filter(([, line]) => line).map(([file, line]) => `${file} holds more than re-exports: ${line}`);
  assert.deepEqual(implementing, []);
});
