/** The sweep of uploads never finished, processed or used, and of expired upload links. */
import { sweepExpiredUploads as sweepUploads, type UploadSweep } from "../db/uploads.ts";

/** How often the server sweeps expired uploads (main.ts registers the cron). */
export const UPLOAD_SWEEP_CRON = "*/10 * * * *";

/** Removes uploads, upload links and slots that expired by `now` (default: the clock). */
export async function sweepExpiredUploads(kv: Deno.Kv, now: Date = new Date()): Promise<UploadSweep> {
  return await sweepUploads(kv, now.getTime());
}

/** The cron job (and the start's first sweep): logs what went, and a failure, without throwing. */
export async function uploadSweepJob(kv: Deno.Kv, now: Date = new Date()): Promise<void> {
  try {
    const { uploads } = await sweepExpiredUploads(kv, now);
    if (uploads > 0) console.log(`[photos] swept ${uploads} unfinished upload(s)`);
  } catch (error) {
    console.error("[photos] the upload sweep failed:", error);
  }
}

export type { UploadSweep };
