/**
 * WORKERS: isolates serving one port, all on the one database.
 *
 * The main isolate (worker 0) is the one main.ts runs: it alone resumes team deletions, runs the
 * migrations and the demo seeding, listens to the KV queue (mail, digests) and runs the crons.
 * Once that is done it starts WORKERS - 1 Web Workers (routes/serve_worker.ts), each with its own
 * app, caches and thread pools, serving HTTP only. So background work runs once per process, and
 * across processes on one database the KV leases and atomic checks keep it exactly-once (mail
 * leases, calendar sync leases, single-use tokens: tests/integration/workers_test.ts). Render and
 * response caches are per isolate; each follows the team revisions through `kv.watch`.
 *
 * Why Web Workers that each listen with `reusePort` and not `deno serve --parallel` (bench/workers_bench.ts,
 * 2 isolates on 2 cores, wrk sharing the second: within 3-6% of each other on the public roster page and
 * JSON, and ahead on the signed-in family dashboard, 2,684 against 1,774 req/s; docs/performance.md):
 * - every isolate keeps the slow-header guard (routes/serve.ts), which `deno serve` cannot give;
 * - `deno task start` and the Deno Deploy command stay `deno run … main.ts`, and one process
 *   decides what runs once (`deno serve --parallel` runs main.ts's top level in every isolate:
 *   migrations and crons included);
 * - WORKERS is read with the rest of the configuration, not from `--parallel` and DENO_JOBS.
 * SO_REUSEPORT lets any process of the same user bind the port: two starts on one port share it
 * instead of the second failing.
 */
import type { AssetManifest } from "../lib/render/assets.ts";
import { writeLogLine } from "../lib/log.ts";

/** main → worker: serve on `port`; then, at the stop, stop. */
export type ToWorker =
  | { type: "start"; id: number; port: number; assets: AssetManifest; mailQueueKey: Uint8Array }
  | { type: "stop" };

/** worker → main: listening; could not start (the message); stopped. */
export type FromWorker =
  | { type: "listening" }
  | { type: "failed"; message: string }
  | { type: "stopped" };

/** The line each isolate writes once it listens: JSON, with its worker id. */
export function logListening(addr: Deno.NetAddr, worker: number, workers: number): void {
  writeLogLine(JSON.stringify({
    time: new Date().toISOString(),
    event: "listening",
    worker,
    workers,
    hostname: addr.hostname,
    port: addr.port,
  }));
}

/** A worker isolate could not start serving: main.ts stops the start with this message. */
export class WorkerStartError extends Error {
  override name = "WorkerStartError";
}

export interface ServeWorkers {
  /** Each worker stops accepting and finishes its requests in flight; resolves when all have. */
  shutdown(): Promise<void>;
}

/**
 * Starts workers 1 … `count - 1` on `port` (where worker 0, the caller, already listens with
 * `reusePort`); resolves once each listens, or rejects with the first that could not start.
 */
export async function startServeWorkers(
  count: number,
  start: { port: number; assets: AssetManifest; mailQueueKey: Uint8Array },
): Promise<ServeWorkers> {
  const workers: Worker[] = [];
  const started: Promise<void>[] = [];
  for (let id = 1; id < count; id++) {
    const worker = new Worker(new URL("./serve_worker.ts", import.meta.url), { type: "module", name: `serve-${id}` });
    workers.push(worker);
    started.push(
      new Promise<void>((resolve, reject) => {
        worker.onmessage = ({ data }: MessageEvent<FromWorker>) => {
          if (data.type === "listening") resolve();
          if (data.type === "failed") reject(new WorkerStartError(`Worker ${id} could not start: ${data.message}`));
        };
        worker.onerror = (event) => {
          event.preventDefault();
          reject(new WorkerStartError(`Worker ${id} could not start: ${event.message}`));
        };
      }),
    );
    worker.postMessage({ type: "start", id, ...start } satisfies ToWorker);
  }
  try {
    await Promise.all(started);
  } catch (error) {
    for (const worker of workers) worker.terminate();
    throw error;
  }
  return {
    shutdown: () =>
      Promise.all(workers.map((worker) =>
        new Promise<void>((resolve) => {
          worker.onmessage = ({ data }: MessageEvent<FromWorker>) => {
            if (data.type === "stopped") resolve();
          };
          // A worker that fails while stopping has stopped serving all the same.
          worker.onerror = (event) => {
            event.preventDefault();
            resolve();
          };
          worker.postMessage({ type: "stop" } satisfies ToWorker);
        })
      )).then(() => {}),
  };
}
