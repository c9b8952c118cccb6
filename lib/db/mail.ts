/**
 * Mail on its way out: the delivery queue's records (`mail_pending`, `mail_failed`) with their
 * KV queue jobs, and the development outbox. Every key of them is written here only.
 *
 * On a database without a queue (KV Connect, lib/db/kv.ts) no job is enqueued: the record alone
 * says when it is due next (`dueAt`, or its lease's end), and the poll (lib/mail/queue_worker.ts)
 * reads the records.
 */
import { keys } from "./keys.ts";
import { changeHasQueue, hasQueue, listPage, type Page, type PageOptions } from "./kv.ts";

/**
 * The queue job that asks for one delivery attempt of a stored message. A job with `lease`
 * is a lease's watchdog: it is enqueued with the lease, due when the lease ends, and acts
 * only if that very lease is still on the record then (its holder died mid-send).
 */
export interface MailQueueMessage {
  type: "mail";
  id: string;
  lease?: number;
}

export interface StoredPendingMail {
  id: string;
}

/** When to run the next job of a message, and for which lease when it is a watchdog. */
export interface MailJobSchedule {
  delayMs: number;
  lease?: number;
}

const job = (id: string, lease?: number): MailQueueMessage =>
  lease === undefined ? { type: "mail", id } : { type: "mail", id, lease };

const idOf = (key: Deno.KvKey) => String(key[key.length - 1]);

/**
 * Adds a new message and its delivery job to `op`, so both commit with the change that sends it.
 * A job lost anyway (a queue that gave up on it) is found by the queue's sweep.
 */
export function stagePendingMail<M extends StoredPendingMail>(op: Deno.AtomicOperation, pending: M) {
  op.check({ key: keys.pendingMail(pending.id), versionstamp: null }).set(keys.pendingMail(pending.id), pending);
  return changeHasQueue(op) ? op.enqueue(job(pending.id)) : op;
}

export async function getPendingMailEntry<M>(kv: Deno.Kv, id: string): Promise<Deno.KvEntryMaybe<M>> {
  return await kv.get<M>(keys.pendingMail(id));
}

/** A page of the delivery queue's records with their versionstamps, in queueing order. */
export async function listPendingMailEntries<M>(
  kv: Deno.Kv,
  options: PageOptions = {},
): Promise<Page<Deno.KvEntry<M>>> {
  return await listEntries<M>(kv, keys.pendingMails(), options);
}

/**
 * Replaces a message checked unchanged since read and, in the same commit, enqueues its next
 * job when `next` is given; returns the new versionstamp, or null when someone else changed it
 * first (then nothing is written or enqueued).
 */
export async function replacePendingMail<M>(
  kv: Deno.Kv,
  held: Deno.AtomicCheck,
  updated: M,
  next?: MailJobSchedule,
): Promise<string | null> {
  const op = kv.atomic().check(held).set(held.key, updated);
  if (next && hasQueue(kv)) {
    op.enqueue(job(idOf(held.key), next.lease), { delay: Math.max(0, Math.ceil(next.delayMs)) });
  }
  const result = await op.commit();
  return result.ok ? result.versionstamp : null;
}

/**
 * Enqueues a job for a message checked unchanged since read, without writing the message (a
 * write would void the versionstamp its lease holder checks when it finishes). Without a queue
 * there is nothing to do: the poll reads the record again once its lease ends.
 */
export async function enqueuePendingMailJob(
  kv: Deno.Kv,
  held: Deno.AtomicCheck,
  next: MailJobSchedule,
): Promise<boolean> {
  if (!hasQueue(kv)) return true;
  const result = await kv.atomic().check(held)
    .enqueue(job(idOf(held.key), next.lease), { delay: Math.max(0, Math.ceil(next.delayMs)) })
    .commit();
  return result.ok;
}

/** Moves a message that will not be sent to `mail_failed`, where it is kept, never dropped. */
export async function moveToFailedMail<M extends StoredPendingMail>(
  kv: Deno.Kv,
  held: Deno.AtomicCheck,
  failed: M,
): Promise<boolean> {
  const result = await kv.atomic().check(held).delete(held.key).set(keys.failedMail(failed.id), failed).commit();
  return result.ok;
}

/** A page of `mail_failed` with versionstamps (for the check that rewrites one). */
export async function listFailedMailEntries<M>(kv: Deno.Kv, options: PageOptions = {}): Promise<Page<Deno.KvEntry<M>>> {
  return await listEntries<M>(kv, keys.failedMails(), options);
}

/** Adds to `op` the removal of a failed message checked unchanged since read (the retention sweep). */
export function stageFailedMailRemoval(op: Deno.AtomicOperation, held: Deno.AtomicCheck): Deno.AtomicOperation {
  return op.check(held).delete(held.key);
}

/** Rewrites a failed message checked unchanged since read. */
export async function replaceFailedMail<M>(kv: Deno.Kv, held: Deno.AtomicCheck, updated: M): Promise<boolean> {
  return (await kv.atomic().check(held).set(held.key, updated).commit()).ok;
}

/** Removes a message once sent; false when the record changed since `held` (it is then kept). */
export async function deletePendingMail(kv: Deno.Kv, held: Deno.AtomicCheck): Promise<boolean> {
  return (await kv.atomic().check(held).delete(held.key).commit()).ok;
}

export function isMailQueueMessage(value: unknown): value is MailQueueMessage {
  if (typeof value !== "object" || value === null) return false;
  const message = value as MailQueueMessage;
  return message.type === "mail" && typeof message.id === "string" &&
    (message.lease === undefined || typeof message.lease === "number");
}

/** Runs `handle` for every queue job of this database (Deno KV allows one listener per handle). */
export function listenToQueue(kv: Deno.Kv, handle: (message: unknown) => Promise<void>): Promise<void> {
  return kv.listenQueue(handle);
}

async function listEntries<M>(kv: Deno.Kv, prefix: Deno.KvKey, options: PageOptions) {
  const limit = Math.max(1, Math.min(options.limit ?? 100, 500));
  const iter = kv.list<M>({ prefix }, { limit, cursor: options.cursor || undefined, reverse: options.reverse });
  const values: Deno.KvEntry<M>[] = [];
  for await (const entry of iter) values.push(entry);
  return { values, cursor: values.length === limit ? iter.cursor : "" } satisfies Page<Deno.KvEntry<M>>;
}

export interface OutboxEntry {
  id: string;
  createdAt: string;
}

/** Keeps a mail in the development outbox for `ttlMs`. */
export async function saveOutboxMail<E extends OutboxEntry>(kv: Deno.Kv, entry: E, ttlMs: number): Promise<void> {
  await kv.set(keys.outboxMail(entry.id), entry, { expireIn: ttlMs });
}

/** A page of the development outbox, newest first. */
export async function listOutboxPage<E>(kv: Deno.Kv, options: PageOptions = {}): Promise<Page<E>> {
  return await listPage<E>(kv, { prefix: keys.outbox() }, { ...options, reverse: true });
}

/** A page of the outbox with versionstamps (for the check that rewrites one), oldest first. */
export async function listOutboxEntries<E>(kv: Deno.Kv, options: PageOptions = {}): Promise<Page<Deno.KvEntry<E>>> {
  return await listEntries<E>(kv, keys.outbox(), options);
}

/**
 * Rewrites an outbox mail checked unchanged since read, to expire in `ttlMs`; one whose time is up
 * is deleted instead. False when it changed first.
 */
export async function replaceOutboxMail<E>(
  kv: Deno.Kv,
  held: Deno.AtomicCheck,
  updated: E,
  ttlMs: number,
): Promise<boolean> {
  const op = kv.atomic().check(held);
  if (ttlMs > 0) op.set(held.key, updated, { expireIn: ttlMs });
  else op.delete(held.key);
  return (await op.commit()).ok;
}
