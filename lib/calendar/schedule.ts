/**
 * The scheduled sync (SPEC.md section 9: every 30 minutes). main.ts registers the job with
 * Deno.cron at its top level (Deno Deploy reads the crons there). Every instance registers the
 * same job; the per-team lease and the calendars' `nextSyncAt` make sure each calendar is synced
 * once per window however many instances run, and a sync a crash cut short is taken up again
 * once its lease lapses.
 */
import { type SyncDeps, syncDueCalendars } from "./sync.ts";
import { runLoggedJob } from "../log.ts";
import { waitUnlessStopped } from "../lifecycle.ts";

export const CALENDAR_SYNC_CRON = "*/30 * * * *";
/** Instances started together would all list the calendars at the same second; a random delay spreads them. */
const MAX_JITTER_MS = 20_000;

const jitter = () => Math.random() * MAX_JITTER_MS;

export async function runScheduledSync(kv: Deno.Kv, deps: SyncDeps, jitterMs = jitter()) {
  await waitUnlessStopped(jitterMs, deps.signal);
  return await syncDueCalendars(kv, deps);
}

/**
 * The cron job: one scheduled sync, logged as one job line with its counts (the wait before it
 * not counted in its time); a failure is logged too, and the next run tries again.
 */
export async function calendarSyncJob(kv: Deno.Kv, deps: SyncDeps, jitterMs = jitter()): Promise<void> {
  await waitUnlessStopped(jitterMs, deps.signal);
  await runLoggedJob("calendar.sync", () => syncDueCalendars(kv, deps), ({ synced, failed, skipped }) => ({
    synced,
    failed,
    skipped,
  })).catch(() => {}); // Logged; the next run tries again.
}
