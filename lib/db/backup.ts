/**
 * `deno task db:backup` and `db:restore`: a copy of the whole database, photos included (their
 * bytes are KV entries, lib/db/blobs.ts), taken while the server runs, and putting one back.
 *
 * A backup is one Deno KV database file (`Deno.openKv(file)` opens it to look inside). Taken
 * - from a database file: by SQLite's backup API in a single step, on a read-only connection. It
 *   reads in one transaction, so the copy is the database at one instant, while the server keeps
 *   writing (the file is in WAL mode: readers and the writer do not wait for each other). It holds
 *   everything: entries, when they expire, and the jobs waiting in the KV queue (mail, digests).
 * - from a KV Connect URL (Deno Deploy's KV, a self-hosted denokv): through the KV API, which has
 *   no snapshot. Every entry is listed with strong consistency and copied; then listed again, and
 *   what changed meanwhile (a new versionstamp) or went is copied again or deleted, until a pass
 *   finds nothing changed (at most `MAX_PASSES`). Each entry is exact; after a quiet pass the copy
 *   is the database as it was when that pass began, short only of an entry written and deleted
 *   again between two passes. A database never quiet for a whole pass gives a copy whose entries
 *   changed during the last pass are counted as `unsettled`. The API shows neither expiry nor the
 *   queue: the entries are copied without expiry, the queued jobs not at all.
 *
 * A restore writes a backup into an empty database (with `force`, over one that is not):
 * - a database file: SQLite's backup API copies the backup in page by page, so the database is
 *   the backup exactly. No server may use the file meanwhile.
 * - a KV Connect URL: through the KV API, entries with the time they have left (those expired
 *   by now are left out) and queued jobs enqueued again with what is left of their delay (read
 *   from the backup's file, lib/db/kv_file.ts). With `force` the database's entries are deleted
 *   first; its queue cannot be emptied through the API.
 */
import { backup as sqliteBackup, type DatabaseSync } from "node:sqlite";
import { serialize } from "node:v8";
import { countKvFile, fileEntries, fileJobs, KvFileError, openKvFile } from "./kv_file.ts";
import { openKv } from "./kv.ts";

/** A backup or restore that cannot be done; the message is one line for whoever runs it. */
export class BackupError extends Error {
  override name = "BackupError";
}

/** The restore's target holds data and `force` was not given. */
export class NotEmptyError extends BackupError {
  override name = "NotEmptyError";
}

/** Listings of a KV Connect database before the copy gives up waiting for a quiet one. */
export const MAX_PASSES = 5;

export interface BackupSummary {
  /** "snapshot": one instant of a file; "entries": copied through the KV API. */
  method: "snapshot" | "entries";
  entries: number;
  /** Jobs waiting in the queue (a snapshot only). */
  jobs: number;
  /** The backup file's size. */
  bytes: number;
  /** Listings made ("entries" only). */
  passes?: number;
  /** Entries that changed during the last listing: 0 when the copy is one moment ("entries" only). */
  unsettled?: number;
}

export interface RestoreSummary {
  /** "file": the backup's pages copied in; "entries": written through the KV API. */
  method: "file" | "entries";
  entries: number;
  jobs: number;
}

const isUrl = (database: string) => /^https?:\/\//.test(database);

function refuseMemory(database: string, what: string): void {
  if (database === ":memory:") {
    throw new BackupError(`GOALMATES_KV is :memory:, a database that lives and dies with its process: ${what}.`);
  }
}

/** A fresh name beside `file`, so a finished backup replaces the previous one in one rename. */
async function partialBeside(file: string): Promise<string> {
  const dir = file.replace(/[^/]*$/, "");
  if (dir) await Deno.mkdir(dir, { recursive: true });
  return `${file}.partial-${crypto.randomUUID().slice(0, 8)}`;
}

async function removeDatabaseFiles(path: string): Promise<void> {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) await Deno.remove(path + suffix).catch(() => {});
}

async function sameFile(a: string, b: string): Promise<boolean> {
  const [ra, rb] = await Promise.all([Deno.realPath(a).catch(() => null), Deno.realPath(b).catch(() => null)]);
  return ra !== null && ra === rb;
}

/** Writes a backup of `source` (a database file or a KV Connect URL) to `file`, replacing it when it exists. */
export async function backupDatabase(source: string, file: string): Promise<BackupSummary> {
  refuseMemory(source, "there is nothing to back up");
  if (isUrl(source)) {
    const kv = await openKv(source);
    try {
      return await backupEntries(kv, file);
    } finally {
      kv.close();
    }
  }
  return await backupFile(source, file);
}

/** The file at one instant (`snapshot`), written beside `file` and renamed over it once checked. */
export async function backupFile(source: string, file: string): Promise<BackupSummary> {
  const stat = await Deno.stat(source).catch(() => null);
  if (!stat?.isFile) throw new BackupError(`There is no database file at ${source}. Check GOALMATES_KV.`);
  if (await sameFile(source, file)) throw new BackupError(`The backup would overwrite the database itself: ${file}.`);
  const partial = await partialBeside(file);
  try {
    await snapshot(source, partial);
    const counts = checkedCounts(partial);
    await Deno.rename(partial, file);
    return { method: "snapshot", ...counts, bytes: (await Deno.stat(file)).size };
  } catch (error) {
    await removeDatabaseFiles(partial);
    if (error instanceof KvFileError) throw new BackupError(error.message);
    throw error;
  }
}

/**
 * Copies the database file `from` to a new file `to` as it is at one instant: SQLite's backup in
 * a single step (`rate: -1`) reads every page in one read transaction. (`VACUUM INTO` would do
 * too, but Deno allows it only with every permission: it attaches the new file.)
 */
async function snapshot(from: string, to: string): Promise<void> {
  const db = openKvFile(from, { readOnly: true });
  try {
    await sqliteBackup(db, to, { rate: -1 });
  } finally {
    db.close();
  }
  // The copy keeps the database's WAL mode, in which even a reader leaves files beside it: one
  // file is what a backup should be (Deno KV turns WAL on again when it opens a restored copy).
  const copy = openKvFile(to, { readOnly: false });
  try {
    copy.exec("PRAGMA journal_mode = DELETE");
  } finally {
    copy.close();
  }
}

/** What a finished copy holds, after SQLite found it sound. */
function checkedCounts(path: string): { entries: number; jobs: number } {
  const db = openKvFile(path, { readOnly: true });
  try {
    const check = db.prepare("PRAGMA quick_check").get();
    if (check?.quick_check !== "ok") throw new BackupError(`The copy failed SQLite's check: ${check?.quick_check}.`);
    return countKvFile(db);
  } finally {
    db.close();
  }
}

/** Every entry of `kv`, listed until a pass finds nothing changed, into a new database file at `file`. */
export async function backupEntries(kv: Deno.Kv, file: string): Promise<BackupSummary> {
  const partial = await partialBeside(file);
  const work = `${partial}.work`;
  try {
    const copy = await Deno.openKv(work);
    let result: Awaited<ReturnType<typeof copyUntilQuiet>>;
    try {
      result = await copyUntilQuiet(kv, copy);
    } finally {
      copy.close();
    }
    // One self-contained file (Deno KV leaves a WAL beside what it wrote).
    await snapshot(work, partial);
    checkedCounts(partial);
    await Deno.rename(partial, file);
    return { method: "entries", jobs: 0, bytes: (await Deno.stat(file)).size, ...result };
  } finally {
    await removeDatabaseFiles(work);
    await removeDatabaseFiles(partial);
  }
}

/** A key as a string that tells every part's type (1 and 1n and "1" are three keys). */
function keyId(key: Deno.KvKey): string {
  return JSON.stringify(key.map((part) => {
    if (part instanceof Uint8Array) return ["bytes", Array.from(part)];
    return [typeof part, typeof part === "number" && Object.is(part, -0) ? "-0" : String(part)];
  }));
}

async function copyUntilQuiet(source: Deno.Kv, target: Deno.Kv) {
  const copied = new Map<string, { key: Deno.KvKey; versionstamp: string }>();
  const writer = new BatchWriter(target);
  let passes = 0;
  let changed = 0;
  do {
    passes++;
    changed = 0;
    const seen = new Set<string>();
    for await (const entry of source.list({ prefix: [] }, { consistency: "strong", batchSize: 500 })) {
      const id = keyId(entry.key);
      seen.add(id);
      if (copied.get(id)?.versionstamp === entry.versionstamp) continue;
      copied.set(id, { key: entry.key, versionstamp: entry.versionstamp });
      changed++;
      await writer.set(entry.key, entry.value);
    }
    for (const [id, { key }] of copied) {
      if (seen.has(id)) continue;
      copied.delete(id);
      changed++;
      await writer.delete(key);
    }
    await writer.flush();
  } while ((passes === 1 || changed > 0) && passes < MAX_PASSES);
  return { entries: copied.size, passes, unsettled: changed };
}

/** A commit may hold 1000 mutations and 800 KiB: writes go in commits well under both. */
const BATCH_MUTATIONS = 100;
const BATCH_BYTES = 400 * 1024;

class BatchWriter {
  #op: Deno.AtomicOperation;
  #count = 0;
  #bytes = 0;

  constructor(readonly kv: Deno.Kv) {
    this.#op = kv.atomic();
  }

  async set(key: Deno.KvKey, value: unknown, options?: { expireIn?: number }): Promise<void> {
    const bytes = value instanceof Uint8Array ? value.byteLength : serialize(value).byteLength;
    if (this.#count > 0 && this.#bytes + bytes > BATCH_BYTES) await this.flush();
    this.#op.set(key, value, options);
    await this.#added(bytes + 200);
  }

  async delete(key: Deno.KvKey): Promise<void> {
    this.#op.delete(key);
    await this.#added(200);
  }

  async #added(bytes: number): Promise<void> {
    this.#count++;
    this.#bytes += bytes;
    if (this.#count >= BATCH_MUTATIONS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.#count === 0) return;
    const result = await this.#op.commit();
    if (!result.ok) throw new BackupError("A write of the copy was refused.");
    this.#op = this.kv.atomic();
    this.#count = 0;
    this.#bytes = 0;
  }
}

/** Writes the backup `file` into `target` (a database file or a KV Connect URL), which must be empty unless `force`. */
export async function restoreDatabase(
  file: string,
  target: string,
  options: { force?: boolean } = {},
): Promise<RestoreSummary> {
  refuseMemory(target, "name a database file or a KV Connect URL to restore into");
  const stat = await Deno.stat(file).catch(() => null);
  if (!stat?.isFile) throw new BackupError(`There is no backup file at ${file}.`);
  let backup: DatabaseSync;
  try {
    backup = openKvFile(file, { readOnly: true });
  } catch (error) {
    throw new BackupError(error instanceof KvFileError ? `${error.message} It is not a backup.` : String(error));
  }
  try {
    if (isUrl(target)) {
      const kv = await openKv(target);
      try {
        return await restoreEntries(backup, kv, target, options);
      } finally {
        kv.close();
      }
    }
    if (await sameFile(file, target)) throw new BackupError(`The backup and the database are one file: ${file}.`);
    await refuseFileUnlessEmpty(target, options.force ?? false);
    const dir = target.replace(/[^/]*$/, "");
    if (dir) await Deno.mkdir(dir, { recursive: true });
    await sqliteBackup(backup, target, { rate: -1 });
    return { method: "file", ...countKvFile(backup) };
  } finally {
    backup.close();
  }
}

const notEmpty = (target: string, contents: string) =>
  new NotEmptyError(
    `The database at ${target} is not empty (${contents}): a restore writes into an empty one; add --force to replace it.`,
  );

async function refuseFileUnlessEmpty(target: string, force: boolean): Promise<void> {
  const stat = await Deno.stat(target).catch(() => null);
  if (stat === null || (stat.isFile && stat.size === 0)) return;
  if (!stat.isFile) throw new BackupError(`${target} is not a file.`);
  let counts;
  try {
    const db = openKvFile(target, { readOnly: true });
    try {
      counts = countKvFile(db);
    } finally {
      db.close();
    }
  } catch (error) {
    // Never overwritten, even with force: it may be something else entirely.
    if (error instanceof KvFileError) throw new BackupError(`${error.message} The restore leaves it alone.`);
    throw error;
  }
  if (!force && counts.entries + counts.jobs > 0) {
    throw notEmpty(target, `${counts.entries} entries, ${counts.jobs} queued job(s)`);
  }
}

/** The backup's entries and jobs written into `kv` through the KV API (see the module's comment). */
export async function restoreEntries(
  backup: DatabaseSync,
  kv: Deno.Kv,
  target: string,
  options: { force?: boolean; now?: () => number } = {},
): Promise<RestoreSummary> {
  const now = options.now ?? Date.now;
  const writer = new BatchWriter(kv);
  for await (const entry of kv.list({ prefix: [] }, { consistency: "strong", batchSize: 500 })) {
    if (!options.force) throw notEmpty(target, "it holds entries");
    await writer.delete(entry.key);
  }
  await writer.flush();
  let entries = 0;
  for (const entry of fileEntries(backup, now())) {
    const left = entry.expiresAt === null ? null : entry.expiresAt - now();
    if (left !== null && left <= 0) continue;
    await writer.set(entry.key, entry.value, left === null ? undefined : { expireIn: left });
    entries++;
  }
  await writer.flush();
  let jobs = 0;
  for (const job of fileJobs(backup, now())) {
    await kv.enqueue(job.value, {
      delay: Math.min(Math.max(0, job.dueAt - now()), MAX_QUEUE_DELAY_MS),
      backoffSchedule: job.backoffSchedule,
      keysIfUndelivered: job.keysIfUndelivered,
    });
    jobs++;
  }
  return { method: "entries", entries, jobs };
}

/** The longest delay Deno KV accepts for a queued job (30 days). */
const MAX_QUEUE_DELAY_MS = 30 * 24 * 60 * 60 * 1000;
