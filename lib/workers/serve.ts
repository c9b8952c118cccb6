/**
 * The worker's side of a thread (the body of `image_worker.ts`, `parse_worker.ts`,
 * `scrypt_thread_worker.ts`): lowers the thread's priority before anything else, loads what
 * the jobs need, says it is ready (or why it could not start), then answers each job in turn.
 * An answer that throws is an uncaught error of the thread: its starter stops it and fails the
 * job, and the next job gets a new thread.
 */
import { lowerThreadPriority } from "./priority.ts";
import type { ThreadKind, ThreadMessage } from "./protocol.ts";

export interface ServeOptions<Job, Reply> {
  /** How this thread was started (see `ThreadKind`). */
  kind: ThreadKind;
  /** Loads what the jobs need (at the lowered priority) and returns how one job is answered. */
  start: () => ((job: Job) => Reply) | Promise<(job: Job) => Reply>;
  /** Buffers an answer hands over instead of copying them. */
  transfer?: (reply: Reply) => Transferable[];
  /** Why the start failed, as the starter's error says it (default: the error's message). */
  describeFailure?: (error: unknown) => string;
}

interface Port {
  listen(onJob: (job: unknown) => void): void;
  post(message: ThreadMessage<unknown>, transfer?: Transferable[]): void;
}

async function parentPort(kind: ThreadKind): Promise<Port> {
  if (kind === "node") {
    // Loaded only here: a Web Worker has no use for it.
    const port = (await import("node:worker_threads")).parentPort!;
    return {
      listen: (onJob) => port.on("message", onJob),
      post: (message, transfer = []) => port.postMessage(message, transfer as never),
    };
  }
  const scope = globalThis as unknown as {
    onmessage: ((event: MessageEvent) => void) | null;
    postMessage(message: unknown, transfer?: Transferable[]): void;
  };
  return {
    listen: (onJob) => scope.onmessage = ({ data }) => onJob(data),
    post: (message, transfer = []) => scope.postMessage(message, transfer),
  };
}

export async function serveJobs<Job, Reply>(options: ServeOptions<Job, Reply>): Promise<void> {
  lowerThreadPriority();
  const port = await parentPort(options.kind);
  let answer: (job: Job) => Reply;
  try {
    answer = await options.start();
  } catch (error) {
    const why = options.describeFailure?.(error) ?? (error instanceof Error ? error.message : String(error));
    port.post({ failed: why });
    return;
  }
  port.listen((job) => {
    const reply = answer(job as Job);
    port.post({ reply }, options.transfer?.(reply));
  });
  port.post({ ready: true });
}
