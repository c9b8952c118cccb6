/**
 * 'Send me a fresh link': a sign-in link opened too late (the approval mail read the next
 * morning) or a second time (clicked twice, or on a second device) still knows who it was for,
 * so the page it opens can mail a new one with one press and no typing.
 *
 * Each sign-in link is stored with a renewal record beside its token (same SHA-256 key, never the
 * token): the address, the scope it was asked in and where it led. The record outlives the link
 * by `FRESH_LINK_WINDOW_MS` and grants nothing by itself: the fresh link goes through
 * `requestMagicLink` again (same throttles, same scope rules, so an address removed from the team
 * meanwhile gets nothing) and only to the address's own mailbox. Expired and spent links are
 * treated alike (decided here): a spent link's holder learns nothing new, and the owner who
 * clicked twice is helped the same way.
 */
import { beginChange } from "../db/kv.ts";
import { commitChange } from "../db/change.ts";
import { getLoginLinkRenewal, stageLoginLinkRenewal } from "../db/tokens.ts";
import { hashToken, isTokenShaped, stageNewToken } from "./tokens.ts";
import type { LoginGrant, MagicLinkScope } from "./login_grant.ts";

/** How long after a sign-in link expires it can still ask for a fresh one. */
export const FRESH_LINK_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** What an expired or spent sign-in link can still ask for. */
export interface FreshLinkRequest {
  email: string;
  scope: MagicLinkScope;
  /** Where the link led (a local path). */
  next: string;
}

interface StoredRenewal extends FreshLinkRequest {
  /** Checked in code: KV's `expireIn` only bounds how long the record is kept. */
  renewableUntil: number;
}

/**
 * Stores a sign-in token granting `grant` and, in the same commit, its renewal record; returns
 * the token to put in the link.
 */
export async function issueSignInToken(
  kv: Deno.Kv,
  grant: LoginGrant,
  scope: MagicLinkScope,
  ttlMs: number,
  now: number,
): Promise<string> {
  const op = beginChange(kv);
  const { token, tokenHash } = await stageNewToken(op, "login", grant, ttlMs, now);
  const keepMs = ttlMs + FRESH_LINK_WINDOW_MS;
  const renewal: StoredRenewal = { email: grant.email, scope, next: grant.next, renewableUntil: now + keepMs };
  stageLoginLinkRenewal(op, tokenHash, renewal, keepMs);
  await commitChange(op);
  return token;
}

/** Who a sign-in link (valid, expired or spent) was for, while it may ask for a fresh one; else null. */
export async function freshLinkRequestFor(kv: Deno.Kv, token: unknown, now: number): Promise<FreshLinkRequest | null> {
  if (!isTokenShaped(token)) return null;
  const stored = await getLoginLinkRenewal<StoredRenewal>(kv, await hashToken(token));
  if (!stored || stored.renewableUntil <= now) return null;
  return { email: stored.email, scope: stored.scope, next: stored.next };
}
