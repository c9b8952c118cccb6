/**
 * Worker threads of one module (its body is `serveJobs`), the thread side of every worker pool.
 * A job goes to an idle thread, else to a new one, so there are never more threads than the
 * jobs run at once (the caller's bound, a `TaskPool`). A thread answers one job at a time.
 *
 * A thread that crashes, exits, cannot start, or runs a job past its deadline is stopped and
 * forgotten: its job fails with `WorkerThreadError`, and the next job starts a new thread.
 * Stopping is the only way to interrupt it (synchronous code and WebAssembly cannot be
 * interrupted otherwise). The first thread started asks whether it may run at idle priority
 * (`noteThreadPriority`).
 */
import { Worker as NodeWorker } from "node:worker_threads";
import { noteThreadPriority } from "./priority.ts";
import type { ThreadKind, ThreadMessage } from "./protocol.ts";

/** Why a job failed on its thread: its deadline (or the thread's start) passed, the thread failed, or the pool closed. */
export type WorkerThreadFailure = "timeout" | "failed" | "closed";

export class WorkerThreadError extends Error {
  override name = "WorkerThreadError";
  constructor(readonly reason: WorkerThreadFailure, message: string) {
    super(message);
  }
}

export interface WorkerThreadsOptions<Job> {
  /** The worker module. */
  url: URL;
  /** Web Worker (default) or `node:worker_threads` (see `ThreadKind`). */
  kind?: ThreadKind;
  /** What errors call a thread ("image worker"). */
  name: string;
  /** How long a thread may take to load before it is stopped; unset: no limit. */
  startTimeoutMs?: number;
  /** How long a job may run on its thread before the thread is stopped; unset: no limit. */
  jobTimeoutMs?: number;
  /** Whether a job's deadline also counts a new thread's start (default: it counts from the thread being ready). */
  jobTimeoutCountsStart?: boolean;
  /** Turns a job into what is posted, when it reaches its thread (its own copy of buffers, transferred). */
  prepare?: (job: Job) => { job: Job; transfer: Transferable[] };
}

/** A thread's channel, whatever kind of worker it is. */
interface Channel {
  post(message: unknown, transfer: Transferable[]): void;
  terminate(): void;
  /** Whether the thread keeps the process alive (only while it has a job; Web Workers always do). */
  hold(busy: boolean): void;
}

interface ChannelEvents {
  message(data: unknown): void;
  failed(why: string): void;
}

function webChannel(url: URL, on: ChannelEvents): Channel {
  const worker = new Worker(url, { type: "module" });
  worker.onmessage = ({ data }: MessageEvent) => on.message(data);
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault(); // Otherwise a worker's uncaught error ends the whole process.
    on.failed(event.message);
  };
  worker.onmessageerror = () => on.failed("its message could not be read");
  return {
    post: (message, transfer) => worker.postMessage(message, transfer),
    terminate: () => worker.terminate(),
    hold: () => {},
  };
}

function nodeChannel(url: URL, on: ChannelEvents): Channel {
  const worker = new NodeWorker(url);
  worker.unref();
  worker.on("message", on.message);
  worker.on("error", (error: Error) => on.failed(error.message));
  worker.on("messageerror", () => on.failed("its message could not be read"));
  worker.on("exit", (code: number) => on.failed(`it stopped (exit code ${code})`));
  return {
    post: (message, transfer) => worker.postMessage(message, transfer as never),
    terminate: () => void worker.terminate().catch(() => {}),
    hold: (busy) => busy ? worker.ref() : worker.unref(),
  };
}

interface PendingJob<Reply> {
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

/** One thread and the job it is doing, if any. */
class Thread<Job, Reply> {
  readonly ready: Promise<void>;
  readonly #channel: Channel;
  readonly #name: string;
  readonly #onGone: (thread: Thread<Job, Reply>) => void;
  #started!: () => void;
  #notStarted!: (error: Error) => void;
  #startTimer: ReturnType<typeof setTimeout> | undefined;
  #job: PendingJob<Reply> | null = null;
  #gone = false;

  constructor(options: WorkerThreadsOptions<Job>, onGone: (thread: Thread<Job, Reply>) => void) {
    this.#name = options.name;
    this.#onGone = onGone;
    this.ready = new Promise<void>((resolve, reject) => [this.#started, this.#notStarted] = [resolve, reject]);
    this.ready.catch(() => {}); // Also told to the job waiting for it.
    const open = options.kind === "node" ? nodeChannel : webChannel;
    this.#channel = open(options.url, {
      message: (data) => this.#onMessage(data as ThreadMessage<Reply>),
      failed: (why) => this.end(new WorkerThreadError("failed", `The ${this.#name} failed: ${why}`)),
    });
    const limit = options.startTimeoutMs;
    if (limit !== undefined) {
      this.#startTimer = setTimeout(
        () => this.end(new WorkerThreadError("timeout", `The ${this.#name} did not start within ${limit} ms.`)),
        limit,
      );
    }
  }

  get gone(): boolean {
    return this.#gone;
  }

  /** Runs one job, posted once the thread is ready; the thread must be idle. */
  run(job: Job, transfer: Transferable[]): Promise<Reply> {
    return new Promise<Reply>((resolve, reject) => {
      const pending: PendingJob<Reply> = { resolve, reject };
      this.#job = pending;
      this.#channel.hold(true);
      this.ready.then(() => {
        if (this.#job !== pending) return;
        try {
          this.#channel.post(job, transfer);
        } catch (error) {
          this.#finish();
          reject(error as Error); // It could not be sent; the thread itself is fine.
        }
      }, () => {}); // `end` has rejected the job already.
    });
  }

  /** Stops the thread; a job in flight, or a start under way, fails with `error`. */
  end(error: WorkerThreadError): void {
    if (!this.#gone) {
      this.#gone = true;
      clearTimeout(this.#startTimer);
      this.#channel.terminate();
      this.#onGone(this);
    }
    this.#notStarted(error);
    this.#finish()?.reject(error);
  }

  #onMessage(message: ThreadMessage<Reply>): void {
    if (this.#gone || typeof message !== "object" || message === null) return;
    if ("ready" in message) {
      clearTimeout(this.#startTimer);
      this.#started();
    } else if ("failed" in message) {
      this.end(new WorkerThreadError("failed", `The ${this.#name} could not start: ${message.failed}`));
    } else if ("reply" in message) {
      this.#finish()?.resolve(message.reply);
    }
  }

  /** The job in flight, now no longer the thread's, or null. */
  #finish(): PendingJob<Reply> | null {
    const job = this.#job;
    this.#job = null;
    if (job) this.#channel.hold(false);
    return job;
  }
}

export interface JobOptions {
  /** This job's deadline instead of the threads' `jobTimeoutMs`. */
  jobTimeoutMs?: number;
}

export class WorkerThreads<Job, Reply> {
  readonly #options: WorkerThreadsOptions<Job>;
  readonly #live = new Set<Thread<Job, Reply>>();
  readonly #idle = new Set<Thread<Job, Reply>>();
  #closed = false;

  constructor(options: WorkerThreadsOptions<Job>) {
    this.#options = options;
  }

  /** Threads alive now. */
  get threads(): number {
    return this.#live.size;
  }

  /**
   * Starts threads until `count` are alive, ahead of the first jobs (starting one holds the
   * calling thread for tens of milliseconds, better spent before a burst than in it); resolves
   * when they are ready, rejects when one could not start (its first job would have failed).
   */
  async start(count: number): Promise<void> {
    if (this.#closed) throw this.#closedError();
    while (this.#live.size < count) this.#idle.add(this.#spawn());
    await Promise.all([...this.#live].map((thread) => thread.ready));
  }

  /**
   * Runs `job` on an idle thread, else a new one. Rejects with `WorkerThreadError`: "timeout"
   * when the job passed its deadline or the thread its start's (the thread is stopped),
   * "failed" when the thread crashed, exited or could not start, "closed" after `close()`.
   */
  async run(job: Job, options: JobOptions = {}): Promise<Reply> {
    if (this.#closed) throw this.#closedError();
    const thread = this.#take();
    const posted = this.#options.prepare?.(job) ?? { job, transfer: [] };
    const work = thread.run(posted.job, posted.transfer);
    const limit = options.jobTimeoutMs ?? this.#options.jobTimeoutMs;
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      if (limit === undefined || settled) return;
      timer = setTimeout(() => {
        thread.end(
          new WorkerThreadError("timeout", `The ${this.#options.name} took longer than ${limit} ms; it was stopped.`),
        );
      }, limit);
    };
    if (this.#options.jobTimeoutCountsStart) arm();
    else thread.ready.then(arm, () => {});
    try {
      return await work;
    } finally {
      settled = true;
      clearTimeout(timer);
      if (!thread.gone) this.#idle.add(thread);
    }
  }

  /** Stops every thread (a job in flight fails); later jobs are refused. A script that used Web Workers ends only after this. */
  close(): void {
    this.#closed = true;
    this.#idle.clear();
    for (const thread of [...this.#live]) thread.end(this.#closedError());
  }

  #closedError(): WorkerThreadError {
    return new WorkerThreadError("closed", `The ${this.#options.name} was stopped.`);
  }

  #take(): Thread<Job, Reply> {
    const [idle] = this.#idle;
    if (!idle) return this.#spawn();
    this.#idle.delete(idle);
    return idle;
  }

  #spawn(): Thread<Job, Reply> {
    noteThreadPriority();
    const thread = new Thread<Job, Reply>(this.#options, (gone) => {
      this.#live.delete(gone);
      this.#idle.delete(gone);
    });
    this.#live.add(thread);
    return thread;
  }
}
