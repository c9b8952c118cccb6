/**
 * What a scrypt thread (`scrypt_thread_worker.ts`) is sent and answers. Each scrypt of a
 * password holds a core for about half a second; on the event loop's threads it would compete
 * with page rendering as an equal, so it runs on worker threads at idle priority
 * (`passwordPool` in `passwords.ts`, a `lib/workers` pool). They are `node:worker_threads`
 * threads: an idle one does not keep the process alive, so code that hashes a password (a
 * script, a test) never has to close the pool.
 */

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

/** scrypt itself refused the job (parameters it does not accept); a thread that dies is a `WorkerThreadError`. */
export class ScryptError extends Error {
  override name = "ScryptError";
}

export const SCRYPT_WORKER_URL = new URL("./scrypt_thread_worker.ts", import.meta.url);
