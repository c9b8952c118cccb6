/**
 * The body of a scrypt thread (see `scrypt_thread.ts`): lowers its own CPU priority, then
 * answers each job with the derived key or the error scrypt gave.
 */
import { parentPort } from "node:worker_threads";
import { setPriority } from "node:os";
import { scryptSync } from "node:crypto";
import type { ScryptJob, ScryptReply } from "./scrypt_thread.ts";

/** Linux's SCHED_IDLE policy (sched.h). */
const SCHED_IDLE = 5;
/** Nice value used when SCHED_IDLE cannot be set. */
const NICE = 10;

/**
 * Moves this thread to SCHED_IDLE: it runs only on CPU time no normal thread wants, and a
 * waking event loop takes the CPU from it at once (a nice value alone leaves it the rest of a
 * scheduler tick, several milliseconds). On Linux, pid 0 is the calling thread only.
 */
function lowerPriority(): void {
  if (Deno.build.os !== "linux") return; // Elsewhere these calls would cover the whole process.
  try {
    const libc = Deno.dlopen("libc.so.6", {
      sched_setscheduler: { parameters: ["i32", "i32", "buffer"], result: "i32" },
    });
    try {
      const param = new Uint8Array(new Int32Array([0]).buffer); // struct sched_param { sched_priority = 0 }
      if (libc.symbols.sched_setscheduler(0, SCHED_IDLE, param) === 0) return;
    } finally {
      libc.close();
    }
  } catch {
    // No FFI permission, or no glibc: fall back to a nice value.
  }
  try {
    setPriority(0, NICE);
  } catch {
    // Not permitted here: the thread keeps the process's priority.
  }
}

lowerPriority();

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
