import assert from "node:assert/strict";
// @ts-types="@types/smtp-server"
import { SMTPServer } from "smtp-server";
import {
  claimApprovedMail,
  joinApprovedMail,
  signInMail,
  testMail,
  verificationMail,
} from "../../lib/mail/templates.ts";
import { createOutboxMailer, createSmtpMailer, listOutbox, stripOutboxBodies } from "../../lib/mail/mailers.ts";
import {
  deliverQueuedMail,
  type FailedMail,
  MAX_MAIL_ATTEMPTS,
  type PendingMail,
  queueMail,
  retryDelayMs,
} from "../../lib/mail/queue.ts";
import { mailStartNotice, startQueueWorker } from "../../lib/mail/mod.ts";
import { loadConfig } from "../../lib/config.ts";
import { keys } from "../../lib/db/keys.ts";
import type { Mailer, OutgoingMail } from "../../lib/mail/types.ts";

const LINK = "http://localhost:8000/auth/magic?token=abc123";
const mail = (over: Partial<OutgoingMail> = {}): OutgoingMail => ({
  kind: "sign-in",
  to: { address: "parent@example.com" },
  ...signInMail({ link: LINK }),
  ...over,
});

Deno.test("[mail] templates: text and HTML parts, the link in both, escaped HTML, one-line subjects", () => {
  const all = [
    verificationMail({ firstName: "Ana", teamName: "Lions\r\nBcc: x@evil.example", link: LINK }),
    signInMail({ link: LINK }),
    claimApprovedMail({ playerName: "<b>Maya</b>", teamName: "Lions", link: LINK }),
    joinApprovedMail({ teamName: "Lions", link: LINK }),
    testMail({ kind: "magic-link", playerName: "Test Player", link: LINK }),
  ];
  for (const m of all) {
    assert.ok(!/[\r\n]/.test(m.subject), m.subject);
    assert.ok(m.text.includes(LINK));
    assert.ok(m.html.includes(LINK));
    assert.ok(!m.html.includes("<b>Maya</b>"));
  }
  assert.equal(all[0].subject, "Verify your e-mail to create Lions Bcc: x@evil.example on GoalMates");
  assert.ok(all[2].html.includes("&lt;b&gt;Maya&lt;/b&gt;"));
  assert.match(all[4].subject, /^\[Test\] /);
});

Deno.test("[mail] outbox: kept in KV newest first; in production recipient and subject only, nowhere a link", async () => {
  using kv = await Deno.openKv(":memory:");
  const devLines: string[] = [];
  const prodLines: string[] = [];
  const dev = createOutboxMailer(kv, { withBodies: true, log: (l) => devLines.push(l), appUrl: "http://gm.test" });
  const prod = createOutboxMailer(kv, { withBodies: false, log: (l) => prodLines.push(l) });
  assert.equal(prod.headersOnly, true, "the queue does not open bodies for it");
  await dev.send(mail({ subject: "first" }));
  await prod.send(mail({ subject: "second" }));
  const whole = (await listOutbox(kv, { withBodies: true })).values;
  assert.deepEqual(whole.map((m) => m.subject), ["second", "first"]);
  assert.ok(whole[1].text!.includes(LINK), "development keeps the link");
  assert.deepEqual(Object.keys(whole[0]).sort(), ["createdAt", "id", "kind", "subject", "to"], "stored without body");
  // The console names the mail, never its link, address or subject, in development too.
  assert.deepEqual(devLines, [
    `[outbox] sign-in mail ${whole[1].id} kept in the development outbox: read it at http://gm.test/email-test`,
  ]);
  for (const lines of [devLines, prodLines]) {
    assert.ok(!lines.some((l) => /abc123|parent@example\.com|first|second/.test(l)), lines.join("\n"));
  }
  assert.match(prodLines.join("\n"), /sign-in mail .* not sent \(SMTP_URL is not set\)/);

  // Production lists every entry without its body, even one development mode stored whole ...
  const listed = (await listOutbox(kv)).values;
  assert.deepEqual(listed.map((m) => [m.to.address, m.subject]), [
    ["parent@example.com", "second"],
    ["parent@example.com", "first"],
  ]);
  assert.ok(!JSON.stringify(listed).includes("abc123"));
  // ... and a production start strips stored bodies (the worker's start does this).
  assert.equal(await stripOutboxBodies(kv), 1);
  assert.equal(await stripOutboxBodies(kv), 0);
  const stored = await Array.fromAsync(kv.list({ prefix: keys.outbox() }));
  assert.equal(stored.length, 2);
  assert.ok(!JSON.stringify(stored.map((e) => e.value)).includes("abc123"));
});

Deno.test("[mail] start notice: one warning line when production mail goes nowhere, never in other set-ups", () => {
  const notice = (env: Record<string, string>) => mailStartNotice(loadConfig(env));
  const production = notice({});
  assert.equal(production.warning, true);
  assert.equal(
    production.line,
    "Warning: SMTP_URL is not set; e-mail is not being sent (recipients and subjects are kept in the outbox at /email-test)",
  );
  assert.ok(!production.line.includes("\n"), "one line");
  assert.deepEqual(notice({ GOALMATES_ENV: "development" }), {
    warning: false,
    line: "Mail: development outbox, read at http://localhost:8000/email-test",
  });
  const key = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
  assert.deepEqual(notice({ SMTP_URL: "smtp://127.0.0.1:2525", MAIL_QUEUE_KEY: key }), {
    warning: false,
    line: "Mail: SMTP",
  });
});

Deno.test("[mail] SMTP: a real server on loopback gets one recipient, UTF-8, both parts, no injected header", async () => {
  const received: { rcpt: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Uint8Array) => data += new TextDecoder().decode(chunk));
      stream.on("end", () => {
        received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  try {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, "GoalMates <no-reply@goalmates.test>", {
      ignoreTLS: true,
    });
    await mailer.send(
      mail({ to: { name: "Ana\r\nBcc: x@evil.example", address: "ana@example.com" }, subject: "Grüße ✓" }),
    );
    assert.equal(received.length, 1);
    assert.deepEqual(received[0].rcpt, ["ana@example.com"]);
    const headers = received[0].data.split("\r\n\r\n")[0];
    assert.ok(!/^Bcc:/im.test(headers), "no Bcc header");
    assert.match(headers, /^Subject: =\?UTF-8\?/m);
    assert.match(received[0].data, /multipart\/alternative/);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

const failing = (times: number, sent: OutgoingMail[] = []): Mailer => {
  let calls = 0;
  return {
    name: "flaky",
    send(m) {
      calls++;
      if (calls <= times) return Promise.reject(new Error(`SMTP down (${calls})`));
      sent.push(m);
      return Promise.resolve();
    },
  };
};

Deno.test("[mail] queue: a failed send is kept and retried with backoff until it goes out", async () => {
  using kv = await Deno.openKv(":memory:");
  const sent: OutgoingMail[] = [];
  const mailer = failing(2, sent);
  let now = Date.now();
  const clock = () => now;
  const id = await queueMail(kv, mail(), new Date(now));
  const warn = console.warn;
  console.warn = () => {};
  try {
    assert.equal(await deliverQueuedMail(kv, mailer, id, { clock }), "retry");
    let pending = (await kv.get<PendingMail>(keys.pendingMail(id))).value!;
    assert.equal(pending.attempts, 1);
    assert.equal(pending.lastError, "SMTP down (1)");
    assert.equal(pending.leaseUntil, null);
    assert.equal(pending.dueAt, now + 30_000);
    now += 29_000;
    assert.equal(await deliverQueuedMail(kv, mailer, id, { clock }), "waiting", "a job before the backoff ends waits");
    now += 1_000;
    assert.equal(await deliverQueuedMail(kv, mailer, id, { clock }), "retry");
    pending = (await kv.get<PendingMail>(keys.pendingMail(id))).value!;
    assert.equal(pending.attempts, 2);
    assert.equal(pending.dueAt, now + 60_000);
    now = pending.dueAt!;
    assert.equal(await deliverQueuedMail(kv, mailer, id, { clock }), "sent");
    assert.equal(sent.length, 1);
    assert.equal((await kv.get(keys.pendingMail(id))).value, null);
    assert.equal(await deliverQueuedMail(kv, mailer, id, { clock }), "gone", "a duplicate job sends nothing");
    assert.equal(sent.length, 1);
  } finally {
    console.warn = warn;
  }
  assert.deepEqual([1, 2, 3, 20].map(retryDelayMs), [30_000, 60_000, 120_000, 7_200_000]);
});

Deno.test("[mail] queue: simultaneous deliveries of one message send it once", async () => {
  using kv = await Deno.openKv(":memory:");
  const sent: OutgoingMail[] = [];
  const slow: Mailer = { name: "slow", send: (m) => new Promise((r) => setTimeout(() => r(void sent.push(m)), 20)) };
  const id = await queueMail(kv, mail());
  const outcomes = await Promise.all(Array.from({ length: 10 }, () => deliverQueuedMail(kv, slow, id)));
  assert.equal(sent.length, 1);
  assert.equal(outcomes.filter((o) => o === "sent").length, 1);
});

Deno.test("[mail] queue: after the last attempt the message is set aside, never lost, without its link", async () => {
  using kv = await Deno.openKv(":memory:");
  let now = Date.now();
  const id = await queueMail(kv, mail(), new Date(now));
  const [warn, error] = [console.warn, console.error];
  console.warn = console.error = () => {};
  try {
    let outcome = "";
    for (let i = 0; i < MAX_MAIL_ATTEMPTS; i++) {
      outcome = await deliverQueuedMail(kv, failing(Infinity), id, { clock: () => now });
      now += 3 * 60 * 60 * 1000;
    }
    assert.equal(outcome, "failed");
  } finally {
    [console.warn, console.error] = [warn, error];
  }
  assert.equal((await kv.get(keys.pendingMail(id))).value, null);
  const failed = (await kv.get<FailedMail>(keys.failedMail(id))).value!;
  assert.equal(failed.attempts, MAX_MAIL_ATTEMPTS);
  assert.equal(failed.mail.to.address, "parent@example.com");
  assert.equal(failed.mail.kind, "sign-in");
  assert.equal(failed.mail.subject, "Your GoalMates sign-in link");
  assert.equal(failed.lastError, `SMTP down (1)`);
  assert.ok(!JSON.stringify(failed).includes("abc123"), "the token is gone");
  assert.ok(failed.mail.text.includes("[link removed]"));
});

Deno.test("[mail] worker: a queued mail reaches the outbox through the KV queue", async () => {
  const kv = await Deno.openKv(":memory:");
  const worker = startQueueWorker(kv, createOutboxMailer(kv, { withBodies: false, log: () => {} }));
  try {
    await queueMail(kv, mail({ subject: "through the queue" }));
    for (let i = 0; i < 200 && (await listOutbox(kv)).values.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.deepEqual((await listOutbox(kv)).values.map((m) => m.subject), ["through the queue"]);
  } finally {
    kv.close();
    await worker;
  }
});
