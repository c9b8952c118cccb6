/**
 * One HTTP/1.1 GET to an address already checked (R34), so a DNS answer that changes between
 * the check and the connection (rebinding) cannot send the request elsewhere: `fetch` would
 * resolve the name again, so the connection is opened here, to the checked address, and TLS
 * is verified against the link's host name (`Deno.startTls`). Deno's `createHttpClient` with
 * a `tcp` proxy pins the address too, but speaks plain HTTP to it, so https feeds fail.
 *
 * The answer is a `Response` whose body streams from the socket (Content-Length, chunked or
 * until the server closes), so the caller's size cap and deadline apply as with `fetch`.
 * No keep-alive, no compression asked for, no redirects followed (the caller follows them).
 */

export interface PinnedRequest {
  url: URL;
  /** The checked addresses to connect to, in order: the first that accepts is used. */
  addresses: string[];
  headers: Headers;
  signal: AbortSignal;
  /** Extra root certificates (tests with their own CA); the system's are always trusted. */
  caCerts?: string[];
}

/** A response head larger than this is not a calendar server's. */
const MAX_HEAD_BYTES = 32 * 1024;
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
const CRLF = "\r\n";
const LINE_END = [13, 10];
const BLANK_LINE = [13, 10, 13, 10];

/** The GET of `request.url` over a connection to one of `request.addresses`. */
export async function pinnedFetch(request: PinnedRequest): Promise<Response> {
  const { url, signal } = request;
  signal.throwIfAborted();
  const conn = await connect(request);
  const abort = () => closeQuietly(conn);
  signal.addEventListener("abort", abort, { once: true });
  const release = () => {
    signal.removeEventListener("abort", abort);
    closeQuietly(conn);
  };
  try {
    await writeAll(conn, new TextEncoder().encode(requestHead(url, request.headers)));
    const reader = new ConnReader(conn);
    const head = parseHead(await reader.readHead());
    // The connection is released when the body ends or is cancelled, or now when there is none.
    const body = NULL_BODY_STATUSES.has(head.status) ? null : bodyStream(reader, head.headers, release);
    if (!body) release();
    return new Response(body, { status: head.status, headers: head.headers });
  } catch (error) {
    release();
    signal.throwIfAborted();
    throw error;
  }
}

async function connect(request: PinnedRequest): Promise<Deno.Conn> {
  const { url, signal } = request;
  const https = url.protocol === "https:";
  const port = Number(url.port) || (https ? 443 : 80);
  let lastError: unknown = new Deno.errors.NotFound("no address");
  for (const address of request.addresses) {
    let tcp: Deno.TcpConn | null = null;
    // A connect or handshake that hangs is ended by the deadline: the socket is closed under it.
    const abort = () => tcp && closeQuietly(tcp);
    signal.addEventListener("abort", abort, { once: true });
    try {
      tcp = await untilAborted(Deno.connect({ hostname: address, port }), signal);
      if (!https) return tcp;
      return await Deno.startTls(tcp, {
        hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
        caCerts: request.caCerts,
        alpnProtocols: ["http/1.1"],
      });
    } catch (error) {
      if (tcp) closeQuietly(tcp);
      signal.throwIfAborted();
      lastError = error;
    } finally {
      signal.removeEventListener("abort", abort);
    }
  }
  throw lastError;
}

/** `connecting`, or the signal's reason once it aborts (a connection made later is closed at once). */
function untilAborted(connecting: Promise<Deno.TcpConn>, signal: AbortSignal): Promise<Deno.TcpConn> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    connecting.then(
      (conn) => {
        signal.removeEventListener("abort", abort);
        if (signal.aborted) closeQuietly(conn);
        else resolve(conn);
      },
      (error) => {
        signal.removeEventListener("abort", abort);
        reject(error);
      },
    );
  });
}

function requestHead(url: URL, headers: Headers): string {
  const lines = [`GET ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  lines.push("Accept-Encoding: identity", "Connection: close");
  return lines.join(CRLF) + CRLF + CRLF;
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  for (let written = 0; written < bytes.length;) written += await conn.write(bytes.subarray(written));
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Already closed.
  }
}

interface ResponseHead {
  status: number;
  headers: Headers;
}

/** Status line and headers; a malformed head is an error (the caller reports the server unreachable). */
function parseHead(text: string): ResponseHead {
  const [statusLine, ...lines] = text.split(CRLF);
  const match = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(statusLine);
  const status = Number(match?.[1]);
  if (!match || status < 200 || status > 599) throw new Error("not an HTTP/1.1 response");
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header the platform refuses (invalid name or value) is dropped, not fatal.
    }
  }
  return { status, headers };
}

/** The body as the head frames it, closing the connection when it ends or is cancelled. */
function bodyStream(reader: ConnReader, headers: Headers, done: () => void): ReadableStream<Uint8Array> {
  const chunked = /(^|,)\s*chunked\s*$/i.test(headers.get("transfer-encoding") ?? "");
  const length = headers.get("content-length");
  const parts = chunked ? reader.chunked() : length !== null ? reader.exactly(Number(length)) : reader.untilClose();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: finished, value } = await parts.next();
        if (finished) {
          done();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    cancel() {
      done();
    },
  });
}

/** Reads the connection: the head up to its blank line, then the body in the framing the head names. */
class ConnReader {
  #conn: Deno.Conn;
  #buffered = new Uint8Array(0);
  #ended = false;

  constructor(conn: Deno.Conn) {
    this.#conn = conn;
  }

  /** The status line and headers, up to the blank line that ends them. */
  readHead(): Promise<string> {
    return this.#readUntil(BLANK_LINE, "response head");
  }

  async *exactly(length: number): AsyncGenerator<Uint8Array> {
    if (!Number.isSafeInteger(length) || length < 0) throw new Error("invalid Content-Length");
    let left = length;
    while (left > 0) {
      if (this.#buffered.length === 0 && !(await this.#fill())) throw new Error("body ended early");
      const part = this.#take(Math.min(left, this.#buffered.length));
      left -= part.length;
      yield part;
    }
  }

  async *untilClose(): AsyncGenerator<Uint8Array> {
    for (;;) {
      if (this.#buffered.length > 0) yield this.#take(this.#buffered.length);
      if (!(await this.#fill())) return;
    }
  }

  async *chunked(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const sizeLine = await this.#line();
      const size = parseInt(sizeLine.split(";")[0].trim(), 16);
      if (!Number.isSafeInteger(size) || size < 0 || !/^[0-9a-f]/i.test(sizeLine.trim())) {
        throw new Error("invalid chunk size");
      }
      if (size === 0) return; // Trailers, if any, are not needed.
      yield* this.exactly(size);
      if ((await this.#line()) !== "") throw new Error("invalid chunk end");
    }
  }

  #line(): Promise<string> {
    return this.#readUntil(LINE_END, "chunk line");
  }

  /** The text before the next `delimiter` (which is consumed); at most MAX_HEAD_BYTES of it. */
  async #readUntil(delimiter: number[], what: string): Promise<string> {
    for (;;) {
      const end = indexOf(this.#buffered, delimiter);
      if (end >= 0) {
        const text = new TextDecoder().decode(this.#buffered.subarray(0, end));
        this.#buffered = this.#buffered.subarray(end + delimiter.length);
        return text;
      }
      if (this.#buffered.length > MAX_HEAD_BYTES) throw new Error(`${what} too long`);
      if (!(await this.#fill())) throw new Error(`connection closed before the end of the ${what}`);
    }
  }

  #take(count: number): Uint8Array {
    const part = this.#buffered.slice(0, count);
    this.#buffered = this.#buffered.subarray(count);
    return part;
  }

  /** Reads more from the connection; false once it has ended. */
  async #fill(): Promise<boolean> {
    if (this.#ended) return false;
    const chunk = new Uint8Array(64 * 1024);
    const read = await this.#conn.read(chunk);
    if (read === null) {
      this.#ended = true;
      return false;
    }
    const joined = new Uint8Array(this.#buffered.length + read);
    joined.set(this.#buffered);
    joined.set(chunk.subarray(0, read), this.#buffered.length);
    this.#buffered = joined;
    return true;
  }
}

function indexOf(bytes: Uint8Array, pattern: number[]): number {
  outer: for (let i = 0; i + pattern.length <= bytes.length; i++) {
    for (let j = 0; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}
