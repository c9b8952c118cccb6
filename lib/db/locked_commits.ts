/**
 * A commit that meets "database is locked" is tried again. Several handles on one KV file (the
 * WORKERS isolates, or two processes) each hold their own SQLite connection. A commit with checks
 * reads them before it writes; when another connection commits in between, SQLite refuses the
 * write at once (SQLITE_BUSY_SNAPSHOT, which waits for no busy timeout), and Deno KV's SQLite
 * backend hands that to the caller instead of retrying it as it does other busy errors
 * (denokv sqlite/backend.rs: `atomic_write_batched` keeps each write's error). Nothing of such a
 * commit was written, so trying it again is safe; its checks decide afresh.
 */

const LOCKED = "database is locked";
/** Attempts in all; each waits a few random milliseconds first, so two writers drift apart. */
const MAX_ATTEMPTS = 50;

export const isDatabaseLocked = (error: unknown): boolean => error instanceof Error && error.message === LOCKED;

/** Makes every atomic operation begun on `kv` retry its commit while the file is locked; returns `kv`. */
export function retryLockedCommits(kv: Deno.Kv, pause = randomPause): Deno.Kv {
  const begin = kv.atomic.bind(kv);
  kv.atomic = () => {
    const op = begin();
    const commit = op.commit.bind(op);
    op.commit = async () => {
      for (let attempt = 1;; attempt++) {
        try {
          return await commit();
        } catch (error) {
          if (!isDatabaseLocked(error) || attempt >= MAX_ATTEMPTS) throw error;
          await pause();
        }
      }
    };
    return op;
  };
  return kv;
}

const randomPause = () => new Promise<void>((resolve) => setTimeout(resolve, 1 + Math.random() * 5));
