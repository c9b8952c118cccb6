// @ts-types="@types/nodemailer"
import nodemailer from "nodemailer";
import { Buffer } from "node:buffer";
import { monotonicFactory } from "ulid";
import { listOutboxEntries, listOutboxPage, replaceOutboxMail, saveOutboxMail } from "../db/mail.ts";
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
        headers: mail.headers,
        // Inline images travel inside the message (multipart/related), found by their Content-ID.
        attachments: mail.inlineContent?.map((image) => ({
          cid: image.cid,
          filename: image.filename,
          contentType: image.contentType,
          content: Buffer.from(image.content),
          contentDisposition: "inline" as const,
        })),
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
  };
}

/** A mail in the outbox. `text` and `html` are kept only in development. */
export interface OutboxEntry extends Omit<OutgoingMail, "text" | "html"> {
  id: string;
  createdAt: string;
  text?: string;
  html?: string;
}

const OUTBOX_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Increasing even within one millisecond, so the outbox lists in sending order. */
const nextOutboxId = monotonicFactory();

/** An entry as production keeps it: recipient, kind and subject; never a body or a link. */
function headersOnly(entry: OutboxEntry): OutboxEntry {
  const { id, createdAt, to, kind, subject } = entry;
  return { id, createdAt, to, kind, subject };
}

/**
 * The outbox, for when no SMTP server is configured: mail is kept in KV for a week (listed on
 * /email-test). In development (`withBodies`) a mail is kept whole, so a newcomer can click its
 * link on /email-test. In production only its recipient, kind and subject are stored, before
 * anything is written (the queue does not even open the body for it). Either way the console
 * gets the mail's kind and id only (development adds where to read it): no log, in any mode,
 * holds a single-use link, an address or a subject (which may hold a name).
 */
export function createOutboxMailer(
  kv: Deno.Kv,
  options: { withBodies: boolean; log?: (line: string) => void; now?: () => Date; appUrl?: string },
): Mailer {
  const log = options.log ?? console.log;
  const now = options.now ?? (() => new Date());
  const readAt = `${options.appUrl ?? ""}/email-test`;
  return {
    name: "outbox",
    headersOnly: !options.withBodies,
    async send(sendable) {
      const sentAt = now();
      // An entry is one KV value: no image bytes (nor references). The text part names each image by its alt text.
      const { inlineContent: _bytes, inlineImages: _refs, ...mail } = sendable;
      const entry: OutboxEntry = { ...mail, id: nextOutboxId(sentAt.getTime()), createdAt: sentAt.toISOString() };
      if (!options.withBodies) {
        await saveOutboxMail(kv, headersOnly(entry), OUTBOX_TTL_MS);
        log(`[outbox] ${mail.kind} mail ${entry.id} kept in the outbox, not sent (SMTP_URL is not set)`);
        return;
      }
      await saveOutboxMail(kv, entry, OUTBOX_TTL_MS);
      log(`[outbox] ${mail.kind} mail ${entry.id} kept in the development outbox: read it at ${readAt}`);
    },
  };
}

/**
 * A page of outbox mail, newest first. Without `withBodies` (production) an entry comes with no
 * body even if one was stored (by development mode, or before production stopped keeping them).
 */
export async function listOutbox(
  kv: Deno.Kv,
  options: PageOptions & { withBodies?: boolean } = {},
): Promise<Page<OutboxEntry>> {
  const page = await listOutboxPage<OutboxEntry>(kv, options);
  return options.withBodies ? page : { ...page, values: page.values.map(headersOnly) };
}

/**
 * Removes the bodies of stored outbox mail (kept by development mode, or by production before
 * it stopped keeping them), keeping each entry's expiry. Returns how many were stripped.
 */
export async function stripOutboxBodies(kv: Deno.Kv, now = new Date()): Promise<number> {
  let stripped = 0;
  let cursor = "";
  do {
    const page = await listOutboxEntries<OutboxEntry>(kv, { cursor, limit: 100 });
    for (const entry of page.values) {
      if (entry.value.text === undefined && entry.value.html === undefined) continue;
      const expiresAt = Date.parse(entry.value.createdAt) + OUTBOX_TTL_MS;
      if (await replaceOutboxMail(kv, entry, headersOnly(entry.value), expiresAt - now.getTime())) stripped++;
    }
    cursor = page.cursor;
  } while (cursor);
  return stripped;
}
