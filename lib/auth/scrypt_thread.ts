/**
 * scrypt on its own low-priority threads. Each scrypt of a password holds a core for about
 * half a second; on the event loop's threads it would compete with page rendering as an
 * equal. These threads lower their priority (on Linux SCHED_IDLE, else nice 10; see
 * `scrypt_thread_worker.ts`) so pages and API answers are served first and hashing takes the
 * CPU left over. How many run at once is the caller's
 * bound (`passwordPool` in `passwords.ts`, which starts that many threads at its first job):
 * an idle thread is reused, else one is started, so there are never more threads than that
 * bound. Idle threads do not keep the process alive.
 */
import { Worker } from "node:worker_threads";

export interface ScryptJob {
  password: string;
  salt: Uint8Array;
  keyLength: number;
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

export type ScryptReply = { key: Uint8Array } | { error: string };

/** scrypt itself refused the job (parameters it does not accept); a thread that dies is a plain Error. */
export class ScryptError extends Error {
  override name = "ScryptError";
}

const WORKER_URL = new URL("./scrypt_thread_worker.ts", import.meta.url);
/** Threads alive, and those of them waiting for a job. */
const live = new Set<Worker>();
const idle = new Set<Worker>();

function start(): Worker {
  const worker = new Worker(WORKER_URL);
  worker.unref(); // Held (ref) only while it has a job.
  live.add(worker);
  // A thread that fails or exits is dropped; a job in flight hears it too.
  const drop = () => {
    live.delete(worker);
    idle.delete(worker);
  };
  worker.on("error", drop);
  worker.on("exit", drop);
  return worker;
}

/**
 * Starts threads until `count` are alive. Starting one costs the event loop tens of
 * milliseconds on a busy core (a new isolate, at normal priority until its first line runs),
 * so they are started together, once, rather than in the middle of a burst of logins.
 */
export function startScryptThreads(count: number): void {
  while (live.size < count) idle.add(start());
}

function take(): Worker {
  const [worker] = idle;
  if (!worker) return start();
  idle.delete(worker);
  return worker;
}

/** Derives one key on a scrypt thread; rejects with `ScryptError` (bad parameters), or an Error when the thread dies. */
export function scryptOnThread(job: ScryptJob): Promise<Uint8Array> {
  const worker = take();
  worker.ref();
  return new Promise<Uint8Array>((resolve, reject) => {
    const settle = () => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const onMessage = (reply: ScryptReply) => {
      settle();
      worker.unref();
      idle.add(worker);
      if ("key" in reply) resolve(reply.key);
      else reject(new ScryptError(reply.error));
    };
    const onError = (error: Error) => {
      settle();
      worker.terminate().catch(() => {});
      reject(error);
    };
    const onExit = (code: number) => {
      settle();
      reject(new Error(`The scrypt thread stopped (exit code ${code}).`));
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage(job);
  });
}
