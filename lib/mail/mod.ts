import type { Config } from "../config.ts";
import { createOutboxMailer, createSmtpMailer } from "./mailers.ts";
import { deliverQueuedMail } from "./queue.ts";
import { isMailQueueMessage, listenToQueue } from "../db/mail.ts";
import type { Mailer } from "./types.ts";

export type { MailContent, Mailer, OutgoingMail, Recipient } from "./types.ts";
export { queueMail, stageMail } from "./queue.ts";

/** SMTP when `SMTP_URL` is set, otherwise the development outbox. */
export function createMailer(config: Config, kv: Deno.Kv): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  return createOutboxMailer(kv, { printBodies: config.env === "development" });
}

/**
 * Delivers queued mail from the KV queue. Deno KV allows one queue listener per database
 * handle, so later job types join this dispatch rather than listening themselves.
 */
export function startQueueWorker(kv: Deno.Kv, mailer: Mailer): Promise<void> {
  return listenToQueue(kv, async (message: unknown) => {
    if (isMailQueueMessage(message)) await deliverQueuedMail(kv, mailer, message.id);
  });
}
