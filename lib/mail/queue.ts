import { monotonicFactory } from "ulid";
import {
  deletePendingMail,
  getPendingMailEntry,
  moveToFailedMail,
  replacePendingMail,
  stagePendingMail,
} from "../db/mail.ts";
import { beginChange } from "../db/kv.ts";
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
export function stageMail(op: Deno.AtomicOperation, mail: OutgoingMail, now = new Date()): string {
  const pending: PendingMail = {
    id: nextMailId(now.getTime()),
    mail,
    attempts: 0,
    lastError: null,
    leaseUntil: null,
    createdAt: now.toISOString(),
  };
  stagePendingMail(op, pending);
  return pending.id;
}

/** Queues a mail for delivery on its own; a crash can lose neither message nor job. */
export async function queueMail(kv: Deno.Kv, mail: OutgoingMail, now = new Date()): Promise<string> {
  const op = beginChange(kv);
  const id = stageMail(op, mail, now);
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
  const entry = await getPendingMailEntry<PendingMail>(kv, id);
  if (!entry.value) return "gone";
  if (entry.value.leaseUntil !== null && entry.value.leaseUntil > now) return "busy";
  const pending: PendingMail = { ...entry.value, leaseUntil: now + LEASE_MS };
  const leasedAt = await replacePendingMail(kv, entry, pending);
  if (!leasedAt) return "busy";
  const held = { key: entry.key, versionstamp: leasedAt };

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
    if (attempts >= MAX_MAIL_ATTEMPTS) {
      await moveToFailedMail(kv, held, updated);
      console.error(
        `[mail] giving up on ${pending.mail.kind} mail ${id} after ${attempts} attempts: ${updated.lastError}`,
      );
    } else {
      await replacePendingMail(kv, held, updated, retryDelayMs(attempts));
      console.warn(
        `[mail] ${pending.mail.kind} mail ${id} failed (attempt ${attempts}), will retry: ${updated.lastError}`,
      );
    }
    return attempts >= MAX_MAIL_ATTEMPTS ? "failed" : "retry";
  }
  await deletePendingMail(kv, held);
  return "sent";
}
