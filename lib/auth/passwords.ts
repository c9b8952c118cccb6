import { randomBytes, timingSafeEqual } from "node:crypto";
import { type TaskSource, WorkerPool } from "../workers/mod.ts";
import { SCRYPT_WORKER_URL, ScryptError, type ScryptJob, type ScryptReply } from "./scrypt_thread.ts";

/** scrypt parameters of R6 (docs/security-requirements.md): N=2^17, r=8, p=1 (about half a second on these machines). */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
/** 128 · N · r bytes plus headroom. */
const MAX_MEM = 256 * 1024 * 1024;

/**
 * Hashes at once: one per core beyond the event loop's, at most 2 (each holds 128 MB). More than
 * the spare cores finish no sooner; they only add memory and slow the pages (measured with
 * bench/login_bench.ts: on one core, 2 at once tripled the roster's p99 where 1 did not).
 */
const CONCURRENCY = Math.min(2, Math.max(1, navigator.hardwareConcurrency - 1));

/**
 * Every scrypt of the process runs through this pool (R8, availability): each needs about
 * 128 MB and a core for half a second, so at most `CONCURRENCY` run at once, 8 more wait for
 * at most 10 s, a caller gets its answer within 10 s of its start, and anything beyond is
 * refused with `BusyError` (503, Retry-After: 5). The 8 places are shared fairly: an address
 * may hold at most 2 of them and at most 1 for one account, and freed slots go to the
 * addresses in turn, so a burst from one address is refused beyond its share at once while
 * someone else's login still waits its (short) turn. The work runs on idle-priority threads
 * (`scrypt_thread.ts`), so pages keep their CPU while logins hash; a hash past its 10 s keeps
 * its thread and its slot until it ends (the caller has its 503 already).
 */
export const passwordPool = new WorkerPool<ScryptJob, ScryptReply>({
  queue: {
    concurrency: CONCURRENCY,
    maxQueue: 8,
    maxWaitingPerClient: 2,
    maxWaitingPerPair: 1,
    queueTimeoutMs: 10_000,
    runTimeoutMs: 10_000,
    retryAfterSeconds: 5,
  },
  thread: { url: SCRYPT_WORKER_URL, kind: "node", name: "scrypt thread" },
});

/**
 * Who a hash is for, so the pool can share its queue: the client's address (`ctx.ip`) and a
 * key of the account ("login:coach@example.com"). Work of the server itself (startup, demo
 * data, scripts) passes none and shares the client `SERVER_SOURCE`.
 */
export type PasswordSource = TaskSource;
const SERVER_SOURCE: PasswordSource = { client: "(server)", account: "", patient: true };

async function derive(
  password: string,
  salt: Buffer,
  params: typeof PARAMS,
  source: PasswordSource,
): Promise<Buffer> {
  // Every thread is started at the first job, together: starting one costs the event loop tens
  // of milliseconds on a busy core, better not spent in the middle of a burst of logins. A
  // thread that cannot start fails its job instead. Later calls only replace a thread that died.
  passwordPool.start().catch(() => {});
  const reply = await passwordPool.run({
    password: password.normalize("NFKC"),
    salt: new Uint8Array(salt),
    keyLength: KEY_LENGTH,
    ...params,
    maxmem: MAX_MEM,
  }, { source });
  if ("error" in reply) throw new ScryptError(reply.error);
  const key = reply.key;
  return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
}

/** `scrypt$N$r$p$salt$hash` (base64url), so parameters can be raised later. */
export async function hashPassword(
  password: string,
  params = PARAMS,
  source: PasswordSource = SERVER_SOURCE,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params, source);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * Constant-time check of `password` against a stored hash; a malformed hash is simply false.
 * Throws `BusyError` when the password pool (or `source`'s share of it) is full.
 */
export async function verifyPassword(
  password: string,
  stored: string,
  source: PasswordSource = SERVER_SOURCE,
): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every(Number.isSafeInteger)) return false;
  const expected = Buffer.from(hash, "base64url");
  if (expected.length !== KEY_LENGTH) return false;
  let key: Buffer;
  try {
    key = await derive(password, Buffer.from(salt, "base64url"), params, source);
  } catch (error) {
    if (error instanceof ScryptError) return false; // Parameters scrypt refuses (N not a power of two, over maxmem).
    throw error; // BusyError (503), or a failed thread (WorkerThreadError, 500).
  }
  return timingSafeEqual(key, expected);
}

/** True when a stored hash uses weaker parameters than new hashes do (re-hash at next login). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split("$");
  return scheme !== "scrypt" || Number(n) < PARAMS.N || Number(r) < PARAMS.r || Number(p) < PARAMS.p;
}

/**
 * A hash to verify against when an account does not exist, so timing does not tell: the same
 * parameters as new hashes, verified through the same pool at the same cost. Its key is random
 * bytes rather than a derived one (no password matches either way), so making it costs no
 * scrypt: the first unknown-account attempt is not slower than the others, and a full pool
 * cannot leave a failed decoy behind.
 */
const decoyHash = [
  "scrypt",
  PARAMS.N,
  PARAMS.r,
  PARAMS.p,
  randomBytes(16).toString("base64url"),
  randomBytes(KEY_LENGTH).toString("base64url"),
].join("$");
export function decoyPasswordHash(): Promise<string> {
  return Promise.resolve(decoyHash);
}
