/**
 * Mail on its way out: the delivery queue's records (`mail_pending`, `mail_failed`) with their
 * KV queue jobs, and the development outbox. Every key of them is written here only.
 */
import { keys } from "./keys.ts";
import { listPage, type Page, type PageOptions } from "./kv.ts";

/** The queue job that asks for one delivery attempt of a stored message. */
export interface MailQueueMessage {
  type: "mail";
  id: string;
}

export interface StoredPendingMail {
  id: string;
}

const job = (id: string): MailQueueMessage => ({ type: "mail", id });

/** Adds a new message and its delivery job to `op`, so both commit with the change that sends it. */
export function stagePendingMail<M extends StoredPendingMail>(op: Deno.AtomicOperation, pending: M) {
  return op.check({ key: keys.pendingMail(pending.id), versionstamp: null })
    .set(keys.pendingMail(pending.id), pending)
    .enqueue(job(pending.id), { keysIfUndelivered: [keys.failedMail(pending.id)] });
}

export async function getPendingMailEntry<M>(kv: Deno.Kv, id: string): Promise<Deno.KvEntryMaybe<M>> {
  return await kv.get<M>(keys.pendingMail(id));
}

/**
 * Replaces a message checked unchanged since read; returns the new versionstamp, or null when
 * someone else changed it first.
 */
export async function replacePendingMail<M>(
  kv: Deno.Kv,
  held: Deno.AtomicCheck,
  updated: M,
  retryAfterMs?: number,
): Promise<string | null> {
  const op = kv.atomic().check(held).set(held.key, updated);
  if (retryAfterMs !== undefined) {
    const id = String(held.key[held.key.length - 1]);
    op.enqueue(job(id), { delay: retryAfterMs, keysIfUndelivered: [keys.failedMail(id)] });
  }
  const result = await op.commit();
  return result.ok ? result.versionstamp : null;
}

/** Moves a message that will not be sent to `mail_failed`, where it is kept, never dropped. */
export async function moveToFailedMail<M extends StoredPendingMail>(
  kv: Deno.Kv,
  held: Deno.AtomicCheck,
  failed: M,
): Promise<void> {
  await kv.atomic().check(held).delete(held.key).set(keys.failedMail(failed.id), failed).commit();
}

/** Removes a message once sent. */
export async function deletePendingMail(kv: Deno.Kv, held: Deno.AtomicCheck): Promise<void> {
  await kv.atomic().check(held).delete(held.key).commit();
}

export function isMailQueueMessage(value: unknown): value is MailQueueMessage {
  return typeof value === "object" && value !== null && (value as MailQueueMessage).type === "mail" &&
    typeof (value as MailQueueMessage).id === "string";
}

/** Runs `handle` for every queue job of this database (Deno KV allows one listener per handle). */
export function listenToQueue(kv: Deno.Kv, handle: (message: unknown) => Promise<void>): Promise<void> {
  return kv.listenQueue(handle);
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
