/**
 * The scheduled sync (SPEC.md section 9: every 30 minutes). Every instance registers the same
 * job; the per-team lease and the calendars' `nextSyncAt` make sure each calendar is synced
 * once per window however many instances run, and a sync a crash cut short is taken up again
 * once its lease lapses.
 */
import { type SyncDeps, syncDueCalendars } from "./sync.ts";

export const CALENDAR_SYNC_CRON = "*/30 * * * *";
/** Instances started together would all list the calendars at the same second; a random delay spreads them. */
const MAX_JITTER_MS = 20_000;

export async function runScheduledSync(kv: Deno.Kv, deps: SyncDeps, jitterMs = Math.random() * MAX_JITTER_MS) {
  await new Promise((resolve) => setTimeout(resolve, jitterMs));
  const counts = await syncDueCalendars(kv, deps);
  if (counts.synced + counts.failed > 0) {
    console.log(`[calendar] synced ${counts.synced} calendar(s), ${counts.failed} failed, ${counts.skipped} skipped`);
  }
  return counts;
}

/** Registers the job with Deno.cron (main.ts; tests call `syncDueCalendars` or `syncTeamCalendar` directly). */
export function scheduleCalendarSync(kv: Deno.Kv, deps: SyncDeps): void {
  Deno.cron("sync team calendars", CALENDAR_SYNC_CRON, () =>
    runScheduledSync(kv, deps).then(
      () => {},
      (error) => console.error("[calendar] the scheduled sync failed:", error),
    ));
}
