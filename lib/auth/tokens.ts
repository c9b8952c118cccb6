/**
 * Single-use secrets for e-mailed links (sign-in, verification, edit): 32 random bytes,
 * stored only as their SHA-256, spent by one atomic check-and-delete, expiry checked in code
 * (`expireIn` only bounds how long KV keeps them).
 */
import { sha256Hex } from "../hash.ts";

export interface StoredToken<T> {
  /** What the token grants (a user id, a pending signup, a player to edit). */
  payload: T;
  expiresAt: number;
}

/** A new token for a link: 43 URL-safe characters. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export const hashToken = sha256Hex;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The stored entry for a token, or null for a malformed or unknown one. */
async function readToken<T>(kv: Deno.Kv, keyFor: (hash: string) => Deno.KvKey, token: string) {
  if (!TOKEN_SHAPE.test(token)) return null;
  const entry = await kv.get<StoredToken<T>>(keyFor(await hashToken(token)));
  return entry.value ? entry as Deno.KvEntry<StoredToken<T>> : null;
}

/** Stores a token's hash under `keyFor(hash)`; returns the token to put in the link. */
export async function issueToken<T>(
  kv: Deno.Kv,
  keyFor: (hash: string) => Deno.KvKey,
  payload: T,
  ttlMs: number,
  now = Date.now(),
): Promise<string> {
  const token = newToken();
  const stored: StoredToken<T> = { payload, expiresAt: now + ttlMs };
  await kv.set(keyFor(await hashToken(token)), stored, { expireIn: ttlMs });
  return token;
}

/** Reads a token without spending it (for a page that only shows "Continue"); null if unusable. */
export async function peekToken<T>(
  kv: Deno.Kv,
  keyFor: (hash: string) => Deno.KvKey,
  token: string,
  now = Date.now(),
): Promise<T | null> {
  const entry = await readToken<T>(kv, keyFor, token);
  return entry && entry.value.expiresAt > now ? entry.value.payload : null;
}

/**
 * Spends a token: exactly one of any number of simultaneous callers gets the payload; the
 * others, and every later caller, get null. An expired token is deleted and refused.
 */
export async function spendToken<T>(
  kv: Deno.Kv,
  keyFor: (hash: string) => Deno.KvKey,
  token: string,
  now = Date.now(),
): Promise<T | null> {
  const entry = await readToken<T>(kv, keyFor, token);
  if (!entry) return null;
  const spent = await kv.atomic().check(entry).delete(entry.key).commit();
  if (!spent.ok || entry.value.expiresAt <= now) return null;
  return entry.value.payload;
}
