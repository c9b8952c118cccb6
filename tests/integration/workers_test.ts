/**
 * WORKERS (routes/serve_workers.ts): two processes, each with WORKERS=2, on one database file, so
 * every check crosses isolates of one process and processes at once. Each connection here is a
 * new one, which the kernel hands to either isolate of the port (SO_REUSEPORT), and the request
 * lines' `worker` ids show that both answered.
 *
 * - each isolate says once, in JSON, that it listens, with its worker id (0 and 1);
 * - a mail queued once is sent once (a real SMTP sink), whichever isolate queued it;
 * - one magic link spent at once from both processes and both isolates gives one session;
 * - a calendar sync asked for at once everywhere fetches the feed once (the team's lease);
 * - a roster change committed by a third party shows on every isolate of both within 1 s.
 */
import assert from "node:assert/strict";
import { linkIn, startSmtpSink } from "../e2e/smtp_sink.ts";
import { startFeedServer } from "../calendar_feed_server.ts";
import { ensureBuild } from "../e2e/server.ts";
import { createPlayer } from "../helpers.ts";
import { addCalendar } from "../../lib/calendar/mod.ts";
import { openKv } from "../../lib/db/kv.ts";

const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const APP_URL = "http://goalmates.test";
const MAIL_QUEUE_KEY = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Running {
  port: number;
  stdout: () => string;
  stop(): Promise<number>;
}

/** main.ts with WORKERS=2 in development mode (the demo team); resolves once every isolate listens. */
async function startApp(kvPath: string, env: Record<string, string>): Promise<Running> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: ROOT,
    env: {
      NODE_ENV: "production",
      GOALMATES_ENV: "development",
      GOALMATES_KV: kvPath,
      WORKERS: "2",
      PORT: "0",
      HOSTNAME: "127.0.0.1",
      APP_URL,
      MAIL_QUEUE_KEY,
      CALENDAR_ALLOW_PRIVATE_HOSTS: "1",
      NO_COLOR: "1",
      ...env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let out = "";
  let err = "";
  const read = async (stream: ReadableStream<Uint8Array>, add: (text: string) => void) => {
    const streamDecoder = new TextDecoder();
    for await (const bytes of stream) add(streamDecoder.decode(bytes, { stream: true }));
  };
  const reading = Promise.all([read(child.stdout, (t) => out += t), read(child.stderr, (t) => err += t)]);
  let exited = false;
  const status = child.status.then((s) => (exited = true, s));
  const stop = async () => {
    if (!exited) child.kill("SIGTERM");
    const { code } = await status;
    await reading;
    return code;
  };
  const deadline = Date.now() + 30_000;
  while (true) {
    const port = /GoalMates listening on http:\/\/[\d.]+:(\d+)/.exec(out)?.[1];
    if (port) return { port: Number(port), stdout: () => out, stop };
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not start:\n${out}\n${err}`);
    }
    await delay(50);
  }
}

/** One request on a connection of its own (so the kernel picks the isolate), read to its end. */
async function request(
  port: number,
  method: string,
  path: string,
  options: { body?: string; type?: string; cookie?: string } = {},
): Promise<{ status: number; head: string; body: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const body = encoder.encode(options.body ?? "");
  const headers = [
    `${method} ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Origin: ${APP_URL}`,
    "Connection: close",
    ...(options.type ? [`Content-Type: ${options.type}`, `Content-Length: ${body.length}`] : []),
    ...(options.cookie ? [`Cookie: ${options.cookie}`] : []),
  ];
  await conn.write(encoder.encode(`${headers.join("\r\n")}\r\n\r\n`));
  if (body.length) await conn.write(body);
  const chunks: Uint8Array[] = [];
  const buffer = new Uint8Array(64 * 1024);
  while (true) {
    const n = await conn.read(buffer).catch(() => null);
    if (n === null) break;
    chunks.push(buffer.slice(0, n));
  }
  conn.close();
  const text = decoder.decode(new Uint8Array(chunks.flatMap((c) => [...c])));
  const end = text.indexOf("\r\n\r\n");
  return { status: Number(text.slice(9, 12)), head: text.slice(0, end), body: text.slice(end + 4) };
}

const json = (body: unknown) => ({ body: JSON.stringify(body), type: "application/json" });

/** The JSON lines of a process's stdout. */
function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));
}

/** Workers that answered GET `route` in `stdout` after its first `skip` characters. */
function workersThatAnswered(stdout: string, route: string, skip = 0): Set<unknown> {
  return new Set(jsonLines(stdout.slice(skip)).filter((l) => l.route === route).map((l) => l.worker));
}

Deno.test({
  name: "[workers] two processes of WORKERS=2 on one database: listen lines, mail, magic link, calendar lease, roster",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async (t) => {
    await ensureBuild();
    const dir = await Deno.makeTempDir({ prefix: "goalmates-workers-" });
    const kvPath = `${dir}/goalmates.kv`;
    const sink = await startSmtpSink();
    const ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//GoalMates tests//EN\r\nEND:VCALENDAR\r\n";
    // Slow enough that every sync asked for below overlaps the first one.
    const feed = startFeedServer({
      "/team.ics": () => delay(800).then(() => new Response(ics, { headers: { "content-type": "text/calendar" } })),
    });
    const env = { SMTP_URL: sink.url };
    const a = await startApp(kvPath, env);
    let b: Running | null = null;
    try {
      b = await startApp(kvPath, env);
      const both = [a.port, b.port];
      const login = await request(a.port, "POST", "/api/dev/auto-login", json({ email: "coach@example.com" }));
      const teamId = JSON.parse(login.body).user.selectedTeamId as string;

      await t.step("each isolate logs one JSON listening line with its worker id", () => {
        for (const app of [a, b!]) {
          const listening = jsonLines(app.stdout()).filter((line) => line.event === "listening");
          assert.deepEqual(listening.map((line) => line.worker).sort(), [0, 1], app.stdout());
          for (const line of listening) assert.equal(line.port, app.port);
        }
      });

      await t.step("a mail queued once is sent once", async () => {
        const people = ["coach@example.com", "parent@example.com", "player@example.com"];
        await Promise.all(
          people.map((email, i) =>
            request(both[i % 2], "POST", "/api/team/magic-link", json({ email })).then((res) => {
              assert.equal(res.status, 200, res.body);
            })
          ),
        );
        for (const email of people) await sink.waitForMail(email, "/auth/magic");
        await delay(1_500); // a second delivery would come within this
        for (const email of people) {
          assert.equal(sink.messages.filter((m) => m.to.includes(email)).length, 1, email);
        }
      });

      await t.step("one magic link spent at once from both processes gives one session", async () => {
        const mail = sink.messages.find((m) => m.to.includes("parent@example.com"))!;
        const token = new URL(linkIn(mail, "/auth/magic")).searchParams.get("token")!;
        const form = { body: new URLSearchParams({ token }).toString(), type: "application/x-www-form-urlencoded" };
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) => request(both[i % 2], "POST", "/auth/magic", form)),
        );
        const sessions = answers.filter((res) => /^set-cookie: gm_session=[^;\s]+/im.test(res.head));
        assert.equal(sessions.length, 1, answers.map((res) => res.head).join("\n\n"));
        for (const res of answers) assert.ok(res.status < 500, res.head);
      });

      await t.step("a calendar sync asked for everywhere at once fetches the feed once", async () => {
        const kv = await openKv(kvPath);
        try {
          await addCalendar(kv, teamId, feed.url("/team.ics"), { id: null, label: "Test" }, new Date(), {
            allowPrivateHosts: true,
          });
        } finally {
          kv.close();
        }
        const answers = await Promise.all(
          Array.from({ length: 6 }, (_, i) => request(both[i % 2], "POST", "/api/dev/calendars/sync", json({}))),
        );
        for (const res of answers) assert.equal(res.status, 200, res.body);
        assert.equal(feed.requests["/team.ics"], 1);
        const synced = answers.map((res) => JSON.parse(res.body).synced as number);
        assert.equal(synced.reduce((sum, n) => sum + n, 0), 1, `synced per call: ${synced}`);
      });

      await t.step("a roster change shows on every isolate of both processes within 1 s", async () => {
        const path = "/api/teams/demo/roster";
        // Request lines name the route pattern, never the path itself.
        const ROSTER_ROUTE = "/api/teams/:teamKey/roster";
        const get = (port: number) => request(port, "GET", path);
        // Every isolate keeps the roster in its public response cache first.
        const marks = [a.stdout().length, b!.stdout().length];
        for (let i = 0; i < 24; i++) assert.equal((await get(both[i % 2])).status, 200);
        await delay(300); // request lines are written in batches
        for (const [i, app] of [a, b!].entries()) {
          assert.deepEqual(
            workersThatAnswered(app.stdout(), ROSTER_ROUTE, marks[i]),
            new Set([0, 1]),
            "both isolates served",
          );
        }

        // Committed by this process, the third on the database: every isolate hears of it through kv.watch.
        const kv = await openKv(kvPath);
        const committed = performance.now();
        try {
          await createPlayer(kv, teamId, { firstName: "Zebedee", lastName: "Worker", jerseyNumber: 88 });
        } finally {
          kv.close();
        }
        const after = [a.stdout().length, b!.stdout().length];
        let stale = Infinity;
        while (performance.now() - committed < 1_000) {
          const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => get(both[i % 2])));
          stale = answers.filter((res) => !res.body.includes("Zebedee")).length;
          if (stale === 0) break;
        }
        assert.equal(stale, 0, "some isolate still sent the old roster 1 s after the change");
        // Then many more GETs, on both isolates of both processes: none is stale.
        const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => get(both[i % 2])));
        assert.deepEqual(answers.filter((res) => !res.body.includes("Zebedee")).length, 0);
        await delay(300);
        for (const [i, app] of [a, b!].entries()) {
          assert.deepEqual(
            workersThatAnswered(app.stdout(), ROSTER_ROUTE, after[i]),
            new Set([0, 1]),
            "both isolates served",
          );
        }
      });
    } finally {
      const codes = await Promise.all([a.stop(), b?.stop()]);
      await feed.close();
      await sink.close();
      await Deno.remove(dir, { recursive: true });
      assert.deepEqual(codes.filter((code) => code !== undefined), b ? [0, 0] : [0], "both stopped with status 0");
    }
  },
});
