/**
 * The server's JSON log lines: one per request (`logRequest`, written by routes/request_log.ts),
 * one per background job run (`logJob`), and the security events (lib/security_log.ts). Lines
 * are collected and written in batches, every 100 ms or 64 KB and at exit (`flushLogs`), so a
 * request pays for a `JSON.stringify`, not a write to the terminal or pipe.
 *
 * No line carries a query string, a token, an e-mail address, a name or a password: a request
 * is logged by its route pattern, never its URL, and error texts pass through `errorText`.
 */

export type LogStream = "stdout" | "stderr";
/** Where lines go instead of the process's streams (tests). Called once per line. */
export type LogSink = (line: string, stream: LogStream) => void;
export type JobDetails = Record<string, string | number>;

const FLUSH_AFTER_MS = 100;
const FLUSH_AT_BYTES = 64 * 1024;
const encoder = new TextEncoder();

/** Lines waiting for one stream (or any file), and the timer that writes them. */
export class LineBatch {
  #lines: string[] = [];
  #bytes = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly file: { writeSync(bytes: Uint8Array): number },
    readonly limits = { afterMs: FLUSH_AFTER_MS, atBytes: FLUSH_AT_BYTES },
  ) {}

  add(line: string): void {
    this.#lines.push(line);
    this.#bytes += line.length + 1;
    if (this.#bytes >= this.limits.atBytes) this.flush();
    else if (this.#timer === undefined) {
      const timer = setTimeout(() => this.flush(), this.limits.afterMs);
      // A pending batch never keeps the process alive; the unload listener writes it.
      Deno.unrefTimer(timer);
      this.#timer = timer;
    }
  }

  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#lines.length === 0) return;
    const bytes = encoder.encode(this.#lines.join("\n") + "\n");
    this.#lines = [];
    this.#bytes = 0;
    try {
      for (let written = 0; written < bytes.length;) written += this.file.writeSync(bytes.subarray(written));
    } catch {
      // A closed stream (the reader went away) loses the lines; logging never breaks the server.
    }
  }
}

const batches: Record<LogStream, LineBatch> = {
  stdout: new LineBatch(Deno.stdout),
  stderr: new LineBatch(Deno.stderr),
};
let sink: LogSink | null = null;
/** The isolate serving (routes/serve_workers.ts): 0 is the main one, each worker isolate sets its own. */
let worker = 0;

/** Writes every waiting line now. A graceful stop calls it last; it also runs at exit. */
export function flushLogs(): void {
  batches.stdout.flush();
  batches.stderr.flush();
}
globalThis.addEventListener("unload", flushLogs);

/** One line, as it is (already JSON), to `stream`'s next batch. */
export function writeLogLine(line: string, stream: LogStream = "stdout"): void {
  if (sink) {
    try {
      sink(line, stream);
    } catch {
      // Best effort, as for the streams.
    }
    return;
  }
  batches[stream].add(line);
}

/**
 * Sends lines to `next` instead of stdout and stderr, one call per line and at once (tests).
 * Returns a function that restores the previous sink.
 */
export function setLogSink(next: LogSink | null): () => void {
  const previous = sink;
  flushLogs();
  sink = next;
  return () => {
    sink = previous;
  };
}

/** The isolate's id in every line it writes (WORKERS: each serving isolate sets its own at start). */
export function setLogWorker(id: number): void {
  worker = id;
}

export function logWorker(): number {
  return worker;
}

const roundMs = (ms: number) => Math.round(ms * 10) / 10;
/** A number as JSON.stringify writes it (null when it is not finite). */
const jsonNumber = (n: number) => Number.isFinite(n) ? String(n) : "null";

let timeOfMs = NaN;
let timeText = "";
/** A line's time: one `toISOString` per millisecond, however many lines (a busy server's dozens) share it. */
function logTime(): string {
  const now = Date.now();
  if (now !== timeOfMs) {
    timeOfMs = now;
    timeText = new Date(now).toISOString();
  }
  return timeText;
}

/**
 * One request: `route` is the pattern the router matched (`/t/:slug/roster`), or null when
 * none did; never the path the client sent, so no id, token or query string reaches the log.
 */
export function logRequest(method: string, route: string | null, status: number, ms: number): void {
  // JSON.stringify's line, written out by hand: on a public-cache hit, building it with
  // JSON.stringify and a new Date took about half of the hit's own time.
  writeLogLine(
    `{"time":"${logTime()}","method":${JSON.stringify(method)},"route":${JSON.stringify(route)},` +
      `"status":${jsonNumber(status)},"ms":${jsonNumber(roundMs(ms))},"worker":${jsonNumber(worker)}}`,
  );
}

/** One run of a background job: its name, how it ended, how long it took, and counts (never personal data). */
export function logJob(job: string, outcome: string, ms: number, details: JobDetails = {}): void {
  writeLogLine(
    JSON.stringify({ time: logTime(), job, outcome, ...details, ms: roundMs(ms), worker }),
  );
}

/**
 * Runs `work` as one job run and logs it: outcome "ok" (or what `describe` says) with its
 * details, or "failed" with the error's redacted text, which is thrown on.
 */
export async function runLoggedJob<T>(
  job: string,
  work: () => Promise<T>,
  describe?: (result: T) => JobDetails & { outcome?: string },
): Promise<T> {
  const started = performance.now();
  try {
    const result = await work();
    const { outcome = "ok", ...details } = describe?.(result) ?? {};
    logJob(job, String(outcome), performance.now() - started, details);
    return result;
  } catch (error) {
    logJob(job, "failed", performance.now() - started, { error: errorText(error) });
    throw error;
  }
}

const MAX_ERROR_TEXT = 2000;
const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/gi;
/** An address with a scheme (not a source file's, which a stack trace needs): kept to its host. */
const URL_TEXT = /\b((?!file:)[a-z][a-z0-9+.-]*:\/\/)(?:[^\s/?#@"'<>]*@)?([^\s/?#"'<>]*)([^\s"'<>]*)/gi;
const QUERY = /\?[\w.~%-]+=[^\s"'<>]*/g;
const TOKEN = /\b[A-Za-z0-9_-]{32,}\b/g;

/**
 * What an error or message may show in a log: e-mail addresses, addresses' paths and queries,
 * query strings and anything token-like cut out, at most 2,000 characters. A stack trace keeps
 * its frames (source files), which hold no personal data.
 */
export function redactLogText(text: string): string {
  // Addresses first: their user part (`smtp://user:password@host`) goes before it can pass for an e-mail.
  const redacted = text
    .replace(URL_TEXT, (_, scheme: string, host: string, rest: string) => `${scheme}${host}${rest ? "/…" : ""}`)
    .replace(EMAIL, "[email]")
    .replace(QUERY, "?…")
    .replace(TOKEN, "[token]");
  return redacted.length > MAX_ERROR_TEXT ? `${redacted.slice(0, MAX_ERROR_TEXT - 1)}…` : redacted;
}

/** An error as a log may show it: its stack (or message), redacted. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.stack ?? `${error.name}: ${error.message}` : String(error);
  return redactLogText(text);
}
