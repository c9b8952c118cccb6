/**
 * The one KV queue listener: delivers queued mail, runs the queue's other jobs, and sweeps for
 * lost mail. On a database without a queue (KV Connect, Deno Deploy) it polls the records instead (poll.ts).
 */
import { stripOutboxBodies } from "./mailers.ts";
import {
  deliverQueuedMail,
  dueMailJobs,
  type MailQueueOptions,
  redactFailedMail,
  sealLegacyPendingMail,
  sweepPendingMail,
} from "./queue.ts";
import { isMailQueueMessage, listenToQueue } from "../db/mail.ts";
import { hasQueue } from "../db/kv.ts";
import type { Mailer } from "./types.ts";
import { errorText, logJob, runLoggedJob } from "../log.ts";
import type { BackgroundWork } from "../lifecycle.ts";
import { type DueJobs, POLL_EVERY_MS, pollForJobs } from "./poll.ts";

export interface QueueWorkerOptions extends MailQueueOptions {
  /** How often to look for pending mail whose job was lost (default 5 min); null: never, not even at start. */
  sweepEveryMs?: number | null;
  /** How overdue a record must be before the sweep re-enqueues it (default 2 min). */
  sweepGraceMs?: number;
  /** Runs the queue's jobs that are not mail (one listener per database handle); a throw makes the queue retry. */
  otherJobs?: (message: unknown) => Promise<void>;
  /**
   * Without a queue: finds the other jobs that are due (from the records that stand in for them),
   * for the poll to run through `otherJobs` (one source per kind of record).
   */
  dueOtherJobs?: DueJobs | DueJobs[];
  /** Without a queue: how often the records are read (default 5 s). */
  pollEveryMs?: number;
  /** The process's lifecycle: jobs and sweeps are counted while they run, and none starts once it stops. */
  background?: BackgroundWork;
}

/** What a job delivered during the stop gets: no answer, so KV delivers it again after the restart. */
const UNANSWERED = new Promise<never>(() => {});

const SWEEP_EVERY_MS = 5 * 60 * 1000;

/**
 * Delivers queued mail from the KV queue, and sweeps for mail whose job was lost: once at
 * start (mail left by a crash or an older version), then on a timer. Deno KV allows one queue
 * listener per database handle, so later job types join this dispatch rather than listening
 * themselves. Settles when the database is closed (or, polling, when the lifecycle stops).
 */
export async function startQueueWorker(kv: Deno.Kv, mailer: Mailer, options: QueueWorkerOptions = {}): Promise<void> {
  const background = options.background;
  const run = <T>(work: () => Promise<T>) => background ? background.track(work) : work();
  // Each job is one job line; one that throws ("failed") is retried by the queue (or the next poll).
  const runJob = async (message: unknown) => {
    if (!isMailQueueMessage(message)) {
      const otherJobs = options.otherJobs;
      if (otherJobs) await runLoggedJob(queueJobName(message), () => otherJobs(message));
      return;
    }
    await runLoggedJob("mail.delivery", () => deliverQueuedMail(kv, mailer, message, options), (outcome) => ({
      outcome,
      mail: message.id,
    }));
  };
  if (!hasQueue(kv)) return await pollWorker(kv, mailer, runJob, options);
  // During the stop a job is left unanswered (answered, it would count as done; thrown, it would
  // use up its retries at once): KV puts it back in the queue once its deadline passes.
  const listening = listenToQueue(
    kv,
    (message: unknown) => background?.signal.aborted ? UNANSWERED : run(() => runJob(message)),
  );
  let stopped = false;
  const sweep = async () => {
    if (background?.signal.aborted) return;
    const started = performance.now();
    try {
      const requeued = await sweepPendingMail(kv, { graceMs: options.sweepGraceMs, clock: options.clock });
      logJob("mail.sweep", "ok", performance.now() - started, { requeued });
    } catch (error) {
      // A sweep the closing database cut short is no failure.
      if (!stopped) logJob("mail.sweep", "failed", performance.now() - started, { error: errorText(error) });
    }
  };
  const every = options.sweepEveryMs === undefined ? SWEEP_EVERY_MS : options.sweepEveryMs;
  let sweeping: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | undefined;
  if (every !== null) {
    sweeping = run(() =>
      cleanUpStoredMail(kv, mailer).catch(
        (error) => void (!stopped && console.error("[mail] cleaning up stored mail failed:", errorText(error))),
      ).then(sweep)
    );
    timer = setInterval(() => sweeping = sweeping.then(() => run(sweep)), every);
    background?.signal.addEventListener("abort", () => clearInterval(timer), { once: true });
  }
  try {
    await listening;
  } finally {
    stopped = true;
    clearInterval(timer);
    await sweeping;
  }
}

/**
 * Without a queue: stored mail cleaned up at start as with one, then the records polled. No sweep:
 * the poll reads every record, so no job can be lost.
 */
async function pollWorker(
  kv: Deno.Kv,
  mailer: Mailer,
  runJob: (message: unknown) => Promise<void>,
  options: QueueWorkerOptions,
): Promise<void> {
  const background = options.background;
  const everyMs = options.pollEveryMs ?? POLL_EVERY_MS;
  console.log(
    `[mail] no queue is used on this database (KV Connect or Deno Deploy): jobs are found by reading it every ${
      everyMs / 1000
    } s`,
  );
  if (options.sweepEveryMs !== null) {
    const cleaning = cleanUpStoredMail(kv, mailer).catch(
      (error) => void console.error("[mail] cleaning up stored mail failed:", errorText(error)),
    );
    await (background ? background.track(() => cleaning) : cleaning);
  }
  const sources: DueJobs[] = [(now, page) => dueMailJobs(kv, now, page)];
  if (options.dueOtherJobs) sources.push(...[options.dueOtherJobs].flat());
  await pollForJobs(sources, runJob, { everyMs, clock: options.clock, background });
}

/** A job's name in the log from its `type` (`queue.request-digest`): a word, never the message's data. */
function queueJobName(message: unknown): string {
  const type = (message as { type?: unknown } | null)?.type;
  return typeof type === "string" && /^[a-z][a-z-]{0,40}$/.test(type) ? `queue.${type}` : "queue.unknown";
}

/**
 * At start, links stored by older versions go: failed mail loses its links, pending mail is
 * sealed, and the outbox keeps bodies only while it is the development outbox.
 */
async function cleanUpStoredMail(kv: Deno.Kv, mailer: Mailer): Promise<void> {
  const redacted = await redactFailedMail(kv);
  if (redacted > 0) console.warn(`[mail] removed the links from ${redacted} failed mail(s)`);
  const sealed = await sealLegacyPendingMail(kv);
  if (sealed > 0) console.warn(`[mail] sealed the bodies of ${sealed} pending mail(s)`);
  const keepsBodies = mailer.name === "outbox" && !mailer.headersOnly;
  const stripped = keepsBodies ? 0 : await stripOutboxBodies(kv);
  if (stripped > 0) console.warn(`[mail] removed the bodies of ${stripped} outbox mail(s)`);
}
