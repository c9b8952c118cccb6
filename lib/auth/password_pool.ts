/**
 * A small bounded pool for expensive work (password hashing): at most `concurrency` tasks run
 * at once, at most `maxQueue` wait their turn in order, and a waiter gives up after
 * `queueTimeoutMs`. A task that cannot be taken (queue full), waited too long, or (with
 * `runTimeoutMs`) ran too long rejects with `BusyError`, which the routes answer with 503 and
 * `Retry-After`. A task that ran too long keeps its slot until it really ends, so the bound on
 * work in progress always holds.
 */
import { BusyError } from "../errors.ts";

export const BUSY_MESSAGE = "The server is busy. Please try again in a few seconds.";

export interface TaskPoolOptions {
  /** Tasks running at once (at least 1). */
  concurrency: number;
  /** Tasks waiting for a slot; one more is refused at once (0: no queue). */
  maxQueue: number;
  /** How long a task may wait for a slot before it is refused. */
  queueTimeoutMs: number;
  /** How long a caller waits for a running task before it is answered with `BusyError`; unset: no limit. */
  runTimeoutMs?: number;
  /** The `Retry-After` of the `BusyError`. */
  retryAfterSeconds: number;
  message?: string;
}

interface Waiter {
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

export class TaskPool {
  readonly #options: TaskPoolOptions & { message: string };
  #running = 0;
  readonly #queue: Waiter[] = [];

  constructor(options: TaskPoolOptions) {
    if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
      throw new RangeError("concurrency must be a whole number of at least 1");
    }
    if (!Number.isInteger(options.maxQueue) || options.maxQueue < 0) {
      throw new RangeError("maxQueue must be a whole number of at least 0");
    }
    this.#options = { message: BUSY_MESSAGE, ...options };
  }

  /** Tasks that may run at once. */
  get concurrency(): number {
    return this.#options.concurrency;
  }

  /** Tasks running now. */
  get running(): number {
    return this.#running;
  }

  /** Tasks waiting for a slot now. */
  get waiting(): number {
    return this.#queue.length;
  }

  /**
   * Runs `task` when a slot is free; rejects with `BusyError` when the queue is full, the wait
   * too long, or the task too slow (it then goes on, holding its slot, and its result is dropped).
   */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running < this.#options.concurrency && this.#queue.length === 0) {
      this.#running++;
    } else {
      await this.#wait();
    }
    const work = (async () => {
      try {
        return await task();
      } finally {
        this.#release();
      }
    })();
    const limit = this.#options.runTimeoutMs;
    if (limit === undefined) return await work;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tooSlow = new Promise<never>((_, reject) => timer = setTimeout(() => reject(this.#busy()), limit));
    try {
      return await Promise.race([work, tooSlow]);
    } finally {
      clearTimeout(timer);
      work.catch(() => {}); // A late failure has no one left to tell.
    }
  }

  #busy(): BusyError {
    return new BusyError(this.#options.message, this.#options.retryAfterSeconds);
  }

  /** Resolves once a slot has been handed to this caller (the slot is already counted). */
  #wait(): Promise<void> {
    if (this.#queue.length >= this.#options.maxQueue) return Promise.reject(this.#busy());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        timer: setTimeout(() => {
          const index = this.#queue.indexOf(waiter);
          if (index >= 0) this.#queue.splice(index, 1);
          reject(this.#busy());
        }, this.#options.queueTimeoutMs),
      };
      this.#queue.push(waiter);
    });
  }

  /** Hands the freed slot to the first waiter, in order, or gives it back. */
  #release(): void {
    const next = this.#queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start(); // The slot passes on; `#running` is unchanged.
    } else {
      this.#running--;
    }
  }
}
