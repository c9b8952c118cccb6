import type { Config } from "../config.ts";
import { createOutboxMailer, createSmtpMailer } from "./mailers.ts";
import { deliverQueuedMail, type MailQueueOptions, redactFailedMail, sweepPendingMail } from "./queue.ts";
import { isMailQueueMessage, listenToQueue } from "../db/mail.ts";
import type { Mailer } from "./types.ts";

export type { MailContent, Mailer, OutgoingMail, Recipient } from "./types.ts";
export { queueMail, stageMail } from "./queue.ts";

/** SMTP when `SMTP_URL` is set, otherwise the development outbox. */
export function createMailer(config: Config, kv: Deno.Kv): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  return createOutboxMailer(kv, { printBodies: config.env === "development" });
}

export interface QueueWorkerOptions extends MailQueueOptions {
  /** How often to look for pending mail whose job was lost (default 5 min); null: never, not even at start. */
  sweepEveryMs?: number | null;
  /** How overdue a record must be before the sweep re-enqueues it (default 2 min). */
  sweepGraceMs?: number;
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
    if (!isMailQueueMessage(message)) return;
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
    sweeping = redactFailedMail(kv).then(
      (n) => void (n > 0 && console.warn(`[mail] removed the links from ${n} failed mail(s)`)),
      (error) => void (!stopped && console.error("[mail] redacting failed mail failed:", error)),
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
