import assert from "node:assert/strict";
import { pinnedFetch } from "../../lib/calendar/pinned_fetch.ts";
import { calendarFixture } from "../calendar_feed_server.ts";

const TLS = new URL("../fixtures/calendar/tls/", import.meta.url);
const CA = Deno.readTextFileSync(new URL("ca.pem", TLS));
const TEAMSNAP = calendarFixture("teamsnap.ics");
const headers = () => new Headers({ "user-agent": "GoalMates-Calendar/1.0" });

/** The pinned GET of `url` through `addresses` (loopback by default), with a 5 s deadline. */
const get = (url: string, addresses = ["127.0.0.1"]) =>
  pinnedFetch({ url: new URL(url), addresses, headers: headers(), signal: AbortSignal.timeout(5_000) });

/** An https server for calendar.example.com (a certificate from the test CA) on 127.0.0.1 only. */
function startTlsFeed() {
  const seen: { host: string | null; connection: string | null }[] = [];
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    cert: Deno.readTextFileSync(new URL("cert.pem", TLS)),
    key: Deno.readTextFileSync(new URL("key.pem", TLS)),
    onListen() {},
  }, (request) => {
    seen.push({ host: request.headers.get("host"), connection: request.headers.get("connection") });
    return new Response(TEAMSNAP, { headers: { "content-type": "text/calendar" } });
  });
  return { port: server.addr.port, seen, [Symbol.asyncDispose]: () => server.shutdown() };
}

/** A TCP server on 127.0.0.1 that answers every connection with `answer` (raw bytes), then closes. */
function startRawServer(answer: string | null) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const open: Deno.Conn[] = [];
  (async () => {
    for await (const conn of listener) {
      open.push(conn);
      (async () => {
        await conn.read(new Uint8Array(4096)); // The request head.
        if (answer === null) return; // Never answers.
        await conn.write(new TextEncoder().encode(answer));
        conn.close();
      })().catch(() => {});
    }
  })().catch(() => {});
  return {
    port: (listener.addr as Deno.NetAddr).port,
    [Symbol.dispose]() {
      listener.close();
      for (const conn of open) {
        try {
          conn.close();
        } catch { /* already closed */ }
      }
    },
  };
}

Deno.test("[pinned fetch] https goes to the checked address, with TLS verified for the link's host name (R34)", async () => {
  await using feed = startTlsFeed();
  // calendar.example.com does not resolve to 127.0.0.1: only the pinned address can reach this server.
  const url = new URL(`https://calendar.example.com:${feed.port}/team.ics?token=abc`);
  const response = await pinnedFetch({
    url,
    addresses: ["127.0.0.1"],
    headers: headers(),
    signal: AbortSignal.timeout(5_000),
    caCerts: [CA],
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "text/calendar");
  assert.equal(await response.text(), TEAMSNAP);
  assert.deepEqual(feed.seen, [{ host: `calendar.example.com:${feed.port}`, connection: "close" }]);

  // The same address under another name: its certificate does not match, so nothing is sent.
  await assert.rejects(
    pinnedFetch({
      url: new URL(`https://other.example.com:${feed.port}/team.ics`),
      addresses: ["127.0.0.1"],
      headers: headers(),
      signal: AbortSignal.timeout(5_000),
      caCerts: [CA],
    }),
  );
  // Without the test CA the certificate is not trusted either.
  await assert.rejects(
    pinnedFetch({ url, addresses: ["127.0.0.1"], headers: headers(), signal: AbortSignal.timeout(5_000) }),
  );
  assert.equal(feed.seen.length, 1);
});

Deno.test("[pinned fetch] the next checked address is tried when one refuses the connection", async () => {
  using server = startRawServer("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello");
  // Nothing listens on 127.0.0.2; the name is never looked up.
  const response = await get(`http://feed.test:${server.port}/`, ["127.0.0.2", "127.0.0.1"]);
  assert.equal(await response.text(), "hello");
});

Deno.test("[pinned fetch] bodies framed by Content-Length, chunks or the end of the connection", async () => {
  const cases: [string, string][] = [
    ["HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\nhello world and more", "hello world"],
    [
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: 1\r\n\r\n",
      "hello world",
    ],
    ["HTTP/1.0 200 OK\r\ncontent-type: text/calendar\r\n\r\nuntil the end", "until the end"],
  ];
  for (const [answer, body] of cases) {
    using server = startRawServer(answer);
    const response = await get(`http://127.0.0.1:${server.port}/team.ics`);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), body, answer);
  }
  // A redirect and a 304 come back as they are, for the caller to act on.
  {
    using server = startRawServer("HTTP/1.1 301 Moved\r\nLocation: /elsewhere\r\nContent-Length: 0\r\n\r\n");
    const response = await get(`http://127.0.0.1:${server.port}/`);
    assert.equal(response.status, 301);
    assert.equal(response.headers.get("location"), "/elsewhere");
    await response.body?.cancel();
  }
  {
    using server = startRawServer('HTTP/1.1 304 Not Modified\r\nETag: "v1"\r\n\r\n');
    const response = await get(`http://127.0.0.1:${server.port}/`);
    assert.equal(response.status, 304);
    assert.equal(response.body, null);
  }
});

Deno.test("[pinned fetch] a malformed answer, a short body and a bad chunk are errors, never a partial calendar", async () => {
  const answers = [
    "SSH-2.0-OpenSSH\r\n\r\n",
    "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n",
    "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
    "",
  ];
  for (const answer of answers) {
    using server = startRawServer(answer);
    await assert.rejects(
      (async () => {
        const response = await get(`http://127.0.0.1:${server.port}/`);
        await response.text();
      })(),
      Error,
      JSON.stringify(answer),
    );
  }
});

Deno.test("[pinned fetch] a server that never answers is left when the deadline passes", async () => {
  using server = startRawServer(null);
  const started = performance.now();
  const signal = AbortSignal.timeout(200);
  await assert.rejects(
    pinnedFetch({
      url: new URL(`http://127.0.0.1:${server.port}/`),
      addresses: ["127.0.0.1"],
      headers: headers(),
      signal,
    }),
  );
  assert.ok(signal.aborted);
  assert.ok(performance.now() - started < 2_000);
});
