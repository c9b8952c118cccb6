/**
 * lib/workers: threads at idle priority only when FFI is granted (asked, not tried), and said
 * once per process otherwise; the thread manager's deadline, crash and start handling, each
 * followed by a fresh thread; the pool's Retry-After refusal. The queue's own rules (bounds,
 * fairness, waits) are tests/unit/password_pool_test.ts.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  BusyError,
  lowerThreadPriority,
  NO_FFI_PRIORITY_NOTICE,
  type PriorityHost,
  priorityNotice,
  WorkerPool,
  WorkerThreadError,
  WorkerThreads,
} from "../../lib/workers/mod.ts";
import type { EchoJob } from "../fixtures/workers/echo_jobs.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const fixture = (name: string) => new URL(`../fixtures/workers/${name}`, import.meta.url);
const ECHO = fixture("echo_web_worker.ts");

/** A host whose FFI permission is `state`, recording what lowering the priority asked and did. */
function fakeHost(state: Deno.PermissionState, os: typeof Deno.build.os = "linux") {
  const calls = { queried: [] as string[], idlePolicy: 0, nice: [] as number[], warned: [] as string[] };
  const host: PriorityHost = {
    os,
    permissions: {
      querySync: ({ name }) => {
        calls.queried.push(name);
        return { state };
      },
    },
    setIdlePolicy: () => {
      calls.idlePolicy++;
      return true;
    },
    setNice: (nice) => void calls.nice.push(nice),
    warn: (line) => void calls.warned.push(line),
  };
  return { host, calls };
}

function assertThreadError(reason: string, message?: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof WorkerThreadError, `expected WorkerThreadError, got ${error}`);
    assert.equal(error.reason, reason);
    if (message) assert.match(error.message, message);
    return true;
  };
}

// ---- Priority ----

Deno.test("[workers] with FFI granted a thread goes to SCHED_IDLE through libc, having asked first", () => {
  const { host, calls } = fakeHost("granted");
  assert.equal(lowerThreadPriority(host), "idle");
  assert.deepEqual(calls.queried, ["ffi"]);
  assert.equal(calls.idlePolicy, 1);
  assert.deepEqual(calls.nice, []);
});

Deno.test("[workers] without FFI granted libc is never opened: the thread takes nice 10", () => {
  for (const state of ["prompt", "denied"] as const) {
    const { host, calls } = fakeHost(state);
    assert.equal(lowerThreadPriority(host), "nice", state);
    assert.deepEqual(calls.queried, ["ffi"], "the permission is asked");
    assert.equal(calls.idlePolicy, 0, `no dlopen when FFI is ${state}`);
    assert.deepEqual(calls.nice, [10]);
  }
});

Deno.test("[workers] libc refusing falls back to nice 10; nice refused keeps the normal priority; not Linux does nothing", () => {
  const refused = fakeHost("granted");
  refused.host.setIdlePolicy = () => false;
  assert.equal(lowerThreadPriority(refused.host), "nice");
  assert.deepEqual(refused.calls.nice, [10]);

  const noNice = fakeHost("denied");
  noNice.host.setNice = () => {
    throw new Deno.errors.NotCapable("sys");
  };
  assert.equal(lowerThreadPriority(noNice.host), "normal");

  const mac = fakeHost("granted", "darwin");
  assert.equal(lowerThreadPriority(mac.host), "normal");
  assert.deepEqual([mac.calls.queried, mac.calls.idlePolicy, mac.calls.nice], [[], 0, []]);
});

Deno.test("[workers] without FFI the process says so in one line, once; with FFI it says nothing", () => {
  const denied = fakeHost("prompt");
  const notice = priorityNotice(denied.host);
  notice();
  notice();
  notice();
  assert.deepEqual(denied.calls.warned, [NO_FFI_PRIORITY_NOTICE]);
  assert.match(NO_FFI_PRIORITY_NOTICE, /normal priority.*FFI is not granted.*--allow-ffi/);
  assert.ok(!NO_FFI_PRIORITY_NOTICE.includes("\n"), "one line");

  const granted = fakeHost("granted");
  priorityNotice(granted.host)();
  assert.deepEqual([granted.calls.queried, granted.calls.warned], [["ffi"], []]);
});

/** A thread's scheduling policy (0 normal, 5 SCHED_IDLE) and nice value, from /proc. */
function schedOf(pid: number, tid: string) {
  const stat = Deno.readTextFileSync(`/proc/${pid}/task/${tid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // fields[0] is field 3, "state"
  return { nice: Number(fields[16]), policy: Number(fields[38]) };
}

/**
 * Runs tests/fixtures/workers/priority_probe.ts in a process of its own with `permissions`:
 * its three threads' policies (read here while they are alive) and its FFI notices.
 */
async function probe(permissions: string[]) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...permissions, "tests/fixtures/workers/priority_probe.ts"],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("\n")) {
    const { value, done } = await lines.read();
    if (done) break;
    out += value;
  }
  const sched = out.includes("\n")
    ? [...Deno.readDirSync(`/proc/${child.pid}/task`)].map((task) => schedOf(child.pid, task.name))
    : [];
  await child.stdin.close();
  await lines.cancel();
  const { code } = await child.status;
  const err = await stderr;
  assert.equal(code, 0, err);
  const report = JSON.parse(out) as { threads: number; replies: string[] };
  return { report, sched, notices: err.split("\n").filter((line) => line === NO_FFI_PRIORITY_NOTICE).length, err };
}

Deno.test({
  name: "[workers] a real process: without FFI its threads keep the normal policy (nice 10), and one line says so",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    const withoutFfi = await probe(["--allow-all", "--deny-ffi"]);
    assert.deepEqual(withoutFfi.report, { threads: 3, replies: ["a", "b", "c"] });
    assert.equal(withoutFfi.sched.filter((t) => t.policy === 5).length, 0, JSON.stringify(withoutFfi.sched));
    assert.ok(withoutFfi.sched.filter((t) => t.nice === 10).length >= 3, JSON.stringify(withoutFfi.sched));
    assert.equal(withoutFfi.notices, 1, withoutFfi.err);

    const withFfi = await probe(["--allow-all"]);
    assert.ok(withFfi.sched.filter((t) => t.policy === 5).length >= 3, JSON.stringify(withFfi.sched));
    assert.equal(withFfi.notices, 0, withFfi.err);
  },
});

// ---- Threads ----

Deno.test("[workers] an idle thread is reused; jobs at once get threads of their own", async () => {
  const threads = new WorkerThreads<EchoJob, unknown>({ url: ECHO, name: "echo worker" });
  try {
    assert.equal(await threads.run({ echo: "a" }), "a");
    assert.equal(await threads.run({ echo: "b" }), "b");
    assert.equal(threads.threads, 1);
    assert.deepEqual(await Promise.all([threads.run({ echo: "c" }), threads.run({ echo: "d" })]), ["c", "d"]);
    assert.equal(threads.threads, 2);
  } finally {
    threads.close();
  }
});

Deno.test("[workers] a thread that crashes fails its job and is replaced at the next one", async () => {
  const threads = new WorkerThreads<EchoJob, unknown>({ url: ECHO, name: "echo worker" });
  try {
    await assert.rejects(threads.run({ crash: "boom" }), assertThreadError("failed", /The echo worker failed: .*boom/));
    assert.equal(threads.threads, 0);
    assert.equal(await threads.run({ echo: "again" }), "again");
    assert.equal(threads.threads, 1);
  } finally {
    threads.close();
  }
});

Deno.test("[workers] a job past its deadline has its thread stopped, and the next job gets a new thread", async () => {
  const threads = new WorkerThreads<EchoJob, unknown>({ url: ECHO, name: "echo worker", jobTimeoutMs: 200 });
  try {
    await threads.start(1); // The deadline counts from the thread being ready.
    const started = performance.now();
    await assert.rejects(threads.run({ spinMs: 60_000 }), assertThreadError("timeout", /took longer than 200 ms/));
    assert.ok(performance.now() - started < 10_000, "stopped, not waited for");
    assert.equal(threads.threads, 0);
    assert.equal(await threads.run({ spinMs: 1 }, { jobTimeoutMs: 30_000 }), "spun");
  } finally {
    threads.close();
  }
});

Deno.test("[workers] a thread that cannot start, or never does, fails its job", async () => {
  const failing = new WorkerThreads<unknown, unknown>({ url: fixture("failing_worker.ts"), name: "codec worker" });
  try {
    await assert.rejects(failing.run({}), assertThreadError("failed", /codec worker could not start: no codec here/));
    assert.equal(failing.threads, 0);
  } finally {
    failing.close();
  }
  const hanging = new WorkerThreads<unknown, unknown>({
    url: fixture("hanging_worker.ts"),
    name: "slow worker",
    startTimeoutMs: 300,
  });
  try {
    await assert.rejects(hanging.start(1), assertThreadError("timeout", /did not start within 300 ms/));
    assert.equal(hanging.threads, 0);
  } finally {
    hanging.close();
  }
});

Deno.test("[workers] close stops the threads: the job in flight and later ones fail", async () => {
  const threads = new WorkerThreads<EchoJob, unknown>({ url: ECHO, name: "echo worker" });
  await threads.start(1);
  const inFlight = threads.run({ spinMs: 60_000 });
  threads.close();
  await assert.rejects(inFlight, assertThreadError("closed"));
  await assert.rejects(threads.run({ echo: "late" }), assertThreadError("closed"));
  assert.equal(threads.threads, 0);
});

Deno.test("[workers] node:worker_threads threads run the same jobs and are replaced after a crash", async () => {
  const threads = new WorkerThreads<EchoJob, unknown>({
    url: fixture("echo_node_worker.ts"),
    kind: "node",
    name: "echo thread",
  });
  try {
    assert.equal(await threads.run({ echo: "node" }), "node");
    await assert.rejects(threads.run({ crash: "bang" }), assertThreadError("failed", /The echo thread failed/));
    assert.equal(await threads.run({ echo: "again" }), "again");
    assert.equal(threads.threads, 1);
  } finally {
    threads.close();
  }
});

Deno.test("[workers] a job's buffers are prepared when it reaches its thread: its own copy, moved", async () => {
  const threads = new WorkerThreads<EchoJob, unknown>({
    url: ECHO,
    name: "echo worker",
    prepare: (job) => {
      if (!("bytes" in job)) return { job, transfer: [] };
      const bytes = job.bytes.slice();
      return { job: { bytes }, transfer: [bytes.buffer] };
    },
  });
  try {
    const whole = new Uint8Array(1_000);
    const view = whole.subarray(100, 110);
    assert.deepEqual(await threads.run({ bytes: view }), { length: 10, bufferLength: 10 });
    assert.equal(whole.byteLength, 1_000, "the caller's buffer is not detached");
  } finally {
    threads.close();
  }
});

// ---- The pool ----

Deno.test("[workers] the pool refuses beyond its queue with BusyError and its Retry-After, and runs what it took", async () => {
  const pool = new WorkerPool<EchoJob, unknown>({
    queue: { concurrency: 1, maxQueue: 1, queueTimeoutMs: 30_000, retryAfterSeconds: 7, message: "Busy, sorry." },
    thread: { url: ECHO, name: "echo worker" },
  });
  try {
    const first = pool.run({ spinMs: 50 });
    const second = pool.run({ echo: "queued" });
    assert.deepEqual([pool.running, pool.waiting], [1, 1]);
    await assert.rejects(pool.run({ echo: "refused" }), (error: unknown) => {
      assert.ok(error instanceof BusyError, `expected BusyError, got ${error}`);
      assert.deepEqual([error.message, error.retryAfterSeconds], ["Busy, sorry.", 7]);
      return true;
    });
    assert.deepEqual(await Promise.all([first, second]), ["spun", "queued"]);
    assert.equal(pool.threads, 1);
  } finally {
    pool.close();
  }
});
