/**
 * A team admin's news post on its way to the team's members: `["news_fanouts", teamId, postId]`
 * → the cursor of the next page of members. Staged in the post's own commit with its job, so a
 * post never loses its fan-out; each page of members is followed by a commit of the cursor checked
 * against the record as read, so a second run (a retry, another instance) stops where the first
 * moved on. Written and deleted only here (and swept with the team).
 */
import { keys } from "./keys.ts";
import { changeHasQueue, type Page } from "./kv.ts";

export interface NewsFanout {
  /** Where the next page of the team's members starts ("" for the first). */
  cursor: string;
  createdAt: string;
}

/** The queue job that hands one news post to the team's members. */
export interface NewsFanoutJob {
  type: "news-fanout";
  teamId: string;
  postId: string;
}

/** Bookkeeping only: a fan-out is done in seconds, and one left by a queue that gave up goes after two days. */
const FANOUT_TTL_MS = 2 * 24 * 60 * 60 * 1000;

export async function getNewsFanoutEntry(
  kv: Deno.Kv,
  teamId: string,
  postId: string,
): Promise<Deno.KvEntryMaybe<NewsFanout>> {
  return await kv.get<NewsFanout>(keys.newsFanout(teamId, postId));
}

/** Adds to `op` (the post's commit) a new fan-out and its job; without a queue the record is the job. */
export function stageNewsFanout(
  op: Deno.AtomicOperation,
  teamId: string,
  postId: string,
  now: Date,
): Deno.AtomicOperation {
  const key = keys.newsFanout(teamId, postId);
  const record: NewsFanout = { cursor: "", createdAt: now.toISOString() };
  op.check({ key, versionstamp: null }).set(key, record, { expireIn: FANOUT_TTL_MS });
  const job: NewsFanoutJob = { type: "news-fanout", teamId, postId };
  return changeHasQueue(op) ? op.enqueue(job) : op;
}

/** Adds to `op` the fan-out moved to `cursor` ("" or null: done, removed), checked unchanged since read. */
export function stageNewsFanoutCursor(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<NewsFanout>,
  cursor: string | null,
): Deno.AtomicOperation {
  op.check(entry);
  return cursor ? op.set(entry.key, { ...entry.value, cursor }, { expireIn: FANOUT_TTL_MS }) : op.delete(entry.key);
}

/** For the poll on a database without a queue: every fan-out is due at once. */
export async function listDueNewsFanoutJobs(
  kv: Deno.Kv,
  page: { cursor: string; limit: number },
): Promise<Page<NewsFanoutJob>> {
  const limit = Math.max(1, Math.min(page.limit, 500));
  const iter = kv.list<NewsFanout>({ prefix: keys.allNewsFanouts() }, { limit, cursor: page.cursor || undefined });
  const values: NewsFanoutJob[] = [];
  for await (const { key } of iter) {
    values.push({ type: "news-fanout", teamId: String(key[1]), postId: String(key[2]) });
  }
  return { values, cursor: values.length === limit ? iter.cursor : "" };
}

export function isNewsFanoutJob(value: unknown): value is NewsFanoutJob {
  if (typeof value !== "object" || value === null) return false;
  const job = value as NewsFanoutJob;
  return job.type === "news-fanout" && typeof job.teamId === "string" && typeof job.postId === "string";
}
