/**
 * Serving the app with a deadline on each connection's request headers.
 *
 * Deno.serve (2.9.6; its HTTP/1 server has no timer of any kind and no option for one,
 * denoland/deno#3515) keeps a connection open for as long as the client likes: one that sends
 * half a request head and then nothing, one that trickles a header line every few seconds, one
 * that sends nothing at all, or a keep-alive connection left idle (each still open after 120 s
 * when measured). A few thousand such sockets exhaust the process's file descriptors.
 *
 * So the app accepts connections itself and serves each with Deno's own HTTP server for one
 * connection; a connection that has not completed a request's headers within `headerTimeoutMs`
 * of opening, or of its previous response, is closed. A request being handled is never cut.
 */

import { onDenoDeploy } from "../lib/config.ts";

type Handler = (request: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>) => Response | Promise<Response>;
type ErrorHandler = (error: unknown) => Response | Promise<Response>;
type ServeOnConnection = (
  conn: Deno.Conn,
  signal: AbortSignal,
  handler: Handler,
  onError: ErrorHandler,
  onListen: () => void,
) => { finished: Promise<void> };

/** Deno's server for one accepted connection (what node:http uses); absent means unguarded. */
function serveOnConnection(): ServeOnConnection | null {
  const internals = (Deno as unknown as Record<symbol, Record<string, unknown> | undefined>)[
    (Deno as unknown as { internal: symbol }).internal
  ];
  const serve = internals?.serveHttpOnConnection;
  return typeof serve === "function" ? serve as ServeOnConnection : null;
}

/** Said once by a process that serves without the deadline (the rest of the line says why). */
export const HEADER_GUARD_FALLBACK_NOTICE =
  "[serve] request headers are not timed out by the app: header timeouts are left to the platform or the proxy in front";

/**
 * Why connections cannot be served one by one here, or null when they can. On Deno Deploy they
 * end at the platform's proxy, which bounds them; DENO_SERVE_ADDRESS tells Deno.serve (and only
 * it) where to listen; and a Deno may lack the internal. Permissions never decide it: the
 * internal needs nothing beyond the --allow-net that Deno.serve needs too.
 */
export function headerGuardUnavailable(
  env: (name: string) => string | undefined,
  hasServeOnConnection: boolean,
): string | null {
  if (onDenoDeploy({ DENO_DEPLOYMENT_ID: env("DENO_DEPLOYMENT_ID") })) return "on Deno Deploy, behind its proxy";
  if (env("DENO_SERVE_ADDRESS")) return "DENO_SERVE_ADDRESS chooses where Deno.serve listens";
  if (!hasServeOnConnection) return "this Deno has no per-connection server";
  return null;
}

/** An environment variable, or undefined when it is unset or may not be read. */
function readEnv(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}

let fallbackSaid = false;

/** Long enough for any real client (and a proxy reusing a connection); short enough to shed idle sockets. */
export const DEFAULT_HEADER_TIMEOUT_MS = 30_000;

export interface GuardedServeOptions {
  port: number;
  hostname: string;
  /**
   * Several isolates listen on the same port and the kernel spreads connections over them
   * (SO_REUSEPORT, Linux; routes/serve_workers.ts). Needs `--unstable-net` (deno.json).
   */
  reusePort?: boolean;
  /** A request's headers must be complete this long after the connection opens or answers. */
  headerTimeoutMs?: number;
  onListen?: (addr: Deno.NetAddr) => void;
  onError?: ErrorHandler;
  /** The environment (tests pass their own); by default the process's. */
  env?: (name: string) => string | undefined;
}

export interface GuardedServer {
  addr: Deno.NetAddr;
  /** False when connections cannot be served one by one here (`headerGuardUnavailable`): plain Deno.serve. */
  guarded: boolean;
  /**
   * Stops accepting and resolves when every connection is closed: an idle one at once, one
   * answering a request once its client has the answer (it says `Connection: close`).
   */
  shutdown(): Promise<void>;
}

interface Tracked {
  abort: AbortController;
  /** Requests being handled. */
  active: number;
  /** Requests started plus requests answered, ever; `seen` is its value at the last sweep. */
  events: number;
  seen: number;
  idleTicks: number;
  finished: Promise<void>;
}

const defaultOnError: ErrorHandler = (error) => {
  console.error("Unhandled error while serving a request", error);
  return new Response("Internal Server Error", { status: 500 });
};

/**
 * The response with `Connection: close`: its client closes the connection once it has it (Deno's
 * server itself keeps the connection open, and aborting it could cut the answer short).
 */
function lastOnConnection(response: Response): Response {
  try {
    response.headers.set("connection", "close");
    return response;
  } catch {
    // Immutable headers (Response.redirect, a cached response): a copy with the same body.
    const copy = new Response(response.body, response);
    copy.headers.set("connection", "close");
    return copy;
  }
}

/** Serves `handler` like Deno.serve, closing connections that are slow to send request headers. */
export function serveGuarded(options: GuardedServeOptions, handler: Handler): GuardedServer {
  const headerTimeoutMs = options.headerTimeoutMs ?? DEFAULT_HEADER_TIMEOUT_MS;
  const onError = options.onError ?? defaultOnError;
  const serveOn = serveOnConnection();
  const unavailable = headerGuardUnavailable(options.env ?? readEnv, serveOn !== null);
  if (unavailable || !serveOn) {
    if (!fallbackSaid) console.warn(`${HEADER_GUARD_FALLBACK_NOTICE} (${unavailable})`);
    fallbackSaid = true;
    const server = Deno.serve({
      port: options.port,
      hostname: options.hostname,
      reusePort: options.reusePort,
      onError,
      onListen: (addr) => options.onListen?.(addr),
    }, handler);
    return { addr: server.addr, guarded: false, shutdown: () => server.shutdown() };
  }

  const listener = Deno.listen({ port: options.port, hostname: options.hostname, reusePort: options.reusePort });
  const open = new Set<Tracked>();
  let closing = false;

  // One timer for all connections (a timer per request would cost more than the guard is
  // worth): every half deadline, a connection with nothing started or finished since the last
  // look, and nothing in progress, gets one tick closer; the second tick closes it. So a
  // connection closes between one and one and a half deadlines after it opened or last answered.
  const sweeper = setInterval(() => {
    for (const tracked of open) {
      if (tracked.active > 0 || tracked.events !== tracked.seen) {
        tracked.seen = tracked.events;
        tracked.idleTicks = 0;
      } else if (++tracked.idleTicks >= 2) {
        tracked.abort.abort();
      }
    }
  }, Math.max(10, Math.floor(headerTimeoutMs / 2)));

  const serveConnection = (conn: Deno.Conn) => {
    const tracked: Tracked = {
      abort: new AbortController(),
      active: 0,
      events: 0,
      seen: -1,
      idleTicks: 0,
      finished: Promise.resolve(),
    };
    const done = () => {
      tracked.active--;
      tracked.events++;
    };
    // Keeps a synchronous answer synchronous: Deno sends those on a faster path. Aborting a
    // connection mid-request would drop its response, so a request in progress holds it open.
    // Once the server stops, each answer tells its client to close the connection after it.
    const answer = (response: Response) => closing ? lastOnConnection(response) : response;
    const guarded: Handler = (request, info) => {
      tracked.active++;
      tracked.events++;
      let result: Response | Promise<Response>;
      try {
        result = handler(request, info);
      } catch (error) {
        done();
        throw error;
      }
      if (result instanceof Response) {
        done();
        return answer(result);
      }
      return result.then((response) => {
        done();
        return answer(response);
      }, (error) => {
        done();
        throw error;
      });
    };
    const server = serveOn(conn, tracked.abort.signal, guarded, onError, () => {});
    tracked.finished = server.finished.catch(() => {}).finally(() => open.delete(tracked));
    open.add(tracked);
  };

  const accepting = (async () => {
    while (!closing) {
      let conn: Deno.Conn;
      try {
        conn = await listener.accept();
      } catch (error) {
        if (closing || error instanceof Deno.errors.BadResource) return;
        // Out of file descriptors and the like: wait a moment rather than spin or stop serving.
        console.error("Accepting a connection failed", error);
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      try {
        serveConnection(conn);
      } catch (error) {
        console.error("Serving a connection failed", error);
        try {
          conn.close();
        } catch { /* already closed */ }
      }
    }
  })();

  const addr = listener.addr as Deno.NetAddr;
  options.onListen?.(addr);
  return {
    addr,
    guarded: true,
    async shutdown() {
      closing = true;
      clearInterval(sweeper);
      listener.close();
      await accepting;
      // Aborting is closing at once, an answer on its way included: only idle connections.
      for (const { abort, active } of open) if (active === 0) abort.abort();
      await Promise.all([...open].map(({ finished }) => finished));
    },
  };
}
