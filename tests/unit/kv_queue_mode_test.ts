/**
 * Whether the database has a KV queue, from GOALMATES_KV: a KV Connect URL has none (lib/db/kv.ts),
 * so its jobs are not enqueued and the queue worker polls (tests/integration/mail_remote_kv_test.ts).
 * The last test opens a real KV Connect client against a stand-in server that accepts writes: an
 * enqueue there throws (nothing of its commit written), and mail is still queued.
 */
import assert from "node:assert/strict";
import { beginChange, changeHasQueue, hasQueue, kvLocationHasQueue, openKv } from "../../lib/db/kv.ts";
import { queueMail } from "../../lib/mail/mod.ts";

Deno.test("[kv queue] KV Connect URLs have no queue; files, :memory: and the platform's database do", () => {
  assert.equal(
    kvLocationHasQueue("https://api.deno.com/databases/1f0e7a3c-1111-4222-8333-444455556666/connect"),
    false,
  );
  assert.equal(kvLocationHasQueue("http://denokv.internal:4512"), false);
  assert.equal(kvLocationHasQueue("/var/lib/goalmates/goalmates.kv"), true);
  assert.equal(kvLocationHasQueue("data/goalmates.kv"), true);
  assert.equal(kvLocationHasQueue(":memory:"), true);
  assert.equal(kvLocationHasQueue(null), false, "Deno Deploy's own KV: queues are documented for Deploy Classic only");
});

Deno.test("[kv queue] a handle opened on a KV Connect URL, or with queue: false, begins changes without a queue", async () => {
  const opened: Deno.Kv[] = [];
  const open = () => Deno.openKv(":memory:").then((kv) => (opened.push(kv), kv));
  try {
    const remote = await openKv("https://kv.example/databases/1/connect", open);
    assert.equal(hasQueue(remote), false);
    assert.equal(changeHasQueue(beginChange(remote)), false);

    const memory = await openKv(":memory:", open);
    assert.equal(hasQueue(memory), true);
    assert.equal(changeHasQueue(beginChange(memory)), true);
    assert.equal(changeHasQueue(memory.atomic()), true, "a change not begun on a handle without a queue keeps it");

    const forced = await openKv(":memory:", open, { queue: false });
    assert.equal(hasQueue(forced), false);
  } finally {
    for (const kv of opened) kv.close();
  }
});

/** AtomicWriteOutput { status: AW_SUCCESS, versionstamp: 10 bytes }, in protobuf (denokv proto/schema/datapath.proto). */
const WRITE_OK = new Uint8Array([0x08, 0x01, 0x12, 0x0a, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]);

/** A KV Connect server that hands out its metadata and accepts every atomic write (and counts them). */
function standInKvConnect() {
  const writes: number[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const { pathname } = new URL(req.url);
    const body = new Uint8Array(await req.arrayBuffer());
    if (pathname === "/") {
      return Response.json({
        version: 3,
        databaseId: crypto.randomUUID(),
        endpoints: [{ url: "/data", consistency: "strong" }],
        token: "data-token",
        expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
      });
    }
    if (pathname === "/data/atomic_write") {
      writes.push(body.length);
      return new Response(WRITE_OK);
    }
    return new Response("not in this stand-in", { status: 400 });
  });
  return { url: `http://127.0.0.1:${server.addr.port}`, writes, close: () => server.shutdown() };
}

Deno.test("[kv queue] on a KV Connect database an enqueue throws, and mail is queued without one", async () => {
  const remote = standInKvConnect();
  const token = Deno.env.get("DENO_KV_ACCESS_TOKEN");
  Deno.env.set("DENO_KV_ACCESS_TOKEN", "test-token");
  const kv = await openKv(remote.url);
  try {
    // What the queue would meet there: the whole commit refused before it leaves the process.
    await assert.rejects(
      () => kv.atomic().set(["probe"], 1).enqueue({ type: "mail", id: "x" }).commit(),
      /Enqueue operations are not supported in KV Connect/,
    );
    assert.equal(remote.writes.length, 0);

    const id = await queueMail(kv, {
      kind: "sign-in",
      to: { address: "parent@example.com" },
      subject: "Your GoalMates sign-in link",
      text: "Sign in",
      html: "<p>Sign in</p>",
    });
    assert.ok(id);
    assert.equal(remote.writes.length, 1, "the record is written, in one commit");
  } finally {
    kv.close();
    await remote.close();
    if (token === undefined) Deno.env.delete("DENO_KV_ACCESS_TOKEN");
    else Deno.env.set("DENO_KV_ACCESS_TOKEN", token);
  }
});
