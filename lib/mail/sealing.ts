/**
 * Queued mail bodies are sealed: a pending record (`mail_pending`) keeps its recipient, kind and
 * subject in the clear (the outbox, the logs and `mail_failed` need them) and its text and HTML,
 * which hold the single-use links, only as AES-256-GCM ciphertext under `MAIL_QUEUE_KEY`. The body
 * is opened in memory for the send; nothing decrypted is written back. So a copy of the database
 * (a backup, a KV dump, the system administrator's tools) holds no live link, while the queue keeps
 * its crash safety: the sealed record is leased, watched, retried and set aside exactly as before.
 *
 * Why a key from the environment and not a reference rebuilt at send time: the tokens are random
 * and stored only as their SHA-256, so a link cannot be derived again; sealing keeps the message
 * itself. The key is required in production with `SMTP_URL` (lib/config.ts), where mail may wait
 * across restarts and be delivered by any instance: every instance needs the same key. Without
 * it (development, or production without SMTP, whose outbox keeps no body), each process makes
 * a random key: a body queued by a process that stopped before sending it cannot be opened, and
 * like any failed send it is retried and finally set aside with recipient and subject.
 *
 * `node:crypto` rather than WebCrypto: `stageMail` adds the record to its caller's atomic
 * operation synchronously (a decision, its mail and its audit entry commit together), and
 * `crypto.subtle` has no synchronous call. The format is WebCrypto's (ciphertext then the 16-byte
 * tag); the nonce is 12 random bytes per message; the record's id and recipient are the
 * additional data, so a sealed body cannot be moved to another record or address.
 */
import { createCipheriv, createDecipheriv } from "node:crypto";
import type { InlineImageRef, MailContent } from "./types.ts";

const VERSION = "v1";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const MAIL_QUEUE_KEY_BYTES = 32;

let queueKey: Uint8Array | null = null;

/**
 * Sets the key bodies are sealed with (main.ts, from `MAIL_QUEUE_KEY`); without one, a random key
 * for this process. Records sealed under another key can no longer be opened. Returns a function
 * that puts the previous key back (tests).
 */
export function useMailQueueKey(key?: Uint8Array): () => void {
  if (key && key.length !== MAIL_QUEUE_KEY_BYTES) throw new Error(`A mail queue key has ${MAIL_QUEUE_KEY_BYTES} bytes`);
  const previous = queueKey;
  queueKey = key ? Uint8Array.from(key) : randomKey();
  return () => void (queueKey = previous);
}

const randomKey = () => crypto.getRandomValues(new Uint8Array(MAIL_QUEUE_KEY_BYTES));
const currentKey = () => queueKey ??= randomKey();

/** A body that cannot be opened: sealed under another key, or changed. */
export class UnreadableMailError extends Error {
  constructor() {
    super("the mail body could not be opened: it was sealed with another MAIL_QUEUE_KEY, or changed");
  }
}

type Body = Pick<MailContent, "text" | "html" | "headers" | "inlineImages">;

const encoder = new TextEncoder();
const context = (id: string, address: string) => encoder.encode(JSON.stringify([id, address]));

/** `text`, `html`, any headers and inline image references as `v1.<nonce>.<ciphertext and tag>` (base64url), bound to the record and recipient. */
export function sealBody(body: Body, id: string, address: string): string {
  const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const cipher = createCipheriv("aes-256-gcm", currentKey(), nonce);
  cipher.setAAD(context(id, address));
  const { text, html, headers, inlineImages } = body;
  const plain = encoder.encode(JSON.stringify({ text, html, headers, inlineImages }));
  const sealed = concat(cipher.update(plain), cipher.final(), cipher.getAuthTag());
  return `${VERSION}.${toBase64Url(nonce)}.${toBase64Url(sealed)}`;
}

/** The body `sealBody` sealed for this record and recipient; throws UnreadableMailError otherwise. */
export function openBody(sealed: string, id: string, address: string): Body {
  const [version, nonce, data, ...rest] = sealed.split(".");
  if (version !== VERSION || !nonce || !data || rest.length > 0) throw new UnreadableMailError();
  try {
    const bytes = fromBase64Url(data);
    const decipher = createDecipheriv("aes-256-gcm", currentKey(), fromBase64Url(nonce));
    decipher.setAAD(context(id, address));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = concat(decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final());
    const body = JSON.parse(new TextDecoder().decode(plain));
    if (typeof body?.text !== "string" || typeof body?.html !== "string") throw new UnreadableMailError();
    if (body.headers !== undefined && !isHeaderMap(body.headers)) throw new UnreadableMailError();
    if (body.inlineImages !== undefined && !isImageRefList(body.inlineImages)) throw new UnreadableMailError();
    return {
      text: body.text,
      html: body.html,
      ...(body.headers ? { headers: body.headers } : {}),
      ...(body.inlineImages ? { inlineImages: body.inlineImages } : {}),
    };
  } catch {
    throw new UnreadableMailError();
  }
}

const isHeaderMap = (value: unknown): value is Record<string, string> =>
  typeof value === "object" && value !== null && Object.values(value).every((v) => typeof v === "string");

const isImageRefList = (value: unknown): value is InlineImageRef[] =>
  Array.isArray(value) &&
  value.every((image) =>
    typeof image?.cid === "string" && typeof image.ref?.teamId === "string" && typeof image.ref?.blobId === "string"
  );

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) throw new Error("not base64");
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/").replace(/=+$/, ""));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
