/**
 * Single-use secrets for e-mailed links (sign-in, verification, edit): 32 random bytes,
 * stored only as their SHA-256, spent by one atomic check-and-delete, expiry checked in code.
 */
import { beginChange } from "../db/kv.ts";
import { commitChange } from "../db/change.ts";
import { sha256Hex } from "../hash.ts";
import { deleteTokenEntry, getTokenEntry, stageToken, type StoredToken, type TokenKind } from "../db/tokens.ts";

export type { StoredToken, TokenKind };

/** A new token for a link: 43 URL-safe characters. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export const hashToken = sha256Hex;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Whether a string has the shape of a token (checked before anything is hashed or read). */
export const isTokenShaped = (token: unknown): token is string => typeof token === "string" && TOKEN_SHAPE.test(token);

/** The stored entry for a token, or null for a malformed or unknown one. */
async function readToken<T>(kv: Deno.Kv, kind: TokenKind, token: string) {
  if (!isTokenShaped(token)) return null;
  const entry = await getTokenEntry<T>(kv, kind, await hashToken(token));
  return entry.value ? entry as Deno.KvEntry<StoredToken<T>> : null;
}

/**
 * Adds a new token granting `payload` to `op` (it exists only if `op` commits); returns the
 * token to put in the link.
 */
export async function stageNewToken<T>(
  op: Deno.AtomicOperation,
  kind: TokenKind,
  payload: T,
  ttlMs: number,
  now = Date.now(),
): Promise<{ token: string; tokenHash: string }> {
  const token = newToken();
  const tokenHash = await hashToken(token);
  stageToken(op, kind, tokenHash, { payload, expiresAt: now + ttlMs }, ttlMs);
  return { token, tokenHash };
}

/** Stores a token on its own; returns the token to put in the link. */
export async function issueToken<T>(
  kv: Deno.Kv,
  kind: TokenKind,
  payload: T,
  ttlMs: number,
  now = Date.now(),
): Promise<string> {
  const op = beginChange(kv);
  const { token } = await stageNewToken(op, kind, payload, ttlMs, now);
  await commitChange(op);
  return token;
}

/** Reads a token without spending it (for a page that only shows "Continue"); null if unusable. */
export async function peekToken<T>(kv: Deno.Kv, kind: TokenKind, token: string, now = Date.now()): Promise<T | null> {
  const entry = await readToken<T>(kv, kind, token);
  return entry && entry.value.expiresAt > now ? entry.value.payload : null;
}

/**
 * Spends a token: exactly one of any number of simultaneous callers gets the payload; the
 * others, and every later caller, get null. An expired token is deleted and refused.
 */
export async function spendToken<T>(kv: Deno.Kv, kind: TokenKind, token: string, now = Date.now()): Promise<T | null> {
  const entry = await readToken<T>(kv, kind, token);
  if (!entry) return null;
  const spent = await deleteTokenEntry(kv, kind, entry);
  if (!spent || entry.value.expiresAt <= now) return null;
  return entry.value.payload;
}
