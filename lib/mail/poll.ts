/**
 * Background jobs on a database without a KV queue (KV Connect has none; lib/db/kv.ts). Each
 * instance reads, every few seconds, the records that stand in for the jobs (pending mail, the
 * admins' digests) and runs those due through the same handler the queue listener uses, so the
 * rules (leases, backoff, giving up) are the same in both modes. Several instances reading the
 * same record race for it as queue deliveries would: the record's own check (a mail's lease, a
 * digest's versionstamp) lets one of them through and tells the others "busy" or "stale".
 *
 * A round reads at most `readsPerRound` records of each kind and carries its place to the next
 * round, so a long list is read in turns and a round's reads never grow with it.
 */
import type { Page } from "../db/kv.ts";
import { errorText, logJob } from "../log.ts";
import { type BackgroundWork, waitUnlessStopped } from "../lifecycle.ts";

/** One kind of job: those due by `now` among at most `limit` records read from `cursor`. */
export type DueJobs = (now: number, page: { cursor: string; limit: number }) => Promise<Page<unknown>>;

export interface PollOptions {
  /** How often each instance reads the records (default 5 s, give or take a fifth so instances spread out). */
  everyMs?: number;
  /** Records of each kind read in one round at most (default 500). */
  readsPerRound?: number;
  /** Jobs run at once (default 4): one slow mail server does not hold up the rest. */
  concurrency?: number;
  clock?: () => number;
  /** The process's lifecycle: a round is counted while it runs, and none starts once it stops. */
  background?: BackgroundWork;
}

export const POLL_EVERY_MS = 5_000;
const READS_PER_ROUND = 500;
const CONCURRENCY = 4;

/** The database was closed under the poll: it ends, as the queue listener does. */
const isClosed = (error: unknown) => error instanceof Deno.errors.BadResource;

/**
 * Runs due jobs from `sources` through `run` (which logs each job; a throw leaves the record due,
 * so the next round tries again) until the lifecycle stops or the database is closed.
 */
export async function pollForJobs(
  sources: DueJobs[],
  run: (job: unknown) => Promise<void>,
  options: PollOptions = {},
): Promise<void> {
  const everyMs = options.everyMs ?? POLL_EVERY_MS;
  const limit = Math.max(1, Math.min(options.readsPerRound ?? READS_PER_ROUND, 500));
  const concurrency = Math.max(1, options.concurrency ?? CONCURRENCY);
  const clock = options.clock ?? Date.now;
  const signal = options.background?.signal;
  const track = <T>(work: () => Promise<T>) => options.background ? options.background.track(work) : work();
  const cursors = sources.map(() => "");
  let closed = false;

  const runAll = async (jobs: unknown[]) => {
    let next = 0;
    const lane = async () => {
      while (next < jobs.length && !signal?.aborted && !closed) {
        await run(jobs[next++]).catch((error) => void (closed ||= isClosed(error)));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, lane));
  };

  const round = async () => {
    for (const [index, dueJobs] of sources.entries()) {
      if (signal?.aborted || closed) return;
      const page = await dueJobs(clock(), { cursor: cursors[index], limit });
      cursors[index] = page.cursor;
      await runAll(page.values);
    }
  };

  while (!signal?.aborted && !closed) {
    const started = performance.now();
    try {
      await track(round);
    } catch (error) {
      if (isClosed(error)) return;
      // A cursor the records moved under is started again from the top next round.
      cursors.fill("");
      logJob("queue.poll", "failed", performance.now() - started, { error: errorText(error) });
    }
    if (!closed) await waitUnlessStopped(everyMs * (0.8 + 0.4 * Math.random()), signal);
  }
}
