/**
 * Background jobs on a database without a KV queue (KV Connect: Deno Deploy's KV from elsewhere, a
 * self-hosted denokv). No denokv runs here, so a KV file opened with `queue: false` stands in for
 * the remote database, and two pollers on it for two instances, each with its own mailer. (They
 * share one handle: two handles on one SQLite file answer "database is locked" to concurrent
 * checked writes, which a KV Connect server does not; the atomic checks that decide who sends
 * are the same either way, as in calendar_sync_test's two instances.) Mail is
 * sent exactly once, retried with the same backoff and set aside after the same number of
 * attempts as with the queue, a lease whose holder died is taken over when it ends, an admin's
 * digest goes out once when due, and the poll stops with the lifecycle (or the database).
 */
import assert from "node:assert/strict";
import { openKv } from "../../lib/db/kv.ts";
import { countKvFile, openKvFile } from "../../lib/db/kv_file.ts";
import { keys } from "../../lib/db/keys.ts";
import { setLogSink } from "../../lib/log.ts";
import { queueMail } from "../../lib/mail/mod.ts";
import { type FailedMail, MAX_MAIL_ATTEMPTS, type PendingMail } from "../../lib/mail/queue.ts";
import { startQueueWorker } from "../../lib/mail/queue_worker.ts";
import { useMailQueueKey } from "../../lib/mail/sealing.ts";
import type { Mailer, OutgoingMail } from "../../lib/mail/types.ts";
import { dueRequestDigestJobs, isRequestDigestJob, runRequestDigestJob, tellTeamAdmins } from "../../lib/claims/mod.ts";
import { DIGEST_WINDOW_MS } from "../../lib/claims/digest_rule.ts";
import type { BackgroundWork } from "../../lib/lifecycle.ts";
import { seedTeam } from "../helpers.ts";
import { createAccount } from "../auth_helpers.ts";

const APP_URL = "http://goalmates.test";
const POLL_MS = 25;

useMailQueueKey(crypto.getRandomValues(new Uint8Array(32)));

const mail = (subject: string, address = "parent@example.com"): OutgoingMail => ({
  kind: "sign-in",
  to: { address },
  subject,
  text: "Sign in: http://goalmates.test/auth/magic?token=abc",
  html: "<p>Sign in</p>",
});

interface Send {
  subject: string;
  kind: string;
  at: number;
  by: string;
}

/** A mailer per instance writing to one shared list; `fail` decides whether a send throws. */
function mailers(fail: (mail: OutgoingMail, tries: number) => boolean = () => false, sendMs = 5) {
  const sent: Send[] = [];
  const tries = new Map<string, number[]>();
  const make = (by: string): Mailer => ({
    name: `recorder-${by}`,
    send: async (m) => {
      const at = Date.now();
      tries.set(m.subject, [...tries.get(m.subject) ?? [], at]);
      await new Promise((r) => setTimeout(r, sendMs));
      if (fail(m, tries.get(m.subject)!.length)) throw new Error("451 try again later");
      sent.push({ subject: m.subject, kind: m.kind, at, by });
    },
  });
  return { sent, tries, a: make("a"), b: make("b") };
}

/** A lifecycle that only stops (nothing to drain in these tests). */
function lifecycle(): BackgroundWork & { stop(): void } {
  const stop = new AbortController();
  return { signal: stop.signal, track: (job) => job(), stop: () => stop.abort() };
}

/** A new KV file used without a queue, as a remote database two instances share, and the way out. */
async function twoInstances() {
  const dir = await Deno.makeTempDir({ prefix: "goalmates-remote-kv-" });
  const path = `${dir}/goalmates.kv`;
  const kv = await openKv(path, Deno.openKv, { queue: false });
  const [log, warn, error] = [console.log, console.warn, console.error];
  console.log = console.warn = console.error = () => {};
  const restoreLog = setLogSink(() => {});
  const running: { life: ReturnType<typeof lifecycle>; done: Promise<void> }[] = [];
  return {
    path,
    kv,
    /** Jobs in the file's KV queue: none is ever enqueued in this mode. */
    queuedJobs: () => {
      const db = openKvFile(path, { readOnly: true });
      try {
        return countKvFile(db).jobs;
      } finally {
        db.close();
      }
    },
    /** One instance's poll, with its own mailer. */
    start(mailer: Mailer, options: Parameters<typeof startQueueWorker>[2] = {}) {
      const life = lifecycle();
      const done = startQueueWorker(kv, mailer, { pollEveryMs: POLL_MS, background: life, ...options });
      running.push({ life, done });
      return { life, done };
    },
    async close() {
      for (const { life } of running) life.stop();
      await Promise.all(running.map((r) => r.done));
      kv.close();
      restoreLog();
      [console.log, console.warn, console.error] = [log, warn, error];
      await Deno.remove(dir, { recursive: true });
    },
  };
}

async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

const countKeys = async (kv: Deno.Kv, prefix: Deno.KvKey) => (await Array.fromAsync(kv.list({ prefix }))).length;

Deno.test("[remote kv] two instances polling one database send each of 30 mails exactly once", async () => {
  const t = await twoInstances();
  try {
    const { sent, a, b } = mailers();
    const subjects = Array.from({ length: 30 }, (_, i) => `Mail ${i}`);
    // Queued before and while they poll.
    for (const subject of subjects.slice(0, 10)) await queueMail(t.kv, mail(subject));
    t.start(a);
    t.start(b);
    for (const subject of subjects.slice(10)) await queueMail(t.kv, mail(subject));
    assert.equal(t.queuedJobs(), 0, "staging enqueues nothing on a database without a queue");

    await eventually(async () => sent.length >= 30 && await countKeys(t.kv, keys.pendingMails()) === 0);
    await new Promise((r) => setTimeout(r, 8 * POLL_MS)); // a few more rounds: nothing is sent again
    assert.deepEqual(sent.map((s) => s.subject).sort(), [...subjects].sort(), "each mail once");
    assert.equal(await countKeys(t.kv, keys.failedMails()), 0);
  } finally {
    await t.close();
  }
});

Deno.test("[remote kv] a failed send is retried after the queue's backoff, by whichever instance polls", async () => {
  const t = await twoInstances();
  try {
    const { sent, tries, a, b } = mailers((m, n) => m.subject === "Flaky" && n <= 2);
    const backoff = (attempts: number) => 150 * attempts;
    t.start(a, { retryDelayMs: backoff });
    t.start(b, { retryDelayMs: backoff });
    const id = await queueMail(t.kv, mail("Flaky"));

    await eventually(async () => {
      const pending = (await t.kv.get<PendingMail>(keys.pendingMail(id))).value;
      return pending?.attempts === 1 && pending.leaseUntil === null;
    });
    const afterFirst = (await t.kv.get<PendingMail>(keys.pendingMail(id))).value!;
    assert.equal(afterFirst.lastError, "451 try again later");
    assert.ok(afterFirst.dueAt! >= tries.get("Flaky")![0] + backoff(1), "due again after the backoff");

    await eventually(() => sent.length === 1);
    const at = tries.get("Flaky")!;
    assert.equal(at.length, 3, "two failures, then the send");
    assert.ok(at[1] - at[0] >= backoff(1), `second try ${at[1] - at[0]} ms after the first`);
    assert.ok(at[2] - at[1] >= backoff(2), `third try ${at[2] - at[1]} ms after the second`);
    await new Promise((r) => setTimeout(r, 8 * POLL_MS));
    assert.equal(sent.length, 1);
    assert.equal((await t.kv.get(keys.pendingMail(id))).value, null);
  } finally {
    await t.close();
  }
});

Deno.test("[remote kv] a mail that keeps failing is set aside after the same number of attempts, each made once", async () => {
  const t = await twoInstances();
  try {
    const { sent, tries, a, b } = mailers(() => true, 1);
    t.start(a, { retryDelayMs: () => 1 });
    t.start(b, { retryDelayMs: () => 1 });
    const id = await queueMail(t.kv, mail("Hopeless"));

    await eventually(async () => (await t.kv.get(keys.failedMail(id))).value !== null);
    const failed = (await t.kv.get<FailedMail>(keys.failedMail(id))).value!;
    assert.equal(failed.attempts, MAX_MAIL_ATTEMPTS);
    assert.equal(failed.mail.text.includes("token="), false, "set aside without its link");
    assert.equal(tries.get("Hopeless")!.length, MAX_MAIL_ATTEMPTS, "no attempt made twice by the two instances");
    assert.equal(sent.length, 0);
    assert.equal((await t.kv.get(keys.pendingMail(id))).value, null);
  } finally {
    await t.close();
  }
});

Deno.test("[remote kv] the lease of an instance that died mid-send is taken over when it ends", async () => {
  const t = await twoInstances();
  try {
    const { sent, a } = mailers();
    const id = await queueMail(t.kv, mail("Interrupted"));
    const pending = (await t.kv.get<PendingMail>(keys.pendingMail(id))).value!;
    const leaseUntil = Date.now() + 300;
    await t.kv.set(keys.pendingMail(id), { ...pending, leaseUntil, dueAt: leaseUntil });
    t.start(a);

    await eventually(() => sent.length === 1);
    assert.ok(sent[0].at >= leaseUntil, "not before the lease ends");
    await new Promise((r) => setTimeout(r, 8 * POLL_MS));
    assert.equal(sent.length, 1);
  } finally {
    await t.close();
  }
});

Deno.test("[remote kv] an admin's digest is mailed once, when its window ends, with two instances polling", async () => {
  const t = await twoInstances();
  try {
    const { team } = await seedTeam(t.kv);
    const admin = await createAccount(t.kv, { email: "admin@example.com", teamId: team.id, role: "TEAM_ADMIN" });
    const { sent, a, b } = mailers();
    // As main.ts passes them.
    const digestJobs = {
      otherJobs: async (message: unknown) => {
        if (isRequestDigestJob(message)) await runRequestDigestJob(t.kv, message, APP_URL);
      },
      dueOtherJobs: (now: number, page: { cursor: string; limit: number }) => dueRequestDigestJobs(t.kv, now, page),
    };
    t.start(a, digestJobs);
    t.start(b, digestJobs);

    // The first ask mails at once; the second, within the window, waits for the window's end (in 500 ms).
    const mailedAt = Date.now() - DIGEST_WINDOW_MS + 500;
    const ask = (name: string, email: string) => ({ kind: "link" as const, name, email, at: mailedAt });
    await tellTeamAdmins(t.kv, team, ask("Pat Doe", "pat@example.com"), APP_URL, new Date(mailedAt));
    await tellTeamAdmins(t.kv, team, ask("Sam Roe", "sam@example.com"), APP_URL, new Date(mailedAt + 1));
    assert.equal(t.queuedJobs(), 0, "the digest's job is its record, not a queue job");
    const dueAt = mailedAt + DIGEST_WINDOW_MS;

    await eventually(() => sent.length === 2);
    await new Promise((r) => setTimeout(r, 8 * POLL_MS));
    assert.deepEqual(sent.map((s) => s.kind), ["admin-requests", "admin-requests"], "the first mail and one digest");
    assert.ok(sent[1].at >= dueAt, "the digest waits for the window's end");
    const digest = (await t.kv.get<{ jobDueAt: number | null }>(keys.requestDigest(team.id, admin.id))).value;
    assert.equal(digest?.jobDueAt, null, "no job left waiting");
  } finally {
    await t.close();
  }
});

Deno.test("[remote kv] the poll stops with the lifecycle, and ends when the database is closed", async () => {
  const t = await twoInstances();
  try {
    const { sent, a, b } = mailers();
    const first = t.start(a);
    await queueMail(t.kv, mail("Before the stop"));
    await eventually(() => sent.length === 1);

    first.life.stop();
    const stopped = await Promise.race([first.done.then(() => true), new Promise((r) => setTimeout(r, 1_000, false))]);
    assert.equal(stopped, true, "the poll settles once the lifecycle stops");
    await queueMail(t.kv, mail("After the stop"));
    await new Promise((r) => setTimeout(r, 8 * POLL_MS));
    assert.deepEqual(sent.map((s) => s.subject), ["Before the stop"], "nothing is sent after the stop");

    // Without a lifecycle, closing the database ends it, as it ends the queue listener.
    const other = await openKv(":memory:", Deno.openKv, { queue: false });
    const done = startQueueWorker(other, b, { pollEveryMs: POLL_MS });
    await queueMail(other, mail("On another database"));
    await eventually(() => sent.length === 2);
    other.close();
    const ended = await Promise.race([done.then(() => true), new Promise((r) => setTimeout(r, 1_000, false))]);
    assert.equal(ended, true, "the poll settles once its database is closed");
  } finally {
    await t.close();
  }
});
