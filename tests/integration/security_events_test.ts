// Security events (R39): failed logins, 429s and refused cross-site posts are each logged as one
// JSON line, with a redacted path and a hashed account, never a token, a password or an e-mail.
import assert from "node:assert/strict";
import { createTestApp, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { call } from "../admin_helpers.ts";
import { accountHint, configureSecurityLog, redactPath } from "../../lib/security_log.ts";

/** Collects the security log's lines for the life of the `using` block. */
function captureSecurityLog() {
  const lines: string[] = [];
  const restore = configureSecurityLog({ sink: (line) => lines.push(line) });
  return {
    lines,
    events: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    [Symbol.dispose]: restore,
  };
}

const IP = "203.0.113.7";
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Asserts that no line holds any of `secrets` (nor an e-mail's local part, nor any '@'). */
function assertRedacted(lines: string[], secrets: string[]) {
  for (const line of lines) {
    assert.ok(!line.includes("\n"), "one line per event");
    assert.ok(!line.includes("@"), `no e-mail address: ${line}`);
    for (const secret of secrets) assert.ok(!line.toLowerCase().includes(secret.toLowerCase()), `${secret}: ${line}`);
  }
}

Deno.test("[security events] a failed password login is one event: no password, no e-mail, a hashed account", async () => {
  using log = captureSecurityLog();
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const email = "Victim.Coach@Example.com";
  await createAccount(t.kv, {
    email: email.toLowerCase(),
    teamId: team.id,
    role: "TEAM_ADMIN",
    password: "right one 123",
  });
  const password = "Wrong-Hunter2-Password";

  const res = await requestJson(t.app, "/api/team-admin/login?next=%2Fsecret", { body: { email, password } });
  assert.equal(res.status, 401);
  assert.equal(log.lines.length, 1, log.lines.join("\n"));
  const [event] = log.events();
  assert.deepEqual(Object.keys(event).sort(), [
    "account",
    "event",
    "ip",
    "level",
    "method",
    "path",
    "requestId",
    "status",
    "time",
    "via",
  ]);
  assert.match(String(event.time), ISO_TIME);
  assert.equal(event.event, "login.failed");
  assert.match(String(event.requestId), UUID);
  assert.equal(event.method, "POST");
  assert.equal(event.path, "/api/team-admin/login", "no query string");
  assert.equal(event.ip, IP);
  assert.equal(event.status, 401);
  assert.equal(event.via, "password");
  assert.match(String(event.account), /^[0-9a-f]{16}$/);
  assert.equal(event.account, await accountHint(email.toLowerCase()), "case-folded: one account, one hint");
  assertRedacted(log.lines, [password, email, "victim", "example.com", "secret"]);

  // The no-JavaScript form on /team-login answers its own 401 page; it is seen all the same.
  const form = await t.app.request(`${TEST_ORIGIN}/team-login`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ action: "password", email, password, next: "" }).toString(),
  });
  assert.equal(form.status, 401);
  assert.equal(log.lines.length, 2);
  assert.deepEqual(
    [log.events()[1].event, log.events()[1].path, log.events()[1].account],
    ["login.failed", "/team-login", event.account],
  );
  assertRedacted(log.lines, [password, email, "victim"]);

  // A request answered 200 is no event; neither is a 401 outside the sign-in posts.
  assert.equal((await requestJson(t.app, "/api/team/magic-link", { body: { email } })).status, 200);
  assert.equal((await call(t.app, "GET", `/api/admin/${team.id}/settings`)).status, 401);
  assert.equal(log.lines.length, 2);
});

Deno.test("[security events] a sign-in link that cannot be redeemed is a failed login; its token is never logged", async () => {
  using log = captureSecurityLog();
  await using t = await createTestApp();
  const token = "Qw8_rT5-yUi2oP4aSd6fGh8jKl0zXc1vBn3mQw5eRt7";
  const res = await t.app.request(`${TEST_ORIGIN}/auth/magic?t=${token}`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token, next: "" }).toString(),
  });
  assert.equal(res.status, 400);
  await res.body?.cancel();
  assert.deepEqual(log.events().map((e) => [e.event, e.via, e.path, "account" in e]), [
    ["login.failed", "magic-link", "/auth/magic", false],
  ]);
  assertRedacted(log.lines, [token, token.slice(0, 12)]);
});

Deno.test("[security events] a 429 is one event, with the throttled account hashed", async () => {
  using log = captureSecurityLog();
  await using t = await createTestApp();
  const email = "throttled.parent@example.com";
  for (let i = 0; i < 5; i++) {
    assert.equal((await requestJson(t.app, "/api/team/magic-link", { body: { email } })).status, 200);
  }
  assert.deepEqual(log.lines, [], "the accepted requests log nothing");
  const limited = await requestJson(t.app, "/api/team/magic-link", { body: { email } });
  assert.equal(limited.status, 429);
  assert.equal(log.lines.length, 1);
  const [event] = log.events();
  assert.equal(event.event, "rate_limit.hit");
  assert.equal(event.status, 429);
  assert.equal(event.method, "POST");
  assert.equal(event.path, "/api/team/magic-link");
  assert.equal(event.ip, IP);
  assert.equal(event.account, await accountHint(email));
  assertRedacted(log.lines, [email, "throttled"]);
});

Deno.test("[security events] a 429 a page answers itself (password form, 11th try) is seen too", async () => {
  using log = captureSecurityLog();
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const email = "coach@example.com";
  await createAccount(t.kv, { email, teamId: team.id, role: "TEAM_ADMIN", password: "right one 123" });
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const res = await t.app.request(`${TEST_ORIGIN}/team-login`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ action: "password", email, password: `wrong password ${i}` }).toString(),
    });
    await res.body?.cancel();
    statuses.push(res.status);
  }
  assert.deepEqual(statuses, [...Array(10).fill(401), 429]);
  assert.deepEqual(log.events().map((e) => e.event), [...Array(10).fill("login.failed"), "rate_limit.hit"]);
  assertRedacted(log.lines, [email, "wrong password"]);
});

Deno.test("[security events] a refused cross-site post is one event; tokens in its path and query are cut", async () => {
  using log = captureSecurityLog();
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const token = "Zx9_pQ2-kLm4nOp6qRs8tUv0wXy1zAb3cDe5fGh7iJk"; // 43 characters, like the app's tokens
  const res = await t.app.request(`${TEST_ORIGIN}/api/teams/${token}/claims?token=${token}&email=a%40b.example`, {
    method: "POST",
    headers: { origin: "https://evil.example", "content-type": "application/json" },
    body: JSON.stringify({ mode: "jersey", jerseyNumber: 7, email: "victim@example.com", password: "pw-123456" }),
  });
  assert.equal(res.status, 403);
  assert.equal(log.lines.length, 1);
  const [event] = log.events();
  assert.equal(event.event, "cross_origin.refused");
  assert.equal(event.status, 403);
  assert.equal(event.path, "/api/teams/:token/claims");
  assert.ok(!("account" in event), "the refused body is never read");
  assertRedacted(log.lines, [token, "victim", "pw-123456", "evil.example"]);

  // A form from another site, and one with no Origin: each one event.
  const form = await t.app.request(`${TEST_ORIGIN}/t/${team.slug}/claim`, {
    method: "POST",
    headers: { "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
    body: "mode=jersey&jerseyNumber=7&email=victim%40example.com",
  });
  assert.equal(form.status, 403);
  assert.deepEqual(log.events().map((e) => [e.event, e.path]), [
    ["cross_origin.refused", "/api/teams/:token/claims"],
    ["cross_origin.refused", `/t/${team.slug}/claim`],
  ]);
  // Other 403s (signed in, not allowed) are not this event.
  assert.equal((await requestJson(t.app, "/api/sysadmin/verify")).status, 401);
  assert.equal(log.lines.length, 2);
});

Deno.test("[security events] what a client sends cannot forge a second line", async () => {
  using log = captureSecurityLog();
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const forged = 'coach\n{"level":"info","event":"login.ok"}\r\n';
  const res = await requestJson(t.app, `/api/teams/${team.id}/login`, {
    body: { username: forged, password: "not the team password" },
  });
  assert.equal(res.status, 401);
  assert.equal(log.lines.length, 1);
  const [line] = log.lines;
  assert.ok(!/[\r\n]/.test(line));
  assert.ok(!line.includes("login.ok") && !line.includes('"info"'), line);
  const [event] = log.events();
  assert.deepEqual([event.event, event.via, event.path], ["login.failed", "team-password", "/api/teams/:id/login"]);
  assert.equal(event.account, await accountHint(forged), "the username is logged only as its hash");
});

Deno.test("[security events] redactPath: no query, ids and tokens cut, bounded length", () => {
  const cases: [string, string][] = [
    ["/edit?token=abcdef", "/edit"],
    ["/t/rockets-u10/roster#x", "/t/rockets-u10/roster"],
    [
      "/api/admin/01J9ZC4S3K6W8Y2M0Q5T7V9X1B/claims/01J9ZC4S3K6W8Y2M0Q5T7V9X1C/approve",
      "/api/admin/:id/claims/:id/approve",
    ],
    ["/api/x/6f1c1d8e-7c1a-4c36-9b1e-2f0c1a2b3c4d", "/api/x/:id"],
    ["/auth/magic/Zx9_pQ2-kLm4nOp6qRs8tUv0wXy1zAb3cDe5fGh7iJk", "/auth/magic/:token"],
    ["/u/someone@example.com/x", "/u/:email/x"],
    ["/u/someone%40example.com", "/u/:email"],
    ["/a/%0A%7B%22level%22", "/a/:x"],
    ["/", "/"],
  ];
  for (const [path, expected] of cases) assert.equal(redactPath(path), expected, path);
  const long = redactPath(`/${"segment/".repeat(40)}`);
  assert.ok(long.length <= 120 && long.endsWith("…"), long);
});
