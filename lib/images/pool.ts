/**
 * The image workers: decoding and resizing run on worker threads (`image_worker.ts`, a
 * `lib/workers` pool), never on the thread that serves requests. At most `concurrency` images
 * are processed at once (one per core beyond the event loop's), at most `maxQueue` more wait
 * their turn in order for at most `queueTimeoutMs`, and anything beyond is refused at once
 * with `BusyError` (503 and `Retry-After`), so a burst of uploads never stalls the server.
 *
 * A thread is started for a job when none is idle, so there are never more threads than
 * `concurrency`; it warms up first (1.3 s here). `start()` starts them all ahead of the
 * first upload. A job that runs longer than `jobTimeoutMs` (its thread's start included) has
 * its thread stopped (WebAssembly cannot be interrupted otherwise) and fails; the slot is freed
 * and the next job gets a new thread.
 *
 * The threads are Web Workers (see `ThreadKind` in lib/workers: a 10 MB upload posted to one
 * takes milliseconds). A Web Worker cannot be unref'd, so once a thread has started the
 * process lives until `close()` (a server never calls it; tests and scripts must). Start
 * wasm-vips nowhere else in the process: a worker that starts it after the main thread has
 * done so hangs (Deno 2.9.6).
 */
import { WorkerPool } from "../workers/mod.ts";
import { ValidationError } from "../errors.ts";
import type { OutputFormat, RenderedImage, RenderSize } from "./vips_render.ts";

export const IMAGE_BUSY_MESSAGE = "Too many photos are being processed right now. Please try again in a few seconds.";
export const UNREADABLE_MESSAGE = "This image could not be read. It may be damaged or incomplete.";

/** What the pool sends a worker. */
export interface WorkerJob {
  bytes: Uint8Array;
  sizes: RenderSize[];
  format: OutputFormat;
  quality: number;
}

/** What a worker answers a job: its rendered sizes, or why it failed (`unreadable`: libvips could not decode it). */
export type WorkerReply = { images: RenderedImage[] } | { error: string; unreadable: boolean };

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

/** The worker gets its own copy of exactly these bytes (a view's whole buffer would be copied otherwise), moved, not copied again. */
function ownBytes(job: WorkerJob): { job: WorkerJob; transfer: Transferable[] } {
  const bytes = job.bytes.slice();
  return { job: { ...job, bytes }, transfer: [bytes.buffer] };
}

export class ImagePool {
  readonly #pool: WorkerPool<WorkerJob, WorkerReply>;

  constructor(options: ImagePoolOptions) {
    this.#pool = new WorkerPool({
      queue: {
        concurrency: options.concurrency,
        maxQueue: options.maxQueue,
        queueTimeoutMs: options.queueTimeoutMs,
        retryAfterSeconds: options.retryAfterSeconds,
        message: IMAGE_BUSY_MESSAGE,
      },
      thread: {
        url: options.workerUrl ?? WORKER_URL,
        name: "image worker",
        jobTimeoutMs: options.jobTimeoutMs,
        jobTimeoutCountsStart: true,
        prepare: ownBytes,
      },
    });
  }

  /** Images processed at once. */
  get concurrency(): number {
    return this.#pool.concurrency;
  }

  /** Images being processed now. */
  get running(): number {
    return this.#pool.running;
  }

  /** Images waiting for a worker now. */
  get waiting(): number {
    return this.#pool.waiting;
  }

  /** Worker threads alive now. */
  get threads(): number {
    return this.#pool.threads;
  }

  /** Starts (and warms up) every worker ahead of the first image; resolves when they are ready. */
  start(): Promise<void> {
    return this.#pool.start();
  }

  /**
   * Renders `job` on a worker. Rejects with `BusyError` when the queue is full or the wait too
   * long, `ValidationError` when the bytes cannot be decoded, and an Error when the worker
   * failed or took longer than `jobTimeoutMs` (it is then stopped).
   */
  async run(job: WorkerJob): Promise<RenderedImage[]> {
    const reply = await this.#pool.run(job);
    if ("images" in reply) return reply.images;
    if (reply.unreadable) throw new ValidationError(UNREADABLE_MESSAGE);
    throw new Error(`Image processing failed: ${reply.error}`);
  }

  /** Stops every worker (a job in flight fails). A script that used the pool ends only after this. */
  close(): void {
    this.#pool.close();
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
