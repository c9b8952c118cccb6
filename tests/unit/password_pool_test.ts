import assert from "node:assert/strict";
import { BUSY_MESSAGE, TaskPool, type TaskPoolOptions, type TaskSource } from "../../lib/workers/mod.ts";
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

Deno.test("[password pool] the server's own work (patient) outwaits both timeouts instead of failing the start", async () => {
  const p = pool({ concurrency: 1, maxQueue: 4, queueTimeoutMs: 20, runTimeoutMs: 20 });
  const t = instrument();
  const server: TaskSource = { client: "(server)", account: "", patient: true };
  const first = p.run(t.task(0), server);
  const second = p.run(t.task(1), server);
  await new Promise((resolve) => setTimeout(resolve, 60)); // Past both limits.
  await t.release(0);
  assert.equal(await first, 0);
  await t.release(1);
  assert.equal(await second, 1);
  assert.equal(p.running, 0);
});

Deno.test("[password pool] rejects nonsense limits", () => {
  assert.throws(() => pool({ concurrency: 0 }), RangeError);
  assert.throws(() => pool({ maxQueue: -1 }), RangeError);
  assert.throws(() => pool({ maxWaitingPerClient: -1 }), RangeError);
  assert.throws(() => pool({ maxWaitingPerPair: 1.5 }), RangeError);
});

/** A pool shaped like the password pool: one at a time, 2 waiting per address, 1 per address and account. */
const fairPool = (options: Partial<TaskPoolOptions> = {}) =>
  pool({ concurrency: 1, maxQueue: 8, maxWaitingPerClient: 2, maxWaitingPerPair: 1, ...options });
const from = (client: string, account: string): TaskSource => ({ client, account });

Deno.test("[password pool] a freed slot goes to the addresses in turn (round robin), each one's tasks in order", async () => {
  const p = fairPool();
  const t = instrument();
  const results = [
    p.run(t.task(0), from("a", "x")), // runs at once
    p.run(t.task(1), from("a", "y")),
    p.run(t.task(2), from("a", "z")),
    p.run(t.task(3), from("b", "x")),
    p.run(t.task(4), from("c", "x")),
    p.run(t.task(5), from("b", "y")),
  ];
  await t.settle();
  assert.deepEqual(t.started, [0]);
  assert.equal(p.waiting, 5);
  assert.equal(p.waitingClients, 3);
  for (const id of [0, 3, 4, 1, 5, 2]) await t.release(id);
  assert.deepEqual(await Promise.all(results), [0, 1, 2, 3, 4, 5]);
  // Task 0 was a's turn, so b and c go next; then a and b in turn for the rest.
  assert.deepEqual(t.started, [0, 3, 4, 1, 5, 2]);
  assert.equal(p.waitingClients, 0);
});

Deno.test("[password pool] one address's burst is refused beyond its share at once; another address gets the next turn", async () => {
  const p = fairPool();
  const t = instrument();
  const burst = Array.from({ length: 40 }, (_, i) => p.run(t.task(i), from("198.51.100.66", `guess${i}`)));
  const outcomes = Promise.allSettled(burst);
  await t.settle();
  assert.equal(p.running, 1);
  assert.equal(p.waiting, 2, "the address may keep 2 waiting, not the whole queue");
  for (const refused of burst.slice(3)) await assertBusy(refused);
  assert.ok(!t.started.some((id) => id >= 3), "refused tasks never run");
  // The owner, from elsewhere, still gets a place, and the very next turn.
  const owner = p.run(t.task(100), from("203.0.113.10", "coach"));
  assert.equal(p.waiting, 3);
  await t.release(0);
  assert.deepEqual(t.started, [0, 100]);
  await t.release(100);
  assert.equal(await owner, 100);
  await t.release(1);
  await t.release(2);
  assert.deepEqual((await outcomes).slice(0, 3).map((o) => o.status), ["fulfilled", "fulfilled", "fulfilled"]);
  assert.equal(p.waitingClients, 0);
});

Deno.test("[password pool] one waiting task per address and account; the cap is per pair, not per account", async () => {
  const p = fairPool();
  const t = instrument();
  const running = p.run(t.task(0), from("a", "coach"));
  const waiting = p.run(t.task(1), from("a", "coach"));
  await assertBusy(p.run(t.task(2), from("a", "coach")));
  const otherAccount = p.run(t.task(3), from("a", "parent"));
  const otherAddress = p.run(t.task(4), from("b", "coach"));
  assert.equal(p.waiting, 3);
  for (const id of [0, 4, 1, 3]) await t.release(id);
  assert.deepEqual(await Promise.all([running, waiting, otherAccount, otherAddress]), [0, 1, 3, 4]);
  assert.ok(!t.started.includes(2));
});

Deno.test("[password pool] the whole queue stays bounded: at most maxQueue tasks in at most maxQueue addresses", async () => {
  const p = fairPool({ maxQueue: 8 });
  const t = instrument();
  const first = p.run(t.task(0), from("10.0.0.0", "x"));
  const flood = Array.from({ length: 1000 }, (_, i) => p.run(t.task(i + 1), from(`10.0.${i >> 8}.${i & 255}`, "x")));
  const outcomes = Promise.allSettled(flood);
  assert.equal(p.waiting, 8);
  assert.equal(p.waitingClients, 8, "an address is kept only while it has a task waiting");
  // Four addresses with two each fill it as well; a fifth is refused like the rest.
  const q = fairPool({ maxQueue: 8 });
  const u = instrument();
  const held = q.run(u.task(0), from("a", "x"));
  const pairs = ["a", "b", "c", "d"].flatMap((ip, i) => [
    q.run(u.task(2 * i + 1), from(ip, "y")),
    q.run(u.task(2 * i + 2), from(ip, "z")),
  ]);
  assert.equal(q.waiting, 8);
  await assertBusy(q.run(u.task(99), from("e", "x")));
  // Round robin: a (its task that started at once), b, c, d, then each one's second.
  for (const id of [0, 3, 5, 7, 1, 4, 6, 8, 2]) await u.release(id);
  assert.deepEqual(await Promise.all([held, ...pairs]), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual(u.started, [0, 3, 5, 7, 1, 4, 6, 8, 2]);
  assert.equal(q.waitingClients, 0);

  for (let i = 0; i <= 8; i++) await t.release(t.started[i]);
  assert.equal(await first, 0);
  const settled = await outcomes;
  assert.equal(settled.filter((o) => o.status === "fulfilled").length, 8);
  assert.equal(settled.filter((o) => o.status === "rejected" && o.reason instanceof BusyError).length, 992);
  assert.equal(p.waiting, 0);
  assert.equal(p.waitingClients, 0);
  assert.equal(p.running, 0);
});

Deno.test("[password pool] an address whose waiters time out is forgotten; the others keep their turn", async () => {
  const p = fairPool({ queueTimeoutMs: 30 });
  const t = instrument();
  const first = p.run(t.task(0), from("a", "x"));
  const gaveUp = [p.run(t.task(1), from("b", "x")), p.run(t.task(2), from("b", "y"))];
  assert.equal(p.waitingClients, 1);
  for (const waiter of gaveUp) await assertBusy(waiter);
  assert.equal(p.waiting, 0);
  assert.equal(p.waitingClients, 0, "an address with nothing waiting leaves the queue");
  const later = p.run(t.task(3), from("c", "x"));
  await t.release(0);
  await t.release(3);
  assert.deepEqual(await Promise.all([first, later]), [0, 3]);
  assert.deepEqual(t.started, [0, 3]);
});

Deno.test("[password pool] without per-address limits (the image pool) one client may fill the queue, in order", async () => {
  const p = pool({ concurrency: 1, maxQueue: 3 });
  const t = instrument();
  const accepted = Array.from({ length: 4 }, (_, i) => p.run(t.task(i)));
  await assertBusy(p.run(t.task(9)));
  for (let i = 0; i < 4; i++) await t.release(i);
  assert.deepEqual(await Promise.all(accepted), [0, 1, 2, 3]);
});

Deno.test("[password pool] every hash and verification goes through the shared pool, shared fairly; beyond it, 503", async () => {
  const stored = await hashPassword("correct horse battery", FAST);
  const { concurrency } = passwordPool;
  assert.ok(concurrency >= 1 && concurrency <= 2, `at most 2 at once, not ${concurrency}`);
  assert.equal(passwordPool.running, 0);
  const check = (ip: string, account: string) => verifyPassword("correct horse battery", stored, from(ip, account));
  // One address: its running checks, then 2 waiting (one per account), and the rest refused at once.
  const burst = Array.from({ length: 10 }, (_, i) => check("198.51.100.66", `login:guess${i}@example.com`));
  assert.equal(passwordPool.running, concurrency);
  assert.equal(passwordPool.waiting, 2);
  // Other addresses still wait, 2 each, until the 8 places are taken.
  const others = [1, 1, 2, 2, 3, 3, 4].map((ip, i) => check(`203.0.113.${ip}`, `login:parent${i}@example.com`));
  assert.equal(passwordPool.waiting, 8);
  assert.equal(passwordPool.waitingClients, 4);
  const outcomes = await Promise.allSettled([...burst, ...others]);
  const accepted = concurrency + 2;
  const expected = [
    ...Array(accepted).fill(true),
    ...Array(10 - accepted).fill("busy"),
    ...Array(6).fill(true),
    "busy",
  ];
  assert.deepEqual(
    outcomes.map((o) => o.status === "fulfilled" ? o.value : o.reason instanceof BusyError && "busy"),
    expected,
  );
  // Hashing is bounded the same way; the server's own work (no address) is one client too.
  const hashes = await Promise.allSettled(Array.from({ length: concurrency + 3 }, () => hashPassword("x", FAST)));
  assert.equal(hashes.filter((h) => h.status === "rejected" && h.reason instanceof BusyError).length, 2);
  assert.equal(passwordPool.running, 0);
  assert.equal(passwordPool.waitingClients, 0);
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
