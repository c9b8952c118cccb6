/**
 * Signups waiting for their e-mail to be verified: one per address, with the hash of the only
 * token that can verify it (a resend replaces both in one commit).
 */
import { keys } from "./keys.ts";
import { stageToken, stageTokenRemoval, type StoredToken } from "./tokens.ts";

export interface PendingSignup<P> {
  payload: P;
  /** The only token that can verify this signup; a resend replaces it. */
  tokenHash: string;
  createdAt: string;
  expiresAt: number;
}

export async function getPendingSignupEntry<P>(
  kv: Deno.Kv,
  email: string,
): Promise<Deno.KvEntryMaybe<PendingSignup<P>>> {
  return await kv.get<PendingSignup<P>>(keys.pendingSignup(email));
}

/**
 * Adds to `op` a signup for `email` and its verification token, replacing `previous`
 * (checked unchanged), whose token stops working in the same commit.
 */
export function stagePendingSignup<P>(
  op: Deno.AtomicOperation,
  email: string,
  previous: Deno.KvEntryMaybe<PendingSignup<P>>,
  pending: PendingSignup<P>,
  ttlMs: number,
): Deno.AtomicOperation {
  const token: StoredToken<{ email: string }> = { payload: { email }, expiresAt: pending.expiresAt };
  op.check(previous).set(keys.pendingSignup(email), pending, { expireIn: ttlMs });
  stageToken(op, "signup", pending.tokenHash, token, ttlMs);
  if (previous.value) stageTokenRemoval(op, "signup", previous.value.tokenHash);
  return op;
}

/** Adds to `op` the end of a signup: its token and record, both checked unchanged since read. */
export function stageSignupCompletion<P>(
  op: Deno.AtomicOperation,
  tokenEntry: Deno.KvEntry<StoredToken<{ email: string }>>,
  pendingEntry: Deno.KvEntry<PendingSignup<P>>,
): Deno.AtomicOperation {
  return op.check(tokenEntry).delete(tokenEntry.key).check(pendingEntry).delete(pendingEntry.key);
}
