/**
 * 'Sync now' (DECISIONS.md): a team admin syncs the team's calendar at once. Counted per team
 * (6 in 10 minutes) so that no one can make GoalMates hammer a calendar server, whoever asks.
 */
import { consumeRateLimits } from "../db/rate_limits.ts";
import { getCalendar } from "../db/calendars.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { CALENDAR_MESSAGES, type SyncDeps, type SyncOutcome, syncTeamCalendar } from "./sync.ts";

export const SYNC_NOW_PER_WINDOW = 6;
export const SYNC_NOW_WINDOW_MS = 10 * 60 * 1000;

const limited = (minutes: number) =>
  `Too many syncs of this calendar. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;

/**
 * Syncs the team's calendar `calendarId` now and waits for the result: NotFoundError when the
 * team's calendar is not that one, ConflictError while another sync runs, RateLimitError past
 * the team's limit. A feed's failure is an outcome ("failed", recorded on the calendar), not a throw.
 */
export async function syncCalendarNow(
  kv: Deno.Kv,
  teamId: string,
  calendarId: string,
  deps: SyncDeps,
): Promise<Extract<SyncOutcome, { calendar: unknown }>> {
  const calendar = await getCalendar(kv, teamId);
  if (!calendar || calendar.id !== calendarId) throw new NotFoundError(CALENDAR_MESSAGES.notFound);
  await consumeRateLimits(
    kv,
    [{ bucket: "calendar-sync-now", subject: teamId, limit: SYNC_NOW_PER_WINDOW, windowMs: SYNC_NOW_WINDOW_MS }],
    limited,
    deps.now().getTime(),
  );
  const outcome = await syncTeamCalendar(kv, teamId, deps);
  if (outcome.kind === "busy") throw new ConflictError(CALENDAR_MESSAGES.syncing);
  if (outcome.kind === "gone" || outcome.calendar.id !== calendarId) {
    throw new NotFoundError(CALENDAR_MESSAGES.notFound);
  }
  return outcome;
}

/** Syncs started by a call that answered before they ended (a new calendar's first sync). */
const background = new Set<Promise<unknown>>();

/**
 * Starts the team's calendar sync without waiting for it (a new calendar's first sync: the
 * admin's card follows it). Its outcome is recorded on the calendar; nothing is thrown.
 */
export function syncInBackground(kv: Deno.Kv, teamId: string, deps: SyncDeps): void {
  const job: Promise<unknown> = syncTeamCalendar(kv, teamId, deps)
    .catch((error) => console.error("[calendar] the first sync failed unexpectedly:", error))
    .finally(() => background.delete(job));
  background.add(job);
}

/** Resolves once every sync `syncInBackground` started has ended (tests, and a clean shutdown). */
export async function backgroundSyncsSettled(): Promise<void> {
  while (background.size > 0) await Promise.allSettled([...background]);
}
