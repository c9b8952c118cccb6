/**
 * The signed one-click unsubscribe link of every notification mail (issue 23, RFC 8058). The
 * token names the person and the kind and nothing else, and never expires: a mail read a year
 * later must still stop what it is about. It is `<userId>.<kind>.<HMAC-SHA-256>` (base64url)
 * under `UNSUBSCRIBE_KEY` (lib/config.ts), so a changed or forged one verifies as nothing.
 */
import { Buffer } from "node:buffer";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getUser } from "../db/users.ts";
import { isNotificationKind, type NotificationKind, setNotificationPreference } from "./preferences.ts";

export const UNSUBSCRIBE_KEY_BYTES = 32;
/** Where the link points: `${appUrl}${UNSUBSCRIBE_PATH}/<token>` (routes/pages/unsubscribe.tsx). */
export const UNSUBSCRIBE_PATH = "/unsubscribe";

let signingKey: Uint8Array | null = null;

/**
 * Sets the key tokens are signed with (main.ts and each worker isolate, from the configuration).
 * Without one, a random key for this process: tokens then die with it, which is right only where
 * no mail carries them (tests, production without SMTP). Returns a function that puts the
 * previous key back (tests).
 */
export function useUnsubscribeKey(key?: Uint8Array): () => void {
  if (key && key.length !== UNSUBSCRIBE_KEY_BYTES) {
    throw new Error(`An unsubscribe key has ${UNSUBSCRIBE_KEY_BYTES} bytes`);
  }
  const previous = signingKey;
  signingKey = key ? Uint8Array.from(key) : randomKey();
  return () => void (signingKey = previous);
}

const randomKey = () => crypto.getRandomValues(new Uint8Array(UNSUBSCRIBE_KEY_BYTES));
const currentKey = () => signingKey ??= randomKey();

/** The MAC of one person and kind; the label keeps it from ever meaning anything but this. */
const macOf = (userId: string, kind: NotificationKind) =>
  createHmac("sha256", currentKey()).update(`goalmates-unsubscribe\0${userId}\0${kind}`).digest();

/** A user id as lib/db/users.ts makes them (a ULID); anything else is no one's token. */
const USER_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;

/** The token for one person and one kind of mail. */
export function unsubscribeToken(userId: string, kind: NotificationKind): string {
  return `${userId}.${kind}.${macOf(userId, kind).toString("base64url")}`;
}

/** The person and kind a token names, or null when it is malformed, changed or signed with another key. */
export function verifyUnsubscribeToken(token: string): { userId: string; kind: NotificationKind } | null {
  const [userId, kind, mac, ...rest] = token.split(".");
  if (rest.length > 0 || !USER_ID.test(userId ?? "") || !isNotificationKind(kind) || !MAC.test(mac ?? "")) return null;
  const given = Buffer.from(mac, "base64url");
  const expected = macOf(userId, kind as NotificationKind);
  // A 43-character base64url text can still decode to bits the encoder would never write.
  if (given.length !== expected.length || given.toString("base64url") !== mac) return null;
  return timingSafeEqual(given, expected) ? { userId, kind: kind as NotificationKind } : null;
}

/** The link a notification mail's footer and its List-Unsubscribe header carry. */
export function unsubscribeUrl(appUrl: string, userId: string, kind: NotificationKind): string {
  return `${appUrl.replace(/\/+$/, "")}${UNSUBSCRIBE_PATH}/${unsubscribeToken(userId, kind)}`;
}

/** The RFC 8058 headers of a notification mail: a mail client's own Unsubscribe button posts to the link. */
export function listUnsubscribeHeaders(
  appUrl: string,
  userId: string,
  kind: NotificationKind,
): { "List-Unsubscribe": string; "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(appUrl, userId, kind)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The person (still with an account) and kind a token names, or null: a forged link or a deleted account. */
export async function readUnsubscribeToken(
  kv: Deno.Kv,
  token: string,
): Promise<{ userId: string; kind: NotificationKind } | null> {
  const named = verifyUnsubscribeToken(token);
  return named && await getUser(kv, named.userId) ? named : null;
}

/**
 * The one-click unsubscribe: turns the token's kind off for its person (again is the same), and
 * returns the kind; null when the token is forged or the account is gone, and then changes nothing.
 */
export async function unsubscribeWithToken(kv: Deno.Kv, token: string): Promise<NotificationKind | null> {
  const named = await readUnsubscribeToken(kv, token);
  if (!named) return null;
  await setNotificationPreference(kv, named.userId, named.kind, false);
  return named.kind;
}
