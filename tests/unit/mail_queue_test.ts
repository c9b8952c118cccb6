/**
 * The delivery queue's recovery: a lease held by a worker that died leads to a retry when it
 * ends, the sweep re-enqueues mail whose job was lost, and failed mail keeps no link. The
 * crash of a real worker process is in tests/integration/mail_crash_test.ts.
 */
import assert from "node:assert/strict";
import { signInMail } from "../../lib/mail/templates.ts";
import {
  deliverQueuedMail,
  type DeliveryOutcome,
  type FailedMail,
  MAX_MAIL_ATTEMPTS,
  openQueuedMail,
  type PendingMail,
  queueMail,
  redactFailedMail,
  redactMail,
  sealLegacyPendingMail,
  sweepPendingMail,
} from "../../lib/mail/queue.ts";
import { UnreadableMailError, useMailQueueKey } from "../../lib/mail/sealing.ts";
import { startQueueWorker } from "../../lib/mail/mod.ts";
import { isMailQueueMessage, type MailQueueMessage } from "../../lib/db/mail.ts";
import { keys } from "../../lib/db/keys.ts";
import type { Mailer, OutgoingMail } from "../../lib/mail/types.ts";

const TOKEN = "Zm9vYmFyLXNlY3JldC10b2tlbi12YWx1ZS0wMTIzNDU2Nzg5";
const LINK = `http://localhost:8000/auth/magic?token=${TOKEN}`;
const mail = (subject = "Your GoalMates sign-in link", address = "parent@example.com"): OutgoingMail => ({
  kind: "sign-in",
  to: { address },
  ...signInMail({ link: LINK }),
  subject,
});

const recorder = () => {
  const sent: { mail: OutgoingMail; at: number }[] = [];
  const mailer: Mailer = {
    name: "recorder",
    send: (m) => Promise.resolve(void sent.push({ mail: m, at: Date.now() })),
  };
  return { sent, mailer };
};

/** Runs `check` until it holds or `ms` pass. */
async function eventually(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

const quiet = async <T>(work: () => Promise<T>): Promise<T> => {
  const [warn, error] = [console.warn, console.error];
  console.warn = console.error = () => {};
  try {
    return await work();
  } finally {
    [console.warn, console.error] = [warn, error];
  }
};

/** The record as a worker that died mid-send left it: leased until `leaseUntil`. */
async function leaseAsDeadWorker(kv: Deno.Kv, id: string, leaseUntil: number, fields: Partial<PendingMail> = {}) {
  const pending = (await kv.get<PendingMail>(keys.pendingMail(id))).value!;
  await kv.set(keys.pendingMail(id), { ...pending, leaseUntil, dueAt: leaseUntil, ...fields });
}

Deno.test("[mail queue] a job that finds the lease held schedules a retry for the lease's end", async () => {
  // A lease as the old code took it, with no job at its end: the worker died and its job was redelivered.
  const kv = await Deno.openKv(":memory:");
  const { sent, mailer } = recorder();
  const outcomes: { job: MailQueueMessage; outcome: DeliveryOutcome; at: number }[] = [];
  const id = await queueMail(kv, mail());
  const leaseUntil = Date.now() + 400;
  await leaseAsDeadWorker(kv, id, leaseUntil);
  const listening = kv.listenQueue(async (job) => {
    if (!isMailQueueMessage(job)) return;
    outcomes.push({ job, outcome: await quiet(() => deliverQueuedMail(kv, mailer, job)), at: Date.now() });
  });
  try {
    // An outcome is recorded after the send returns and the record is deleted: wait for both.
    await eventually(() => sent.length === 1 && outcomes.length === 2);
    assert.deepEqual(outcomes.map((o) => [o.outcome, o.job.lease]), [["busy", undefined], ["sent", leaseUntil]]);
    assert.ok(sent[0].at >= leaseUntil, "not before the lease ends");
    assert.equal((await kv.get(keys.pendingMail(id))).value, null);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(sent.length, 1, "sent once");
  } finally {
    kv.close();
    await listening;
  }
});

Deno.test("[mail queue] a lease comes with its own retry: a worker stuck in a send is taken over when it ends", async () => {
  const kv = await Deno.openKv(":memory:");
  const { sent, mailer } = recorder();
  const outcomes: DeliveryOutcome[] = [];
  const id = await queueMail(kv, mail());
  // Worker A leases the message and never hears back from its server (its connection is gone).
  const stuck = Promise.withResolvers<void>();
  const a = deliverQueuedMail(kv, { name: "dead", send: () => stuck.promise }, id, {
    leaseMs: 300,
    sendTimeoutMs: 60_000,
  });
  await eventually(async () => (await kv.get<PendingMail>(keys.pendingMail(id))).value?.leaseUntil !== null);
  const { leaseUntil } = (await kv.get<PendingMail>(keys.pendingMail(id))).value!;
  // Worker B handles only watchdog jobs, so the send below can come from nothing but the lease's own job.
  const listening = kv.listenQueue(async (job) => {
    if (isMailQueueMessage(job) && job.lease !== undefined) {
      outcomes.push(await quiet(() => deliverQueuedMail(kv, mailer, job)));
    }
  });
  try {
    await eventually(() => sent.length === 1 && outcomes.length === 1);
    assert.deepEqual(outcomes, ["sent"]);
    assert.ok(sent[0].at >= leaseUntil!);
    assert.equal((await kv.get(keys.pendingMail(id))).value, null);
    stuck.reject(new Error("connection reset"));
    assert.equal(await quiet(() => a), "busy", "A's late failure changes nothing");
    assert.equal((await kv.get(keys.pendingMail(id))).value, null);
    assert.equal(sent.length, 1);
  } finally {
    kv.close();
    await listening;
  }
});

Deno.test("[mail queue] watchdog and lease decisions on a fixed clock", async () => {
  using kv = await Deno.openKv(":memory:");
  const { sent, mailer } = recorder();
  const now = Date.now();
  const clock = () => now;
  const id = await queueMail(kv, mail(), new Date(now - 1000));
  await leaseAsDeadWorker(kv, id, now + 1000);
  assert.equal(await deliverQueuedMail(kv, mailer, id, { clock }), "busy");
  assert.equal(await deliverQueuedMail(kv, mailer, { type: "mail", id, lease: now - 5 }, { clock }), "stale");
  assert.equal(await deliverQueuedMail(kv, mailer, { type: "mail", id, lease: now + 1000 }, { clock }), "busy");
  assert.equal(sent.length, 0);
  const later = () => now + 1000;
  const outcome = await quiet(() =>
    deliverQueuedMail(kv, mailer, { type: "mail", id, lease: now + 1000 }, { clock: later })
  );
  assert.equal(outcome, "sent");
  assert.equal(sent.length, 1);

  // An interrupted send counts as an attempt; the last one sets the message aside unsent and redacted.
  const last = await queueMail(kv, mail("last try"), new Date(now - 1000));
  await leaseAsDeadWorker(kv, last, now - 1, { attempts: MAX_MAIL_ATTEMPTS - 1, lastError: "SMTP down" });
  assert.equal(await quiet(() => deliverQueuedMail(kv, mailer, last, { clock })), "failed");
  assert.equal(sent.length, 1);
  const failed = (await kv.get<FailedMail>(keys.failedMail(last))).value!;
  assert.equal(failed.attempts, MAX_MAIL_ATTEMPTS);
  assert.match(failed.lastError!, /interrupted/);
  assert.ok(!JSON.stringify(failed).includes(TOKEN));
});

Deno.test("[mail queue] a send with no answer before its deadline counts as failed, inside its lease", async () => {
  using kv = await Deno.openKv(":memory:");
  const id = await queueMail(kv, mail());
  const hanging: Mailer = { name: "hanging", send: () => new Promise(() => {}) };
  const started = Date.now();
  assert.equal(await quiet(() => deliverQueuedMail(kv, hanging, id, { leaseMs: 400, sendTimeoutMs: 50 })), "retry");
  const pending = (await kv.get<PendingMail>(keys.pendingMail(id))).value!;
  assert.ok(Date.now() - started < 400);
  assert.equal(pending.leaseUntil, null);
  assert.equal(pending.attempts, 1);
  assert.match(pending.lastError!, /no answer from the mail server within 50 ms/);
});

Deno.test("[mail queue] the sweep re-enqueues pending mail whose lease expired or whose job was lost", async () => {
  using kv = await Deno.openKv(":memory:");
  const now = Date.now();
  const minutes = (n: number) => n * 60_000;
  const record = (id: string, fields: Partial<PendingMail>): PendingMail => ({
    id,
    mail: mail(id),
    attempts: 0,
    lastError: null,
    leaseUntil: null,
    createdAt: new Date(now - minutes(30)).toISOString(),
    ...fields,
  });
  // Written without jobs, as a crash under the old code or a queue that gave up left them.
  const records = [
    record("expired-lease-legacy", { leaseUntil: now - minutes(10) }), // no dueAt: queued by the old code
    record("no-job", { dueAt: now - minutes(10) }),
    record("held", { leaseUntil: now + minutes(1), dueAt: now + minutes(1) }),
    record("just-queued", { dueAt: now - 1000, createdAt: new Date(now - 1000).toISOString() }),
    record("backing-off", { attempts: 2, dueAt: now + minutes(1) }),
    record("recently-expired", { leaseUntil: now - 1000, dueAt: now - 1000 }), // its watchdog is due now
  ];
  for (const r of records) await kv.set(keys.pendingMail(r.id), r);
  const swept = await quiet(() => sweepPendingMail(kv, { clock: () => now, graceMs: minutes(2) }));
  assert.equal(swept, 2);
  const after = new Map((await Array.fromAsync(kv.list<PendingMail>({ prefix: keys.pendingMails() })))
    .map((e) => [e.value.id, e.value]));
  assert.equal(after.get("expired-lease-legacy")!.dueAt, now);
  assert.equal(after.get("no-job")!.dueAt, now);
  for (const untouched of ["held", "just-queued", "backing-off", "recently-expired"]) {
    assert.deepEqual(after.get(untouched), records.find((r) => r.id === untouched), untouched);
  }
  assert.equal(await sweepPendingMail(kv, { clock: () => now, graceMs: minutes(2) }), 0, "not twice in a row");
});

Deno.test("[mail queue] the worker's start sweep delivers mail stranded by a crash, once each", async () => {
  const kv = await Deno.openKv(":memory:");
  const { sent, mailer } = recorder();
  const old = Date.now() - 10 * 60_000;
  const stranded: PendingMail[] = ["a", "b", "c"].map((n, i) => ({
    id: `01STRANDED${i}`,
    mail: mail(`stranded ${n}`),
    attempts: 0,
    lastError: null,
    leaseUntil: i === 0 ? null : old + 2 * 60_000, // two leased by workers that died long ago
    createdAt: new Date(old).toISOString(),
  }));
  for (const r of stranded) await kv.set(keys.pendingMail(r.id), r);
  const worker = quiet(() => startQueueWorker(kv, mailer, { sweepEveryMs: 60_000, sweepGraceMs: 1000 }));
  try {
    await eventually(() => sent.length === 3);
    await eventually(async () => (await Array.fromAsync(kv.list({ prefix: keys.pendingMails() }))).length === 0);
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(sent.map((s) => s.mail.subject).sort(), ["stranded a", "stranded b", "stranded c"]);
  } finally {
    kv.close();
    await worker;
  }
});

Deno.test("[mail queue] failed mail keeps recipient, kind, subject, attempts and error, but no link", async () => {
  const redacted = redactMail(mail());
  for (const part of [redacted.text, redacted.html]) {
    assert.ok(!part.includes(TOKEN) && !part.includes("token="), part);
    assert.ok(part.includes("[link removed]"));
  }
  assert.equal(redacted.subject, "Your GoalMates sign-in link");
  assert.deepEqual(redacted.to, { address: "parent@example.com" });

  // Failed mail set aside before redaction existed is cleaned by the worker's start.
  using kv = await Deno.openKv(":memory:");
  const legacy = {
    id: "01LEGACY",
    mail: mail(),
    attempts: MAX_MAIL_ATTEMPTS,
    lastError: "550 mailbox unavailable",
    leaseUntil: null,
    createdAt: new Date().toISOString(),
  };
  await kv.set(keys.failedMail(legacy.id), legacy);
  assert.equal(await redactFailedMail(kv), 1);
  assert.equal(await redactFailedMail(kv), 0);
  const stored = (await kv.get<FailedMail>(keys.failedMail(legacy.id))).value!;
  assert.ok(!JSON.stringify(stored).includes(TOKEN));
  assert.deepEqual(
    [stored.mail.to.address, stored.mail.kind, stored.mail.subject, stored.attempts, stored.lastError],
    ["parent@example.com", "sign-in", "Your GoalMates sign-in link", MAX_MAIL_ATTEMPTS, "550 mailbox unavailable"],
  );
});

/** Every value in the database, as text. */
async function everyValue(kv: Deno.Kv): Promise<string> {
  const entries = await Array.fromAsync(kv.list({ prefix: [] }));
  return JSON.stringify(entries.map((e) => [e.key, e.value]));
}

Deno.test("[mail queue] a queued body is sealed: no token in any KV value until the send opens it", async () => {
  using kv = await Deno.openKv(":memory:");
  const id = await queueMail(kv, mail());
  const raw = (await kv.get<PendingMail>(keys.pendingMail(id))).value!;
  assert.ok(!JSON.stringify(raw).includes(TOKEN) && !JSON.stringify(raw).includes("token="));
  assert.ok(!(await everyValue(kv)).includes(TOKEN), "nowhere in KV");
  // Recipient, kind and subject stay readable for the outbox, the logs and mail_failed.
  assert.deepEqual([raw.mail.to.address, raw.mail.kind, raw.mail.subject], [
    "parent@example.com",
    "sign-in",
    "Your GoalMates sign-in link",
  ]);
  assert.ok(openQueuedMail(raw).text.includes(LINK));

  // Sealed for this record and this recipient: moved to another, it does not open.
  assert.throws(() => openQueuedMail({ ...raw, id: "01OTHER" }), UnreadableMailError);
  const redirected = { ...raw, mail: { ...raw.mail, to: { address: "attacker@example.com" } } };
  assert.throws(() => openQueuedMail(redirected), UnreadableMailError);

  // A failing send keeps it sealed; the send that succeeds gets the working link.
  const { sent, mailer } = recorder();
  let calls = 0;
  const flaky: Mailer = {
    name: "flaky",
    send: (m) => ++calls === 1 ? Promise.reject(new Error("down")) : mailer.send(m),
  };
  let now = Date.now();
  assert.equal(await quiet(() => deliverQueuedMail(kv, flaky, id, { clock: () => now })), "retry");
  assert.ok(!(await everyValue(kv)).includes(TOKEN), "still sealed after a failed attempt");
  now += 60_000;
  assert.equal(await deliverQueuedMail(kv, flaky, id, { clock: () => now }), "sent");
  assert.equal(sent.length, 1);
  assert.ok(sent[0].mail.text.includes(LINK) && sent[0].mail.html.includes(LINK));
  assert.equal(sent[0].mail.subject, "Your GoalMates sign-in link");
});

Deno.test("[mail queue] a body sealed under another key is retried, then set aside with recipient and subject", async () => {
  using kv = await Deno.openKv(":memory:");
  const restore = useMailQueueKey(new Uint8Array(32).fill(1));
  let id: string;
  try {
    id = await queueMail(kv, mail());
  } finally {
    restore();
  }
  const { sent, mailer } = recorder();
  let now = Date.now();
  assert.equal(await quiet(() => deliverQueuedMail(kv, mailer, id, { clock: () => now })), "retry");
  const pending = (await kv.get<PendingMail>(keys.pendingMail(id))).value!;
  assert.match(pending.lastError!, /sealed with another MAIL_QUEUE_KEY/);
  let outcome: DeliveryOutcome = "retry";
  while (outcome === "retry") {
    now += 3 * 60 * 60 * 1000;
    outcome = await quiet(() => deliverQueuedMail(kv, mailer, id, { clock: () => now }));
  }
  assert.equal(outcome, "failed");
  assert.equal(sent.length, 0);
  const failed = (await kv.get<FailedMail>(keys.failedMail(id))).value!;
  assert.deepEqual([failed.mail.to.address, failed.mail.subject, failed.attempts], [
    "parent@example.com",
    "Your GoalMates sign-in link",
    MAX_MAIL_ATTEMPTS,
  ]);
  assert.match(failed.mail.text, /body unreadable/);
});

Deno.test("[mail queue] pending mail queued before sealing is still sent, and sealed at start unless leased", async () => {
  using kv = await Deno.openKv(":memory:");
  const now = Date.now();
  const legacy = (id: string, leaseUntil: number | null): PendingMail => ({
    id,
    mail: mail(id),
    attempts: 0,
    lastError: null,
    leaseUntil,
    dueAt: leaseUntil ?? now,
    createdAt: new Date(now).toISOString(),
  });
  for (const r of [legacy("01PLAIN", null), legacy("01LEASED", now + 60_000), legacy("01DEAD", now - 1)]) {
    await kv.set(keys.pendingMail(r.id), r);
  }
  assert.equal(await sealLegacyPendingMail(kv, { clock: () => now }), 2);
  assert.equal(await sealLegacyPendingMail(kv, { clock: () => now }), 0);
  const stored = new Map((await Array.fromAsync(kv.list<PendingMail>({ prefix: keys.pendingMails() })))
    .map((e) => [e.value.id, e.value]));
  for (const id of ["01PLAIN", "01DEAD"]) {
    assert.ok(!JSON.stringify(stored.get(id)).includes(TOKEN), id);
    assert.equal(stored.get(id)!.leaseUntil, legacy(id, id === "01DEAD" ? now - 1 : null).leaseUntil, "only the body");
  }
  assert.ok(JSON.stringify(stored.get("01LEASED")).includes(TOKEN), "its sender's record is left alone");

  const { sent, mailer } = recorder();
  assert.equal(await deliverQueuedMail(kv, mailer, "01PLAIN", { clock: () => now }), "sent");
  assert.equal(await quiet(() => deliverQueuedMail(kv, mailer, "01LEASED", { clock: () => now + 60_000 })), "sent");
  assert.deepEqual(sent.map((s) => [s.mail.subject, s.mail.text.includes(LINK)]), [
    ["01PLAIN", true],
    ["01LEASED", true],
  ]);
});
