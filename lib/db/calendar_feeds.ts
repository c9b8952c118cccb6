/**
 * A person's private family-calendar subscription (issue 10): two records, written and deleted
 * only here and always in ONE commit:
 *
 * - `["calendar_feeds_by_user", userId]` → `{ token, tokenHash, createdAt }`: the person's own
 *   record. It keeps the token itself: the subscription URL is the person's own secret (like a
 *   session id) and the page shows it to them whenever they come back, so it must be readable.
 * - `["calendar_feed_tokens", tokenHash]` → `{ userId, createdAt }`: the lookup the public
 *   `/calendar/<token>.ics` route uses. It is keyed by the token's SHA-256, so the route never
 *   keys KV (or a log, or an index) by a raw token, and a copy of this key space alone gives no
 *   working URL.
 */
import { keys } from "./keys.ts";
import { commitOrConflict } from "./change.ts";

/** The lookup by the token's hash. */
export interface CalendarFeedToken {
  userId: string;
  createdAt: string;
}

/** The person's own subscription. */
export interface UserCalendarFeed {
  /** 32 random bytes, base64url (43 characters): the secret part of the URL. */
  token: string;
  /** Lowercase hex SHA-256 of `token`: the key of its lookup record. */
  tokenHash: string;
  createdAt: string;
}

export async function getUserCalendarFeedEntry(
  kv: Deno.Kv,
  userId: string,
): Promise<Deno.KvEntryMaybe<UserCalendarFeed>> {
  return await kv.get<UserCalendarFeed>(keys.userCalendarFeed(userId));
}

export async function getCalendarFeedToken(kv: Deno.Kv, tokenHash: string): Promise<CalendarFeedToken | null> {
  return (await kv.get<CalendarFeedToken>(keys.calendarFeedToken(tokenHash))).value;
}

/**
 * Replaces the person's subscription in one commit, checked against `current` (the entry the
 * caller read): the old token's lookup is deleted, and the new one (if any) is written with the
 * person's record; `next` null turns the subscription off. CommitConflictError when `current`
 * changed meanwhile (the caller reads again and decides again, in `retryOnConflict`).
 */
export async function replaceUserCalendarFeed(
  kv: Deno.Kv,
  userId: string,
  current: Deno.KvEntryMaybe<UserCalendarFeed>,
  next: UserCalendarFeed | null,
): Promise<void> {
  const op = kv.atomic().check(current);
  if (current.value) op.delete(keys.calendarFeedToken(current.value.tokenHash));
  if (next) {
    const lookup: CalendarFeedToken = { userId, createdAt: next.createdAt };
    op.check({ key: keys.calendarFeedToken(next.tokenHash), versionstamp: null })
      .set(keys.calendarFeedToken(next.tokenHash), lookup)
      .set(keys.userCalendarFeed(userId), next);
  } else {
    op.delete(keys.userCalendarFeed(userId));
  }
  await commitOrConflict(op);
}
