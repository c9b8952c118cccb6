import { ValidationError } from "../errors.ts";
import { retryLockedCommits } from "./locked_commits.ts";

/** The database could not be opened; its message is one line for whoever starts the app. */
export class KvOpenError extends Error {
  constructor(readonly path: string | null, reason: string) {
    const database = path === null
      ? "the platform's database (is a Deno KV database assigned to the app?)"
      : `the database at ${JSON.stringify(path)}`;
    super(`Cannot open ${database}: ${reason}.`);
    this.name = "KvOpenError";
  }
}

/**
 * Why opening a database file failed, in words: from the error class Deno gives a file system
 * call (creating the folder), or the SQLite message Deno.openKv passes on ("unable to open
 * database file", "database or disk is full"…). Never more than one line.
 */
export function kvOpenReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof Deno.errors.IsADirectory) return "it is a folder; name a file in it, such as goalmates.kv";
  // Creating the folder answers AlreadyExists when a part of its path is a file.
  if (error instanceof Deno.errors.NotADirectory || error instanceof Deno.errors.AlreadyExists) {
    return "a part of the path is a file, not a folder";
  }
  if (error instanceof Deno.errors.NotFound) return "a folder on the path does not exist and cannot be created";
  if (error instanceof Deno.errors.PermissionDenied) return "permission denied";
  if (code === "ENOSPC" || /no space left|disk is full/i.test(message)) return "the disk is full";
  if (code === "EROFS" || /read-?only/i.test(message)) return "the file system or the file is read-only";
  if (/unable to open database file/i.test(message)) {
    return "the file cannot be created or opened there (does the folder exist, and may this user write to it?)";
  }
  if (/disk I\/O error/i.test(message)) {
    return "reading or writing it failed (is it a regular file on a writable disk?)";
  }
  if (/not a database/i.test(message)) return "the file is not a Deno KV database";
  const firstLine = message.split(/[\r\n]/, 1)[0].trim().slice(0, 200);
  return firstLine || "unknown error";
}

const isKvConnectUrl = (path: string) => /^https?:\/\//.test(path);

/**
 * Whether jobs may rely on the database's queue at `path`. Only a file or `:memory:` may. KV
 * Connect (an http(s) URL: Deno Deploy's KV reached from elsewhere, a self-hosted denokv) has
 * none: a commit with an enqueue throws ("Enqueue operations are not supported in KV Connect",
 * nothing of it written) and `listenQueue` never delivers. The platform's own database (null, on
 * Deno Deploy) is read the same way: queues are documented for Deploy Classic only, and the
 * records the poll reads are there on either platform.
 */
export function kvLocationHasQueue(path: string | null): boolean {
  return path !== null && !isKvConnectUrl(path);
}

/** Handles on a database without a queue, and the changes begun on them: their jobs are left to the poll. */
const handlesWithoutQueue = new WeakSet<Deno.Kv>();
const changesWithoutQueue = new WeakSet<Deno.AtomicOperation>();

/** Whether jobs may be enqueued on this handle (lib/mail/queue_worker.ts polls the records when not). */
export const hasQueue = (kv: Deno.Kv): boolean => !handlesWithoutQueue.has(kv);

/** Whether a change begun with `beginChange` may carry an enqueue. */
export const changeHasQueue = (op: Deno.AtomicOperation): boolean => !changesWithoutQueue.has(op);

export interface OpenKvOptions {
  /** false: use the database as if it had no queue (tests run the KV Connect mode on a file this way). */
  queue?: boolean;
}

/**
 * Opens the database: a file path, `:memory:`, a KV Connect URL, or null for the platform's own
 * (on Deno Deploy, `Deno.openKv()` without a path opens the database assigned to the app). A file
 * path's folder is created when missing. Failing, it throws `KvOpenError` (main.ts prints it and exits).
 */
export async function openKv(
  path: string | null,
  open: typeof Deno.openKv = Deno.openKv,
  options: OpenKvOptions = {},
): Promise<Deno.Kv> {
  // Several connections may share a file (WORKERS isolates, processes): lib/db/locked_commits.ts.
  const kv = retryLockedCommits(await openKvAt(path, open));
  if (options.queue === false || !kvLocationHasQueue(path)) handlesWithoutQueue.add(kv);
  return kv;
}

async function openKvAt(path: string | null, open: typeof Deno.openKv): Promise<Deno.Kv> {
  try {
    if (path === null) return await open();
    if (path !== ":memory:" && !isKvConnectUrl(path)) {
      const dir = path.replace(/[^/]*$/, "");
      if (dir) await Deno.mkdir(dir, { recursive: true });
      // SQLite's own answer for a folder is only "unable to open database file".
      const existing = await Deno.stat(path).catch(() => null);
      if (existing?.isDirectory) throw new Deno.errors.IsADirectory(path);
    }
    return await open(path);
  } catch (error) {
    throw new KvOpenError(path, kvOpenReason(error));
  }
}

/**
 * Begins an atomic change for the repositories' `stage…` helpers to add to; the caller commits
 * it with `commitChange`/`commitOrConflict` (lib/db/change.ts), or `commitTeamChange` when it
 * changes what a team's pages show.
 */
export function beginChange(kv: Deno.Kv): Deno.AtomicOperation {
  const op = kv.atomic();
  if (handlesWithoutQueue.has(kv)) changesWithoutQueue.add(op);
  return op;
}

/** Counts every key under a prefix (keys only are used; values are read in batches of 500). */
export async function countKeys(kv: Deno.Kv, prefix: Deno.KvKey): Promise<number> {
  let count = 0;
  for await (const _ of kv.list({ prefix }, { batchSize: 500 })) count++;
  return count;
}

/** `kv.getMany` for any number of keys (Deno KV reads at most 10 at once); entries in key order. */
export async function getManyEntries<T>(kv: Deno.Kv, keyList: Deno.KvKey[]): Promise<Deno.KvEntryMaybe<T>[]> {
  const entries: Deno.KvEntryMaybe<T>[] = [];
  for (let i = 0; i < keyList.length; i += 10) entries.push(...await kv.getMany<T[]>(keyList.slice(i, i + 10)));
  return entries;
}

/** `getManyEntries`, values only (null where a key holds nothing). */
export async function getManyValues<T>(kv: Deno.Kv, keyList: Deno.KvKey[]): Promise<(T | null)[]> {
  return (await getManyEntries<T>(kv, keyList)).map((entry) => entry.value);
}

export const INVALID_CURSOR_MESSAGE = "This page link is no longer valid. Please start from the first page.";

/** Iterates until `visit` returns true; a cursor KV cannot read is the caller's mistake, not a crash. */
async function readAll<T>(iter: Deno.KvListIterator<T>, visit: (entry: Deno.KvEntry<T>) => boolean | void) {
  try {
    for await (const entry of iter) if (visit(entry)) return;
  } catch (error) {
    if (error instanceof Error && /invalid cursor/i.test(error.message)) {
      throw new ValidationError(INVALID_CURSOR_MESSAGE);
    }
    throw error;
  }
}

/** One page of a list: its values and the cursor of the next page ("" when there is none). */
export interface Page<T> {
  values: T[];
  cursor: string;
}

export interface PageOptions {
  /** From a previous page's `cursor`; absent or "" for the first page. */
  cursor?: string;
  limit?: number;
  reverse?: boolean;
}

/** The default and the largest page a list call returns. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

/** Reads one page under a selector; a full page carries the cursor of the next. */
export async function listPage<T>(kv: Deno.Kv, selector: Deno.KvListSelector, options: PageOptions = {}) {
  const limit = Math.max(1, Math.min(options.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE));
  const iter = kv.list<T>(selector, { limit, reverse: options.reverse, cursor: options.cursor || undefined });
  const values: T[] = [];
  await readAll(iter, (entry) => void values.push(entry.value));
  return { values, cursor: values.length === limit ? iter.cursor : "" } satisfies Page<T>;
}

/**
 * Every value under a selector, page by page. Only for sets a rule keeps small (a team's
 * players, a person's memberships); anything that grows with use is listed by `listPage`.
 */
export async function listAll<T>(kv: Deno.Kv, selector: Deno.KvListSelector, reverse = false): Promise<T[]> {
  const values: T[] = [];
  let cursor = "";
  do {
    const page: Page<T> = await listPage<T>(kv, selector, { cursor, limit: MAX_PAGE_SIZE, reverse });
    values.push(...page.values);
    cursor = page.cursor;
  } while (cursor);
  return values;
}

/**
 * Reads one page of the values under a selector that pass `keep`, reading on past those that
 * do not, so a page is full unless the list ends; the cursor continues after the last value read.
 * With `scanLimit`, it stops after reading that many values even when the page is not full (a
 * rare match never makes one call read a whole list), and still answers a cursor.
 */
export async function listPageWhere<T>(
  kv: Deno.Kv,
  selector: Deno.KvListSelector,
  keep: (value: T) => boolean,
  options: PageOptions & { scanLimit?: number } = {},
): Promise<Page<T>> {
  const limit = Math.max(1, Math.min(options.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE));
  const scanLimit = Math.max(1, options.scanLimit ?? Infinity);
  const iter = kv.list<T>(selector, { reverse: options.reverse, cursor: options.cursor || undefined, batchSize: 100 });
  const values: T[] = [];
  let scanned = 0;
  let stopped = false;
  await readAll(iter, (entry) => {
    if (keep(entry.value)) values.push(entry.value);
    stopped = values.length === limit || ++scanned === scanLimit;
    return stopped;
  });
  return { values, cursor: stopped ? iter.cursor : "" };
}
