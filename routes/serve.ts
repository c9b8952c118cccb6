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

/** Long enough for any real client (and a proxy reusing a connection); short enough to shed idle sockets. */
export const DEFAULT_HEADER_TIMEOUT_MS = 30_000;

export interface GuardedServeOptions {
  port: number;
  hostname: string;
  /** A request's headers must be complete this long after the connection opens or answers. */
  headerTimeoutMs?: number;
  onListen?: (addr: Deno.NetAddr) => void;
  onError?: ErrorHandler;
}

export interface GuardedServer {
  addr: Deno.NetAddr;
  /** False when this Deno has no per-connection server: plain Deno.serve, without the deadline. */
  guarded: boolean;
  /** Stops accepting, closes every connection and resolves when all are done. */
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

/** Serves `handler` like Deno.serve, closing connections that are slow to send request headers. */
export function serveGuarded(options: GuardedServeOptions, handler: Handler): GuardedServer {
  const headerTimeoutMs = options.headerTimeoutMs ?? DEFAULT_HEADER_TIMEOUT_MS;
  const onError = options.onError ?? defaultOnError;
  const serveOn = serveOnConnection();
  if (!serveOn) {
    console.warn("This Deno cannot serve single connections: slow request headers are not timed out.");
    const server = Deno.serve({
      port: options.port,
      hostname: options.hostname,
      onError,
      onListen: (addr) => options.onListen?.(addr),
    }, handler);
    return { addr: server.addr, guarded: false, shutdown: () => server.shutdown() };
  }

  const listener = Deno.listen({ port: options.port, hostname: options.hostname });
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
        return result;
      }
      return result.then((response) => {
        done();
        return response;
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
      for (const { abort } of open) abort.abort();
      await Promise.all([...open].map(({ finished }) => finished));
    },
  };
}
