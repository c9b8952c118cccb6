/**
 * Single-use secrets of e-mailed links, stored under the SHA-256 of the token: sign-in links,
 * signup verification links and edit links. `expireIn` only bounds how long KV keeps them;
 * their expiry is checked in code (`lib/auth/tokens.ts`). An edit link is also listed under its
 * team (`teamEditToken`, written and deleted only here) so deleting the team deletes it. A sign-in
 * link has a renewal record beside it (`loginLinkRenewal`) that outlives the link itself.
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

/** The team an edit link belongs to (its payload names it), else null. */
function teamOf(kind: TokenKind, payload: unknown): string | null {
  if (kind !== "edit" || typeof payload !== "object" || payload === null) return null;
  const teamId = (payload as { teamId?: unknown }).teamId;
  return typeof teamId === "string" && teamId !== "" ? teamId : null;
}

/** Adds a token to `op`, so it exists only if the change that grants it commits. */
export function stageToken<T>(
  op: Deno.AtomicOperation,
  kind: TokenKind,
  tokenHash: string,
  stored: StoredToken<T>,
  ttlMs: number,
): Deno.AtomicOperation {
  op.set(tokenKey[kind](tokenHash), stored, { expireIn: ttlMs });
  const teamId = teamOf(kind, stored.payload);
  if (teamId) op.set(keys.teamEditToken(teamId, tokenHash), stored.expiresAt, { expireIn: ttlMs });
  return op;
}

/**
 * Adds the removal of a token to `op` (a replaced link stops working in the same commit).
 * Pass `teamId` for an edit link, so its place under the team goes too.
 */
export function stageTokenRemoval(op: Deno.AtomicOperation, kind: TokenKind, tokenHash: string, teamId?: string) {
  op.delete(tokenKey[kind](tokenHash));
  if (kind === "edit" && teamId) op.delete(keys.teamEditToken(teamId, tokenHash));
  return op;
}

export async function getTokenEntry<T>(
  kv: Deno.Kv,
  kind: TokenKind,
  tokenHash: string,
): Promise<Deno.KvEntryMaybe<StoredToken<T>>> {
  return await kv.get<StoredToken<T>>(tokenKey[kind](tokenHash));
}

/** Deletes a token if it is unchanged since `entry` was read: true for exactly one caller. */
export async function deleteTokenEntry(
  kv: Deno.Kv,
  kind: TokenKind,
  entry: Deno.KvEntry<StoredToken<unknown>>,
): Promise<boolean> {
  const op = kv.atomic().check(entry).delete(entry.key);
  const teamId = teamOf(kind, entry.value.payload);
  if (teamId) op.delete(keys.teamEditToken(teamId, String(entry.key[entry.key.length - 1])));
  return (await op.commit()).ok;
}

/**
 * Adds to `op` what a sign-in link (by its token hash) may still ask for once it no longer signs
 * in: a fresh link to the same address. It is never deleted early: KV drops it after `expireInMs`.
 */
export function stageLoginLinkRenewal<T>(
  op: Deno.AtomicOperation,
  tokenHash: string,
  renewal: T,
  expireInMs: number,
): Deno.AtomicOperation {
  return op.set(keys.loginLinkRenewal(tokenHash), renewal, { expireIn: expireInMs });
}

export async function getLoginLinkRenewal<T>(kv: Deno.Kv, tokenHash: string): Promise<T | null> {
  return (await kv.get<T>(keys.loginLinkRenewal(tokenHash))).value;
}
