/**
 * Background CPU work (scrypt, image decoding, calendar parsing) runs on threads that give way
 * to the request thread: each such thread lowers its own priority first thing (`serveJobs`
 * does it for every worker module).
 *
 * The strong form, Linux's SCHED_IDLE, needs a libc call, so FFI: it is tried only when
 * `--allow-ffi` is granted (asked with `Deno.permissions`, never by trying `dlopen` and
 * catching). Without it a thread lowers only its nice value, and the thread that starts the
 * workers says so once in the log (`noteThreadPriority`).
 */
import { setPriority } from "node:os";

/** Linux's SCHED_IDLE policy (sched.h). */
const SCHED_IDLE = 5;
/** Nice value used when SCHED_IDLE cannot be set. */
const NICE = 10;

export const NO_FFI_PRIORITY_NOTICE =
  "[workers] worker threads run at normal priority (nice 10 where allowed, not SCHED_IDLE) because FFI is not " +
  "granted; run with --allow-ffi so pages keep the CPU while passwords, photos and calendars are worked on";

/** What lowering a thread's priority uses; tests pass their own. */
export interface PriorityHost {
  os: typeof Deno.build.os;
  permissions: { querySync(descriptor: { name: "ffi" }): { state: Deno.PermissionState } };
  /** Moves the calling thread to SCHED_IDLE through libc; false when libc refused. Needs FFI. */
  setIdlePolicy(): boolean;
  /** Sets the calling thread's nice value; throws when not permitted. */
  setNice(nice: number): void;
  warn(line: string): void;
}

/**
 * On Linux, pid 0 is the calling thread only, and threads it starts afterwards (libvips's)
 * inherit the policy.
 */
function setIdlePolicy(): boolean {
  try {
    const libc = Deno.dlopen("libc.so.6", {
      sched_setscheduler: { parameters: ["i32", "i32", "buffer"], result: "i32" },
    });
    try {
      const param = new Uint8Array(new Int32Array([0]).buffer); // struct sched_param { sched_priority = 0 }
      return libc.symbols.sched_setscheduler(0, SCHED_IDLE, param) === 0;
    } finally {
      libc.close();
    }
  } catch {
    return false; // No glibc here.
  }
}

export const THIS_PROCESS: PriorityHost = {
  os: Deno.build.os,
  permissions: Deno.permissions,
  setIdlePolicy,
  setNice: (nice) => setPriority(0, nice),
  warn: (line) => console.warn(line),
};

/** Whether `--allow-ffi` is granted (a prompt is not a grant: a server has no one to answer it). */
export function ffiGranted(host: Pick<PriorityHost, "permissions"> = THIS_PROCESS): boolean {
  return host.permissions.querySync({ name: "ffi" }).state === "granted";
}

/**
 * Lowers the calling thread's CPU priority: SCHED_IDLE when FFI is granted (it then runs only
 * on CPU time no normal thread wants, and a waking event loop takes the CPU from it at once; a
 * nice value alone leaves it the rest of a scheduler tick, several milliseconds), else nice 10.
 * Returns what it managed. Elsewhere than Linux these calls would cover the whole process, so
 * nothing is done.
 */
export function lowerThreadPriority(host: PriorityHost = THIS_PROCESS): "idle" | "nice" | "normal" {
  if (host.os !== "linux") return "normal";
  if (ffiGranted(host) && host.setIdlePolicy()) return "idle";
  try {
    host.setNice(NICE);
    return "nice";
  } catch {
    return "normal"; // Not permitted here: the thread keeps the process's priority.
  }
}

/**
 * A notice for the thread that starts workers: the first call says, in one log line, that the
 * threads cannot go to idle priority when FFI is not granted; later calls say nothing.
 */
export function priorityNotice(host: PriorityHost): () => void {
  let asked = false;
  return () => {
    if (asked) return;
    asked = true;
    if (host.os === "linux" && !ffiGranted(host)) host.warn(NO_FFI_PRIORITY_NOTICE);
  };
}

/** This process's notice (one line at most, however many threads are started). */
export const noteThreadPriority: () => void = priorityNotice(THIS_PROCESS);
