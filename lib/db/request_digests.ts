/**
 * What each team admin has been told about new claims, join requests and asks for a new invite
 * link: one record per team and admin, and the queue job that mails what came in once the
 * admin's 15 minutes are up (lib/claims/admin_digest.ts). Written and deleted only here.
 */
import { keys } from "./keys.ts";
import { changeHasQueue, hasQueue, type Page } from "./kv.ts";

/** A claim or join request (by its id), or someone asking for a new invite link (kept here until mailed). */
export type DigestItem =
  | { kind: "request"; id: string }
  | { kind: "link"; name: string; email: string; at: number };

export interface RequestDigest {
  /** When the admin was last mailed (ms since the epoch); null: never, as far as this record knows. */
  lastMailAt: number | null;
  /** What came in since, to list in the next mail (capped; see `more`). */
  items: DigestItem[];
  /** Items that came in beyond the cap: counted in the mail, not listed. */
  more: number;
  /** When the job that mails `items` is due; null while none is enqueued. */
  jobDueAt: number | null;
}

/** The queue job that mails an admin's waiting items when their window ends. */
export interface RequestDigestJob {
  type: "request-digest";
  teamId: string;
  userId: string;
  /** The record's `jobDueAt` it was enqueued for: a job that finds another is stale and does nothing. */
  dueAt: number;
}

/**
 * A record matters for 15 minutes after a mail, or until its job ran; an absent one means "mail
 * at once". It expires well after both, so an admin who stops getting requests leaves nothing.
 */
const DIGEST_TTL_MS = 2 * 24 * 60 * 60 * 1000;

export async function getRequestDigestEntry(
  kv: Deno.Kv,
  teamId: string,
  userId: string,
): Promise<Deno.KvEntryMaybe<RequestDigest>> {
  return await kv.get<RequestDigest>(keys.requestDigest(teamId, userId));
}

/** Adds to `op` the admin's record as `next` (or its removal), checked unchanged since `entry` was read. */
export function stageRequestDigest(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntryMaybe<RequestDigest>,
  next: RequestDigest | null,
): Deno.AtomicOperation {
  op.check(entry);
  return next ? op.set(entry.key, next, { expireIn: DIGEST_TTL_MS }) : op.delete(entry.key);
}

/**
 * Adds to `op` the job for `job.dueAt`, due `delayMs` from now: it commits with the record that
 * expects it. Without a queue (KV Connect) the record's `jobDueAt` is the job: the poll finds it.
 */
export function stageRequestDigestJob(
  op: Deno.AtomicOperation,
  job: RequestDigestJob,
  delayMs: number,
): Deno.AtomicOperation {
  return changeHasQueue(op) ? op.enqueue(job, { delay: Math.max(0, Math.ceil(delayMs)) }) : op;
}

/**
 * Re-enqueues a job that came early, only while the record is unchanged (so never twice for one
 * window). Without a queue the record still names it, and the poll runs it once it is due.
 */
export async function reenqueueRequestDigestJob(
  kv: Deno.Kv,
  entry: Deno.KvEntryMaybe<RequestDigest>,
  job: RequestDigestJob,
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
export async function listDueRequestDigestJobs(
  kv: Deno.Kv,
  now: number,
  page: { cursor: string; limit: number },
): Promise<Page<RequestDigestJob>> {
  const limit = Math.max(1, Math.min(page.limit, 500));
  const iter = kv.list<RequestDigest>({ prefix: keys.allRequestDigests() }, {
    limit,
    cursor: page.cursor || undefined,
  });
  const values: RequestDigestJob[] = [];
  let read = 0;
  for await (const { key, value } of iter) {
    read++;
    if (value.jobDueAt === null || value.jobDueAt > now) continue;
    values.push({ type: "request-digest", teamId: String(key[1]), userId: String(key[2]), dueAt: value.jobDueAt });
  }
  return { values, cursor: read === limit ? iter.cursor : "" };
}

export function isRequestDigestJob(value: unknown): value is RequestDigestJob {
  if (typeof value !== "object" || value === null) return false;
  const job = value as RequestDigestJob;
  return job.type === "request-digest" && typeof job.teamId === "string" && typeof job.userId === "string" &&
    typeof job.dueAt === "number";
}
