/**
 * Reading a calendar feed, the thread side (R36): `parseCalendarText` (`parse_text.ts`, within
 * the bounds of `parse_limits.ts`) runs on a worker thread (`parse_worker.ts`, a `lib/workers`
 * pool), so the event loop keeps serving requests, and a parse that takes longer than its
 * budget has its thread stopped: ical.js has loops no metering can reach, and synchronous code
 * cannot be interrupted any other way. ical.js itself is never loaded on this thread.
 */
import { WorkerPool, WorkerThreadError } from "../workers/mod.ts";
import { CalendarSyncError } from "./types.ts";
import { PARSE_BUDGET_MS, PARSE_MESSAGES, type ParseOptions, type ParseResult } from "./parse_limits.ts";

/** What `FeedParser` sends its worker, and what the worker answers. */
export interface ParseJob {
  text: string;
  nowMs: number;
  teamName?: string;
  timeZone?: string;
  adoptFeedZone?: boolean;
}
export type ParseReply = { result: ParseResult } | { error: string };

const WORKER_URL = new URL("./parse_worker.ts", import.meta.url);
/** Loading a worker (ical.js included) takes tens of milliseconds; this only catches one that never loads. */
const WORKER_START_MS = 15_000;
const CLOSED_MESSAGE = "This feed parser is closed.";

/** A failure of the worker, as the team admin is told it. */
function parseFailure(error: unknown): unknown {
  if (!(error instanceof WorkerThreadError)) return error; // BusyError: the queue is full.
  if (error.reason === "closed") return new Error(CLOSED_MESSAGE);
  return new CalendarSyncError(error.reason === "timeout" ? PARSE_MESSAGES.tooSlow : PARSE_MESSAGES.unreadable);
}

/**
 * Feeds parsed one at a time on one worker, started on the first parse and again after one was
 * stopped: starting a worker holds the request thread for about 11 ms, so the scheduled sync of
 * many teams shares one (`close()` when done) rather than starting one per team. A parse's
 * budget counts from when the worker has loaded, so a busy machine's slow start is not charged
 * to the feed. The scheduled sync asks at most 4 at once; the queue takes 16.
 */
export class FeedParser {
  readonly #pool = new WorkerPool<ParseJob, ParseReply>({
    queue: { concurrency: 1, maxQueue: 16, queueTimeoutMs: 60_000, retryAfterSeconds: 5 },
    thread: { url: WORKER_URL, name: "calendar parse worker", startTimeoutMs: WORKER_START_MS },
  });

  async parse(text: string, options: ParseOptions & { budgetMs?: number }): Promise<ParseResult> {
    const job: ParseJob = {
      text,
      nowMs: options.now.getTime(),
      teamName: options.teamName,
      timeZone: options.timeZone,
      adoptFeedZone: options.adoptFeedZone,
    };
    let reply: ParseReply;
    try {
      reply = await this.#pool.run(job, { jobTimeoutMs: options.budgetMs ?? PARSE_BUDGET_MS });
    } catch (error) {
      throw parseFailure(error);
    }
    if ("result" in reply) return reply.result;
    throw new CalendarSyncError(reply.error);
  }

  /** Stops the worker; parses still queued, and later ones, are refused. */
  close(): void {
    this.#pool.close();
  }
}

/** One feed parsed on a worker of its own (an admin's Sync now, a new calendar's first sync). */
export async function parseCalendarFeed(
  text: string,
  options: ParseOptions & { budgetMs?: number },
): Promise<ParseResult> {
  const parser = new FeedParser();
  try {
    return await parser.parse(text, options);
  } finally {
    parser.close();
  }
}
