/**
 * The app under the permissions Deno Deploy gives it (README "Deno Deploy"): one real server
 * started with exactly
 *
 *   deno run --allow-net --allow-env --allow-read --allow-sys --deny-write --deny-ffi --deny-run main.ts
 *
 * on `GOALMATES_KV=:memory:` (standing in for the platform's KV) and `DENO_DEPLOYMENT_ID` set as the
 * platform sets it. It walks one path through what needs more than plain request handling: the
 * public pages and a built asset, a signup whose verification mail goes out through SMTP, a
 * magic-link sign-in, a system administrator's password (scrypt on worker threads), a photo
 * processed on the image workers, and a calendar connected and synced from a feed. Nothing may be
 * refused by a permission, and each fallback (thread priority without FFI, the slow-header guard
 * left to the platform) says so exactly once.
 */
import assert from "node:assert/strict";
import { linkIn, startSmtpSink } from "../e2e/smtp_sink.ts";
import { startFeedServer } from "../calendar_feed_server.ts";
import { freePort, SIGNUP_BODY } from "../helpers.ts";
import { cookiesFrom } from "../auth_helpers.ts";
import { ensureBuild } from "../e2e/server.ts";
import { NO_FFI_PRIORITY_NOTICE } from "../../lib/workers/priority.ts";
import { HEADER_GUARD_FALLBACK_NOTICE } from "../../routes/serve.ts";

/** The Deploy command, with the deno that runs the tests. */
const DEPLOY_FLAGS = [
  "--allow-net",
  "--allow-env",
  "--allow-read",
  "--allow-sys",
  "--deny-write",
  "--deny-ffi",
  "--deny-run",
];
const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const START_TIMEOUT_MS = 30_000;
const PHOTO = Deno.readFileSync(new URL("../fixtures/display_p3.jpg", import.meta.url));
const SYSADMIN = { email: "root@example.com", password: "a very long sysadmin password" };
const HOUR = 60 * 60 * 1000;

/** An iCalendar feed with `titles` one day apart, starting tomorrow. */
function feedOf(titles: string[]): string {
  const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//GoalMates tests//EN"];
  titles.forEach((title, i) => {
    const start = new Date(Date.now() + (24 + 24 * i) * HOUR);
    lines.push(
      "BEGIN:VEVENT",
      `UID:${i}@deploy-test`,
      `DTSTAMP:${stamp(start)}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(new Date(start.getTime() + HOUR))}`,
      `SUMMARY:${title}`,
      "END:VEVENT",
    );
  });
  return [...lines, "END:VCALENDAR"].join("\r\n") + "\r\n";
}

Deno.test("[deploy] the whole app runs with Deno Deploy's permissions: no write, no FFI, no subprocess", async () => {
  // The server only reads static/build (`deno task test` builds first); a source changed since is rebuilt here.
  await ensureBuild();
  const sink = await startSmtpSink();
  const feed = startFeedServer({ "/team.ics": { body: feedOf(["Game vs. Hawks", "Practice"]) } });
  const port = freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...DEPLOY_FLAGS, "main.ts"],
    cwd: ROOT,
    env: {
      NODE_ENV: "production",
      GOALMATES_ENV: "production",
      GOALMATES_KV: ":memory:",
      DENO_DEPLOYMENT_ID: "deploy-permissions-test",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      APP_URL: origin,
      SMTP_URL: sink.url,
      MAIL_QUEUE_KEY: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))),
      SYSADMIN_EMAIL: SYSADMIN.email,
      SYSADMIN_PASSWORD: SYSADMIN.password,
      CALENDAR_ALLOW_PRIVATE_HOSTS: "1",
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const out = { stdout: "", stderr: "" };
  const drain = async (stream: ReadableStream<Uint8Array>, into: "stdout" | "stderr") => {
    const decoder = new TextDecoder();
    for await (const bytes of stream) out[into] += decoder.decode(bytes, { stream: true });
  };
  const drained = Promise.all([drain(child.stdout, "stdout"), drain(child.stderr, "stderr")]);
  let exited = false;
  const status = child.status.finally(() => exited = true);
  const log = () => `--- stdout ---\n${out.stdout}\n--- stderr ---\n${out.stderr}`;

  /** A same-origin request as the browser sends it (JSON when `body` is an object). */
  const send = async (method: string, path: string, options: { cookie?: string; body?: unknown } = {}) => {
    const headers: Record<string, string> = { origin };
    if (options.cookie) headers.cookie = options.cookie;
    let body: BodyInit | undefined;
    if (options.body instanceof Uint8Array) {
      headers["content-type"] = "image/jpeg";
      body = options.body as BodyInit;
    } else if (options.body instanceof URLSearchParams) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = options.body.toString();
    } else if (options.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    return await fetch(`${origin}${path}`, { method, headers, body, redirect: "manual" });
  };
  const json = async (res: Response, expected: number) => {
    const text = await res.text();
    assert.equal(res.status, expected, `${res.url}: ${text}\n${log()}`);
    return JSON.parse(text);
  };
  const page = async (path: string) => {
    const res = await fetch(`${origin}${path}`);
    const html = await res.text();
    assert.equal(res.status, 200, `${path}\n${log()}`);
    return html;
  };

  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (true) {
      assert.ok(!exited, `The server exited during start-up.\n${log()}`);
      assert.ok(Date.now() < deadline, `The server did not answer within ${START_TIMEOUT_MS} ms.\n${log()}`);
      const res = await fetch(`${origin}/`).catch(() => null);
      await res?.body?.cancel();
      if (res?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // Public pages and a built asset (read from static/build, never built here).
    const landing = await page("/");
    for (const path of ["/about", "/privacy", "/signup", "/team-login"]) await page(path);
    const stylesheet = /href="(\/build\/[^"]+\.css)"/.exec(landing)?.[1];
    assert.ok(stylesheet, "the landing page links its stylesheet");
    assert.equal((await page(stylesheet)).length > 0, true);

    // A signup: the verification mail is queued in KV and delivered through SMTP.
    const email = SIGNUP_BODY.email.toLowerCase();
    await json(await send("POST", "/api/signup/create-pending-intent", { body: SIGNUP_BODY }), 200);
    const verifyLink = new URL(linkIn(await sink.waitForMail(email, "/signup/verify"), "/signup/verify"));
    const token = verifyLink.searchParams.get("token");
    const team = await json(await send("POST", "/api/signup/verify-token", { body: { token } }), 200);
    assert.match(await page(`/t/${team.slug}/roster`), /Harbor Hawks/);

    // A sign-in by magic link, from a second mail.
    await json(await send("POST", "/api/team/magic-link", { body: { email } }), 200);
    const magicLink = new URL(linkIn(await sink.waitForMail(email, "/auth/magic"), "/auth/magic"));
    const signedIn = await send("POST", "/auth/magic", {
      body: new URLSearchParams({ token: magicLink.searchParams.get("token")! }),
    });
    assert.equal(signedIn.status, 303, log());
    const cookie = cookiesFrom(signedIn);
    await signedIn.body?.cancel();
    const session = await json(await send("GET", "/api/v2/auth/session", { cookie }), 200);
    assert.equal(session.user.selectedTeamId, team.teamId);

    // The system administrator's password, checked by scrypt on the worker threads.
    await json(await send("POST", "/api/sysadmin/login", { body: SYSADMIN }), 200);

    // A photo: upload URL, PUT, processed on the image workers (wasm-vips, in memory).
    const asked = await json(
      await send("POST", "/api/objects/upload", {
        cookie,
        body: { teamId: team.teamId, purpose: "gallery", size: PHOTO.byteLength, contentType: "image/jpeg" },
      }),
      200,
    );
    assert.deepEqual(await json(await send("PUT", asked.uploadURL, { cookie, body: PHOTO }), 200), {
      objectPath: asked.objectPath,
    });
    const processed = await json(
      await send("POST", "/api/photos/process-gallery-photo", { cookie, body: { originalPath: asked.objectPath } }),
      200,
    );
    const thumbnail = await send("GET", processed.thumbnailPath, { cookie });
    assert.equal(thumbnail.status, 200, log());
    assert.ok((await thumbnail.bytes()).byteLength > 0);

    // A calendar: connected (its first sync, parsed on the calendar workers), then synced again.
    const connected = await json(
      await send("POST", `/api/teams/${team.teamId}/calendar`, {
        cookie,
        body: { calendarUrl: feed.url("/team.ics") },
      }),
      201,
    );
    assert.equal(connected.calendar.eventCount, 2);
    feed.set("/team.ics", { body: feedOf(["Game vs. Hawks", "Practice", "Tournament"]) });
    await json(
      await send("POST", `/api/teams/${team.teamId}/calendars/${connected.calendar.id}/sync`, { cookie }),
      200,
    );
    const events = await json(await send("GET", `/api/teams/${team.teamId}/events?limit=10`, { cookie }), 200);
    assert.deepEqual(events.values.map((e: { title: string }) => e.title), [
      "Game vs. Hawks",
      "Practice",
      "Tournament",
    ]);
  } finally {
    if (!exited) child.kill("SIGTERM");
    await status;
    await drained;
    await feed.close();
    await sink.close();
  }

  const output = `${out.stdout}\n${out.stderr}`;
  assert.doesNotMatch(output, /PermissionDenied|NotCapable|Requires \w+ access/, log());
  const count = (line: string) => output.split(line).length - 1;
  assert.equal(count(NO_FFI_PRIORITY_NOTICE), 1, `the thread-priority fallback is said once\n${log()}`);
  assert.equal(count(HEADER_GUARD_FALLBACK_NOTICE), 1, `the slow-header fallback is said once\n${log()}`);
});
