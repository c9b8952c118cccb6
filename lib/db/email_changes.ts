/**
 * Pending changes of a person's e-mail. The link mailed to the new address carries a single-use
 * token, stored only as its SHA-256 (`email_change_tokens`); `pending_email_changes` holds the
 * person's one pending change (a new request replaces it and its token in the same commit).
 * Both are written and deleted only here; `expireIn` only bounds how long KV keeps them, their
 * expiry is checked in code (`lib/accounts/email_change.ts`).
 *
 * A confirmed change also moves the account's unique `users_by_email` index
 * (`stageConfirmedEmailChange`, which moves the e-mail index through `users.ts`).
 */
import { keys } from "./keys.ts";
import { stageUserEmailChange, type User } from "./users.ts";

/** What a token grants when spent. */
export interface EmailChangeGrant {
  userId: string;
  newEmail: string;
  expiresAt: number;
}

export interface PendingEmailChange {
  /** Normalised. */
  newEmail: string;
  /**
   * The SHA-256 of the mailed token; null when the address already had an account (nothing
   * was sent that could confirm it, and the requester is not told).
   */
  tokenHash: string | null;
  expiresAt: number;
  requestedAt: string;
}

export async function getPendingEmailChangeEntry(
  kv: Deno.Kv,
  userId: string,
): Promise<Deno.KvEntryMaybe<PendingEmailChange>> {
  return await kv.get<PendingEmailChange>(keys.pendingEmailChange(userId));
}

export async function getEmailChangeTokenEntry(
  kv: Deno.Kv,
  tokenHash: string,
): Promise<Deno.KvEntryMaybe<EmailChangeGrant>> {
  return await kv.get<EmailChangeGrant>(keys.emailChangeToken(tokenHash));
}

/**
 * Adds a person's new pending change to `op`, replacing `previous` (read with
 * `getPendingEmailChangeEntry`; checked unchanged): the old token stops working in the same commit.
 */
export function stagePendingEmailChange(
  op: Deno.AtomicOperation,
  userId: string,
  previous: Deno.KvEntryMaybe<PendingEmailChange>,
  change: PendingEmailChange,
  ttlMs: number,
): Deno.AtomicOperation {
  op.check(previous);
  if (previous.value?.tokenHash) op.delete(keys.emailChangeToken(previous.value.tokenHash));
  op.set(keys.pendingEmailChange(userId), change, { expireIn: ttlMs });
  if (change.tokenHash) {
    const grant: EmailChangeGrant = { userId, newEmail: change.newEmail, expiresAt: change.expiresAt };
    op.set(keys.emailChangeToken(change.tokenHash), grant, { expireIn: ttlMs });
  }
  return op;
}

/**
 * Deletes a token (and the pending change it belongs to) if the token is unchanged since read:
 * true for exactly one caller. For a link that can no longer be used (expired, address taken).
 */
export async function deleteEmailChangeToken(kv: Deno.Kv, entry: Deno.KvEntry<EmailChangeGrant>): Promise<boolean> {
  const tokenHash = String(entry.key[entry.key.length - 1]);
  const pending = await getPendingEmailChangeEntry(kv, entry.value.userId);
  const op = kv.atomic().check(entry).delete(entry.key);
  if (pending.value?.tokenHash === tokenHash) op.check(pending).delete(pending.key);
  return (await op.commit()).ok;
}

/**
 * Adds a confirmed change to `op`: the token is spent, the pending change removed, the account
 * gets the new address and the unique e-mail index moves with it, each checked unchanged since
 * read (and the new address checked still free), so exactly one of any number of simultaneous
 * confirmations commits. "taken" when the new address has an account by now (nothing staged).
 */
export async function stageConfirmedEmailChange(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  token: Deno.KvEntry<EmailChangeGrant>,
  user: Deno.KvEntry<User>,
): Promise<"staged" | "taken"> {
  const { newEmail, userId } = token.value;
  if (await stageUserEmailChange(kv, op, user, newEmail) === "taken") return "taken";
  const pending = await kv.get<PendingEmailChange>(keys.pendingEmailChange(userId));
  op.check(token).check(pending).delete(token.key);
  if (pending.value?.tokenHash === String(token.key[token.key.length - 1])) op.delete(pending.key);
  return "staged";
}
