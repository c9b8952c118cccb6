/**
 * A Deno KV database file read as what it is, an SQLite database: its entries with their expiry,
 * and the jobs waiting in its queue, which the KV API cannot list. The layout and the key and
 * value encodings are denokv's (github.com/denoland/denokv: sqlite/backend.rs, proto/codec.rs);
 * tests/unit/kv_file_test.ts checks this reading against Deno's own on every kind of key and value.
 * Backups (lib/db/backup.ts) use it to take a snapshot of a file and to restore one into a database
 * that is not a file.
 */
import { DatabaseSync } from "node:sqlite";
import { deserialize } from "node:v8";

/** The file is not a Deno KV database (or is damaged); the message is one line. */
export class KvFileError extends Error {
  override name = "KvFileError";
}

/** Opens `path` with SQLite, checking it holds Deno KV's tables (an empty new file does not). */
export function openKvFile(path: string, options: { readOnly: boolean }): DatabaseSync {
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path, { readOnly: options.readOnly });
  } catch (error) {
    throw new KvFileError(`Cannot open ${path}: ${(error as Error).message}.`);
  }
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((row) => row.name);
    if (!["kv", "queue", "data_version"].every((table) => tables.includes(table))) {
      throw new KvFileError(`${path} is not a Deno KV database.`);
    }
    return db;
  } catch (error) {
    db.close();
    if (error instanceof KvFileError) throw error;
    throw new KvFileError(`${path} is not a Deno KV database (${(error as Error).message}).`);
  }
}

/** Entries not yet expired at `now` (Deno KV drops expired ones lazily), and the jobs in the queue. */
export function countKvFile(db: DatabaseSync, now = Date.now()): { entries: number; jobs: number } {
  const entries = db.prepare("SELECT count(*) AS n FROM kv WHERE expiration_ms < 0 OR expiration_ms > ?").get(now);
  const ready = db.prepare("SELECT count(*) AS n FROM queue").get();
  const running = db.prepare("SELECT count(*) AS n FROM queue_running").get();
  return { entries: Number(entries?.n ?? 0), jobs: Number(ready?.n ?? 0) + Number(running?.n ?? 0) };
}

export interface FileEntry {
  key: Deno.KvKey;
  value: unknown;
  /** When KV drops it (ms since the epoch); null: never. */
  expiresAt: number | null;
}

/** Every entry not expired at `now`, in key order, one row in memory at a time. */
export function* fileEntries(db: DatabaseSync, now = Date.now()): Generator<FileEntry> {
  const rows = db.prepare(
    "SELECT k, v, v_encoding, expiration_ms FROM kv WHERE expiration_ms < 0 OR expiration_ms > ? ORDER BY k",
  );
  for (const row of rows.iterate(now)) {
    const expiration = Number(row.expiration_ms);
    yield {
      key: decodeKey(row.k as Uint8Array),
      value: decodeValue(row.v as Uint8Array, Number(row.v_encoding)),
      expiresAt: expiration < 0 ? null : expiration,
    };
  }
}

export interface FileJob {
  value: unknown;
  /** When it is due (ms since the epoch); a job a process was running counts as due now. */
  dueAt: number;
  /** The waits before its remaining retries (ms). */
  backoffSchedule: number[];
  keysIfUndelivered: Deno.KvKey[];
}

/** Every job waiting in the queue, or being run when the file was copied. */
export function* fileJobs(db: DatabaseSync, now = Date.now()): Generator<FileJob> {
  const rows = db.prepare(
    "SELECT ts AS due, data, backoff_schedule, keys_if_undelivered FROM queue UNION ALL " +
      "SELECT ? AS due, data, backoff_schedule, keys_if_undelivered FROM queue_running ORDER BY due",
  );
  for (const row of rows.iterate(now)) {
    const undelivered = JSON.parse(String(row.keys_if_undelivered)) as number[][];
    yield {
      value: deserialize(row.data as Uint8Array),
      dueAt: Number(row.due),
      backoffSchedule: JSON.parse(String(row.backoff_schedule)) ?? [],
      keysIfUndelivered: undelivered.map((bytes) => decodeKey(Uint8Array.from(bytes))),
    };
  }
}

const VALUE_V8 = 1;
const VALUE_LE64 = 2;
const VALUE_BYTES = 3;

/** A stored value: structured-clone data (V8's serializer), a `Deno.KvU64`, or bytes. */
export function decodeValue(bytes: Uint8Array, encoding: number): unknown {
  if (encoding === VALUE_V8) return deserialize(bytes);
  if (encoding === VALUE_LE64) {
    return new Deno.KvU64(new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true));
  }
  if (encoding === VALUE_BYTES) return bytes.slice();
  throw new KvFileError(`Unknown value encoding ${encoding}.`);
}

const BYTES = 0x01;
const STRING = 0x02;
const NEG_INT_START = 0x0b;
const INT_ZERO = 0x14;
const POS_INT_END = 0x1d;
const DOUBLE = 0x21;
const FALSE = 0x26;
const TRUE = 0x27;
const MAX_SHORT_INT = 8;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** A key from its stored form: FoundationDB's tuple encoding of strings, bytes, bigints, numbers and booleans. */
export function decodeKey(bytes: Uint8Array): Deno.KvKey {
  const key: Deno.KvKeyPart[] = [];
  let at = 0;
  const take = (n: number) => {
    if (at + n > bytes.length) throw new KvFileError("A key ends too early.");
    const part = bytes.subarray(at, at + n);
    at += n;
    return part;
  };
  // Bytes up to a 0 that is not followed by 0xff (0 0xff stands for a 0 in the data).
  const terminated = () => {
    const out: number[] = [];
    while (at < bytes.length) {
      const byte = bytes[at++];
      if (byte !== 0) out.push(byte);
      else if (bytes[at] === 0xff) {
        out.push(0);
        at++;
      } else return Uint8Array.from(out);
    }
    throw new KvFileError("A key ends too early.");
  };
  const bigEndian = (part: Uint8Array, invert: boolean) =>
    part.reduce((n, byte) => (n << 8n) | BigInt(invert ? byte ^ 0xff : byte), 0n);
  while (at < bytes.length) {
    const tag = bytes[at++];
    if (tag === STRING) key.push(utf8.decode(terminated()));
    else if (tag === BYTES) key.push(terminated());
    else if (tag === FALSE) key.push(false);
    else if (tag === TRUE) key.push(true);
    else if (tag === DOUBLE) {
      const view = new DataView(take(8).slice().buffer);
      const u = view.getBigUint64(0);
      const sign = 1n << 63n;
      view.setBigUint64(0, (u & sign) === 0n ? u ^ 0xffff_ffff_ffff_ffffn : u ^ sign);
      key.push(view.getFloat64(0));
    } else if (tag >= INT_ZERO && tag <= INT_ZERO + MAX_SHORT_INT) {
      key.push(bigEndian(take(tag - INT_ZERO), false));
    } else if (tag >= INT_ZERO - MAX_SHORT_INT && tag < INT_ZERO) {
      key.push(-bigEndian(take(INT_ZERO - tag), true));
    } else if (tag === POS_INT_END) {
      key.push(bigEndian(take(take(1)[0]), false));
    } else if (tag === NEG_INT_START) {
      key.push(-bigEndian(take(take(1)[0] ^ 0xff), true));
    } else throw new KvFileError(`Unknown key part tag ${tag}.`);
  }
  return key;
}
