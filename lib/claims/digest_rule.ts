/**
 * When a team admin is mailed about new requests: at once when the last mail is 15 minutes old
 * (or there was none), else once the 15 minutes are up, listing everything that came in since.
 * Pure: lib/claims/admin_digest.ts reads the record, applies a step and commits it together
 * with the mail and the job, checked against the record as read.
 */
import type { DigestItem, RequestDigest } from "../db/request_digests.ts";

export const DIGEST_WINDOW_MS = 15 * 60 * 1000;
/** Items listed in one mail; more are counted ("and 3 more"), so a record stays small. */
export const MAX_DIGEST_ITEMS = 50;

export const EMPTY_DIGEST: RequestDigest = { lastMailAt: null, items: [], more: 0, jobDueAt: null };

export interface DigestStep {
  /** The record to commit. */
  next: RequestDigest;
  /** What to mail now, in the same commit (null: no mail). */
  mail: { items: DigestItem[]; more: number } | null;
  /** Enqueue the job due then, in the same commit (null: none). */
  scheduleAt: number | null;
}

const windowEnd = (digest: RequestDigest) =>
  digest.lastMailAt === null ? Number.NEGATIVE_INFINITY : digest.lastMailAt + DIGEST_WINDOW_MS;

const sameItem = (a: DigestItem, b: DigestItem) =>
  a.kind === "request" ? b.kind === "request" && a.id === b.id : b.kind === "link" && a.email === b.email;

function withItem(digest: RequestDigest, item: DigestItem): RequestDigest {
  // A job retried, or one person asking twice for a new link, is listed once.
  if (digest.items.some((known) => sameItem(known, item))) return digest;
  if (digest.items.length >= MAX_DIGEST_ITEMS) return { ...digest, more: digest.more + 1 };
  return { ...digest, items: [...digest.items, item] };
}

/** Mails what is still open; when a decision already took care of all of it, nothing, and the window stays as it was. */
function mailNow(digest: RequestDigest, now: number, isOpen: (item: DigestItem) => boolean): DigestStep {
  const items = digest.items.filter(isOpen);
  if (items.length === 0 && digest.more === 0) {
    return { next: { ...digest, items: [], jobDueAt: null }, mail: null, scheduleAt: null };
  }
  return {
    next: { lastMailAt: now, items: [], more: 0, jobDueAt: null },
    mail: { items, more: digest.more },
    scheduleAt: null,
  };
}

/**
 * A new item for an admin. `isOpen` tells whether an item already waiting still needs the admin
 * (a request decided meanwhile is left out of the mail).
 */
export function addToDigest(
  current: RequestDigest | null,
  item: DigestItem,
  now: number,
  isOpen: (item: DigestItem) => boolean,
): DigestStep {
  const digest = withItem(current ?? EMPTY_DIGEST, item);
  if (now >= windowEnd(digest)) return mailNow(digest, now, isOpen);
  // Within the window: collected for the job that is (or is now) due when it ends.
  if (digest.jobDueAt !== null) return { next: digest, mail: null, scheduleAt: null };
  const due = windowEnd(digest);
  return { next: { ...digest, jobDueAt: due }, mail: null, scheduleAt: due };
}

/**
 * The job enqueued for `dueAt`. "stale" when the record expects another job (or none: what it
 * was for went out with a later request's mail); "early" when it came before its time.
 */
export function digestDue(
  current: RequestDigest | null,
  dueAt: number,
  now: number,
  isOpen: (item: DigestItem) => boolean,
): DigestStep | "stale" | "early" {
  if (!current || current.jobDueAt !== dueAt) return "stale";
  if (now < dueAt) return "early";
  return mailNow(current, now, isOpen);
}
