/**
 * A calendar sync's schedule notice (issue 23, item 3): the changes it found among the next 14
 * days' events, to mail to the team's members. `["schedule_notices", teamId, noticeId]`, written
 * and deleted only here. The notice is staged in the very commit that swaps the team's event sets,
 * so a sync either swapped and left its notice, or did neither (the next sync finds the same old
 * set and the same changes). The job mails the members page by page, each page's mails committed
 * with the notice's cursor checked unchanged; the last page deletes it.
 */
import { keys } from "./keys.ts";
import { changeHasQueue, type Page } from "./kv.ts";

/** An event as a change mentions it: when and where. */
export interface ScheduledAt {
  startTime: string;
  location: string | null;
}

/** What happened to one event (matched by its stable id between the old set and the new). */
export type ScheduleChange =
  | { kind: "cancelled"; eventId: string; title: string; at: ScheduledAt }
  | { kind: "moved"; eventId: string; title: string; from: ScheduledAt; to: ScheduledAt }
  | { kind: "removed"; eventId: string; title: string; at: ScheduledAt };

export interface ScheduleNotice {
  id: string;
  teamId: string;
  /** The calendar whose sync found the changes: a notice of a calendar removed or replaced is not sent. */
  calendarId: string;
  /** The changes listed in the mail (capped), in start order. */
  changes: ScheduleChange[];
  /** Changes beyond the cap: counted in the mail, not listed. */
  more: number;
  /** The team members' list read so far ("" before the first page). */
  cursor: string;
  createdAt: string;
}

/** The queue job that mails a notice. */
export interface ScheduleNoticeJob {
  type: "schedule-notice";
  teamId: string;
  noticeId: string;
}

/**
 * A notice is mailed within seconds; one its job could not finish (the sweep retries it) is of
 * no use after two days, when the changes it lists are old news. Only bookkeeping: it expires.
 */
const NOTICE_TTL_MS = 2 * 24 * 60 * 60 * 1000;

export const scheduleNoticeJob = (notice: Pick<ScheduleNotice, "teamId" | "id">): ScheduleNoticeJob => ({
  type: "schedule-notice",
  teamId: notice.teamId,
  noticeId: notice.id,
});

/**
 * Adds to `op` a new notice and, on a database with a queue, its job (without one, the poll
 * finds the record itself). Committed with the event sets' swap.
 */
export function stageScheduleNotice(op: Deno.AtomicOperation, notice: ScheduleNotice): Deno.AtomicOperation {
  const key = keys.scheduleNotice(notice.teamId, notice.id);
  op.check({ key, versionstamp: null }).set(key, notice, { expireIn: NOTICE_TTL_MS });
  return changeHasQueue(op) ? op.enqueue(scheduleNoticeJob(notice)) : op;
}

export async function getScheduleNoticeEntry(
  kv: Deno.Kv,
  teamId: string,
  noticeId: string,
): Promise<Deno.KvEntryMaybe<ScheduleNotice>> {
  return await kv.get<ScheduleNotice>(keys.scheduleNotice(teamId, noticeId));
}

/**
 * Adds to `op` the notice's progress, checked unchanged since `entry` was read: the cursor after
 * the page just mailed, or (`next` null) its deletion after the last page.
 */
export function stageScheduleNoticeProgress(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<ScheduleNotice>,
  next: ScheduleNotice | null,
): Deno.AtomicOperation {
  op.check(entry);
  return next ? op.set(entry.key, next, { expireIn: NOTICE_TTL_MS }) : op.delete(entry.key);
}

/** The team's notices not yet mailed (a sync makes at most one per 30 minutes, and each lasts seconds). */
export async function listTeamScheduleNoticeEntries(
  kv: Deno.Kv,
  teamId: string,
): Promise<Deno.KvEntry<ScheduleNotice>[]> {
  return await Array.fromAsync(kv.list<ScheduleNotice>({ prefix: keys.teamScheduleNotices(teamId) }, { limit: 100 }));
}

/** Adds to `op` the deletion of notices read with `listTeamScheduleNoticeEntries` (calendar removal). */
export function stageScheduleNoticesRemoval(
  op: Deno.AtomicOperation,
  entries: Deno.KvEntry<ScheduleNotice>[],
): Deno.AtomicOperation {
  for (const entry of entries) op.check(entry).delete(entry.key);
  return op;
}

/**
 * The jobs of notices among at most `limit` records read from `cursor`, made before `before` (ms;
 * the sweep leaves the newest to their queue job) or all of them (the poll without a queue).
 */
export async function listScheduleNoticeJobs(
  kv: Deno.Kv,
  page: { cursor: string; limit: number },
  before = Number.POSITIVE_INFINITY,
): Promise<Page<ScheduleNoticeJob>> {
  const limit = Math.max(1, Math.min(page.limit, 500));
  const iter = kv.list<ScheduleNotice>({ prefix: keys.allScheduleNotices() }, {
    limit,
    cursor: page.cursor || undefined,
  });
  const values: ScheduleNoticeJob[] = [];
  let read = 0;
  for await (const { value } of iter) {
    read++;
    if (Date.parse(value.createdAt) < before) values.push(scheduleNoticeJob(value));
  }
  return { values, cursor: read === limit ? iter.cursor : "" };
}

export function isScheduleNoticeJob(value: unknown): value is ScheduleNoticeJob {
  if (typeof value !== "object" || value === null) return false;
  const job = value as ScheduleNoticeJob;
  return job.type === "schedule-notice" && typeof job.teamId === "string" && typeof job.noticeId === "string";
}
