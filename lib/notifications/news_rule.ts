/**
 * When a person is mailed their teams' news (issue 23, item 6): at once when their last news mail
 * is an hour old (or there was none), else once the hour is up, with every post that came in
 * since in one mail, across all their teams. Pure: lib/notifications/news.ts reads the record,
 * applies a step and commits it with the mail and the job, checked against the record as read.
 */
import type { NewsBatch, NewsItem } from "../db/news_batches.ts";

export const NEWS_WINDOW_MS = 60 * 60 * 1000;
/** Posts listed in one mail; more are counted ("and 3 more"), so a record stays small. */
export const MAX_NEWS_ITEMS = 40;
/** How long a post handed to a person is remembered, so a second fan-out of it adds nothing. */
export const NEWS_SEEN_MS = 24 * 60 * 60 * 1000;
const MAX_SEEN = 200;

export const EMPTY_NEWS_BATCH: NewsBatch = { lastMailAt: null, items: [], more: 0, jobDueAt: null, seen: [] };

export interface NewsStep {
  /** The record to commit. */
  next: NewsBatch;
  /** What to mail now, in the same commit (null: no mail). */
  mail: { items: NewsItem[]; more: number } | null;
  /** Enqueue the job due then, in the same commit (null: none). */
  scheduleAt: number | null;
}

const sameItem = (a: NewsItem, b: NewsItem) => a.teamId === b.teamId && a.postId === b.postId;

const windowEnd = (batch: NewsBatch) =>
  batch.lastMailAt === null ? Number.NEGATIVE_INFINITY : batch.lastMailAt + NEWS_WINDOW_MS;

/**
 * Mails the gathered posts that still stand (`isLive`: not deleted, the person still in that
 * team); with none left, nothing, and the hour stays as it was.
 */
function mailNow(batch: NewsBatch, now: number, isLive: (item: NewsItem) => boolean): NewsStep {
  const items = batch.items.filter(isLive);
  if (items.length === 0) {
    return { next: { ...batch, items: [], more: 0, jobDueAt: null }, mail: null, scheduleAt: null };
  }
  return {
    next: { ...batch, lastMailAt: now, items: [], more: 0, jobDueAt: null },
    mail: { items, more: batch.more },
    scheduleAt: null,
  };
}

/**
 * A news post for a person. Null when this post was already handed to them (a fan-out run twice):
 * nothing to commit. `isLive` tells whether a post already waiting still stands.
 */
export function addNews(
  current: NewsBatch | null,
  item: NewsItem,
  now: number,
  isLive: (item: NewsItem) => boolean,
): NewsStep | null {
  const known = current ?? EMPTY_NEWS_BATCH;
  if (known.seen.some((seen) => sameItem(seen, item))) return null;
  const seen = [...known.seen.filter((s) => s.at > now - NEWS_SEEN_MS), { ...item, at: now }].slice(-MAX_SEEN);
  const full = known.items.length >= MAX_NEWS_ITEMS;
  const batch: NewsBatch = {
    ...known,
    seen,
    items: full ? known.items : [...known.items, item],
    more: full ? known.more + 1 : known.more,
  };
  if (now >= windowEnd(batch)) return mailNow(batch, now, isLive);
  // Within the hour: gathered for the job that is (or is now) due when it ends.
  if (batch.jobDueAt !== null) return { next: batch, mail: null, scheduleAt: null };
  const due = windowEnd(batch);
  return { next: { ...batch, jobDueAt: due }, mail: null, scheduleAt: due };
}

/**
 * The job enqueued for `dueAt`. "stale" when the record expects another job (or none: what it
 * was for went out with a later post's mail); "early" when it came before its time.
 */
export function newsDue(
  current: NewsBatch | null,
  dueAt: number,
  now: number,
  isLive: (item: NewsItem) => boolean,
): NewsStep | "stale" | "early" {
  if (!current || current.jobDueAt !== dueAt) return "stale";
  if (now < dueAt) return "early";
  return mailNow(current, now, isLive);
}
