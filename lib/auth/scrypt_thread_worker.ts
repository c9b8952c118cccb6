/**
 * The body of a scrypt thread (see `scrypt_thread.ts`): at idle priority, answers each job with
 * the derived key or the error scrypt gave.
 */
import { scryptSync } from "node:crypto";
import { serveJobs } from "../workers/mod.ts";
import type { ScryptJob, ScryptReply } from "./scrypt_thread.ts";

function derive(job: ScryptJob): ScryptReply {
  try {
    const key = scryptSync(job.password, job.salt, job.keyLength, {
      N: job.N,
      r: job.r,
      p: job.p,
      maxmem: job.maxmem,
    });
    return { key: new Uint8Array(key) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

await serveJobs<ScryptJob, ScryptReply>({ kind: "node", start: () => derive });
