/**
 * The body of a scrypt thread (see `scrypt_thread.ts`): lowers its own CPU priority, then
 * answers each job with the derived key or the error scrypt gave.
 */
import { parentPort } from "node:worker_threads";
import { lowerThreadPriority } from "../thread_priority.ts";
import { scryptSync } from "node:crypto";
import type { ScryptJob, ScryptReply } from "./scrypt_thread.ts";

lowerThreadPriority();

const port = parentPort!;
port.on("message", (job: ScryptJob) => {
  let reply: ScryptReply;
  try {
    const key = scryptSync(job.password, job.salt, job.keyLength, {
      N: job.N,
      r: job.r,
      p: job.p,
      maxmem: job.maxmem,
    });
    reply = { key: new Uint8Array(key) };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
