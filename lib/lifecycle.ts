/**
 * The process's stop (SIGTERM or SIGINT; routes/shutdown.ts listens): no new work, the work in
 * hand finished within `STOP_DEADLINE_MS`, then the worker threads and the database closed.
 *
 * Background work learns of the stop through `signal` and is counted while it runs (`track`):
 * - a cron's tick during the stop does nothing (`guard`: Deno.cron cannot be unregistered);
 * - the calendar sync starts no further team (its `SyncDeps.signal`); a team's sync under way
 *   finishes and gives its lease back. One the deadline cuts short keeps its lease until the
 *   lease lapses (5 minutes), as after a crash: giving it back early would let another instance
 *   sync the team while this one may still write.
 * - the queue takes no new job (lib/mail/queue_worker.ts): one delivered during the stop is left
 *   unanswered, and KV hands it out again 5 s after this process is gone (the next start's
 *   queue cleanup, at once or within a minute; it counts as one failed try). A mail being sent is
 *   waited for; its lease is never given back early, as the send cannot be recalled: one the
 *   deadline cuts short is sent again when its lease ends (the queue's at-least-once window).
 * The database closes last: that ends the queue listener and the watches.
 */

/** What background work sees of the process's lifecycle. */
export interface BackgroundWork {
  /** Aborted when the process begins to stop: work not yet started must not start. */
  readonly signal: AbortSignal;
  /** Runs `job`, counted as in hand until it settles: the stop waits for it (within its deadline). */
  track<T>(job: () => Promise<T>): Promise<T>;
}

/** How long a stop waits for requests and jobs in hand before it gives up on them. */
export const STOP_DEADLINE_MS = 10_000;

export interface StopPlan {
  /** Takes no new work from outside and resolves when the work taken is done (the HTTP server's drain). */
  drain: () => Promise<void>;
  /** Worker pools and the like, closed once the work in hand is done (or the deadline passed). */
  close: (() => void)[];
  /** The database, closed last. */
  kv: { close(): void };
  deadlineMs?: number;
}

export interface StopOutcome {
  /** False when the deadline passed with work still in hand. */
  finished: boolean;
  ms: number;
}

export class Lifecycle implements BackgroundWork {
  readonly #stop = new AbortController();
  readonly #inHand = new Set<Promise<unknown>>();
  #stopping: Promise<StopOutcome> | null = null;

  get signal(): AbortSignal {
    return this.#stop.signal;
  }

  get stopping(): boolean {
    return this.#stop.signal.aborted;
  }

  /** Jobs in hand now. */
  get jobs(): number {
    return this.#inHand.size;
  }

  track<T>(job: () => Promise<T>): Promise<T> {
    const running = job();
    this.#inHand.add(running);
    running.then(() => this.#inHand.delete(running), () => this.#inHand.delete(running));
    return running;
  }

  /** A cron's job: a tick once the stop has begun does nothing; a tick before is waited for. */
  guard(job: () => Promise<void>): () => Promise<void> {
    return () => this.stopping ? Promise.resolve() : this.track(job);
  }

  /** Stops once; a second call (a second signal) gets the first stop's outcome. */
  stop(plan: StopPlan): Promise<StopOutcome> {
    this.#stopping ??= this.#run(plan);
    return this.#stopping;
  }

  async #run(plan: StopPlan): Promise<StopOutcome> {
    const started = performance.now();
    this.#stop.abort();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), plan.deadlineMs ?? STOP_DEADLINE_MS);
    });
    const done = Promise.all([plan.drain(), this.#idle()]).then(() => true, () => true);
    const finished = await Promise.race([done, deadline]);
    clearTimeout(timer);
    for (const close of plan.close) {
      try {
        close();
      } catch { /* closing what is already closed */ }
    }
    plan.kv.close();
    return { finished, ms: Math.round(performance.now() - started) };
  }

  /** Resolves when no tracked job is in hand (a job may start another while it runs). */
  async #idle(): Promise<void> {
    while (this.#inHand.size > 0) await Promise.allSettled([...this.#inHand]);
  }
}

/** Waits `ms`, or less when `signal` aborts (a stopping process starts no more rounds or syncs). */
export function waitUnlessStopped(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
