/**
 * Background CPU work (scrypt, image decoding) runs on threads that give way to the request
 * thread: each such thread calls `lowerThreadPriority()` first thing.
 */
import { setPriority } from "node:os";

/** Linux's SCHED_IDLE policy (sched.h). */
const SCHED_IDLE = 5;
/** Nice value used when SCHED_IDLE cannot be set. */
const NICE = 10;

/**
 * Moves the calling thread to SCHED_IDLE: it runs only on CPU time no normal thread wants, and
 * a waking event loop takes the CPU from it at once (a nice value alone leaves it the rest of a
 * scheduler tick, several milliseconds). Threads it starts afterwards inherit the policy. On
 * Linux, pid 0 is the calling thread only.
 */
export function lowerThreadPriority(): void {
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
