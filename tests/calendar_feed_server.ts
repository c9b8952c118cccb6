/**
 * A calendar feed server for tests, on 127.0.0.1 with a free port: fixture bodies with
 * ETag / Last-Modified and 304s, error statuses, redirects, a body that drips one byte at a
 * time, and generated bodies of any size (or endless) made as the client reads them, so a
 * 50 MB body costs no 50 MB. Fetch it with `allowPrivateHosts: true`.
 *
 *   await using server = startFeedServer({ "/team.ics": { body: calendarFixture("teamsnap.ics") } });
 *   await fetchCalendarFeed(server.url("/team.ics"), NO_VALIDATORS, { allowPrivateHosts: true });
 *
 * Fixture dates are written around `CALENDAR_FIXTURE_NOW`: pass it as the parse's `now`.
 */
import type { FeedValidators } from "../lib/calendar/types.ts";

/** The `now` every fixture in tests/fixtures/calendar/ is written around (a Monday). */
export const CALENDAR_FIXTURE_NOW = new Date("2026-11-23T12:00:00Z");
export const NO_VALIDATORS: FeedValidators = { etag: null, lastModified: null };

const FIXTURES = new URL("./fixtures/calendar/", import.meta.url);

/** The text of tests/fixtures/calendar/<name>. */
export function calendarFixture(name: string): string {
  return Deno.readTextFileSync(new URL(name, FIXTURES));
}

export type FeedRoute =
  /** 200 (or `status`) with `body`; with `etag` / `lastModified`, a matching conditional GET gets 304. */
  | { body: string; status?: number; contentType?: string | null; etag?: string; lastModified?: string }
  /** A redirect to `redirect` (absolute, or a path on this server). */
  | { redirect: string; status?: 301 | 302 | 303 | 307 | 308 }
  /** `drip` one byte every `intervalMs`, then the end of the body. */
  | { drip: string; intervalMs: number; contentType?: string }
  /** `bytes` of generated text (null: without end), with a Content-Length when `declareLength`. */
  | { generated: { bytes: number | null; declareLength?: boolean }; contentType?: string }
  /** Anything else. */
  | ((request: Request) => Response | Promise<Response>);

export interface FeedServer {
  /** The full URL of `path` on this server. */
  url(path: string): string;
  /** Requests received, by path (every path given to `startFeedServer` starts at 0). */
  readonly requests: Record<string, number>;
  /** The headers of the last request, by path. */
  readonly lastHeaders: Record<string, Headers>;
  /** Bytes of generated or dripped bodies handed to the connection, by path. */
  readonly sentBytes: Record<string, number>;
  /** Adds or replaces a route (a feed that changes between syncs). */
  set(path: string, route: FeedRoute): void;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

const CALENDAR_TYPE = "text/calendar; charset=utf-8";
const CHUNK = new TextEncoder().encode(`X-FILLER:${"x".repeat(65_536 - 12)}\r\n`);

export function startFeedServer(initialRoutes: Record<string, FeedRoute>): FeedServer {
  const routes = new Map(Object.entries(initialRoutes));
  const requests: Record<string, number> = Object.fromEntries([...routes.keys()].map((path) => [path, 0]));
  const lastHeaders: Record<string, Headers> = {};
  const sentBytes: Record<string, number> = {};
  /** Streams still open, ended at close so shutdown does not wait for an endless body. */
  const openStreams = new Set<() => void>();

  const count = (path: string, bytes: number) => (sentBytes[path] = (sentBytes[path] ?? 0) + bytes);

  function dripBody(path: string, text: string, intervalMs: number): ReadableStream<Uint8Array> {
    const bytes = new TextEncoder().encode(text);
    let timer: ReturnType<typeof setInterval> | undefined;
    let end = () => {};
    return new ReadableStream<Uint8Array>({
      start(controller) {
        let at = 0;
        end = () => {
          clearInterval(timer);
          openStreams.delete(end);
          try {
            controller.close();
          } catch {
            // Already closed or cancelled.
          }
        };
        openStreams.add(end);
        timer = setInterval(() => {
          if (at >= bytes.length) return end();
          controller.enqueue(bytes.slice(at, at + 1));
          count(path, 1);
          at++;
        }, intervalMs);
      },
      cancel() {
        clearInterval(timer);
        openStreams.delete(end);
      },
    });
  }

  function generatedBody(path: string, total: number | null): ReadableStream<Uint8Array> {
    const header = new TextEncoder().encode("BEGIN:VCALENDAR\r\n");
    let sent = 0;
    let stop = () => {};
    return new ReadableStream<Uint8Array>({
      start(controller) {
        stop = () => {
          openStreams.delete(stop);
          try {
            controller.close();
          } catch {
            // Already closed or cancelled.
          }
        };
        openStreams.add(stop);
      },
      // Made only when the connection asks for more: memory stays at a chunk or two.
      pull(controller) {
        const left = total === null ? Infinity : total - sent;
        if (left <= 0) return stop();
        const source = sent === 0 ? header : CHUNK;
        const chunk = left < source.byteLength ? source.slice(0, left) : source;
        controller.enqueue(chunk);
        sent += chunk.byteLength;
        count(path, chunk.byteLength);
      },
      cancel() {
        openStreams.delete(stop);
      },
    }, { highWaterMark: 0 });
  }

  async function answer(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    requests[path] = (requests[path] ?? 0) + 1;
    lastHeaders[path] = request.headers;
    const route = routes.get(path);
    if (!route) return new Response("Not found", { status: 404 });
    if (typeof route === "function") return await route(request);
    if ("redirect" in route) {
      const location = route.redirect.startsWith("/") ? server.url(route.redirect) : route.redirect;
      return new Response(null, { status: route.status ?? 302, headers: { location } });
    }
    if ("drip" in route) {
      return new Response(dripBody(path, route.drip, route.intervalMs), {
        headers: { "content-type": route.contentType ?? CALENDAR_TYPE },
      });
    }
    if ("generated" in route) {
      const headers = new Headers({ "content-type": route.contentType ?? CALENDAR_TYPE });
      const { bytes, declareLength } = route.generated;
      if (declareLength && bytes !== null) headers.set("content-length", String(bytes));
      return new Response(generatedBody(path, bytes), { headers });
    }
    const headers = new Headers();
    if (route.contentType !== null) headers.set("content-type", route.contentType ?? CALENDAR_TYPE);
    if (route.etag) headers.set("etag", route.etag);
    if (route.lastModified) headers.set("last-modified", route.lastModified);
    const etagMatches = route.etag !== undefined && request.headers.get("if-none-match") === route.etag;
    const dateMatches = route.lastModified !== undefined &&
      request.headers.get("if-modified-since") === route.lastModified;
    if (etagMatches || dateMatches) return new Response(null, { status: 304, headers });
    const body = route.contentType === null ? new TextEncoder().encode(route.body) : route.body;
    return new Response(body, { status: route.status ?? 200, headers });
  }

  const http = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, answer);
  const close = async () => {
    for (const end of [...openStreams]) end();
    await http.shutdown();
  };
  const server: FeedServer = {
    url: (path) => `http://127.0.0.1:${http.addr.port}${path}`,
    requests,
    lastHeaders,
    sentBytes,
    set: (path, route) => {
      routes.set(path, route);
      requests[path] ??= 0;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
  return server;
}
