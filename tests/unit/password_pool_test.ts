import assert from "node:assert/strict";
import { BUSY_MESSAGE, TaskPool, type TaskPoolOptions } from "../../lib/auth/password_pool.ts";
import { decoyPasswordHash, hashPassword, passwordPool, verifyPassword } from "../../lib/auth/passwords.ts";
import { BusyError } from "../../lib/errors.ts";

const FAST = { N: 2 ** 10, r: 8, p: 1 };

const pool = (options: Partial<TaskPoolOptions> = {}) =>
  new TaskPool({ concurrency: 2, maxQueue: 8, queueTimeoutMs: 10_000, retryAfterSeconds: 5, ...options });

/** A fake task that counts how many run at once and finishes when released. */
function instrument() {
  let active = 0;
  let maxActive = 0;
  const started: number[] = [];
  const gates = new Map<number, () => void>();
  const task = (id: number) => async () => {
    active++;
    maxActive = Math.max(maxActive, active);
    started.push(id);
    await new Promise<void>((resolve) => gates.set(id, resolve));
    active--;
    return id;
  };
  /** Lets the macrotask queue run, so started tasks reach their gate. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const release = async (id: number) => {
    for (let i = 0; i < 20 && !gates.has(id); i++) await settle();
    const open = gates.get(id);
    assert.ok(open, `task ${id} never started`);
    open();
    await settle();
  };
  return {
    task,
    release,
    settle,
    started,
    get active() {
      return active;
    },
    get maxActive() {
      return maxActive;
    },
  };
}

async function assertBusy(promise: Promise<unknown>, retryAfterSeconds = 5) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof BusyError, `expected BusyError, got ${error}`);
    assert.equal(error.message, BUSY_MESSAGE);
    assert.equal(error.retryAfterSeconds, retryAfterSeconds);
    return true;
  });
}

Deno.test("[password pool] never runs more tasks at once than its limit", async () => {
  const p = pool({ concurrency: 2, maxQueue: 20 });
  const t = instrument();
  const results = Array.from({ length: 12 }, (_, i) => p.run(t.task(i)));
  await t.settle();
  assert.equal(t.active, 2);
  assert.equal(p.running, 2);
  assert.equal(p.waiting, 10);
  // Finish them in a scrambled order; the limit holds throughout.
  for (const id of [1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10]) {
    await t.release(id);
    assert.ok(t.active <= 2, `${t.active} running after task ${id}`);
  }
  assert.deepEqual(await Promise.all(results), Array.from({ length: 12 }, (_, i) => i));
  assert.equal(t.maxActive, 2);
  assert.equal(p.running, 0);
  assert.equal(p.waiting, 0);
});

Deno.test("[password pool] a full queue refuses at once with BusyError (503 + Retry-After)", async () => {
  const p = pool({ concurrency: 2, maxQueue: 3, retryAfterSeconds: 7 });
  const t = instrument();
  const accepted = Array.from({ length: 5 }, (_, i) => p.run(t.task(i)));
  const refused = p.run(t.task(99));
  await assertBusy(refused, 7);
  assert.ok(!t.started.includes(99), "a refused task never runs");
  assert.equal(p.running, 2);
  assert.equal(p.waiting, 3);
  for (let i = 0; i < 5; i++) await t.release(i);
  assert.deepEqual(await Promise.all(accepted), [0, 1, 2, 3, 4]);
  // With room again, the pool takes work again.
  const again = p.run(() => Promise.resolve("ok"));
  assert.equal(await again, "ok");
});

Deno.test("[password pool] waiting tasks start in the order they came", async () => {
  const p = pool({ concurrency: 2, maxQueue: 8 });
  const t = instrument();
  const results = Array.from({ length: 8 }, (_, i) => p.run(t.task(i)));
  await t.settle();
  assert.deepEqual(t.started, [0, 1]);
  // Free the second slot first: the first waiter (2) still goes next, then 3, …
  await t.release(1);
  assert.deepEqual(t.started, [0, 1, 2]);
  await t.release(0);
  assert.deepEqual(t.started, [0, 1, 2, 3]);
  for (const id of [3, 2, 4, 5, 6, 7]) await t.release(id);
  await Promise.all(results);
  assert.deepEqual(t.started, [0, 1, 2, 3, 4, 5, 6, 7]);
});

Deno.test("[password pool] a task that fails (rejects or throws) frees its slot", async () => {
  const p = pool({ concurrency: 1, maxQueue: 4 });
  const boom = new Error("scrypt failed");
  const failing = p.run(() => Promise.reject(boom));
  const throwing = p.run(() => {
    throw new TypeError("sync throw");
  });
  const next = p.run(() => Promise.resolve("next ran"));
  await assert.rejects(failing, (e) => e === boom);
  await assert.rejects(throwing, TypeError);
  assert.equal(await next, "next ran");
  assert.equal(p.running, 0);
  assert.equal(p.waiting, 0);
  assert.equal(await p.run(() => Promise.resolve(42)), 42);
});

Deno.test("[password pool] a task does not wait forever: the queue wait times out with BusyError", async () => {
  const p = pool({ concurrency: 1, maxQueue: 4, queueTimeoutMs: 30 });
  const t = instrument();
  const first = p.run(t.task(0));
  const started = performance.now();
  const waiting = p.run(t.task(1));
  await assertBusy(waiting);
  assert.ok(performance.now() - started >= 25, "it waited about queueTimeoutMs");
  assert.equal(p.waiting, 0, "a timed-out waiter leaves the queue");
  await t.release(0);
  assert.equal(await first, 0);
  assert.ok(!t.started.includes(1), "a timed-out task never runs");
  assert.equal(p.running, 0, "the slot is not handed to a waiter that gave up");
});

Deno.test("[password pool] a task that runs too long answers BusyError but keeps its slot until it ends", async () => {
  const p = pool({ concurrency: 1, maxQueue: 4, queueTimeoutMs: 10_000, runTimeoutMs: 30 });
  const t = instrument();
  const slow = p.run(t.task(0));
  const next = p.run(t.task(1));
  await assertBusy(slow);
  assert.equal(p.running, 1, "the slow task still holds its slot");
  assert.deepEqual(t.started, [0], "so the next one has not started");
  await t.release(0);
  await t.release(1);
  assert.equal(await next, 1);
  assert.equal(p.running, 0);
});

Deno.test("[password pool] rejects nonsense limits", () => {
  assert.throws(() => pool({ concurrency: 0 }), RangeError);
  assert.throws(() => pool({ maxQueue: -1 }), RangeError);
});

Deno.test("[password pool] every hash and verification goes through the shared pool; beyond it, 503", async () => {
  const stored = await hashPassword("correct horse battery", FAST);
  const { concurrency } = passwordPool;
  assert.ok(concurrency >= 1 && concurrency <= 2, `at most 2 at once, not ${concurrency}`);
  assert.equal(passwordPool.running, 0);
  const accepted = concurrency + 8;
  const checks = Array.from({ length: accepted + 3 }, () => verifyPassword("correct horse battery", stored));
  assert.equal(passwordPool.running, concurrency);
  assert.equal(passwordPool.waiting, 8);
  const outcomes = await Promise.allSettled(checks);
  assert.deepEqual(
    outcomes.slice(0, accepted).map((o) => o.status === "fulfilled" && o.value),
    Array(accepted).fill(true),
  );
  for (const outcome of outcomes.slice(accepted)) {
    assert.equal(outcome.status, "rejected");
    await assertBusy(Promise.reject((outcome as PromiseRejectedResult).reason));
  }
  // Hashing is bounded the same way.
  const hashes = await Promise.allSettled(Array.from({ length: accepted + 1 }, () => hashPassword("x", FAST)));
  assert.equal(hashes.filter((h) => h.status === "rejected" && h.reason instanceof BusyError).length, 1);
  assert.equal(passwordPool.running, 0);
});

Deno.test("[password pool] the unknown-account decoy costs what a real hash costs, through the same pool", async () => {
  const decoy = await decoyPasswordHash();
  assert.equal(await decoyPasswordHash(), decoy, "one decoy per process");
  const real = await hashPassword("correct horse battery");
  // Same scheme and parameters as a new hash, so verifying it is the same scrypt.
  assert.equal(decoy.split("$").slice(0, 4).join("$"), real.split("$").slice(0, 4).join("$"));
  assert.equal(decoy.split("$")[5].length, real.split("$")[5].length);
  const pending = verifyPassword("correct horse battery", decoy);
  assert.equal(passwordPool.running, 1, "the decoy check takes a pool slot");
  assert.equal(await pending, false);
});

Deno.test({
  name: "[password pool] scrypt runs on a thread below the event loop's CPU priority (Linux: SCHED_IDLE)",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    await hashPassword("x", FAST); // The scrypt thread stays, idle, after its first job.
    /** Scheduling policy (0 normal, 5 SCHED_IDLE) and nice value of a thread, from /proc. */
    const schedOf = (tid: string) => {
      const stat = Deno.readTextFileSync(`/proc/self/task/${tid}/stat`);
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // fields[0] is field 3, "state"
      return { nice: Number(fields[16]), policy: Number(fields[38]) };
    };
    const threads = [...Deno.readDirSync("/proc/self/task")].map((e) => schedOf(e.name));
    const loop = schedOf(String(Deno.pid));
    assert.equal(loop.policy, 0, "the event loop keeps the normal policy");
    assert.ok(
      threads.some((t) => t.policy === 5 || t.nice > loop.nice),
      `a thread runs below the event loop: ${JSON.stringify(threads)}`,
    );
  },
});
