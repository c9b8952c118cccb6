/**
 * What each person has been mailed of their teams' news: one record per person (across all their
 * teams), and the queue job that mails the posts gathered once their hour is up
 * (lib/notifications/news.ts). Written and deleted only here (and erased with the account).
 */
import { keys } from "./keys.ts";
import { changeHasQueue, hasQueue, type Page } from "./kv.ts";

/** A news post by its team and id: its text, author and time are read when the mail is made. */
export interface NewsItem {
  teamId: string;
  postId: string;
}

export interface NewsBatch {
  /** When the person was last mailed news (ms since the epoch); null: never, as far as this record knows. */
  lastMailAt: number | null;
  /** Posts that came in since, for the next mail (capped; see `more`). */
  items: NewsItem[];
  /** Posts beyond the cap: counted in the mail, not listed. */
  more: number;
  /** When the job that mails `items` is due; null while none is enqueued. */
  jobDueAt: number | null;
  /**
   * Posts already handed to this person (mailed or waiting), with when: a fan-out job that runs
   * twice (a retry, a second instance) finds them here and adds nothing. Pruned after a day.
   */
  seen: (NewsItem & { at: number })[];
}

/** The queue job that mails a person's gathered news when their hour ends. */
export interface NewsBatchJob {
  type: "news-batch";
  userId: string;
  /** The record's `jobDueAt` it was enqueued for: a job that finds another is stale and does nothing. */
  dueAt: number;
}

/** A record matters for an hour after a mail and a day for `seen`; it expires after both. */
const BATCH_TTL_MS = 2 * 24 * 60 * 60 * 1000;

export async function getNewsBatchEntry(kv: Deno.Kv, userId: string): Promise<Deno.KvEntryMaybe<NewsBatch>> {
  return await kv.get<NewsBatch>(keys.newsBatch(userId));
}

/** Adds to `op` the person's record as `next` (or its removal), checked unchanged since `entry` was read. */
export function stageNewsBatch(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntryMaybe<NewsBatch>,
  next: NewsBatch | null,
): Deno.AtomicOperation {
  op.check(entry);
  return next ? op.set(entry.key, next, { expireIn: BATCH_TTL_MS }) : op.delete(entry.key);
}

/**
 * Adds to `op` the job for `job.dueAt`, due `delayMs` from now: it commits with the record that
 * expects it. Without a queue (KV Connect) the record's `jobDueAt` is the job: the poll finds it.
 */
export function stageNewsBatchJob(op: Deno.AtomicOperation, job: NewsBatchJob, delayMs: number): Deno.AtomicOperation {
  return changeHasQueue(op) ? op.enqueue(job, { delay: Math.max(0, Math.ceil(delayMs)) }) : op;
}

/** Re-enqueues a job that came early, only while the record is unchanged (so never twice for one hour). */
export async function reenqueueNewsBatchJob(
  kv: Deno.Kv,
  entry: Deno.KvEntryMaybe<NewsBatch>,
  job: NewsBatchJob,
  delayMs: number,
): Promise<boolean> {
  if (!hasQueue(kv)) return true;
  const op = kv.atomic().check(entry).enqueue(job, { delay: Math.max(0, Math.ceil(delayMs)) });
  return (await op.commit()).ok;
}

/**
 * For the poll on a database without a queue: the jobs due by `now` among at most `limit` records
 * read from `cursor` (the cursor continues after them; "" once the records are all read).
 */
export async function listDueNewsBatchJobs(
  kv: Deno.Kv,
  now: number,
  page: { cursor: string; limit: number },
): Promise<Page<NewsBatchJob>> {
  const limit = Math.max(1, Math.min(page.limit, 500));
  const iter = kv.list<NewsBatch>({ prefix: keys.allNewsBatches() }, { limit, cursor: page.cursor || undefined });
  const values: NewsBatchJob[] = [];
  let read = 0;
  for await (const { key, value } of iter) {
    read++;
    if (value.jobDueAt === null || value.jobDueAt > now) continue;
    values.push({ type: "news-batch", userId: String(key[1]), dueAt: value.jobDueAt });
  }
  return { values, cursor: read === limit ? iter.cursor : "" };
}

export function isNewsBatchJob(value: unknown): value is NewsBatchJob {
  if (typeof value !== "object" || value === null) return false;
  const job = value as NewsBatchJob;
  return job.type === "news-batch" && typeof job.userId === "string" && typeof job.dueAt === "number";
}
