// @ts-types="@types/nodemailer"
import nodemailer from "nodemailer";
import { monotonicFactory } from "ulid";
import { listOutboxPage, saveOutboxMail } from "../db/mail.ts";
import type { Page, PageOptions } from "../db/kv.ts";
import type { Mailer, OutgoingMail } from "./types.ts";

/**
 * nodemailer over `SMTP_URL`. Recipients go in as objects; file and URL access are off. The
 * timeouts keep a stalled server from holding a send past the queue's lease (2 min).
 */
export function createSmtpMailer(smtpUrl: string, from: string, options: { ignoreTLS?: boolean } = {}): Mailer {
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      ignoreTLS: options.ignoreTLS,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
      disableFileAccess: true,
      disableUrlAccess: true,
    } as unknown as Parameters<typeof nodemailer.createTransport>[0],
  );
  return {
    name: "smtp",
    async send(mail) {
      await transport.sendMail({
        from,
        to: { name: mail.to.name ?? "", address: mail.to.address },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
  };
}

export interface OutboxEntry extends OutgoingMail {
  id: string;
  createdAt: string;
}

const OUTBOX_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Increasing even within one millisecond, so the outbox lists in sending order. */
const nextOutboxId = monotonicFactory();

/**
 * The development outbox: mail is kept in KV for a week (listed on /email-test) and announced
 * on the console. Bodies, which hold single-use links, are printed only when `printBodies`
 * (development mode): tokens never reach production logs.
 */
export function createOutboxMailer(
  kv: Deno.Kv,
  options: { printBodies: boolean; log?: (line: string) => void; now?: () => Date },
): Mailer {
  const log = options.log ?? console.log;
  const now = options.now ?? (() => new Date());
  return {
    name: "outbox",
    async send(mail) {
      const sentAt = now();
      const entry: OutboxEntry = { ...mail, id: nextOutboxId(sentAt.getTime()), createdAt: sentAt.toISOString() };
      await saveOutboxMail(kv, entry, OUTBOX_TTL_MS);
      log(`[outbox] ${mail.kind} mail to ${mail.to.address}: ${mail.subject}`);
      if (options.printBodies) log(mail.text);
    },
  };
}

/** A page of outbox mail, newest first. */
export async function listOutbox(kv: Deno.Kv, options: PageOptions = {}): Promise<Page<OutboxEntry>> {
  return await listOutboxPage<OutboxEntry>(kv, options);
}
