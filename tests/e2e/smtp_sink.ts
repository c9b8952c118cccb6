/**
 * A real SMTP server on loopback (npm `smtp-server`) that keeps every message, for the tests
 * that follow a link from an e-mail. Start the app with `SMTP_URL: sink.url`.
 */
import assert from "node:assert/strict";
// @ts-types="@types/smtp-server"
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone (enough to find links). */
  decoded: string;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message to `address` whose decoded text contains `contains`. */
  waitForMail(address: string, contains?: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Resolves with the messages to `address` containing `contains`, once there are at least `count`. */
  waitForMails(address: string, count: number, contains?: string, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first absolute link in a mail whose path starts with `pathPrefix` (e.g. "/auth/magic"). */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`https?://[^\\s"<>]+${escaped}[^\\s"<>]*`).exec(mail.decoded);
  if (!match) throw new Error(`No ${pathPrefix} link in the mail:\n${mail.decoded}`);
  return match[0].replaceAll("&amp;", "&");
}

function quotedPrintableBytes(body: string): Uint8Array {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i));
  }
  return new Uint8Array(bytes);
}

/** A part of the raw message by its content type, its transfer encoding undone (UTF-8). */
export function partOf(mail: ReceivedMail, type: "text/plain" | "text/html"): string {
  const start = mail.raw.search(new RegExp(`Content-Type: ${type}`, "i"));
  assert.ok(start >= 0, `a ${type} part`);
  const part = mail.raw.slice(start);
  const headerEnd = part.indexOf("\r\n\r\n");
  const headers = part.slice(0, headerEnd);
  const body = part.slice(headerEnd + 4).split(/\r\n--/)[0];
  const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(headers)?.[1].toLowerCase() ?? "7bit";
  const bytes = encoding === "base64"
    ? Uint8Array.from(atob(body.replace(/\s+/g, "")), (c) => c.charCodeAt(0))
    : encoding === "quoted-printable"
    ? quotedPrintableBytes(body)
    : new TextEncoder().encode(body);
  return new TextDecoder().decode(bytes);
}

/** A header of the raw message, its folded lines joined. */
export function headerOf(mail: ReceivedMail, name: string): string | null {
  const head = mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  return new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1] ?? null;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Uint8Array) => raw += new TextDecoder().decode(chunk));
      stream.on("end", () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, decoded: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;

  const waitForMails: SmtpSink["waitForMails"] = async (address, count, contains = "", timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = messages.filter((m) => m.to.includes(address) && m.decoded.includes(contains));
      if (found.length >= count) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Fewer than ${count} mail(s) to ${address} containing "${contains}" within ${timeoutMs} ms`);
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMails,
    async waitForMail(address, contains = "", timeoutMs = 15_000) {
      return (await waitForMails(address, 1, contains, timeoutMs))[0];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
