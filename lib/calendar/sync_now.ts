/**
 * 'Sync now' (DECISIONS.md): a team admin syncs the team's calendar at once. Counted per team
 * (6 in 10 minutes) so that no one can make GoalMates hammer a calendar server, whoever asks.
 */
import { consumeRateLimits } from "../db/rate_limits.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { getCalendar } from "../db/calendars.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { CALENDAR_MESSAGES, type SyncDeps, type SyncOutcome, syncTeamCalendar } from "./sync.ts";

export const SYNC_NOW_PER_WINDOW = 6;
export const SYNC_NOW_WINDOW_MS = 10 * 60 * 1000;

const limited = (minutes: number) =>
  format("en", messagesFor("en").adminCalendar.connect.syncLimited, { count: minutes });

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
