/**
 * `deno task db:backup FILE` and `db:restore [--force] FILE` (lib/db/backup.ts), run as the tasks
 * run them (their `deno run` and permissions read from deno.json). A backup taken while the app
 * writes to the database is one instant of it; restored into a new path, the app started on it
 * has the same teams, people, photos (the same bytes) and sessions (the same cookies sign in). A
 * restore refuses a database that holds anything unless --force, in one line and exit code 1.
 * The copy through the KV API (a KV Connect URL's backup and restore) keeps every entry, the
 * entries' expiry and the queued jobs, and copies again what changed while it listed.
 */
import assert from "node:assert/strict";
import { createApp } from "../../routes/mod.tsx";
import { loadConfig } from "../../lib/config.ts";
import { imagePool } from "../../lib/images/mod.ts";
import { backupEntries, MAX_PASSES, restoreEntries } from "../../lib/db/backup.ts";
import { countKvFile, fileEntries, openKvFile } from "../../lib/db/kv_file.ts";
import { call, TEST_ASSETS, TEST_ORIGIN } from "../helpers.ts";
import { type AdminWorld, adminWorld } from "../admin_helpers.ts";

const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const TASKS: Record<string, string> = JSON.parse(await Deno.readTextFile(`${ROOT}/deno.json`)).tasks;
const SMALL_PNG = Deno.readFileSync(new URL("../fixtures/small.png", import.meta.url));

/** A task's `deno run …` after its runtime install, run with this deno, GOALMATES_KV and `args`. */
async function task(name: string, kvPath: string, args: string[]) {
  const command = TASKS[name];
  // The database tasks import no npm package, so they run as they are, in a read-only checkout too.
  const prefix = "deno ";
  assert.ok(command?.startsWith(prefix), `${name} is one deno command: ${command}`);
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [...command.slice(prefix.length).split(" "), ...args],
    cwd: ROOT,
    env: { GOALMATES_KV: kvPath, NO_COLOR: "1" },
    stdin: "null",
  }).output();
  const decoder = new TextDecoder();
  return { code, stdout: decoder.decode(stdout), stderr: decoder.decode(stderr) };
}

/** The app on the database file at `path`, as main.ts builds it. */
async function appOn(path: string) {
  const kv = await Deno.openKv(path);
  const config = loadConfig({ APP_URL: TEST_ORIGIN, GOALMATES_KV: path });
  const app = createApp({ kv, config, assets: TEST_ASSETS, requestLog: false });
  return { app, kv, [Symbol.asyncDispose]: () => Promise.resolve(kv.close()) };
}

type App = Awaited<ReturnType<typeof appOn>>["app"];

async function galleryPhoto(app: App, w: AdminWorld): Promise<string[]> {
  const cookie = w.cookies.parent;
  const asked = await call(app, "POST", "/api/objects/upload", {
    cookie,
    body: { teamId: w.team.id, purpose: "gallery", size: SMALL_PNG.byteLength, contentType: "image/png" },
  });
  const { uploadURL, objectPath } = await asked.json();
  const put = await call(app, "PUT", uploadURL, { cookie, raw: SMALL_PNG });
  assert.equal(put.status, 200);
  await put.body?.cancel();
  const processed = await call(app, "POST", "/api/photos/process-gallery-photo", {
    cookie,
    body: { originalPath: objectPath },
  });
  const paths = await processed.json();
  const added = await call(app, "POST", `/api/teams/${w.team.id}/photos`, { cookie, body: paths });
  assert.equal(added.status, 201);
  const photo = await added.json();
  return [photo.objectPath, photo.mediumPath, photo.thumbnailPath];
}

/** What a person sees of the database through the app: the same in the original and the restored copy. */
async function seenThrough(app: App, w: AdminWorld, photos: string[]) {
  const json = async (path: string, cookie: string) => {
    const res = await call(app, "GET", path, { cookie });
    assert.equal(res.status, 200, `${path}: ${res.status}`);
    return await res.json();
  };
  const bytes = async (path: string) => {
    const res = await call(app, "GET", path, { cookie: w.cookies.admin });
    assert.equal(res.status, 200, path);
    return new Uint8Array(await res.arrayBuffer());
  };
  return {
    roster: await json(`/api/teams/${w.team.slug}/roster`, ""),
    players: await json(`/api/admin/${w.team.id}/players`, w.cookies.admin),
    sessions: await Promise.all(
      (["admin", "parent", "player"] as const).map((who) => json("/api/v2/auth/session", w.cookies[who])),
    ),
    sysadmin: (await call(app, "GET", "/api/sysadmin/verify", { cookie: w.cookies.sysadmin })).status,
    photos: await Promise.all(photos.map(bytes)),
  };
}

Deno.test({
  name: "[backup] a backup taken while the app writes restores into a new path with the same teams, people, " +
    "photos and sessions",
  // The image pool's thread is the process's; the last step closes it.
  sanitizeResources: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "goalmates-backup-" });
    try {
      const source = `${dir}/live/goalmates.kv`;
      await Deno.mkdir(`${dir}/live`);
      let before;
      let world: AdminWorld;
      let photos: string[];
      let written = 0;
      {
        await using t = await appOn(source);
        world = await adminWorld(t);
        photos = await galleryPhoto(t.app, world);
        before = await seenThrough(t.app, world, photos);
        // A writer keeps committing through the backup, each commit a new entry at the start of the
        // key space and the count at its end: a copy read in pieces would find a count past its last entry.
        let writing = true;
        const writer = (async () => {
          while (writing) {
            await t.kv.atomic().set(["busy_a", written], written).set(["busy_z"], written).commit();
            written++;
            await new Promise((resolve) => setTimeout(resolve, 1));
          }
        })();
        let backedUp, writtenDuring;
        try {
          while (written < 5) await new Promise((resolve) => setTimeout(resolve, 5));
          backedUp = await task("db:backup", source, [`${dir}/backups/nightly.kv`]);
          writtenDuring = written;
        } finally {
          // Stopped before the database closes, whatever happened, so no write outlives it.
          writing = false;
          await writer;
        }
        assert.equal(backedUp.code, 0, backedUp.stderr);
        assert.match(backedUp.stdout, /^Backed up .* entries and \d+ queued job\(s\) as they were at one instant/m);
        assert.ok(writtenDuring > 5, "the writer wrote while the backup ran");
      }
      // The backup is one file: nothing left beside it.
      assert.deepEqual([...Deno.readDirSync(`${dir}/backups`)].map((e) => e.name), ["nightly.kv"]);

      const restoredPath = `${dir}/restored/goalmates.kv`;
      const restored = await task("db:restore", restoredPath, [`${dir}/backups/nightly.kv`]);
      assert.equal(restored.code, 0, restored.stderr);
      assert.match(restored.stdout, /^Restored .* into .*restored\/goalmates\.kv: \d+ entries/);

      await using copy = await appOn(restoredPath);
      assert.deepEqual(await seenThrough(copy.app, world, photos), before);
      // One instant: the count is the last entry's, and no entry is missing before it.
      const entries = await Array.fromAsync(copy.kv.list<number>({ prefix: ["busy_a"] }), (e) => e.value);
      const count = (await copy.kv.get<number>(["busy_z"])).value;
      assert.ok(entries.length >= 5 && entries.length <= written, `${entries.length} of ${written}`);
      assert.deepEqual(entries, Array.from({ length: entries.length }, (_, i) => i));
      assert.equal(count, entries.length - 1);
    } finally {
      imagePool.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("[backup] a restore refuses a database that holds anything unless --force, which replaces it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "goalmates-restore-" });
  try {
    const backupSource = `${dir}/source.kv`;
    const kv = await Deno.openKv(backupSource);
    await kv.set(["teams", "from-backup"], { name: "Backed up" });
    kv.close();
    assert.equal((await task("db:backup", backupSource, [`${dir}/backup.kv`])).code, 0);

    const target = `${dir}/target.kv`;
    const other = await Deno.openKv(target);
    await other.set(["teams", "already-there"], { name: "Kept" });
    other.close();
    const refused = await task("db:restore", target, [`${dir}/backup.kv`]);
    assert.equal(refused.code, 1);
    assert.equal(refused.stdout, "");
    assert.match(
      refused.stderr,
      /^The database at .*target\.kv is not empty \(1 entries, 0 queued job\(s\)\): .* add --force to replace it\.\n$/,
    );
    const keysOf = async () => {
      const db = await Deno.openKv(target);
      try {
        return (await Array.fromAsync(db.list({ prefix: [] }))).map((e) => e.key);
      } finally {
        db.close();
      }
    };
    assert.deepEqual(await keysOf(), [["teams", "already-there"]], "left as it was");

    const forced = await task("db:restore", target, ["--force", `${dir}/backup.kv`]);
    assert.equal(forced.code, 0, forced.stderr);
    assert.deepEqual(await keysOf(), [["teams", "from-backup"]], "replaced by the backup");

    // Without a file, or with something that is not a backup: one line each, exit code 1.
    for (const args of [[], [`${dir}/missing.kv`], [`${dir}/notes.txt`]]) {
      await Deno.writeTextFile(`${dir}/notes.txt`, "notes\n".repeat(200));
      const result = await task("db:restore", `${dir}/fresh.kv`, args);
      assert.equal(result.code, 1, args.join(" "));
      assert.equal(result.stderr.trimEnd().split("\n").length, 1, result.stderr);
    }
    const memory = await task("db:backup", ":memory:", [`${dir}/memory.kv`]);
    assert.equal(memory.code, 1);
    assert.match(memory.stderr, /^GOALMATES_KV is :memory:/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** A database whose listing runs `during(pass)` once it has read its first entry: a write while the copy lists. */
function changingDuringList(kv: Deno.Kv, during: (pass: number) => Promise<void>): Deno.Kv {
  let pass = 0;
  return new Proxy(kv, {
    get(target, property) {
      if (property !== "list") return Reflect.get(target, property, target);
      return (selector: Deno.KvListSelector, options?: Deno.KvListOptions) => {
        const current = ++pass;
        return (async function* () {
          let first = true;
          for await (const entry of target.list(selector, options)) {
            yield entry;
            if (first) await during(current);
            first = false;
          }
        })();
      };
    },
  });
}

Deno.test("[backup] through the KV API: what changed while it listed is copied again; expiry and jobs are restored", async () => {
  const dir = await Deno.makeTempDir({ prefix: "goalmates-backup-api-" });
  try {
    const source = await Deno.openKv(`${dir}/source.kv`);
    await source.set(["a", 1], "first");
    await source.set(["b"], "to be deleted");
    await source.set(["c"], new Uint8Array(60_000).fill(3));
    const quietAfterTwo = changingDuringList(source, async (pass) => {
      if (pass !== 1) return;
      await source.set(["a", 1], "changed after it was copied");
      await source.delete(["b"]);
      await source.set(["d"], "new");
    });
    const summary = await backupEntries(quietAfterTwo, `${dir}/backup.kv`);
    assert.deepEqual({ ...summary, bytes: 0 }, {
      method: "entries",
      entries: 3,
      jobs: 0,
      bytes: 0,
      passes: 3,
      unsettled: 0,
    });
    const backup = openKvFile(`${dir}/backup.kv`, { readOnly: true });
    try {
      assert.deepEqual(
        [...fileEntries(backup)].map((e) => [e.key, e.value instanceof Uint8Array ? e.value.length : e.value]),
        [[["a", 1], "changed after it was copied"], [["c"], 60_000], [["d"], "new"]],
      );
    } finally {
      backup.close();
    }

    // Never quiet: it stops after MAX_PASSES and says how much changed in the last.
    let n = 0;
    const restless = changingDuringList(source, () => source.set(["a", 1], `write ${++n}`).then(() => {}));
    const gaveUp = await backupEntries(restless, `${dir}/restless.kv`);
    assert.equal(gaveUp.passes, MAX_PASSES);
    assert.equal(gaveUp.unsettled, 1);
    source.close();

    // Restored through the API: entries keep the time they have left, and queued jobs come back.
    const withExpiry = await Deno.openKv(`${dir}/expiring.kv`);
    await withExpiry.set(["session", "s1"], { user: "u1" }, { expireIn: 3_600_000 });
    await withExpiry.set(["kept"], 1);
    await withExpiry.enqueue({ type: "request-digest" }, { delay: 600_000 });
    withExpiry.close();
    const file = openKvFile(`${dir}/expiring.kv`, { readOnly: true });
    const target = await Deno.openKv(`${dir}/target.kv`);
    try {
      await target.set(["old"], true);
      await assert.rejects(restoreEntries(file, target, "the target"), /not empty/);
      assert.deepEqual(await restoreEntries(file, target, "the target", { force: true }), {
        method: "entries",
        entries: 2,
        jobs: 1,
      });
    } finally {
      file.close();
      target.close();
    }
    const written = openKvFile(`${dir}/target.kv`, { readOnly: true });
    try {
      const entries = [...fileEntries(written)];
      assert.deepEqual(entries.map((e) => e.key), [["kept"], ["session", "s1"]]);
      assert.equal(entries[0].expiresAt, null);
      assert.ok(Math.abs(entries[1].expiresAt! - (Date.now() + 3_600_000)) < 60_000, "about an hour left");
      assert.deepEqual(countKvFile(written), { entries: 2, jobs: 1 });
    } finally {
      written.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
