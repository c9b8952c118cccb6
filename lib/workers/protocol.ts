/**
 * What a worker thread and the thread that started it say to each other. The starter posts
 * jobs as they are; the worker answers with these.
 */

/**
 * Web Workers by default: under Deno 2.9.6 posting a 10 MB upload to a `node:worker_threads`
 * worker took 0.6–1.5 s and grew the process by about 160 MB each time, where a Web Worker
 * takes milliseconds and stays flat. But a Web Worker cannot be unref'd, so a started one keeps
 * the process alive until it is stopped; a `node:worker_threads` thread lets go of the process
 * while it is idle (scrypt's: small jobs, run from code that never closes a pool).
 */
export type ThreadKind = "web" | "node";

/** Once `ready` (or `failed` to start), then one `reply` per job, in turn. */
export type ThreadMessage<Reply> = { ready: true } | { failed: string } | { reply: Reply };
