/**
 * A worker pool: the bounded, fair queue (`TaskPool`: at most `concurrency` jobs at once, a
 * bounded wait, else `BusyError` with its Retry-After) in front of worker threads
 * (`WorkerThreads`: a deadline per job, a crashed or stopped thread replaced at the next job,
 * idle priority). Password hashing, image processing and calendar parsing each have one.
 */
import { TaskPool, type TaskPoolOptions, type TaskSource } from "./task_pool.ts";
import { type JobOptions, WorkerThreads, type WorkerThreadsOptions } from "./threads.ts";

export interface WorkerPoolOptions<Job> {
  queue: TaskPoolOptions;
  thread: WorkerThreadsOptions<Job>;
}

export interface PoolJobOptions extends JobOptions {
  /** Who the job is for, so the queue is shared fairly (see `TaskPool`). */
  source?: TaskSource;
}

export class WorkerPool<Job, Reply> {
  readonly #tasks: TaskPool;
  readonly #threads: WorkerThreads<Job, Reply>;

  constructor(options: WorkerPoolOptions<Job>) {
    this.#tasks = new TaskPool(options.queue);
    this.#threads = new WorkerThreads(options.thread);
  }

  /** Jobs run at once (and threads kept at most). */
  get concurrency(): number {
    return this.#tasks.concurrency;
  }

  /** Jobs running now. */
  get running(): number {
    return this.#tasks.running;
  }

  /** Jobs waiting for a thread now. */
  get waiting(): number {
    return this.#tasks.waiting;
  }

  /** Clients with a job waiting now. */
  get waitingClients(): number {
    return this.#tasks.waitingClients;
  }

  /** Threads alive now. */
  get threads(): number {
    return this.#threads.threads;
  }

  /** Starts (and loads) one thread per job that may run at once; resolves when they are ready. */
  start(): Promise<void> {
    return this.#threads.start(this.concurrency);
  }

  /**
   * Runs `job` when the queue lets it, on a thread. Rejects with `BusyError` (queue full, the
   * wait too long, or the queue's `runTimeoutMs` passed) or `WorkerThreadError`.
   */
  run(job: Job, options: PoolJobOptions = {}): Promise<Reply> {
    return this.#tasks.run(() => this.#threads.run(job, options), options.source);
  }

  /** Stops every thread; a job in flight and every later one fail ("closed"). */
  close(): void {
    this.#threads.close();
  }
}
