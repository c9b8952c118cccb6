/**
 * Background CPU work on worker threads: a bounded, fair queue with a Retry-After refusal
 * (`BusyError`, answered 503), a deadline per job, threads at idle priority, started again
 * after a crash or a deadline. Password hashing (lib/auth), image processing (lib/images) and
 * calendar parsing (lib/calendar) each run one `WorkerPool`; their worker modules are
 * `serveJobs`.
 */
export { BusyError } from "../errors.ts";
export { BUSY_MESSAGE, TaskPool, type TaskPoolOptions, type TaskSource } from "./task_pool.ts";
export {
  type JobOptions,
  WorkerThreadError,
  type WorkerThreadFailure,
  WorkerThreads,
  type WorkerThreadsOptions,
} from "./threads.ts";
export { type PoolJobOptions, WorkerPool, type WorkerPoolOptions } from "./worker_pool.ts";
export { serveJobs, type ServeOptions } from "./serve.ts";
export type { ThreadKind, ThreadMessage } from "./protocol.ts";
export {
  ffiGranted,
  lowerThreadPriority,
  NO_FFI_PRIORITY_NOTICE,
  noteThreadPriority,
  type PriorityHost,
  priorityNotice,
} from "./priority.ts";
