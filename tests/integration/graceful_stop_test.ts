/**
 * SIGTERM and SIGINT stop the real server (main.ts in its own process) gracefully: it refuses new
 * connections at once, closes idle ones, answers the request in flight in full (its client is
 * still sending the body when the signal comes), logs that it stopped, and exits with status 0
 * well within its 10 s. With nothing in flight it exits at once.
 */
import assert from "node:assert/strict";
import { ensureBuild } from "../e2e/server.ts";

const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const APP_URL = "http://goalmates.test";
const encoder = new TextEncoder();

interface RunningServer {
  port: number;
  child: Deno.ChildProcess;
  output: () => string;
  /** The exit status and the whole output, once the process has ended. */
  ended: Promise<{ code: number; output: string }>;
}

/** main.ts in production mode on its own database file and a free port; resolves once it listens. */
async function startServer(dir: string): Promise<RunningServer> {
  // The server only reads static/build; a source changed since the last `deno task build` rebuilds it once.
  await ensureBuild();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: ROOT,
    env: {
      NODE_ENV: "production",
      GOALMATES_ENV: "production",
      GOALMATES_KV: `${dir}/goalmates.kv`,
      PORT: "0",
      HOSTNAME: "127.0.0.1",
      APP_URL,
      NO_COLOR: "1",
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const chunks: string[] = [];
  const read = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const bytes of stream) chunks.push(decoder.decode(bytes, { stream: true }));
  };
  const output = () => chunks.join("");
  const reading = Promise.all([read(child.stdout), read(child.stderr)]);
  const ended = child.status.then(async ({ code }) => {
    await reading;
    return { code, output: output() };
  });
  const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  ended.finally(() => clearTimeout(killer));
  while (true) {
    const port = /listening on http:\/\/[\d.]+:(\d+)|"port":\s*(\d+)/.exec(output());
    if (port) return { port: Number(port[1] ?? port[2]), child, output, ended };
    const early = await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 50))]);
    if (early) throw new Error(`The server ended during its start:\n${(early as { output: string }).output}`);
  }
}

const connect = (port: number) => Deno.connect({ hostname: "127.0.0.1", port });

/**
 * Reads one response (or an interim "100 Continue"), as far as its Content-Length says: a client
 * told `Connection: close` closes then.
 */
async function readResponse(conn: Deno.Conn): Promise<string> {
  const decoder = new TextDecoder();
  const buffer = new Uint8Array(16 * 1024);
  let text = "";
  while (true) {
    const end = text.indexOf("\r\n\r\n");
    const length = /\r\ncontent-length: (\d+)\r\n/i.exec(text.slice(0, end + 2))?.[1] ?? "0";
    if (end >= 0 && encoder.encode(text.slice(end + 4)).length >= Number(length)) return text;
    const n = await conn.read(buffer);
    if (n === null) return text;
    text += decoder.decode(buffer.subarray(0, n), { stream: true });
  }
}

/** Reads until the server closes the connection (or resets it). */
async function readAll(conn: Deno.Conn): Promise<string> {
  const decoder = new TextDecoder();
  const buffer = new Uint8Array(16 * 1024);
  let text = "";
  try {
    while (true) {
      const n = await conn.read(buffer);
      if (n === null) return text;
      text += decoder.decode(buffer.subarray(0, n), { stream: true });
    }
  } catch (error) {
    if (error instanceof Deno.errors.ConnectionReset) return text;
    throw error;
  }
}

/** Waits until a new connection is refused; how long that took. */
async function refusedWithin(port: number, ms: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    try {
      const conn = await connect(port);
      conn.close();
    } catch (error) {
      if (error instanceof Deno.errors.ConnectionRefused) return performance.now() - started;
      throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`new connections were still accepted ${ms} ms after the signal`);
}

Deno.test({
  name: "[graceful stop] on SIGTERM new connections are refused, the request in flight is answered in full, exit 0",
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "goalmates-stop-" });
    try {
      const server = await startServer(dir);
      const idle = await connect(server.port);
      const inFlight = await connect(server.port);
      // A sign-in link asked for by a client that sends its body slowly: the signal comes mid-body.
      // The server's "100 Continue" says its handler is reading the body: the request is in flight.
      const body = JSON.stringify({ email: "slow.sender@example.com" });
      const half = Math.floor(body.length / 2);
      await inFlight.write(encoder.encode(
        `POST /api/team/magic-link HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${APP_URL}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${encoder.encode(body).length}\r\n` +
          "Expect: 100-continue\r\n\r\n",
      ));
      assert.equal(await readResponse(inFlight), "HTTP/1.1 100 Continue\r\n\r\n");
      await inFlight.write(encoder.encode(body.slice(0, half)));

      const signalled = performance.now();
      server.child.kill("SIGTERM");
      const refusedAfter = await refusedWithin(server.port, 3_000);
      assert.equal(await readAll(idle), "", "an idle connection is closed without an answer");
      idle.close();

      await inFlight.write(encoder.encode(body.slice(half)));
      const response = await readResponse(inFlight);
      inFlight.close();
      const { code, output } = await server.ended;
      const exitedAfter = performance.now() - signalled;

      assert.match(response, /^HTTP\/1\.1 200 OK\r\n/, response);
      assert.match(response, /\r\nconnection: close\r\n/i, "the answer tells the client to close");
      assert.ok(JSON.parse(response.slice(response.indexOf("\r\n\r\n") + 4)), "the whole JSON body came");
      assert.equal(code, 0, output);
      assert.ok(refusedAfter < 3_000, `refused after ${refusedAfter} ms`);
      assert.ok(exitedAfter < 11_000, `exited ${exitedAfter} ms after the signal`);
      assert.match(output, /GoalMates stopping \(SIGTERM\)/);
      assert.match(output, /GoalMates stopped in \d+ ms/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("[graceful stop] with nothing in flight, SIGINT (or SIGTERM) ends the process with status 0 at once", async () => {
  const dir = await Deno.makeTempDir({ prefix: "goalmates-stop-" });
  try {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      const server = await startServer(dir);
      const signalled = performance.now();
      server.child.kill(signal);
      const { code, output } = await server.ended;
      const exitedAfter = performance.now() - signalled;
      assert.equal(code, 0, output);
      assert.ok(exitedAfter < 5_000, `${signal}: exited ${exitedAfter} ms after the signal`);
      assert.match(output, new RegExp(`GoalMates stopping \\(${signal}\\)[^\\n]*\\n(.*\\n)*GoalMates stopped in`));
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
