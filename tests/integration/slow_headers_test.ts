// Slow request headers: Deno.serve 2.9.6 never closes a connection that sends its head slowly
// (or nothing, or idles after a response); routes/serve.ts closes it after a deadline. These
// run real servers on loopback with a short deadline (0.5 s) so they take about 3 s in all.
import assert from "node:assert/strict";
import { HEADER_GUARD_FALLBACK_NOTICE, headerGuardUnavailable, serveGuarded } from "../../routes/serve.ts";
import { createTestApp } from "../helpers.ts";

const DEADLINE_MS = 500;
const encoder = new TextEncoder();

/** Writes `head` (then each of `trickle` every 150 ms), and reads until the server closes. */
async function holdOpen(port: number, head: string, trickle: string[] = []) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const started = performance.now();
  if (head) await conn.write(encoder.encode(head));
  let stop = false;
  const trickling = (async () => {
    for (const line of trickle) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (stop) return;
      await conn.write(encoder.encode(line)).catch(() => {});
    }
  })();
  const chunks: string[] = [];
  const buffer = new Uint8Array(4096);
  const safety = setTimeout(() => conn.close(), 10_000);
  try {
    for (let n = await conn.read(buffer); n !== null; n = await conn.read(buffer)) {
      chunks.push(new TextDecoder().decode(buffer.subarray(0, n)));
    }
  } catch {
    // A reset counts as closed.
  } finally {
    clearTimeout(safety);
    stop = true;
  }
  await trickling;
  const seconds = (performance.now() - started) / 1000;
  try {
    conn.close();
  } catch { /* closed by the safety timer */ }
  return { seconds, received: chunks.join("") };
}

Deno.test("[slow headers] connections that never finish their request head are closed after the deadline", async () => {
  const server = serveGuarded(
    { port: 0, hostname: "127.0.0.1", headerTimeoutMs: DEADLINE_MS },
    () => new Response("ok"),
  );
  try {
    assert.equal(server.guarded, true, "this Deno serves single connections (else the deadline is off)");
    const port = server.addr.port;
    const [partial, silent, trickled, idle] = await Promise.all([
      holdOpen(port, "GET / HTTP/1.1\r\nHost: x\r\n"),
      holdOpen(port, ""),
      // A header line every 150 ms does not move the deadline.
      holdOpen(port, "GET / HTTP/1.1\r\n", Array.from({ length: 30 }, (_, i) => `X-Slow-${i}: y\r\n`)),
      holdOpen(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n"),
    ]);
    for (const [name, run] of Object.entries({ partial, silent, trickled })) {
      assert.equal(run.received, "", `${name}: no response`);
      assert.ok(run.seconds >= 0.45 && run.seconds < 2.5, `${name}: closed after ${run.seconds.toFixed(2)} s`);
    }
    assert.match(idle.received, /^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nok$/, "the complete request was answered");
    assert.ok(idle.seconds >= 0.45 && idle.seconds < 2.5, `idle keep-alive closed after ${idle.seconds.toFixed(2)} s`);
  } finally {
    await server.shutdown();
  }
});

Deno.test("[slow headers] a request slower than the deadline is answered in full; keep-alive requests each get the deadline anew", async () => {
  const server = serveGuarded(
    { port: 0, hostname: "127.0.0.1", headerTimeoutMs: DEADLINE_MS },
    async (request, info) => {
      if (new URL(request.url).pathname === "/slow") await new Promise((r) => setTimeout(r, DEADLINE_MS * 2));
      return new Response(`${info.remoteAddr.hostname} ${new URL(request.url).pathname}`);
    },
  );
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
    const read = async () => {
      const buffer = new Uint8Array(4096);
      const n = await conn.read(buffer);
      return n === null ? null : new TextDecoder().decode(buffer.subarray(0, n));
    };
    await conn.write(encoder.encode("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n"));
    assert.match((await read()) ?? "", /\r\n\r\n127\.0\.0\.1 \/slow$/, "the slow handler was not cut");
    // Within the deadline after the response, the same connection takes another request.
    await new Promise((r) => setTimeout(r, DEADLINE_MS / 2));
    await conn.write(encoder.encode("GET /again HTTP/1.1\r\nHost: x\r\n\r\n"));
    assert.match((await read()) ?? "", /\r\n\r\n127\.0\.0\.1 \/again$/);
    assert.equal(await read(), null, "then, idle, it is closed");
    conn.close();
  } finally {
    await server.shutdown();
  }
});

Deno.test("[slow headers] the app behind the guard answers as before, and still closes a slow head", async () => {
  await using t = await createTestApp();
  const server = serveGuarded({ port: 0, hostname: "127.0.0.1", headerTimeoutMs: DEADLINE_MS }, t.app.fetch);
  try {
    const res = await fetch(`http://127.0.0.1:${server.addr.port}/`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("x-frame-options"), "DENY");
    await res.body?.cancel();
    const partial = await holdOpen(server.addr.port, "GET / HTTP/1.1\r\nHost: x\r\n");
    assert.equal(partial.received, "");
    assert.ok(partial.seconds < 2.5);
  } finally {
    await server.shutdown();
  }
});

Deno.test("[slow headers] on Deno Deploy, or where DENO_SERVE_ADDRESS is set, plain Deno.serve answers and says so once", async () => {
  const env = (vars: Record<string, string>) => (name: string) => vars[name];
  assert.equal(headerGuardUnavailable(env({}), true), null);
  assert.match(headerGuardUnavailable(env({}), false)!, /no per-connection server/);
  assert.match(headerGuardUnavailable(env({ DENO_DEPLOYMENT_ID: "abc123" }), true)!, /Deno Deploy/);
  assert.match(headerGuardUnavailable(env({ DENO_SERVE_ADDRESS: "tcp:127.0.0.1:9000" }), true)!, /DENO_SERVE_ADDRESS/);

  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.join(" "));
  const servers = [];
  try {
    const platforms: Record<string, string>[] = [
      { DENO_DEPLOYMENT_ID: "abc123" },
      { DENO_SERVE_ADDRESS: "tcp:127.0.0.1:0" },
    ];
    for (const vars of platforms) {
      servers.push(serveGuarded({ port: 0, hostname: "127.0.0.1", env: env(vars) }, () => new Response("ok")));
    }
    for (const server of servers) {
      assert.equal(server.guarded, false);
      const res = await fetch(`http://127.0.0.1:${server.addr.port}/`);
      assert.equal(await res.text(), "ok");
    }
  } finally {
    console.warn = warn;
    await Promise.all(servers.map((server) => server.shutdown()));
  }
  assert.deepEqual(warnings, [`${HEADER_GUARD_FALLBACK_NOTICE} (on Deno Deploy, behind its proxy)`], "one line, once");
});
