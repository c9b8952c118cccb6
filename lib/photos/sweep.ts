/** The sweep of uploads never finished, processed or used, and of expired upload links. */
import { sweepExpiredUploads as sweepUploads, type UploadSweep } from "../db/uploads.ts";
import { runLoggedJob } from "../log.ts";

/** How often the server sweeps expired uploads (main.ts registers the cron). */
export const UPLOAD_SWEEP_CRON = "*/10 * * * *";

/** Removes uploads, upload links and slots that expired by `now` (default: the clock). */
export async function sweepExpiredUploads(kv: Deno.Kv, now: Date = new Date()): Promise<UploadSweep> {
  return await sweepUploads(kv, now.getTime());
}

/** The cron job (and the start's first sweep): one job line with what went, or its failure; never throws. */
export async function uploadSweepJob(kv: Deno.Kv, now: Date = new Date()): Promise<void> {
  await runLoggedJob("photos.upload_sweep", () => sweepExpiredUploads(kv, now), ({ uploads }) => ({ uploads }))
    .catch(() => {}); // Logged; the next run tries again.
}

export type { UploadSweep };
