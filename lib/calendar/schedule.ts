/**
 * The scheduled sync (SPEC.md section 9: every 30 minutes). main.ts registers the job with
 * Deno.cron at its top level (Deno Deploy reads the crons there). Every instance registers the
 * same job; the per-team lease and the calendars' `nextSyncAt` make sure each calendar is synced
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

/** The cron job: one scheduled sync; a failure is logged, and the next run tries again. */
export async function calendarSyncJob(kv: Deno.Kv, deps: SyncDeps, jitterMs?: number): Promise<void> {
  try {
    await runScheduledSync(kv, deps, jitterMs);
  } catch (error) {
    console.error("[calendar] the scheduled sync failed:", error);
  }
}
