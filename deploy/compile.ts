/**
 * `deno task compile` (after `deno task build`): the whole app as one executable, for a VPS
 * (deploy/goalmates.service runs it), with the built assets and the worker modules embedded. Its
 * permissions are baked in and are the least the server needs (`permissionFlags`).
 *
 * `deno compile` needs Deno's runtime for compiled programs ("denort", one per version and
 * target), which it downloads on first use; no npm package ships it. Where it cannot be downloaded
 * (no network but a package registry), this script fails with one line saying so; DENORT_BIN may
 * name a denort of the same Deno version brought in by hand.
 *
 * Options: --output PATH (default ./goalmates), --state-dir DIR (default /var/lib/goalmates: the
 * unit's StateDirectory, which holds the KV file; the binary may write nowhere else).
 */
import { parseArgs } from "node:util";

export const DEFAULT_OUTPUT = "goalmates";
/** Where the unit keeps the database (StateDirectory=goalmates); GOALMATES_KV names a file in it. */
export const DEFAULT_STATE_DIR = "/var/lib/goalmates";

/**
 * What the server reads or starts by URL at run time, outside its static import graph: the build
 * (manifest, bundles, stylesheet), the favicon, and each worker module (`new Worker(new URL(…))`).
 */
export const INCLUDES = [
  "static/build",
  "static/favicon.svg",
  "lib/images/image_worker.ts",
  "lib/calendar/parse_worker.ts",
  "lib/auth/scrypt_thread_worker.ts",
  "routes/serve_worker.ts",
];

/**
 * The binary's permissions: Deno Deploy's (net, env, sys, read) and writing only the state folder
 * (the KV file and SQLite's -wal and -shm beside it). No FFI: it would be a way out of every other
 * limit, so worker threads run at nice 10 instead of SCHED_IDLE and the server says so once. No
 * subprocess.
 *
 * Reading is not narrowed: wasm-vips, starting in an image worker, looks for itself in each folder
 * of PATH and for its modules under its build machine's prefix (/src/build/target/lib), and a
 * refused look stops the worker. The unit's sandbox (ProtectHome, PrivateTmp, a user of its own)
 * limits what there is to read.
 */
export function permissionFlags(stateDir: string): string[] {
  return [
    "--allow-net",
    "--allow-env",
    "--allow-sys",
    "--allow-read",
    `--allow-write=${stateDir}`,
    "--unstable-kv",
    "--unstable-cron",
    // WORKERS isolates listen on one port with reusePort (routes/serve_workers.ts).
    "--unstable-net",
  ];
}

/** The arguments of `deno compile` for the app. Type checking is `deno task check`'s job. */
export function compileArgs(output: string, stateDir: string): string[] {
  return [
    "compile",
    "--no-check",
    ...permissionFlags(stateDir),
    ...INCLUDES.flatMap((path) => ["--include", path]),
    "--output",
    output,
    "main.ts",
  ];
}

/** Whether `deno compile` failed for want of its runtime (denort), which it could not download. */
export function runtimeUnavailable(stderr: string): boolean {
  return /denort/i.test(stderr) && /(error sending request|dns error|connect|download|Setting up base binary)/i.test(
    stderr,
  );
}

export const RUNTIME_UNAVAILABLE_LINE =
  `deno task compile: cannot build here: deno compile needs Deno's runtime for compiled programs (denort ` +
  `${Deno.version.deno}, ${Deno.build.target}), which it downloads from Deno's release server and no package ` +
  `registry ships; build on a machine that can download it, or set DENORT_BIN to a denort of Deno ${Deno.version.deno}.`;

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { output: { type: "string" }, "state-dir": { type: "string" } },
  });
  const output = values.output ?? DEFAULT_OUTPUT;
  const stateDir = (values["state-dir"] ?? DEFAULT_STATE_DIR).replace(/\/+$/, "");
  if (!stateDir.startsWith("/")) {
    console.error("deno task compile: --state-dir must be an absolute path (the binary's permissions name it).");
    Deno.exit(2);
  }
  const root = new URL("..", import.meta.url).pathname;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: compileArgs(output, stateDir),
    cwd: root,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const errors = new TextDecoder().decode(stderr);
  if (code !== 0 && runtimeUnavailable(errors)) {
    console.error(RUNTIME_UNAVAILABLE_LINE);
    Deno.exit(1);
  }
  await Deno.stdout.write(stdout);
  await Deno.stderr.write(stderr);
  if (code !== 0) Deno.exit(code);
  console.log(`Built ${output}: it may read and write ${stateDir} only; set GOALMATES_KV to a file in it.`);
}
