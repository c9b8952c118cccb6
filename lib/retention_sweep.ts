/**
 * The daily retention sweep (issue 22, R44): deletes what lib/retention.ts says goes by "sweep".
 * What goes by "expiry" (unverified signups, links, rate-limit counts, sessions, the development
 * outbox) carries KV's `expireIn` from the moment it is written, and is not swept a second time.
 *
 * Each kind is read page by page (at most `batch` records a commit, at most `maxPerKind` a run:
 * the rest waits for the next day) and every deletion is checked against the versionstamp read,
 * so two instances sweeping at once delete each record once, and a record changed meanwhile (a
 * claim just decided) stays.
 */
import { beginChange } from "./db/kv.ts";
import { commitChange } from "./db/change.ts";
import { commitTeamChange } from "./db/team_revisions.ts";
import { listOldestAuditEntries, stageAuditRemoval } from "./db/audit.ts";
import { listFailedMailEntries, stageFailedMailRemoval } from "./db/mail.ts";
import { type Claim, getClaimEntry, listPendingClaimRefs, stagePendingClaimRemoval } from "./db/claims.ts";
import type { FailedMail } from "./mail/queue.ts";
import { type RetentionKind, retentionPeriod } from "./retention.ts";
import { runLoggedJob } from "./log.ts";

/** Once a day, at a quiet hour (UTC); main.ts registers the cron. */
export const RETENTION_SWEEP_CRON = "23 3 * * *";

export interface RetentionSweep {
  failedMail: number;
  auditEntries: number;
  undecidedRequests: number;
}

export interface RetentionSweepOptions {
  /** Records read and deleted per commit (each kind stays well under KV's 1,000 mutations). */
  batch?: number;
  /** The most records of one kind one run deletes. */
  maxPerKind?: number;
}

const DEFAULT_BATCH = 100;
const DEFAULT_MAX_PER_KIND = 20_000;

/** Records of `kind` that began before this moment are due. */
const cutoff = (kind: RetentionKind, now: Date) => now.getTime() - retentionPeriod(kind).periodMs;

/**
 * Commits the removal of `due` in one change; when it fails (another instance took one first, or
 * one changed), each is tried alone, so one busy record does not keep the others. Returns how many went.
 */
async function removeChecked<T>(
  due: T[],
  stage: (op: Deno.AtomicOperation, item: T) => void,
  commit: (op: Deno.AtomicOperation, items: T[]) => Promise<{ ok: boolean }>,
  kv: Deno.Kv,
): Promise<number> {
  if (due.length === 0) return 0;
  const op = beginChange(kv);
  for (const item of due) stage(op, item);
  if ((await commit(op, due)).ok) return due.length;
  let removed = 0;
  for (const item of due) {
    const one = beginChange(kv);
    stage(one, item);
    if ((await commit(one, [item])).ok) removed++;
  }
  return removed;
}

/** Failed mail set aside more than 30 days ago. */
async function sweepFailedMail(kv: Deno.Kv, now: Date, batch: number, max: number): Promise<number> {
  const before = cutoff("failed-mail", now);
  let removed = 0;
  let cursor = "";
  do {
    const page = await listFailedMailEntries<FailedMail>(kv, { cursor, limit: batch });
    const due = page.values.filter((entry) => Date.parse(entry.value.failedAt) < before);
    removed += await removeChecked(due, stageFailedMailRemoval, commitChange, kv);
    cursor = page.cursor;
  } while (cursor && removed < max);
  return removed;
}

/** Audit entries older than 90 days: the log is in time order, so the sweep stops at the first young one. */
async function sweepAudit(kv: Deno.Kv, now: Date, batch: number, max: number): Promise<number> {
  const before = cutoff("security-event", now);
  let removed = 0;
  let cursor = "";
  let young = false;
  do {
    const page = await listOldestAuditEntries(kv, { cursor, limit: batch });
    const due = [];
    for (const entry of page.values) {
      if (Date.parse(entry.value.createdAt) >= before) {
        young = true;
        break;
      }
      due.push(entry);
    }
    removed += await removeChecked(due, stageAuditRemoval, commitChange, kv);
    cursor = page.cursor;
  } while (cursor && !young && removed < max);
  return removed;
}

/** The requests the sweep drops unanswered: claims and join requests (a missing kind is a claim). */
const UNANSWERED_KINDS = new Set<string>(["claim", "join"]);

/**
 * Claims and join requests still pending 30 days after they were made. Only those two kinds: a
 * request of any other kind (a parent asking for their child's removal) is never dropped unanswered.
 * The claims page and the admin's dashboard count them, so the commit moves the team's revision.
 */
async function sweepUndecidedRequests(kv: Deno.Kv, now: Date, batch: number, max: number): Promise<number> {
  const before = cutoff("undecided-request", now);
  let removed = 0;
  let cursor = "";
  do {
    const page = await listPendingClaimRefs(kv, { cursor, limit: batch });
    const entries = await Promise.all(page.values.map((ref) => getClaimEntry(kv, ref.teamId, ref.claimId)));
    const due = entries.filter((entry): entry is Deno.KvEntry<Claim> =>
      entry.value !== null && entry.value.status === "pending" && UNANSWERED_KINDS.has(entry.value.kind ?? "claim") &&
      Date.parse(entry.value.createdAt) < before
    );
    removed += await removeChecked(
      due,
      stagePendingClaimRemoval,
      (op, items) => commitTeamChange(kv, op, [...new Set(items.map((entry) => entry.value.teamId))]),
      kv,
    );
    cursor = page.cursor;
  } while (cursor && removed < max);
  return removed;
}

/** Deletes everything past its period at `now` (default: the clock). */
export async function sweepRetention(
  kv: Deno.Kv,
  now: Date = new Date(),
  options: RetentionSweepOptions = {},
): Promise<RetentionSweep> {
  const batch = options.batch ?? DEFAULT_BATCH;
  const max = options.maxPerKind ?? DEFAULT_MAX_PER_KIND;
  return {
    failedMail: await sweepFailedMail(kv, now, batch, max),
    auditEntries: await sweepAudit(kv, now, batch, max),
    undecidedRequests: await sweepUndecidedRequests(kv, now, batch, max),
  };
}

/** The cron job: one job line with how many of each kind went, or its failure; never throws. */
export async function retentionSweepJob(kv: Deno.Kv, now: Date = new Date()): Promise<void> {
  await runLoggedJob("retention.sweep", () => sweepRetention(kv, now), (swept) => ({ ...swept }))
    .catch(() => {}); // Logged; tomorrow's run tries again.
}
