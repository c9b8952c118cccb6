/**
 * The JSON log (issue 21): one line per request with its route pattern (never the path or query
 * sent), one line per background job run, written in batches; and error texts with no address,
 * link or token in them.
 */
import assert from "node:assert/strict";
import { call, createTestApp, get, seedTeam } from "../helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { errorText, LineBatch, logWorker, redactLogText, setLogSink } from "../../lib/log.ts";
import { queueMail, startQueueWorker } from "../../lib/mail/mod.ts";
import { createOutboxMailer } from "../../lib/mail/mailers.ts";
import { signInMail } from "../../lib/mail/templates.ts";

type Line = Record<string, unknown>;

/** The log's lines (parsed) for the life of the `using` block, instead of stdout and stderr. */
function captureLog() {
  const lines: { line: string; stream: string }[] = [];
  const restore = setLogSink((line, stream) => lines.push({ line, stream }));
  return {
    raw: () => lines.map(({ line }) => line).join("\n"),
    parsed: (stream = "stdout") => lines.filter((l) => l.stream === stream).map(({ line }) => JSON.parse(line) as Line),
    [Symbol.dispose]: restore,
  };
}

const REQUEST_FIELDS = ["method", "ms", "route", "status", "time", "worker"];

Deno.test("[log] one line per request: method, route pattern, status, ms, worker; no path, query or secret", async () => {
  using log = captureLog();
  await using t = await createTestApp({ requestLog: true });
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "logged.parent@example.com", teamId: team.id, firstName: "Quillon" });
  const secrets = ["s3cr3t-token-value", "logged.parent", "example.com", "Quillon", "next=", "?"];

  const requests: [string, string, unknown, number, string | null][] = [
    // The page sends a query string back to its one address (a redirect).
    ["GET", `/t/${team.slug}/roster?token=s3cr3t-token-value`, undefined, 303, "/t/:slug/roster"],
    ["GET", `/api/teams/${team.id}/roster?next=%2Fhome`, undefined, 200, "/api/teams/:teamKey/roster"],
    [
      "POST",
      "/api/team/magic-link?email=logged.parent@example.com",
      { email: "logged.parent@example.com" },
      200,
      "/api/team/magic-link",
    ],
    ["GET", "/no/such/page/logged.parent@example.com?token=s3cr3t-token-value", undefined, 404, null],
    ["GET", "/healthz?next=/admin", undefined, 200, "/healthz"],
  ];
  for (const [method, path, body, status] of requests) {
    const res = await call(t.app, method, path, { body, origin: method === "GET" ? null : undefined });
    await res.body?.cancel();
    assert.equal(res.status, status, `${method} ${path}`);
  }
  // A refusal by a rule (the origin guard, before the route's handler) still names the route.
  const refused = await call(t.app, "POST", "/api/team/magic-link", { body: {}, origin: "https://evil.example" });
  assert.equal(refused.status, 403);
  await refused.body?.cancel();

  const lines = log.parsed();
  assert.equal(lines.length, requests.length + 1, log.raw());
  for (const line of lines) assert.deepEqual(Object.keys(line).sort(), REQUEST_FIELDS);
  assert.deepEqual(
    lines.map(({ method, route, status }) => [method, route, status]),
    [...requests.map(([method, , , status, route]) => [method, route, status]), ["POST", "/api/team/magic-link", 403]],
  );
  for (const line of lines) {
    assert.ok(!Number.isNaN(Date.parse(String(line.time))));
    assert.ok(typeof line.ms === "number" && line.ms >= 0);
    assert.equal(line.worker, logWorker());
  }
  const stdout = log.parsed("stdout").map((line) => JSON.stringify(line)).join("\n");
  for (const secret of secrets) assert.ok(!stdout.includes(secret), `${secret} in ${stdout}`);
});

Deno.test("[log] an answer from the public response cache is logged like any other, by its route pattern", async () => {
  using log = captureLog();
  await using t = await createTestApp({ requestLog: true });
  const { team } = await seedTeam(t.kv);
  // The first GET fills the cache through the router; the next two are hits that skip it.
  for (let i = 0; i < 3; i++) await (await get(t.app, `/api/teams/${team.slug}/roster`)).body?.cancel();
  await (await t.app.request(`/t/${team.slug}/roster`, { method: "HEAD" })).body?.cancel();
  await (await t.app.request(`/t/${team.slug}/roster`, { method: "HEAD" })).body?.cancel();
  const lines = log.parsed();
  for (const line of lines) assert.deepEqual(Object.keys(line).sort(), REQUEST_FIELDS);
  assert.deepEqual(lines.map(({ method, route, status }) => [method, route, status]), [
    ["GET", "/api/teams/:teamKey/roster", 200],
    ["GET", "/api/teams/:teamKey/roster", 200],
    ["GET", "/api/teams/:teamKey/roster", 200],
    ["HEAD", "/t/:slug/roster", 200],
    ["HEAD", "/t/:slug/roster", 200],
  ]);
  assert.ok(!log.raw().includes(team.slug), "the path as sent is never logged");
});

Deno.test("[log] createTestApp writes no request lines unless asked; security events are batched lines on stderr", async () => {
  using log = captureLog();
  await using t = await createTestApp();
  await (await get(t.app, "/healthz")).body?.cancel();
  assert.deepEqual(log.parsed("stdout"), []);

  const refused = await call(t.app, "POST", "/api/team-admin/login?next=%2Fhome", {
    body: { email: "nobody@example.com", password: "Wrong-Password-1" },
    origin: "https://evil.example",
  });
  assert.equal(refused.status, 403);
  await refused.body?.cancel();
  assert.deepEqual(log.parsed("stderr").map((line) => [line.event, line.path]), [
    ["cross_origin.refused", "/api/team-admin/login"],
  ]);
  assert.ok(!/nobody@|Wrong-Password|next=/.test(log.raw()), log.raw());
});

Deno.test("[log] the mail queue's deliveries are job lines: outcome and mail id, never the address or link", async () => {
  using log = captureLog();
  const kv = await Deno.openKv(":memory:");
  const worker = startQueueWorker(kv, createOutboxMailer(kv, { withBodies: true, log: () => {} }), {
    sweepEveryMs: null,
  });
  try {
    const link = "http://localhost:8000/auth/magic?token=Zm9vYmFyYmF6cXV4cXV1eHp5enp5Zm9vYmFyYmF6cXV4";
    const id = await queueMail(kv, {
      kind: "sign-in",
      to: { address: "queued.parent@example.com" },
      ...signInMail({ link }),
    });
    for (let i = 0; i < 200 && log.parsed().length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const [line] = log.parsed();
    assert.deepEqual({ ...line, time: "-", ms: "-" }, {
      time: "-",
      job: "mail.delivery",
      outcome: "sent",
      mail: id,
      ms: "-",
      worker: logWorker(),
    });
    assert.ok(!log.raw().includes("queued.parent") && !log.raw().includes("token"), log.raw());
  } finally {
    kv.close();
    await worker;
  }
});

Deno.test("[log] lines wait in a batch: written together after 100 ms, at 64 KB, or when flushed", async () => {
  const writes: string[] = [];
  const file = {
    writeSync(bytes: Uint8Array) {
      writes.push(new TextDecoder().decode(bytes));
      return bytes.length;
    },
  };
  const batch = new LineBatch(file, { afterMs: 30, atBytes: 1024 });
  batch.add('{"a":1}');
  batch.add('{"a":2}');
  assert.deepEqual(writes, [], "nothing written at once");
  await new Promise((r) => setTimeout(r, 60));
  assert.deepEqual(writes, ['{"a":1}\n{"a":2}\n'], "one write for both");

  batch.add("x".repeat(2000));
  assert.equal(writes.length, 2, "a full batch is written at once");
  batch.add('{"b":1}');
  batch.flush();
  assert.deepEqual(writes.at(-1), '{"b":1}\n');
  batch.flush();
  assert.equal(writes.length, 3, "an empty batch writes nothing");

  // A stream that fails (the reader went away) loses the lines and never throws.
  const broken = new LineBatch({
    writeSync: () => {
      throw new Deno.errors.BrokenPipe("gone");
    },
  });
  broken.add("{}");
  broken.flush();
});

Deno.test("[log] error texts lose addresses, links' paths and queries, and tokens; a stack keeps its frames", () => {
  const token = "Zm9vYmFyYmF6cXV4cXV1eHp5enp5Zm9vYmFyYmF6cXV4";
  assert.equal(
    redactLogText(`550 5.1.1 <Jane.Doe+kids@Example.co.uk>: Recipient address rejected`),
    "550 5.1.1 <[email]>: Recipient address rejected",
  );
  assert.equal(
    redactLogText(`error sending request for url (https://calendar.example.org/private-${token}/basic.ics?k=v)`),
    "error sending request for url (https://calendar.example.org/…",
  );
  assert.equal(
    redactLogText("smtp://user:hunter2@mail.example.org:587 refused"),
    "smtp://mail.example.org:587 refused",
  );
  assert.equal(redactLogText(`/auth/magic?token=${token} failed`), "/auth/magic?… failed");
  assert.equal(redactLogText(`token ${token} spent`), "token [token] spent");
  assert.equal(redactLogText("jane%40example.com"), "[email]");
  assert.equal(redactLogText("does the folder exist? (it does not)"), "does the folder exist? (it does not)");
  assert.ok(redactLogText("y".repeat(5000)).length <= 2000);

  const error = new Error(`no account for jane@example.com`);
  const text = errorText(error);
  assert.match(text, /^Error: no account for \[email\]\n\s+at /);
  assert.match(text, /file:\/\/\/.*request_log_test\.ts/, "stack frames stay");
  assert.equal(errorText("plain jane@example.com"), "plain [email]");
});
