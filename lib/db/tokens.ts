/**
 * Single-use secrets of e-mailed links, stored under the SHA-256 of the token: sign-in links,
 * signup verification links and edit links. `expireIn` only bounds how long KV keeps them;
 * their expiry is checked in code (`lib/auth/tokens.ts`).
 */
import { keys } from "./keys.ts";

export type TokenKind = "login" | "signup" | "edit";

export interface StoredToken<T> {
  /** What the token grants (a user id, a pending signup, a player to edit). */
  payload: T;
  expiresAt: number;
}

const tokenKey: Record<TokenKind, (tokenHash: string) => Deno.KvKey> = {
  login: keys.loginToken,
  signup: keys.signupToken,
  edit: keys.editToken,
};

/** Adds a token to `op`, so it exists only if the change that grants it commits. */
export function stageToken<T>(
  op: Deno.AtomicOperation,
  kind: TokenKind,
  tokenHash: string,
  stored: StoredToken<T>,
  ttlMs: number,
): Deno.AtomicOperation {
  return op.set(tokenKey[kind](tokenHash), stored, { expireIn: ttlMs });
}

/** Adds the removal of a token to `op` (a replaced link stops working in the same commit). */
export function stageTokenRemoval(op: Deno.AtomicOperation, kind: TokenKind, tokenHash: string) {
  return op.delete(tokenKey[kind](tokenHash));
}

export async function getTokenEntry<T>(
  kv: Deno.Kv,
  kind: TokenKind,
  tokenHash: string,
): Promise<Deno.KvEntryMaybe<StoredToken<T>>> {
  return await kv.get<StoredToken<T>>(tokenKey[kind](tokenHash));
}

/** Deletes a token if it is unchanged since `entry` was read: true for exactly one caller. */
export async function deleteTokenEntry(kv: Deno.Kv, entry: Deno.KvEntry<StoredToken<unknown>>): Promise<boolean> {
  return (await kv.atomic().check(entry).delete(entry.key).commit()).ok;
}
