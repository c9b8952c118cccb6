/**
 * A mail worker killed (SIGKILL) in the middle of its sends loses no mail and sends none
 * twice: a real `deno run` process (tests/mail_crash_worker.ts) on a file KV sends to an
 * SMTP server on loopback that answers the first messages and holds its answer to the rest
 * until the worker dies; a second worker on the same file delivers the rest when their
 * leases end. Lease and sweep timings are shortened through the worker's options.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
// @ts-types="@types/smtp-server"
import { SMTPServer } from "smtp-server";
import { queueMail } from "../../lib/mail/queue.ts";
import { signInMail } from "../../lib/mail/templates.ts";
import { keys } from "../../lib/db/keys.ts";
import { useMailQueueKey } from "../../lib/mail/sealing.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const WORKER = fileURLToPath(new URL("../mail_crash_worker.ts", import.meta.url));

/** The key this test queues with and its workers send with (MAIL_QUEUE_KEY). */
const QUEUE_KEY = crypto.getRandomValues(new Uint8Array(32));

/** An SMTP server that accepts the first `acceptFirst` messages and then, while `holding`, never answers. */
async function startHoldingSink(acceptFirst: number) {
  const accepted: string[] = [];
  const messages: string[] = []; // the accepted messages as received, soft line breaks joined
  const held = new Map<string, string>(); // session id → recipient, answer withheld
  const sink = { accepted, messages, held, holding: true, url: "" };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Uint8Array) => data += new TextDecoder().decode(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        if (sink.holding && accepted.length >= acceptFirst) {
          held.set(session.id, to); // the client waits for "250"; it never comes
          return;
        }
        accepted.push(to);
        messages.push(data.replaceAll("=\r\n", ""));
        callback();
      });
    },
    onClose(session) {
      held.delete(session.id); // the client left before "250": the message was never accepted
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  return { sink, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function startWorker(kvPath: string, smtpUrl: string, options: Record<string, number>) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--config", `${ROOT}/deno.json`, WORKER, kvPath, smtpUrl, JSON.stringify(options)],
    cwd: ROOT,
    env: { NODE_ENV: "production", MAIL_QUEUE_KEY: btoa(String.fromCharCode(...QUEUE_KEY)) },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const chunks: string[] = [];
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const bytes of stream) chunks.push(decoder.decode(bytes, { stream: true }));
  };
  const drained = Promise.all([drain(child.stdout), drain(child.stderr)]);
  return {
    output: () => chunks.join(""),
    async stop(signal: Deno.Signal) {
      child.kill(signal);
      await child.status;
      await drained;
    },
  };
}

async function eventually(what: string, check: () => boolean, ms = 20_000, output = () => "") {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

Deno.test("[mail crash] SIGKILL mid-send, restart: every mail delivered exactly once, nothing left pending", async () => {
  const dir = await Deno.makeTempDir({ prefix: "goalmates-mail-crash-" });
  const kvPath = `${dir}/mail.kv`;
  const { sink, close } = await startHoldingSink(3);
  const timing = { leaseMs: 3000, sendTimeoutMs: 2500, sweepEveryMs: 500, sweepGraceMs: 1000 };
  const recipients = Array.from({ length: 8 }, (_, i) => `parent${i}@example.com`);
  const tokens = new Map(recipients.map((address) => [address, crypto.randomUUID()]));
  const restoreKey = useMailQueueKey(QUEUE_KEY);
  try {
    const queued = await Deno.openKv(kvPath);
    try {
      for (const address of recipients) {
        const link = `http://localhost:8000/edit?token=${tokens.get(address)}`;
        await queueMail(queued, { kind: "sign-in", to: { address }, ...signInMail({ link }) });
      }
    } finally {
      queued.close();
    }
    // The bodies wait sealed: no token anywhere in the database's files.
    for (const file of await Array.fromAsync(Deno.readDir(dir))) {
      const bytes = new TextDecoder("latin1").decode(await Deno.readFile(`${dir}/${file.name}`));
      for (const token of tokens.values()) assert.ok(!bytes.includes(token), `a token in ${file.name}`);
    }

    const first = startWorker(kvPath, sink.url, timing);
    await eventually(
      "3 mails accepted and a send held",
      () => sink.accepted.length === 3 && sink.held.size > 0,
      20_000,
      first.output,
    );
    await new Promise((r) => setTimeout(r, 300)); // the accepted ones' records are deleted; the held ones are mid-send
    const heldAtKill = [...sink.held.values()];
    await first.stop("SIGKILL");
    await eventually("the killed worker's connections to close", () => sink.held.size === 0);
    assert.equal(sink.accepted.length, 3, "nothing accepted after the kill");
    sink.holding = false;

    const second = startWorker(kvPath, sink.url, timing);
    try {
      await eventually("every mail", () => sink.accepted.length >= recipients.length, 20_000, second.output);
      // Long enough for any stray retry (a lease end plus sweeps) to show up as a second copy.
      await new Promise((r) => setTimeout(r, timing.leaseMs + 2 * timing.sweepEveryMs));
    } finally {
      await second.stop("SIGTERM");
    }
    assert.deepEqual([...sink.accepted].sort(), [...recipients].sort(), "each mail exactly once");
    // The workers opened what this process sealed: each mail went out with its own link.
    sink.accepted.forEach((to, i) => assert.ok(sink.messages[i].includes(tokens.get(to)!), to));
    assert.ok(heldAtKill.length > 0 && heldAtKill.every((to) => sink.accepted.includes(to)));
    assert.match(second.output(), /interrupted: the worker stopped during the send/);

    using kv = await Deno.openKv(kvPath);
    assert.deepEqual(await Array.fromAsync(kv.list({ prefix: keys.pendingMails() })), [], "mail_pending is empty");
    assert.deepEqual(await Array.fromAsync(kv.list({ prefix: ["mail_failed"] })), [], "nothing failed");
  } finally {
    restoreKey();
    await close();
    await Deno.remove(dir, { recursive: true });
  }
});
