/** Runs `wrk` against one URL and reads its report. */

export interface WrkResult {
  requestsPerSecond: number;
  requests: number;
  /** Responses outside 2xx/3xx, plus connect/read/write/timeout socket errors. */
  errors: number;
  /** Latency percentiles from `--latency`, as wrk prints them (e.g. "1.23ms"). */
  p50?: string;
  p99?: string;
  raw: string;
}

export interface WrkOptions {
  url: string;
  seconds: number;
  connections: number;
  threads: number;
  /** Command prefix that pins wrk to a CPU (e.g. `taskset -c 1`), or []. */
  pin: string[];
  /** Request headers sent with every request ("cookie: …"), as wrk's -H. */
  headers?: string[];
}

export function wrkCommand(o: WrkOptions): string[] {
  return [
    ...o.pin,
    "wrk",
    `-t${o.threads}`,
    `-c${o.connections}`,
    `-d${o.seconds}s`,
    "--timeout",
    "2s",
    "--latency",
    ...(o.headers ?? []).flatMap((header) => ["-H", header]),
    o.url,
  ];
}

/** Parses wrk 4.x's text report. Throws when it has no Requests/sec line. */
export function parseWrk(raw: string): WrkResult {
  const rps = raw.match(/^Requests\/sec:\s+([\d.]+)/m);
  if (!rps) throw new Error(`unexpected wrk output:\n${raw}`);
  const requests = Number(raw.match(/^\s*(\d+) requests in /m)?.[1] ?? NaN);
  const non2xx = Number(raw.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const socket = raw.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requestsPerSecond: Number(rps[1]),
    requests,
    errors: non2xx + socketErrors,
    p50: raw.match(/^\s+50%\s+(\S+)/m)?.[1],
    p99: raw.match(/^\s+99%\s+(\S+)/m)?.[1],
    raw,
  };
}

/** Runs wrk once; it stops by itself after `seconds`, and is killed if it overstays by 20 s. */
export async function runWrk(o: WrkOptions): Promise<WrkResult> {
  const [cmd, ...args] = wrkCommand(o);
  const out = await new Deno.Command(cmd, {
    args,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout((o.seconds + 20) * 1000),
  }).output();
  const decoder = new TextDecoder();
  const text = decoder.decode(out.stdout) + decoder.decode(out.stderr);
  if (!out.success) throw new Error(`wrk failed (code ${out.code}):\n${text}`);
  return parseWrk(text);
}

/** wrk until `until` settles (then SIGINT: wrk stops and prints its report), or for `seconds`. */
export async function wrkUntil(o: WrkOptions, script: string | null, until?: Promise<unknown>): Promise<WrkResult> {
  const [cmd, ...args] = wrkCommand(o);
  if (script) args.splice(args.length - 1, 0, "-s", script);
  const child = new Deno.Command(cmd, { args, stdin: "null", stdout: "piped", stderr: "piped" }).spawn();
  const killer = setTimeout(() => child.kill("SIGKILL"), (o.seconds + 20) * 1000);
  until?.finally(() => {
    try {
      child.kill("SIGINT");
    } catch {
      // Already done.
    }
  });
  const out = await child.output();
  clearTimeout(killer);
  const decoder = new TextDecoder();
  return parseWrk(decoder.decode(out.stdout) + decoder.decode(out.stderr));
}

/** wrk's latency ("850.00us", "1.23ms", "1.02s") in milliseconds (NaN when it printed none). */
export function durationMs(text: string | undefined): number {
  const match = text?.match(/^([\d.]+)(us|ms|s|m)$/);
  if (!match) return NaN;
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
  return Number(match[1]) * factor;
}

/** The median of the finite values (NaN when there are none). */
export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Milliseconds as the benches print them ("1.23 ms", "?" for NaN). */
export const fmtMs = (ms: number) => Number.isFinite(ms) ? `${ms.toFixed(2)} ms` : "?";
