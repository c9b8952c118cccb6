import { monotonicFactory } from "ulid";
import { keys } from "../db/keys.ts";
import type { Mailer, OutgoingMail } from "./types.ts";

export interface PendingMail {
  id: string;
  mail: OutgoingMail;
  attempts: number;
  lastError: string | null;
  /** While set and in the future, one worker is sending this message. */
  leaseUntil: number | null;
  createdAt: string;
}

/** Ids keep queueing order even within one millisecond (or under a test's fixed clock). */
const nextMailId = monotonicFactory();

/** How long a worker may take to hand one message to the server. */
const LEASE_MS = 2 * 60 * 1000;

export interface MailQueueMessage {
  type: "mail";
  id: string;
}

/** Attempts before a message is set aside in `mail_failed` (about a day of retries). */
export const MAX_MAIL_ATTEMPTS = 12;

/** 30 s, 1 min, 2 min … capped at 2 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** (attempts - 1), 2 * 60 * 60 * 1000);
}

/**
 * Adds a mail to `op`: the message and its delivery job commit together, and with whatever
 * else `op` does (a claim decision and its e-mail are one commit). Returns the queue id.
 */
export function addMailToQueue(op: Deno.AtomicOperation, mail: OutgoingMail, now = new Date()): string {
  const pending: PendingMail = {
    id: nextMailId(now.getTime()),
    mail,
    attempts: 0,
    lastError: null,
    leaseUntil: null,
    createdAt: now.toISOString(),
  };
  const message: MailQueueMessage = { type: "mail", id: pending.id };
  op.check({ key: keys.pendingMail(pending.id), versionstamp: null })
    .set(keys.pendingMail(pending.id), pending)
    .enqueue(message, { keysIfUndelivered: [keys.failedMail(pending.id)] });
  return pending.id;
}

/** Queues a mail for delivery on its own; a crash can lose neither message nor job. */
export async function queueMail(kv: Deno.Kv, mail: OutgoingMail, now = new Date()): Promise<string> {
  const op = kv.atomic();
  const id = addMailToQueue(op, mail, now);
  if (!(await op.commit()).ok) throw new Error("Could not queue the mail");
  return id;
}

export type DeliveryOutcome = "sent" | "retry" | "failed" | "gone" | "busy";

/**
 * One delivery attempt for a queued mail. A lease taken atomically first makes a duplicate
 * job (queues deliver at least once) a no-op, so each message is sent once. On failure the
 * message stays stored and a new attempt is enqueued with backoff; after MAX_MAIL_ATTEMPTS it
 * moves to `mail_failed`.
 */
export async function deliverQueuedMail(
  kv: Deno.Kv,
  mailer: Mailer,
  id: string,
  now = Date.now(),
): Promise<DeliveryOutcome> {
  const entry = await kv.get<PendingMail>(keys.pendingMail(id));
  if (!entry.value) return "gone";
  if (entry.value.leaseUntil !== null && entry.value.leaseUntil > now) return "busy";
  const pending: PendingMail = { ...entry.value, leaseUntil: now + LEASE_MS };
  const leased = await kv.atomic().check(entry).set(entry.key, pending).commit();
  if (!leased.ok) return "busy";
  const held = { key: entry.key, versionstamp: leased.versionstamp };

  try {
    await mailer.send(pending.mail);
  } catch (error) {
    const attempts = pending.attempts + 1;
    const updated: PendingMail = {
      ...pending,
      attempts,
      leaseUntil: null,
      lastError: String((error as Error)?.message ?? error),
    };
    const op = kv.atomic().check(held);
    if (attempts >= MAX_MAIL_ATTEMPTS) {
      op.delete(entry.key).set(keys.failedMail(id), updated);
      console.error(
        `[mail] giving up on ${pending.mail.kind} mail ${id} after ${attempts} attempts: ${updated.lastError}`,
      );
    } else {
      op.set(entry.key, updated).enqueue({ type: "mail", id } satisfies MailQueueMessage, {
        delay: retryDelayMs(attempts),
        keysIfUndelivered: [keys.failedMail(id)],
      });
      console.warn(
        `[mail] ${pending.mail.kind} mail ${id} failed (attempt ${attempts}), will retry: ${updated.lastError}`,
      );
    }
    await op.commit();
    return attempts >= MAX_MAIL_ATTEMPTS ? "failed" : "retry";
  }
  await kv.atomic().check(held).delete(entry.key).commit();
  return "sent";
}

export function isMailQueueMessage(value: unknown): value is MailQueueMessage {
  return typeof value === "object" && value !== null && (value as MailQueueMessage).type === "mail" &&
    typeof (value as MailQueueMessage).id === "string";
}
