/** Mail: its templates, the delivery queue and where mail goes. The public face of `lib/mail/`. */
export type {
  ImageContent,
  InlineImageRef,
  InlineImageResolver,
  MailContent,
  Mailer,
  OutgoingMail,
  Recipient,
  SendableMail,
  StoredImageRef,
} from "./types.ts";
export { queueMail, stageMail } from "./queue.ts";
export { listOutbox, type OutboxEntry } from "./mailers.ts";
export { useMailQueueKey } from "./sealing.ts";
export { createMailer, mailStartNotice, outboxKeepsBodies } from "./setup.ts";
export { type QueueWorkerOptions, startQueueWorker } from "./queue_worker.ts";
