/**
 * Mailing a calendar sync's schedule changes (issue 23, item 3). The sync stores its notice in the
 * commit that swaps the event sets, with the notice's job (lib/db/schedule_notices.ts). The job
 * goes through the team's members page by page: each page's mails (to everyone with "Schedule
 * changes" on) commit with the notice's cursor, checked against the notice as read, and the last
 * page deletes the notice. A job run twice, on one instance or two, finds the cursor moved (or the
 * notice gone) and mails no one again; a crash between pages leaves the cursor where the last
 * commit put it.
 *
 * Without a queue, the poll runs every notice it reads (`dueScheduleNoticeJobs`). With one, a
 * sweep in the calendar cron runs notices whose job should long have finished (the queue gave up).
 */
import { getTeam } from "../db/teams.ts";
import { getUsers, listTeamMembers } from "../db/users.ts";
import {
  getScheduleNoticeEntry,
  isScheduleNoticeJob,
  listScheduleNoticeJobs,
  type ScheduleNoticeJob,
  stageScheduleNoticeProgress,
} from "../db/schedule_notices.ts";
import { beginChange, type Page } from "../db/kv.ts";
import { commitOrConflict, retryOnConflict } from "../db/change.ts";
import { stageMail } from "../mail/mod.ts";
import { teamTimeZone } from "../time_zone.ts";
import { errorText, runLoggedJob } from "../log.ts";
import { getNotificationPreferences } from "./preferences.ts";
import { scheduleChangeMail } from "./schedule_change_mail.ts";

export { isScheduleNoticeJob, type ScheduleNoticeJob };

const ATTEMPTS = 10;
/** Members mailed per commit: each mail lists up to 20 changes, and a commit holds at most 800 KB. */
export const SCHEDULE_NOTICE_PAGE = 10;
/** The sweep leaves a notice this young to its queue job. */
const SWEEP_AFTER_MS = 10 * 60 * 1000;

/**
 * Mails the notice's members from where its cursor stands, a page per commit, until it is gone.
 * Returns how many mails this run staged. Throws on a conflict it cannot settle: the queue retries.
 */
export async function runScheduleNoticeJob(
  kv: Deno.Kv,
  job: ScheduleNoticeJob,
  appUrl: string,
  now = new Date(),
): Promise<{ mailed: number }> {
  let mailed = 0;
  let more = true;
  while (more) {
    more = await retryOnConflict(async () => {
      const entry = await getScheduleNoticeEntry(kv, job.teamId, job.noticeId);
      // Mailed already (another run or instance finished it), or its calendar or team went.
      if (!entry.value) return false;
      const notice = entry.value;
      const team = await getTeam(kv, job.teamId);
      if (!team) {
        await commitOrConflict(stageScheduleNoticeProgress(beginChange(kv), entry, null));
        return false;
      }
      const page = await listTeamMembers(kv, team.id, { cursor: notice.cursor, limit: SCHEDULE_NOTICE_PAGE });
      const op = stageScheduleNoticeProgress(
        beginChange(kv),
        entry,
        page.cursor ? { ...notice, cursor: page.cursor } : null,
      );
      const users = await getUsers(kv, page.values.map((membership) => membership.userId));
      let staged = 0;
      for (const user of users) {
        if (!user || !(await getNotificationPreferences(kv, user.id)).scheduleChanges) continue;
        const mail = scheduleChangeMail({
          user,
          team,
          zone: teamTimeZone(team),
          changes: notice.changes,
          more: notice.more,
          appUrl,
          now,
        });
        stageMail(op, mail, now);
        staged++;
      }
      await commitOrConflict(op);
      mailed += staged;
      return page.cursor !== "";
    }, { attempts: ATTEMPTS });
  }
  return { mailed };
}

/** Without a queue: every notice is due (it was staged to be mailed at once); for the poll. */
export async function dueScheduleNoticeJobs(
  kv: Deno.Kv,
  _now: number,
  page: { cursor: string; limit: number },
): Promise<Page<ScheduleNoticeJob>> {
  return await listScheduleNoticeJobs(kv, page);
}

/**
 * With a queue: runs the notices older than 10 minutes, whose queue job gave up (a mail server
 * down for hours, say); each run is safe beside a job still going. Logged as one job line.
 */
export async function scheduleNoticeSweepJob(kv: Deno.Kv, appUrl: string, now = new Date()): Promise<void> {
  await runLoggedJob("notifications.schedule_sweep", async () => {
    let resumed = 0;
    let cursor = "";
    do {
      const page = await listScheduleNoticeJobs(kv, { cursor, limit: 100 }, now.getTime() - SWEEP_AFTER_MS);
      for (const job of page.values) {
        await runScheduleNoticeJob(kv, job, appUrl, now).then(
          () => resumed++,
          (error) => console.error(`[notifications] a schedule notice of team ${job.teamId} failed:`, errorText(error)),
        );
      }
      cursor = page.cursor;
    } while (cursor);
    return resumed;
  }, (resumed) => ({ resumed })).catch(() => {}); // Logged; the next run tries again.
}
