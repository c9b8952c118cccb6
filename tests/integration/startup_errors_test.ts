/**
 * A GOALMATES_KV the app cannot use (a folder that cannot be created, a file where a folder
 * should be, a folder, a read-only place, a full disk), or a production start without a fresh
 * build of the browser assets, stops the start with one readable line on stderr and exit code 1,
 * never a stack trace. Each case starts main.ts in its own process with the deno running the
 * tests; none gets as far as listening.
 */
import assert from "node:assert/strict";
import { KvOpenError, kvOpenReason, openKv } from "../../lib/db/kv.ts";
import { BUILD_DIR, hashSources, MANIFEST } from "../../lib/render/assets.ts";

const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");

/** main.ts of the project at `root` started with `env` (deno.json found from there); 30 s at most. */
async function start(env: Record<string, string>, root = ROOT) {
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: root,
    env: { NODE_ENV: "production", HOSTNAME: "127.0.0.1", PORT: "0", ...env },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
    signal: AbortSignal.timeout(30_000),
  }).output();
  return { code, stderr: new TextDecoder().decode(stderr) };
}

function assertReadableExit(result: { code: number; stderr: string }, expected: RegExp, lines = 1) {
  assert.equal(result.code, 1, result.stderr);
  assert.equal(result.stderr.split("\n").filter((line) => line.trim()).length, lines, result.stderr);
  assert.match(result.stderr.trimEnd(), expected);
  assert.doesNotMatch(result.stderr, /^\s*at /m, "no stack frames");
  assert.doesNotMatch(result.stderr, /Uncaught|error:/, "not Deno's report of an uncaught error");
}

/**
 * A folder nobody may write to. Tests run as root here, which ignores 0o555; then /proc stands
 * in for it: a real folder where no file can be created, whoever asks.
 */
async function readOnlyFolder(temp: string): Promise<string> {
  const folder = `${temp}/read-only`;
  await Deno.mkdir(folder, { mode: 0o555 });
  await Deno.chmod(folder, 0o555);
  try {
    await Deno.writeTextFile(`${folder}/probe`, "");
    return "/proc";
  } catch {
    return folder;
  }
}

Deno.test("[startup] each unusable GOALMATES_KV is one readable line on stderr and exit code 1", async () => {
  const temp = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${temp}/a-file`, "");
    const cases: [string, string, RegExp][] = [
      ["a folder that does not exist and cannot be created", "/proc/goalmates-missing/goalmates.kv", /does not exist/],
      ["a file where a folder should be", `${temp}/a-file/goalmates.kv`, /is a file, not a folder/],
      ["a folder", temp, /it is a folder/],
      ["a read-only folder", `${await readOnlyFolder(temp)}/goalmates.kv`, /cannot be created or opened there/],
      ["a full disk", "/dev/full", /the disk is full/],
    ];
    const results = await Promise.all(cases.map(([, path]) => start({ GOALMATES_KV: path })));
    cases.forEach(([name, path, reason], i) => {
      const line = new RegExp(
        `^Cannot open the database at ${RegExp.escape(JSON.stringify(path))}: .*Check GOALMATES_KV\\.$`,
      );
      assertReadableExit(results[i], line);
      assert.match(results[i].stderr, reason, name);
    });
  } finally {
    await Deno.chmod(`${temp}/read-only`, 0o755).catch(() => {});
    await Deno.remove(temp, { recursive: true });
  }
});

Deno.test("[startup] an invalid variable is its message on stderr and exit code 1, without a stack trace", async () => {
  const result = await start({ GOALMATES_KV: "   " });
  assertReadableExit(result, /^Invalid configuration:\n {2}GOALMATES_KV: /, 2);
});

/** What a server start reads, copied beside the project's packages, without static/build. */
async function copyOfSources(): Promise<string> {
  const copy = await Deno.makeTempDir({ prefix: "goalmates-startup-" });
  for (const name of ["main.ts", "deno.json", "deno.lock", "lib", "routes", "components", "islands", "static"]) {
    const { code } = await new Deno.Command("cp", { args: ["-r", `${ROOT}/${name}`, copy] }).output();
    assert.equal(code, 0, `copy ${name}`);
  }
  await Deno.symlink(`${ROOT}/node_modules`, `${copy}/node_modules`);
  await Deno.remove(`${copy}/${BUILD_DIR}`, { recursive: true }).catch(() => {});
  return copy;
}

const BUILD_LINE = /^static\/build is missing or older than the sources: run `deno task build`$/;

/** Whether main.ts of `root` gets as far as listening (then it is stopped); its output otherwise. */
async function listens(env: Record<string, string>, root: string): Promise<{ listening: boolean; output: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: root,
    env: { NODE_ENV: "production", HOSTNAME: "127.0.0.1", PORT: "0", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  let output = "";
  let listening = false;
  const stderr = new Response(child.stderr).text();
  for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
    output += chunk;
    if (!listening && /GoalMates listening on /.test(output)) {
      listening = true;
      child.kill("SIGTERM");
    }
  }
  await child.status;
  clearTimeout(timer);
  return { listening, output: output + await stderr };
}

Deno.test("[startup] a production start without a fresh build is one line on stderr and exit code 1; with one it listens", async () => {
  const copy = await copyOfSources();
  try {
    const env = { GOALMATES_KV: `${copy}/data/goalmates.kv` };
    assertReadableExit(await start(env, copy), BUILD_LINE);

    // A build of the sources as they were, then an island edited: stale.
    await Deno.mkdir(`${copy}/${BUILD_DIR}`);
    const manifest = { css: "/build/s.css", boot: "/build/b.js", islands: {}, islandGraph: {} };
    await Deno.writeTextFile(
      `${copy}/${BUILD_DIR}/${MANIFEST}`,
      JSON.stringify({ ...manifest, sourceHash: await hashSources(copy) }),
    );
    const fresh = await listens(env, copy);
    assert.ok(fresh.listening, `a fresh build starts:\n${fresh.output}`);
    await Deno.writeTextFile(`${copy}/islands/mod.ts`, "\n// edited after the build\n", { append: true });
    assertReadableExit(await start(env, copy), BUILD_LINE);
  } finally {
    await Deno.remove(copy, { recursive: true });
  }
});

Deno.test("[startup] the server's module graph has no bundler: deno info main.ts lists no esbuild", async () => {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "main.ts"],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdin: "null",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  const graph = new TextDecoder().decode(stdout);
  assert.match(graph, /"specifier": "file:\/\/\/[^"]*\/lib\/render\/assets\.ts"/, "the graph was listed");
  assert.doesNotMatch(graph, /esbuild/i);
});

Deno.test("[startup] the reason for each way a database file fails to open, in one line", () => {
  // What Deno gives a write on a full disk (no error class of its own: a code) and what SQLite says.
  const enospc = Object.assign(new Error("No space left on device (os error 28): write"), { code: "ENOSPC" });
  assert.equal(kvOpenReason(enospc), "the disk is full");
  assert.equal(kvOpenReason(new Error("database or disk is full")), "the disk is full");
  const erofs = Object.assign(new Error("Read-only file system (os error 30): mkdir 'x'"), { code: "EROFS" });
  assert.match(kvOpenReason(erofs), /read-only/);
  assert.match(kvOpenReason(new Error("attempt to write a readonly database")), /read-only/);
  assert.equal(kvOpenReason(new Deno.errors.PermissionDenied("Permission denied (os error 13)")), "permission denied");
  assert.match(kvOpenReason(new Deno.errors.NotFound("No such file or directory")), /does not exist/);
  assert.match(kvOpenReason(new Deno.errors.AlreadyExists("File exists (os error 17)")), /is a file, not a folder/);
  assert.match(kvOpenReason(new Error("file is not a database")), /not a Deno KV database/);
  assert.match(kvOpenReason(new Error("disk I/O error")), /reading or writing it failed/);
  assert.equal(kvOpenReason(new Error("something new\n    at frame (x.ts:1:1)")), "something new");
  const error = new KvOpenError("/data/x\n.kv", "the disk is full");
  assert.equal(error.message, 'Cannot open the database at "/data/x\\n.kv": the disk is full.');
});

Deno.test("[startup] openKv opens a file in a folder it creates, and refuses a folder", async () => {
  const temp = await Deno.makeTempDir();
  try {
    const kv = await openKv(`${temp}/new/goalmates.kv`);
    kv.close();
    await assert.rejects(
      openKv(temp),
      (error: unknown) => error instanceof KvOpenError && /it is a folder/.test(error.message),
    );
  } finally {
    await Deno.remove(temp, { recursive: true });
  }
});
