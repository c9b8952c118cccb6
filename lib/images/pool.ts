/**
 * The image workers: decoding and resizing run on worker threads (`image_worker.ts`), never on
 * the thread that serves requests. At most `concurrency` images are processed at once (one per
 * core beyond the event loop's), at most `maxQueue` more wait their turn in order for at most
 * `queueTimeoutMs`, and anything beyond is refused at once with `BusyError` (503 and
 * `Retry-After`), so a burst of uploads never stalls the server. The bound is the same
 * `TaskPool` that guards password hashing (`lib/auth/password_pool.ts`).
 *
 * A thread is started for a job when none is idle, so there are never more threads than
 * `concurrency`; it warms up first (1.3 s here). `start()` starts them all ahead of the
 * first upload. A job that runs longer than `jobTimeoutMs` has its thread stopped (WebAssembly
 * cannot be interrupted otherwise) and fails; the slot is freed and the next job gets a new
 * thread.
 *
 * The threads are Web Workers, not `node:worker_threads`: under Deno 2.9.6 posting a 10 MB
 * upload to a `node:worker_threads` worker took 0.6–1.5 s and grew the process by about 160 MB
 * each time, where a Web Worker takes milliseconds and stays flat. A Web Worker cannot be
 * unref'd, so once a thread has started the process lives until `close()` (a server never
 * calls it; tests and scripts must). Start wasm-vips nowhere else in the process: a worker that
 * starts it after the main thread has done so hangs (Deno 2.9.6).
 */
import { TaskPool } from "../auth/password_pool.ts";
import { ValidationError } from "../errors.ts";
import type { OutputFormat, RenderedImage, RenderSize } from "./vips_render.ts";

export const IMAGE_BUSY_MESSAGE = "Too many photos are being processed right now. Please try again in a few seconds.";
export const UNREADABLE_MESSAGE = "This image could not be read. It may be damaged or incomplete.";

/** What the pool sends a worker. */
export interface WorkerJob {
  id: number;
  bytes: Uint8Array;
  sizes: RenderSize[];
  format: OutputFormat;
  quality: number;
}

/** What a worker answers: once `ready` (or `failed` to start), then one reply per job. */
export type WorkerReply =
  | { ready: true }
  | { failed: string }
  | { id: number; images: RenderedImage[] }
  | { id: number; error: string; unreadable: boolean };

export interface ImagePoolOptions {
  /** Images processed at once (at least 1). */
  concurrency: number;
  /** Images waiting for a worker; one more is refused at once. */
  maxQueue: number;
  /** How long an image may wait for a worker before it is refused. */
  queueTimeoutMs: number;
  /** How long one image may take on its worker (including the worker's start) before the worker is stopped. */
  jobTimeoutMs: number;
  /** The `Retry-After` of the `BusyError`. */
  retryAfterSeconds: number;
  /** The worker module (tests may pass another). */
  workerUrl?: URL;
}

const WORKER_URL = new URL("./image_worker.ts", import.meta.url);

/** One worker thread and the job it is doing, if any. */
class ImageThread {
  readonly #worker: Worker;
  readonly ready: Promise<void>;
  #job: { id: number; resolve: (images: RenderedImage[]) => void; reject: (error: Error) => void } | null = null;
  #gone = false;
  readonly #onGone: (thread: ImageThread) => void;
  readonly #failed: (error: Error) => void;

  constructor(url: URL, onGone: (thread: ImageThread) => void) {
    this.#onGone = onGone;
    let started!: () => void;
    let failed!: (error: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => [started, failed] = [resolve, reject]);
    this.ready.catch(() => {}); // Also reported to the job waiting for it.
    this.#failed = failed;
    this.#worker = new Worker(url, { type: "module" });
    this.#worker.onmessage = ({ data: reply }: MessageEvent<WorkerReply>) => {
      if ("ready" in reply) return started();
      if ("failed" in reply) return this.#end(new Error(`An image worker could not start: ${reply.failed}`));
      if (reply.id !== this.#job?.id) return;
      const job = this.#job;
      this.#job = null;
      if ("images" in reply) job.resolve(reply.images);
      else if (reply.unreadable) job.reject(new ValidationError(UNREADABLE_MESSAGE));
      else job.reject(new Error(`Image processing failed: ${reply.error}`));
    };
    this.#worker.onerror = (event: ErrorEvent) => {
      event.preventDefault(); // Otherwise a worker's uncaught error ends the whole process.
      this.#end(new Error(`An image worker failed: ${event.message}`));
    };
    this.#worker.onmessageerror = () => this.#end(new Error("An image worker's message could not be read."));
  }

  /** Runs one job; the thread must be idle. */
  run(job: WorkerJob): Promise<RenderedImage[]> {
    return new Promise<RenderedImage[]>((resolve, reject) => {
      this.#job = { id: job.id, resolve, reject };
      this.ready.then(
        () => this.#job?.id === job.id && this.#worker.postMessage(job, [job.bytes.buffer as ArrayBuffer]),
        () => {}, // `#end` has rejected the job already.
      );
    });
  }

  get gone(): boolean {
    return this.#gone;
  }

  /** Stops the worker; a job in flight, or a start under way, fails with `error`. */
  #end(error: Error): void {
    if (!this.#gone) {
      this.#gone = true;
      this.#worker.terminate();
      this.#onGone(this);
    }
    this.#failed(error);
    const job = this.#job;
    this.#job = null;
    job?.reject(error);
  }

  terminate(): void {
    this.#end(new Error("The image worker was stopped."));
  }
}

export class ImagePool {
  readonly #options: ImagePoolOptions;
  readonly #tasks: TaskPool;
  readonly #live = new Set<ImageThread>();
  readonly #idle = new Set<ImageThread>();
  #nextId = 1;

  constructor(options: ImagePoolOptions) {
    this.#options = options;
    this.#tasks = new TaskPool({
      concurrency: options.concurrency,
      maxQueue: options.maxQueue,
      queueTimeoutMs: options.queueTimeoutMs,
      retryAfterSeconds: options.retryAfterSeconds,
      message: IMAGE_BUSY_MESSAGE,
    });
  }

  /** Images processed at once. */
  get concurrency(): number {
    return this.#tasks.concurrency;
  }

  /** Images being processed now. */
  get running(): number {
    return this.#tasks.running;
  }

  /** Images waiting for a worker now. */
  get waiting(): number {
    return this.#tasks.waiting;
  }

  /** Worker threads alive now. */
  get threads(): number {
    return this.#live.size;
  }

  /** Starts (and warms up) every worker ahead of the first image; resolves when they are ready. */
  async start(): Promise<void> {
    while (this.#live.size < this.concurrency) this.#idle.add(this.#startThread());
    await Promise.all([...this.#live].map((thread) => thread.ready));
  }

  /**
   * Renders `job` on a worker. Rejects with `BusyError` when the queue is full or the wait too
   * long, `ValidationError` when the bytes cannot be decoded, and an Error when the worker
   * failed or took longer than `jobTimeoutMs` (it is then stopped).
   */
  run(job: Omit<WorkerJob, "id">): Promise<RenderedImage[]> {
    return this.#tasks.run(() => this.#onThread(job));
  }

  /** Stops every worker (a job in flight fails). A script that used the pool ends only after this. */
  close(): void {
    for (const thread of [...this.#live]) thread.terminate();
  }

  #startThread(): ImageThread {
    const thread = new ImageThread(this.#options.workerUrl ?? WORKER_URL, (gone) => {
      this.#live.delete(gone);
      this.#idle.delete(gone);
    });
    this.#live.add(thread);
    return thread;
  }

  async #onThread(job: Omit<WorkerJob, "id">): Promise<RenderedImage[]> {
    const [idle] = this.#idle;
    const thread = idle ?? this.#startThread();
    this.#idle.delete(thread);
    // The worker gets its own copy of exactly these bytes (a view's whole buffer would be copied otherwise).
    const work = thread.run({ ...job, id: this.#nextId++, bytes: job.bytes.slice() });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tooSlow = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(
          new Error(`Image processing took longer than ${this.#options.jobTimeoutMs} ms; its worker was stopped.`),
        );
        thread.terminate(); // This rejects `work` too (too late to matter) and drops the thread.
      }, this.#options.jobTimeoutMs);
    });
    try {
      return await Promise.race([work, tooSlow]);
    } finally {
      clearTimeout(timer);
      work.catch(() => {});
      if (!thread.gone) this.#idle.add(thread);
    }
  }
}

/**
 * One image at a time per core beyond the event loop's, at least one and at most two (R32): each
 * worker holds wasm-vips and its buffers (about 100 MB), so a many-core host must not start one
 * per core.
 */
export const imageConcurrency = (cores: number): number => Math.min(2, Math.max(1, cores - 1));

export const IMAGE_CONCURRENCY = imageConcurrency(navigator.hardwareConcurrency);

/**
 * The process's image pool: `IMAGE_CONCURRENCY` at once, 8 more waiting at most 10 s, then
 * `BusyError` (503, Retry-After: 5); a job stopped after 30 s.
 */
export const imagePool = new ImagePool({
  concurrency: IMAGE_CONCURRENCY,
  maxQueue: 8,
  queueTimeoutMs: 10_000,
  jobTimeoutMs: 30_000,
  retryAfterSeconds: 5,
});
