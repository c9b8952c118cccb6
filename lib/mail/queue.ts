/**
 * The delivery queue. A message is stored under `mail_pending` with a KV queue job; every
 * change to the record commits together with the job that will look at it next, so a stored
 * message always has a job coming:
 *
 * - queued (`stageMail`): the record and a job due now;
 * - leased for a send: the lease and a *watchdog* job due when the lease ends. If the worker
 *   dies mid-send (the in-flight job is redelivered only much later, and would see the lease
 *   anyway), the watchdog finds its lease still there and sends again;
 * - failed: the record with its backoff and a job due then;
 * - sent: the record is deleted; after the last attempt it moves to `mail_failed` with the
 *   links cut out of its body.
 *
 * The record keeps the body, with its single-use links, only sealed (lib/mail/sealing.ts): it is
 * opened in memory for each attempt. A body that cannot be opened (sealed under another key)
 * fails that attempt like a refused send, so it is retried and finally set aside, never dropped.
 * A mail's inline images are kept the same way, as sealed references: their bytes are read at each
 * attempt (`withInlineImages`), so a record stays small and a deleted photo is not sent.
 *
 * A job that finds the lease held by someone else enqueues a watchdog for that lease's end;
 * a job that comes early (a duplicate, a stale watchdog) does nothing. `sweepPendingMail`,
 * run at start and on a timer, re-enqueues any record whose job was lost anyway (records
 * leased by an older version, a queue that gave up on a job).
 *
 * On a database without a queue (KV Connect) nothing is enqueued: the record's `dueAt` (or its
 * lease's end) is its job, and `dueMailJobs` finds it for the poll (lib/mail/poll.ts), which runs
 * the same `deliverQueuedMail`, so leases, backoff and giving up are the same in both modes.
 *
 * Each message is sent once, except in one window: the process dies (or KV fails) after the
 * SMTP server accepted the message and before the record is deleted, or a send outlives its
 * deadline and is accepted late. The lease then ends with the record still there and the
 * message is sent again: at least once, never lost.
 */
import { monotonicFactory } from "ulid";
import {
  deletePendingMail,
  enqueuePendingMailJob,
  getPendingMailEntry,
  listFailedMailEntries,
  listPendingMailEntries,
  type MailQueueMessage,
  moveToFailedMail,
  replaceFailedMail,
  replacePendingMail,
  stagePendingMail,
} from "../db/mail.ts";
import { beginChange, type Page } from "../db/kv.ts";
import { commitChange } from "../db/change.ts";
import { openBody, sealBody } from "./sealing.ts";
import type { InlineImage, InlineImageResolver, Mailer, OutgoingMail, Recipient, SendableMail } from "./types.ts";
import { redactLogText } from "../log.ts";

/** A mail as the queue stores it: recipient, kind and subject in the clear, the body sealed. */
export interface QueuedMail {
  to: Recipient;
  kind: string;
  subject: string;
  sealedBody: string;
}

export interface PendingMail {
  id: string;
  /** Sealed; a plain `OutgoingMail` only in records queued before bodies were sealed. */
  mail: QueuedMail | OutgoingMail;
  attempts: number;
  lastError: string | null;
  /** While set and in the future, one worker is sending this message. */
  leaseUntil: number | null;
  /**
   * When the job enqueued with the latest change is due (ms since the epoch). Absent on
   * records queued before it existed: their `createdAt` stands in.
   */
  dueAt?: number;
  createdAt: string;
}

/** A message set aside after its last attempt: recipient, kind, subject and why, but no link. */
export interface FailedMail {
  id: string;
  mail: OutgoingMail;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  failedAt: string;
}

/** Ids keep queueing order even within one millisecond (or under a test's fixed clock). */
const nextMailId = monotonicFactory();

/** How long a worker may take to hand one message to the server. */
export const LEASE_MS = 2 * 60 * 1000;

/** Attempts before a message is set aside in `mail_failed` (about a day of retries). */
export const MAX_MAIL_ATTEMPTS = 12;

/** How long a record may be overdue before the sweep assumes its job was lost. */
export const SWEEP_GRACE_MS = 2 * 60 * 1000;

/** 30 s, 1 min, 2 min … capped at 2 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** (attempts - 1), 2 * 60 * 60 * 1000);
}

/** Timing of the queue; production uses the defaults, tests shorten them. */
export interface MailQueueOptions {
  /** Length of a delivery lease (default 2 min). */
  leaseMs?: number;
  /** A send not settled by then counts as failed, so it ends before its lease (default ¾ of the lease). */
  sendTimeoutMs?: number;
  /** Backoff after the n-th failed attempt (default `retryDelayMs`). */
  retryDelayMs?: (attempts: number) => number;
  clock?: () => number;
  /**
   * Reads a mail's inline images when it is sent (main.ts: the photos' thumbnails). Without one,
   * or for an image that is gone, the mail goes without that image and shows its alt text.
   */
  resolveInlineImage?: InlineImageResolver;
}

/**
 * Adds a mail to `op`: the message and its delivery job commit together, and with whatever
 * else `op` does (a claim decision and its e-mail are one commit). Returns the queue id.
 */
export function stageMail(op: Deno.AtomicOperation, mail: OutgoingMail, now = new Date()): string {
  const id = nextMailId(now.getTime());
  const pending: PendingMail = {
    id,
    mail: sealMail(id, mail),
    attempts: 0,
    lastError: null,
    leaseUntil: null,
    dueAt: now.getTime(),
    createdAt: now.toISOString(),
  };
  stagePendingMail(op, pending);
  return pending.id;
}

/** Queues a mail for delivery on its own; a crash can lose neither message nor job. */
export async function queueMail(kv: Deno.Kv, mail: OutgoingMail, now = new Date()): Promise<string> {
  const op = beginChange(kv);
  const id = stageMail(op, mail, now);
  if (!(await commitChange(op)).ok) throw new Error("Could not queue the mail");
  return id;
}

/**
 * - sent: delivered and deleted; gone: nothing stored (already sent or set aside);
 * - retry / failed: the attempt failed and is rescheduled / the message moved to `mail_failed`;
 * - busy: someone else holds the lease (a watchdog for its end is enqueued) or won the race for it;
 * - waiting: not due yet (its own job comes later); stale: a watchdog whose lease ended normally.
 */
export type DeliveryOutcome = "sent" | "retry" | "failed" | "gone" | "busy" | "waiting" | "stale";

/** The record's form of `mail`: its body sealed for this record and recipient. */
export function sealMail(id: string, mail: OutgoingMail): QueuedMail {
  const { to, kind, subject } = mail;
  return { to, kind, subject, sealedBody: sealBody(mail, id, to.address) };
}

const isSealed = (mail: QueuedMail | OutgoingMail): mail is QueuedMail => "sealedBody" in mail;

/** The mail of a record, its body opened; throws UnreadableMailError when it cannot be. */
export function openQueuedMail(pending: Pick<PendingMail, "id" | "mail">): OutgoingMail {
  const mail = pending.mail;
  if (!isSealed(mail)) return mail;
  const { to, kind, subject } = mail;
  return { to, kind, subject, ...openBody(mail.sealedBody, pending.id, to.address) };
}

/** Recipient, kind and subject with an empty body: all a headers-only mailer gets. */
function headersOf(mail: QueuedMail | OutgoingMail): OutgoingMail {
  return { to: mail.to, kind: mail.kind, subject: mail.subject, text: "", html: "" };
}

const UNREADABLE_BODY = "[body unreadable: sealed with another MAIL_QUEUE_KEY]";

/** What `mail_failed` keeps of a record: the body opened and its links cut, or a note that it could not be. */
function redactedMailOf(pending: PendingMail): OutgoingMail {
  try {
    return redactMail(openQueuedMail(pending));
  } catch {
    return { ...headersOf(pending.mail), text: UNREADABLE_BODY, html: UNREADABLE_BODY };
  }
}

const LINK = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;
export const LINK_REMOVED = "[link removed]";

/** The mail without its links (nor the headers that carry one, nor its images): a failed mail keeps no token. */
export function redactMail(mail: OutgoingMail): OutgoingMail {
  const { headers: _links, inlineImages: _images, ...rest } = mail;
  return { ...rest, text: mail.text.replace(LINK, LINK_REMOVED), html: mail.html.replace(LINK, LINK_REMOVED) };
}

function failedRecord(pending: PendingMail, attempts: number, lastError: string | null, at: number): FailedMail {
  return {
    id: pending.id,
    mail: redactedMailOf(pending),
    attempts,
    lastError,
    createdAt: pending.createdAt,
    failedAt: new Date(at).toISOString(),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The HTML with the `<img src="cid:…">` of each of `cids` replaced by its alt text: a mail client
 * would show a broken image for an inline image the mail does not carry.
 */
export function withoutImages(html: string, cids: string[]): string {
  return cids.reduce((out, cid) => {
    const tag = new RegExp(`<img\\b[^>]*\\bsrc="cid:${escapeRegExp(cid)}"[^>]*>`, "gi");
    // The alt is already escaped as an attribute, so it is safe as text too.
    return out.replace(tag, (img) => `<span>${/\balt="([^"]*)"/i.exec(img)?.[1] ?? ""}</span>`);
  }, html);
}

/**
 * The mail as a mailer gets it: the bytes of its inline images read now (never stored), and the
 * `<img>` of any that is gone (a photo deleted since it was queued) left as its alt text. The
 * references stay behind. A resolver that throws (the database failing) fails the attempt.
 */
export async function withInlineImages(mail: OutgoingMail, resolve?: InlineImageResolver): Promise<SendableMail> {
  const { inlineImages, ...rest } = mail;
  if (!inlineImages?.length) return rest;
  const found = await Promise.all(
    inlineImages.map(async ({ cid, ref }): Promise<InlineImage | null> => {
      const image = resolve ? await resolve(ref) : null;
      return image ? { cid, ...image } : null;
    }),
  );
  const inlineContent = found.filter((image): image is InlineImage => image !== null);
  const gone = inlineImages.filter((_, i) => found[i] === null).map((image) => image.cid);
  return { ...rest, html: withoutImages(rest.html, gone), ...(inlineContent.length > 0 ? { inlineContent } : {}) };
}

/** When the record's latest job is due: its lease's end while leased, else its `dueAt`. */
function expectedAt(pending: PendingMail): number {
  return Math.max(pending.leaseUntil ?? 0, pending.dueAt ?? Date.parse(pending.createdAt));
}

/**
 * For the poll on a database without a queue: a job for each message due by `now` (its latest
 * job's time has come: queued, backed off, or a lease that ended without its holder finishing)
 * among at most `limit` records read from `cursor` (the cursor continues after them).
 */
export async function dueMailJobs(
  kv: Deno.Kv,
  now: number,
  page: { cursor: string; limit: number },
): Promise<Page<MailQueueMessage>> {
  const read = await listPendingMailEntries<PendingMail>(kv, page);
  const due = read.values.filter((entry) => expectedAt(entry.value) <= now);
  return { values: due.map((entry) => ({ type: "mail", id: entry.value.id })), cursor: read.cursor };
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  if (!Number.isFinite(ms)) return work;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** A send that failed after its lease ended: the job that took the message over decides. */
function leaseLost(id: string): DeliveryOutcome {
  console.warn(`[mail] mail ${id}: a send failed after its lease ended; another attempt has taken over`);
  return "busy";
}

const INTERRUPTED = "interrupted: the worker stopped during the send (its lease expired)";

/**
 * One delivery attempt for a queued mail, for a queue job (or a bare id: a plain job). A lease
 * taken atomically first makes a duplicate job (queues deliver at least once) a no-op, so each
 * message is sent once; the lease's watchdog job resends it if the worker dies mid-send. On
 * failure the message stays stored and a new attempt is enqueued with backoff; after
 * MAX_MAIL_ATTEMPTS it moves, redacted, to `mail_failed`.
 */
export async function deliverQueuedMail(
  kv: Deno.Kv,
  mailer: Mailer,
  job: string | MailQueueMessage,
  options: MailQueueOptions = {},
): Promise<DeliveryOutcome> {
  const clock = options.clock ?? Date.now;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const sendTimeoutMs = options.sendTimeoutMs ?? Math.floor(leaseMs * 0.75);
  const backoff = options.retryDelayMs ?? retryDelayMs;
  const { id, lease: watched } = typeof job === "string" ? { id: job, lease: undefined } : job;

  const now = clock();
  const entry = await getPendingMailEntry<PendingMail>(kv, id);
  const current = entry.value;
  if (!current) return "gone";
  if (watched !== undefined && current.leaseUntil !== watched) return "stale";
  if (current.leaseUntil !== null && current.leaseUntil > now) {
    // Its holder finishes and releases it, or dies: then this job retries when the lease ends.
    await enqueuePendingMailJob(kv, entry, { delayMs: current.leaseUntil - now, lease: current.leaseUntil });
    return "busy";
  }
  if (watched === undefined && current.leaseUntil === null && (current.dueAt ?? 0) > now) return "waiting";

  // An expired lease means its holder died mid-send: that counts as an attempt.
  let attempts = current.attempts;
  let lastError = current.lastError;
  if (current.leaseUntil !== null) {
    attempts++;
    lastError = INTERRUPTED;
    console.warn(`[mail] ${current.mail.kind} mail ${id}: ${INTERRUPTED}; sending again`);
  }
  if (attempts >= MAX_MAIL_ATTEMPTS) {
    if (!(await moveToFailedMail(kv, entry, failedRecord(current, attempts, lastError, now)))) return "busy";
    const why = redactLogText(String(lastError));
    console.error(`[mail] giving up on ${current.mail.kind} mail ${id} after ${attempts} attempts: ${why}`);
    return "failed";
  }
  const leaseUntil = now + leaseMs;
  const pending: PendingMail = { ...current, attempts, lastError, leaseUntil, dueAt: leaseUntil };
  const leasedAt = await replacePendingMail(kv, entry, pending, { delayMs: leaseMs, lease: leaseUntil });
  if (!leasedAt) return "busy";
  const held = { key: entry.key, versionstamp: leasedAt };

  try {
    const send = async () => {
      const outgoing = mailer.headersOnly
        ? headersOf(pending.mail)
        : await withInlineImages(openQueuedMail(pending), options.resolveInlineImage);
      await mailer.send(outgoing);
    };
    // Reading the images counts against the send's deadline: both happen inside the lease.
    await withDeadline(send(), sendTimeoutMs);
  } catch (error) {
    const failedAt = clock();
    const tries = attempts + 1;
    const message = String((error as Error)?.message ?? error);
    const kind = pending.mail.kind;
    if (tries >= MAX_MAIL_ATTEMPTS) {
      if (!(await moveToFailedMail(kv, held, failedRecord(pending, tries, message, failedAt)))) return leaseLost(id);
      console.error(`[mail] giving up on ${kind} mail ${id} after ${tries} attempts: ${redactLogText(message)}`);
      return "failed";
    }
    const delayMs = backoff(tries);
    const updated: PendingMail = {
      ...pending,
      attempts: tries,
      lastError: message,
      leaseUntil: null,
      dueAt: failedAt + delayMs,
    };
    if (!(await replacePendingMail(kv, held, updated, { delayMs }))) return leaseLost(id);
    // A mail server's refusal often quotes the recipient's address.
    console.warn(`[mail] ${kind} mail ${id} failed (attempt ${tries}), will retry: ${redactLogText(message)}`);
    return "retry";
  }
  // The one window for a second copy: the server has the message and the record is not deleted yet.
  if (!(await deletePendingMail(kv, held))) {
    console.error(`[mail] ${pending.mail.kind} mail ${id} was sent but its record changed; it may be sent again`);
  }
  return "sent";
}

/**
 * Re-enqueues every pending mail whose job seems lost: not leased (or its lease expired) and
 * overdue by more than `graceMs`. Duplicates are harmless (the lease sends once); the record's
 * `dueAt` is moved to now, so the next sweep leaves it to this job for another grace period.
 * Returns how many were re-enqueued.
 */
export async function sweepPendingMail(
  kv: Deno.Kv,
  options: { graceMs?: number; clock?: () => number } = {},
): Promise<number> {
  const clock = options.clock ?? Date.now;
  const graceMs = options.graceMs ?? SWEEP_GRACE_MS;
  let requeued = 0;
  let cursor = "";
  do {
    const page = await listPendingMailEntries<PendingMail>(kv, { cursor, limit: 100 });
    for (const entry of page.values) {
      const pending = entry.value;
      const now = clock();
      if (pending.leaseUntil !== null && pending.leaseUntil > now) continue; // its watchdog is due at its end
      if (now < expectedAt(pending) + graceMs) continue; // its job is due soon or running
      if (await replacePendingMail(kv, entry, { ...pending, dueAt: now }, { delayMs: 0 })) requeued++;
    }
    cursor = page.cursor;
  } while (cursor);
  if (requeued > 0) console.warn(`[mail] re-enqueued ${requeued} pending mail(s) whose delivery job was lost`);
  return requeued;
}

/** Cuts the links out of failed mail set aside before failed mail was redacted. Returns how many. */
export async function redactFailedMail(kv: Deno.Kv): Promise<number> {
  let redacted = 0;
  let cursor = "";
  do {
    const page = await listFailedMailEntries<Partial<FailedMail>>(kv, { cursor, limit: 100 });
    for (const entry of page.values) {
      const mail = entry.value.mail;
      if (typeof mail?.text !== "string" || typeof mail.html !== "string") continue;
      const clean = redactMail(mail);
      if (clean.text === mail.text && clean.html === mail.html) continue;
      if (await replaceFailedMail(kv, entry, { ...entry.value, mail: clean })) redacted++;
    }
    cursor = page.cursor;
  } while (cursor);
  return redacted;
}

/**
 * Seals the body of pending mail queued before bodies were sealed, so its links wait no longer
 * in the clear. A record leased right now is left to its sender (a rewrite would void the check
 * it deletes the record with); it is delivered plain as before. Returns how many were sealed.
 */
export async function sealLegacyPendingMail(kv: Deno.Kv, options: { clock?: () => number } = {}): Promise<number> {
  const clock = options.clock ?? Date.now;
  let sealed = 0;
  let cursor = "";
  do {
    const page = await listPendingMailEntries<PendingMail>(kv, { cursor, limit: 100 });
    for (const entry of page.values) {
      const pending = entry.value;
      if (isSealed(pending.mail) || (pending.leaseUntil !== null && pending.leaseUntil > clock())) continue;
      if (await replacePendingMail(kv, entry, { ...pending, mail: sealMail(pending.id, pending.mail) })) sealed++;
    }
    cursor = page.cursor;
  } while (cursor);
  return sealed;
}
