/**
 * The VPS setup in deploy/ agrees with the app: the binary's baked permissions (deploy/compile.ts)
 * are Deno Deploy's grants with reading and writing narrowed to the unit's state folder, and the
 * app serves with exactly those; the unit, Caddy and the backup timer name the same paths, port
 * and limits as the code; and `deno task compile` either builds a binary that serves or says in
 * one line why it cannot (a machine that cannot download Deno's runtime for compiled programs).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT, sourceFiles } from "../source_files.ts";
import { linkIn, startSmtpSink } from "../e2e/smtp_sink.ts";
import { freePort, SIGNUP_BODY } from "../helpers.ts";
import { MAX_BODY_BYTES } from "../../routes/http.ts";
import { GALLERY_LIMITS } from "../../lib/photos/mod.ts";
import {
  compileArgs,
  DEFAULT_OUTPUT,
  DEFAULT_STATE_DIR,
  INCLUDES,
  permissionFlags,
  RUNTIME_UNAVAILABLE_LINE,
  runtimeUnavailable,
} from "../../deploy/compile.ts";

const START_TIMEOUT_MS = 30_000;
const PHOTO = Deno.readFileSync(new URL("../fixtures/oriented_6_gps.jpg", import.meta.url));
const SYSADMIN = { email: "root@example.com", password: "a very long sysadmin password" };
/** What Deno Deploy's run grants (tests/integration/deploy_permissions_test.ts). */
const DEPLOY_GRANTS = ["--allow-net", "--allow-env", "--allow-read", "--allow-sys"];

const readDeploy = (name: string) => Deno.readTextFileSync(join(ROOT, "deploy", name));

/** A systemd unit's settings: each key's values in order (a key may be given more than once). */
function parseUnit(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith("[")) continue;
    const at = line.indexOf("=");
    const key = line.slice(0, at);
    settings.set(key, [...settings.get(key) ?? [], line.slice(at + 1)]);
  }
  return settings;
}

/** The one value of `key` (fails when it is missing or given twice). */
function one(unit: Map<string, string[]>, key: string): string {
  const values = unit.get(key) ?? [];
  assert.equal(values.length, 1, `${key}= is set once (found ${JSON.stringify(values)})`);
  return values[0];
}

/** The unit's `Environment=NAME=value` lines, as a record. */
function environmentOf(unit: Map<string, string[]>): Record<string, string> {
  return Object.fromEntries((unit.get("Environment") ?? []).map((pair) => {
    const at = pair.indexOf("=");
    return [pair.slice(0, at), pair.slice(at + 1)];
  }));
}

/** Caddy's "10MiB"/"1MB"-style sizes, in bytes. */
function caddyBytes(size: string): number {
  const match = /^(\d+)(B|KB|KiB|MB|MiB|GB|GiB)?$/.exec(size);
  assert.ok(match, `a Caddy size: ${size}`);
  const unit = { B: 1, KB: 1e3, KiB: 1024, MB: 1e6, MiB: 1024 ** 2, GB: 1e9, GiB: 1024 ** 3 }[match[2] ?? "B"]!;
  return Number(match[1]) * unit;
}

const service = parseUnit(readDeploy("goalmates.service"));
const backup = parseUnit(readDeploy("goalmates-backup.service"));
const timer = parseUnit(readDeploy("goalmates-backup.timer"));
const stateDir = `/var/lib/${one(service, "StateDirectory")}`;
const tasks: Record<string, string> = JSON.parse(Deno.readTextFileSync(join(ROOT, "deno.json"))).tasks;

/** A child process whose output is collected, and a way to stop it and wait for it. */
function spawn(command: string, args: string[], env: Record<string, string>) {
  const child = new Deno.Command(command, { args, cwd: ROOT, env, stdin: "null", stdout: "piped", stderr: "piped" })
    .spawn();
  const out = { text: "" };
  const drain = async (stream: ReadableStream<Uint8Array<ArrayBuffer>>) => {
    for await (const text of stream.pipeThrough(new TextDecoderStream())) out.text += text;
  };
  const drained = Promise.all([drain(child.stdout), drain(child.stderr)]);
  let exited = false;
  const status = child.status.finally(() => exited = true);
  return {
    output: () => out.text,
    exited: () => exited,
    async stop() {
      if (!exited) child.kill("SIGTERM");
      await status;
      await drained;
    },
  };
}

async function waitUntilServing(origin: string, server: ReturnType<typeof spawn>) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (true) {
    assert.ok(!server.exited(), `The server exited during start-up.\n${server.output()}`);
    assert.ok(Date.now() < deadline, `The server did not answer within ${START_TIMEOUT_MS} ms.\n${server.output()}`);
    const res = await fetch(`${origin}/`).catch(() => null);
    await res?.body?.cancel();
    if (res?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The landing page and the stylesheet it links (read from the build, never built by the server). */
async function assertServesPages(origin: string, log: () => string) {
  const landing = await fetch(`${origin}/`);
  const html = await landing.text();
  assert.equal(landing.status, 200, log());
  const stylesheet = /href="(\/build\/[^"]+\.css)"/.exec(html)?.[1];
  assert.ok(stylesheet, "the landing page links its stylesheet");
  const css = await fetch(`${origin}${stylesheet}`);
  assert.equal(css.status, 200, log());
  assert.ok((await css.text()).length > 0);
}

Deno.test("[vps] the binary's permissions are Deploy's grants and writing the unit's state folder only", () => {
  assert.equal(DEFAULT_STATE_DIR, stateDir, "deploy/compile.ts bakes in the unit's StateDirectory");
  const flags = permissionFlags(stateDir);
  for (const grant of DEPLOY_GRANTS) {
    assert.ok(flags.some((flag) => flag === grant || flag.startsWith(`${grant}=`)), `${grant} is granted`);
  }
  assert.ok(flags.includes(`--allow-write=${stateDir}`), "writing: the state folder only");
  for (const flag of flags) {
    assert.doesNotMatch(flag, /^(-A|--allow-all|--allow-ffi|--allow-run|--allow-import)/, `${flag} is not needed`);
  }
  assert.ok(flags.includes("--unstable-kv") && flags.includes("--unstable-cron"));

  // The database lives in the folder the binary may write, and the app listens behind Caddy only.
  const env = environmentOf(service);
  assert.ok(env.GOALMATES_KV.startsWith(`${stateDir}/`), `GOALMATES_KV=${env.GOALMATES_KV} is in ${stateDir}`);
  assert.equal(env.HOSTNAME, "127.0.0.1");
  assert.equal(env.NODE_ENV, "production");
  assert.deepEqual(service.get("ReadWritePaths"), [stateDir]);
  assert.equal(one(service, "WorkingDirectory"), stateDir);
  // The unit runs what `deno task compile` writes, in the checkout the backup task runs in.
  assert.equal(one(service, "ExecStart"), `${one(backup, "WorkingDirectory")}/${DEFAULT_OUTPUT}`);
  assert.match(tasks.compile ?? "", /^deno task build && .*deploy\/compile\.ts/, "deno task compile builds first");
});

Deno.test("[vps] the unit keeps the operating system's limits around the app", () => {
  const expected: Record<string, string> = {
    User: "goalmates",
    NoNewPrivileges: "yes",
    ProtectSystem: "strict",
    ProtectHome: "yes",
    PrivateTmp: "yes",
    PrivateDevices: "yes",
    CapabilityBoundingSet: "",
    RestrictSUIDSGID: "yes",
    KillSignal: "SIGTERM",
    TimeoutStopSec: "15",
    Restart: "on-failure",
    SystemCallErrorNumber: "EPERM",
  };
  for (const [key, value] of Object.entries(expected)) assert.equal(one(service, key), value, `${key}=${value}`);
  assert.match(service.get("SystemCallFilter")![0], /^@system-service\b/);
  assert.match(one(service, "RestrictAddressFamilies"), /^AF_INET AF_INET6\b/);
  assert.match(one(service, "MemoryMax"), /^\d+[MG]$/);
  // V8 and WebAssembly write code and then run it: the service would not start with this.
  assert.equal(service.get("MemoryDenyWriteExecute"), undefined);
});

Deno.test("[vps] every worker module the app starts by URL is embedded in the binary", async () => {
  const started: string[] = [];
  for (const file of await sourceFiles(["lib", "routes"])) {
    const text = await Deno.readTextFile(join(ROOT, file));
    for (const [, relative] of text.matchAll(/new URL\("(\.\/[\w./-]+\.tsx?)", import\.meta\.url\)/g)) {
      started.push(join(file, "..", relative));
    }
  }
  assert.ok(started.length >= 3, `the image, calendar and scrypt workers are found (${started})`);
  for (const module of started) assert.ok(INCLUDES.includes(module), `${module} is in deploy/compile.ts INCLUDES`);
  for (const path of INCLUDES) await Deno.stat(join(ROOT, path)); // each exists (static/build after the build)
  const args = compileArgs("out", stateDir);
  for (const path of INCLUDES) assert.ok(args.join(" ").includes(`--include ${path}`));
});

Deno.test("[vps] Caddy: TLS for a domain, timeouts, body limits at least the app's, to the unit's port", () => {
  const caddy = readDeploy("Caddyfile");
  for (const timeout of ["read_header", "read_body", "write", "idle"]) {
    assert.match(caddy, new RegExp(`^\\s*${timeout} \\d+[sm]$`, "m"), `the ${timeout} timeout is set`);
  }
  assert.match(caddy, /^[a-z0-9.-]+\.[a-z]+ \{$/m, "a site by domain name: Caddy's automatic HTTPS");
  const env = environmentOf(service);
  assert.match(caddy, new RegExp(`reverse_proxy ${env.HOSTNAME}:${env.PORT} \\{`));

  const limits = [...caddy.matchAll(/request_body (@\w+) \{\s*max_size (\S+)/g)].map(([, matcher, size]) => ({
    matcher,
    bytes: caddyBytes(size),
  }));
  const upload = /@(\w+) \{\s*method PUT\s*path (\S+)\s*\}/.exec(caddy);
  assert.ok(upload, "a matcher for the photo upload");
  assert.equal(upload[2], "/api/objects/upload/*", "the upload's route (routes/mod.tsx)");
  const uploadLimit = limits.find((limit) => limit.matcher === `@${upload[1]}`);
  const otherLimit = limits.find((limit) => limit.matcher !== `@${upload[1]}`);
  assert.ok(uploadLimit && otherLimit, "a limit for uploads and one for every other body");
  assert.ok(uploadLimit.bytes >= GALLERY_LIMITS.maxBytes, "Caddy lets a photo the app accepts through");
  assert.ok(otherLimit.bytes >= MAX_BODY_BYTES, "Caddy lets a body the app accepts through");
  assert.ok(uploadLimit.bytes <= 2 * GALLERY_LIMITS.maxBytes && otherLimit.bytes <= 4 * MAX_BODY_BYTES);
});

Deno.test("[vps] the nightly backup runs `deno task db:backup` on the app's database and keeps 14 days", () => {
  assert.ok(
    tasks["db:backup"],
    "deno.json has no db:backup task, which deploy/goalmates-backup.service runs (`deno task db:backup FILE`)",
  );
  // The unit runs it in a read-only checkout without a network: no install step may come first.
  assert.doesNotMatch(tasks["db:backup"], /deno install|install:/, "db:backup runs without installing anything");
  const run = one(backup, "ExecStart");
  assert.match(run, /\bdeno task db:backup "\/var\/backups\/goalmates\/goalmates-\$\$\(date \+%%F\)\.kvdump"/);
  assert.equal(environmentOf(backup).GOALMATES_KV, environmentOf(service).GOALMATES_KV, "the same database");
  assert.deepEqual(backup.get("EnvironmentFile"), service.get("EnvironmentFile"), "the same settings");
  assert.deepEqual(one(backup, "ReadWritePaths").split(" "), [stateDir, "/var/backups/goalmates"]);
  assert.equal(one(backup, "User"), one(service, "User"));
  assert.match(one(backup, "ExecStartPost"), /^\/usr\/bin\/find \/var\/backups\/goalmates .*-mtime \+13 -delete$/);
  assert.equal(one(timer, "Persistent"), "true");
  assert.match(one(timer, "OnCalendar"), /^\*-\*-\* \d\d:\d\d:\d\d$/, "every day");
});

Deno.test("[vps] runtimeUnavailable names only a missing runtime, never another compile error", () => {
  const download = "error: Writing deno compile executable to temporary file 'goalmates.tmp'\n\nCaused by:\n" +
    "    0: Setting up base binary.\n    1: error sending request for url " +
    "(https://dl.deno.land/release/v2.9.6/denort-x86_64-unknown-linux-gnu.zip): client error (Connect)";
  assert.equal(runtimeUnavailable(download), true);
  assert.equal(runtimeUnavailable('error: Module not found "file:///app/lib/missing.ts".'), false);
  assert.equal(runtimeUnavailable("error: Includes path 'static/build' does not exist"), false);
});

Deno.test("[vps] the app serves pages, passwords and photos with the binary's permissions", async () => {
  const dir = await Deno.makeTempDir({ prefix: "goalmates-vps-" });
  const sink = await startSmtpSink();
  const port = freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(Deno.execPath(), ["run", ...permissionFlags(dir), "main.ts"], {
    ...environmentOf(service),
    GOALMATES_KV: `${dir}/goalmates.kv`,
    PORT: String(port),
    APP_URL: origin,
    SMTP_URL: sink.url,
    MAIL_QUEUE_KEY: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))),
    SYSADMIN_EMAIL: SYSADMIN.email,
    SYSADMIN_PASSWORD: SYSADMIN.password,
  });
  const send = async (method: string, path: string, cookie: string, body: unknown) => {
    const headers: Record<string, string> = { origin };
    if (cookie) headers.cookie = cookie;
    headers["content-type"] = body instanceof Uint8Array ? "image/jpeg" : "application/json";
    const res = await fetch(`${origin}${path}`, {
      method,
      headers,
      body: body instanceof Uint8Array ? body as BodyInit : JSON.stringify(body),
    });
    const text = await res.text();
    assert.equal(res.status, 200, `${method} ${path}: ${text}\n${server.output()}`);
    return { json: JSON.parse(text), cookie: res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
  };
  try {
    await waitUntilServing(origin, server);
    await assertServesPages(origin, server.output);
    // A password checked by scrypt on the worker threads.
    await send("POST", "/api/sysadmin/login", "", SYSADMIN);
    // A signup (its mail sent through SMTP) and a photo processed on the image workers (wasm-vips).
    await send("POST", "/api/signup/create-pending-intent", "", SIGNUP_BODY);
    const link = new URL(
      linkIn(await sink.waitForMail(SIGNUP_BODY.email.toLowerCase(), "/signup/verify"), "/signup/verify"),
    );
    const verified = await send("POST", "/api/signup/verify-token", "", { token: link.searchParams.get("token") });
    const { teamId } = verified.json;
    const cookie = verified.cookie;
    const asked = await send("POST", "/api/objects/upload", cookie, {
      teamId,
      purpose: "gallery",
      size: PHOTO.byteLength,
      contentType: "image/jpeg",
    });
    await send("PUT", asked.json.uploadURL, cookie, PHOTO);
    const processed = await send("POST", "/api/photos/process-gallery-photo", cookie, {
      originalPath: asked.json.objectPath,
    });
    const thumbnail = await fetch(`${origin}${processed.json.thumbnailPath}`, { headers: { cookie } });
    assert.equal(thumbnail.status, 200, server.output());
    assert.ok((await thumbnail.bytes()).byteLength > 0);
    assert.ok((await Deno.stat(`${dir}/goalmates.kv`)).isFile, "the database is in the state folder");
  } finally {
    await server.stop();
    await sink.close();
    await Deno.remove(dir, { recursive: true });
  }
  assert.doesNotMatch(server.output(), /PermissionDenied|NotCapable|Requires \w+ access/, server.output());
});

Deno.test("[vps] deno task compile builds a binary that serves, or says in one line why it cannot", async () => {
  const dir = await Deno.makeTempDir({ prefix: "goalmates-compile-" });
  try {
    const binary = `${dir}/goalmates`;
    const built = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "deploy/compile.ts", "--output", binary, "--state-dir", `${dir}/state`],
      cwd: ROOT,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(built.stderr);
    if (!built.success) {
      // This machine cannot download Deno's runtime for compiled programs (denort).
      assert.equal(stderr, `${RUNTIME_UNAVAILABLE_LINE}\n`, "the only thing said is why");
      assert.equal(built.code, 1);
      return;
    }
    await Deno.mkdir(`${dir}/state`);
    const port = freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = spawn(binary, [], {
      ...environmentOf(service),
      GOALMATES_KV: `${dir}/state/goalmates.kv`,
      PORT: String(port),
      APP_URL: origin,
    });
    try {
      await waitUntilServing(origin, server);
      await assertServesPages(origin, server.output);
    } finally {
      await server.stop();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
