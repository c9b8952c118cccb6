/** The one KV queue listener: delivers queued mail, runs the queue's other jobs, and sweeps for lost mail. */
import { stripOutboxBodies } from "./mailers.ts";
import {
  deliverQueuedMail,
  type MailQueueOptions,
  redactFailedMail,
  sealLegacyPendingMail,
  sweepPendingMail,
} from "./queue.ts";
import { isMailQueueMessage, listenToQueue } from "../db/mail.ts";
import type { Mailer } from "./types.ts";

export interface QueueWorkerOptions extends MailQueueOptions {
  /** How often to look for pending mail whose job was lost (default 5 min); null: never, not even at start. */
  sweepEveryMs?: number | null;
  /** How overdue a record must be before the sweep re-enqueues it (default 2 min). */
  sweepGraceMs?: number;
  /** Runs the queue's jobs that are not mail (one listener per database handle); a throw makes the queue retry. */
  otherJobs?: (message: unknown) => Promise<void>;
}

const SWEEP_EVERY_MS = 5 * 60 * 1000;

/**
 * Delivers queued mail from the KV queue, and sweeps for mail whose job was lost: once at
 * start (mail left by a crash or an older version), then on a timer. Deno KV allows one queue
 * listener per database handle, so later job types join this dispatch rather than listening
 * themselves. Settles when the database is closed.
 */
export async function startQueueWorker(kv: Deno.Kv, mailer: Mailer, options: QueueWorkerOptions = {}): Promise<void> {
  const listening = listenToQueue(kv, async (message: unknown) => {
    if (!isMailQueueMessage(message)) return await options.otherJobs?.(message);
    try {
      await deliverQueuedMail(kv, mailer, message, options);
    } catch (error) {
      console.error(`[mail] delivery job for ${message.id} failed; the queue retries it:`, error);
      throw error;
    }
  });
  let stopped = false;
  const sweep = async () => {
    try {
      await sweepPendingMail(kv, { graceMs: options.sweepGraceMs, clock: options.clock });
    } catch (error) {
      if (!stopped) console.error("[mail] sweep failed:", error);
    }
  };
  const every = options.sweepEveryMs === undefined ? SWEEP_EVERY_MS : options.sweepEveryMs;
  let sweeping: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | undefined;
  if (every !== null) {
    sweeping = cleanUpStoredMail(kv, mailer).catch(
      (error) => void (!stopped && console.error("[mail] cleaning up stored mail failed:", error)),
    ).then(sweep);
    timer = setInterval(() => sweeping = sweeping.then(sweep), every);
  }
  try {
    await listening;
  } finally {
    stopped = true;
    clearInterval(timer);
    await sweeping;
  }
}

/**
 * At start, links stored by older versions go: failed mail loses its links, pending mail is
 * sealed, and the outbox keeps bodies only while it is the development outbox.
 */
async function cleanUpStoredMail(kv: Deno.Kv, mailer: Mailer): Promise<void> {
  const redacted = await redactFailedMail(kv);
  if (redacted > 0) console.warn(`[mail] removed the links from ${redacted} failed mail(s)`);
  const sealed = await sealLegacyPendingMail(kv);
  if (sealed > 0) console.warn(`[mail] sealed the bodies of ${sealed} pending mail(s)`);
  const keepsBodies = mailer.name === "outbox" && !mailer.headersOnly;
  const stripped = keepsBodies ? 0 : await stripOutboxBodies(kv);
  if (stripped > 0) console.warn(`[mail] removed the bodies of ${stripped} outbox mail(s)`);
}
