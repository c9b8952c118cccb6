/**
 * No sign-in through the outbox or the queue (security items 4 and 8, R1, R4, R39): in production
 * without SMTP the outbox keeps recipient and subject only, and /email-test, the KV and the
 * console never show a sign-in or verification token; development still lists the links. A
 * queued mail waits sealed, and the send still delivers its working link.
 */
import assert from "node:assert/strict";
import {
  createTestApp,
  kvJson,
  postForm,
  requestJson,
  seedTeam,
  SIGNUP_BODY,
  TEST_ORIGIN,
  type TestContext,
} from "../helpers.ts";
import { cookiesFrom, createAccount, queuedMail, tokenFromMail } from "../auth_helpers.ts";
import { signInSysadmin } from "../admin_helpers.ts";
import { loadConfig } from "../../lib/config.ts";
import { createMailer } from "../../lib/mail/mod.ts";
import { deliverQueuedMail } from "../../lib/mail/queue.ts";
import type { Mailer, OutgoingMail } from "../../lib/mail/types.ts";
import { keys } from "../../lib/db/keys.ts";

const SIGNUP = { ...SIGNUP_BODY, email: "jordan@example.com" };

/** Runs `work` with everything written to the console collected instead. */
async function capturingConsole<T>(work: () => Promise<T>): Promise<{ result: T; output: string }> {
  const methods = ["log", "info", "warn", "error", "debug"] as const;
  const saved = methods.map((m) => console[m]);
  const lines: string[] = [];
  for (const m of methods) console[m] = (...args: unknown[]) => lines.push(args.map((a) => Deno.inspect(a)).join(" "));
  try {
    return { result: await work(), output: lines.join("\n") };
  } finally {
    methods.forEach((m, i) => console[m] = saved[i]);
  }
}

async function everyValue(kv: Deno.Kv): Promise<string> {
  const entries = await Array.fromAsync(kv.list({ prefix: [] }));
  return kvJson(entries.map((e) => [e.key, e.value]));
}

/** A sign-in link to an account and a signup verification link, both queued; their raw tokens. */
async function queueSignInAndVerification(t: TestContext) {
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "coach@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  assert.equal(
    (await requestJson(t.app, "/api/team-admin/magic-link", { body: { email: "coach@example.com" } })).status,
    200,
  );
  assert.equal((await requestJson(t.app, "/api/signup/create-pending-intent", { body: SIGNUP })).status, 200);
  // Read from what was generated (the queue's sealed bodies, opened with this process's key).
  return {
    signIn: await tokenFromMail(t.kv, "coach@example.com", "/auth/magic"),
    verify: await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify"),
  };
}

/** Delivers every queued mail once through `mailer`. */
async function deliverAll(kv: Deno.Kv, mailer: Mailer) {
  for (const pending of await queuedMail(kv)) assert.equal(await deliverQueuedMail(kv, mailer, pending.id), "sent");
}

Deno.test("[outbox] production without SMTP: recipient and subject only; no token on the page, in KV or on the console", async () => {
  await using t = await createTestApp();
  const config = loadConfig({ APP_URL: TEST_ORIGIN, GOALMATES_KV: ":memory:" });
  const sysadmin = await signInSysadmin(t);
  const { result: tokens, output } = await capturingConsole(async () => {
    const tokens = await queueSignInAndVerification(t);
    assert.ok(!(await everyValue(t.kv)).includes(tokens.signIn), "queued sealed");
    await deliverAll(t.kv, createMailer(config, t.kv));
    return tokens;
  });
  const secrets = [tokens.signIn, tokens.verify];
  for (const token of secrets) assert.ok(!output.includes(token), "no token on the console");
  assert.ok(!output.includes("coach@example.com"), "no address on the console");
  assert.match(output, /kept in the outbox, not sent/);

  // The page lists both mails by recipient and subject, without a link, on GET and after a POST.
  const page = await (await t.app.request(`${TEST_ORIGIN}/email-test`, { headers: { cookie: sysadmin } })).text();
  const posted = await t.app.request(`${TEST_ORIGIN}/email-test`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded", cookie: sysadmin },
    body: new URLSearchParams({ type: "verification", email: "x@example.com" }).toString(),
  });
  assert.equal(posted.status, 200);
  for (const html of [page, await posted.text()]) {
    for (const token of secrets) assert.ok(!html.includes(token), "no token on /email-test");
    assert.ok(!html.includes("/auth/magic?token=") && !html.includes("/signup/verify?token="));
    for (const text of ["coach@example.com", "Your GoalMates sign-in link", "jordan@example.com"]) {
      assert.ok(html.includes(text), `lacks ${text}`);
    }
    assert.ok(html.includes("Verify your e-mail to create Harbor Hawks on GoalMates"));
  }

  // Nothing in KV holds a token: the outbox keeps recipient, kind and subject; nothing is pending.
  const outbox = await Array.fromAsync(t.kv.list<Record<string, unknown>>({ prefix: keys.outbox() }));
  assert.ok(outbox.length >= 2);
  for (const entry of outbox) {
    assert.deepEqual(Object.keys(entry.value).sort(), ["createdAt", "id", "kind", "subject", "to"]);
  }
  const everything = await everyValue(t.kv);
  for (const token of secrets) assert.ok(!everything.includes(token), "no token in any KV value");

  // What stayed hidden was live: the sign-in link works for whoever has it.
  const signIn = await postForm(t.app, "/auth/magic", { token: tokens.signIn });
  assert.equal(signIn.status, 303);
  assert.match(cookiesFrom(signIn), /gm_session=/);
});

Deno.test("[outbox] development: the outbox keeps the mail and /email-test lists its link; the console does not", async () => {
  await using t = await createTestApp({ env: { GOALMATES_ENV: "development" } });
  const config = loadConfig({ APP_URL: TEST_ORIGIN, GOALMATES_KV: ":memory:", GOALMATES_ENV: "development" });
  const { result: tokens, output } = await capturingConsole(async () => {
    const tokens = await queueSignInAndVerification(t);
    await deliverAll(t.kv, createMailer(config, t.kv));
    return tokens;
  });
  // The console points the newcomer to /email-test; no mode prints a link or an address (issue 21).
  for (const token of [tokens.signIn, tokens.verify]) assert.ok(!output.includes(token), "no token on the console");
  for (const address of ["coach@example.com", "jordan@example.com"]) assert.ok(!output.includes(address), address);
  assert.match(output, /\[outbox\] sign-in mail \w+ kept in the development outbox: read it at .*\/email-test/);
  const html = await (await t.app.request(`${TEST_ORIGIN}/email-test`)).text();
  assert.ok(html.includes("Development outbox"));
  assert.ok(html.includes(`<a href="${TEST_ORIGIN}/auth/magic?token=${tokens.signIn}">`));
  assert.ok(html.includes(`<a href="${TEST_ORIGIN}/signup/verify?token=${tokens.verify}">`));
});

Deno.test("[outbox] a queued sign-in mail waits sealed while delivery fails, then goes out with its working link", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "parent@example.com", teamId: team.id });
  await requestJson(t.app, "/api/team/magic-link", { body: { email: "parent@example.com" } });
  const [pending] = await queuedMail(t.kv);
  const token = /\/auth\/magic\?token=([A-Za-z0-9_-]{43})/.exec(pending.mail.text)![1];

  const raw = JSON.stringify((await t.kv.get(keys.pendingMail(pending.id))).value);
  assert.ok(raw.includes("parent@example.com") && !raw.includes(token), "the pending record holds no token");
  assert.ok(!(await everyValue(t.kv)).includes(token), "nor does any other KV value");

  const delivered: OutgoingMail[] = [];
  let up = false;
  const smtp: Mailer = {
    name: "smtp-spy",
    send: (mail) => up ? Promise.resolve(void delivered.push(mail)) : Promise.reject(new Error("connection refused")),
  };
  let now = Date.now();
  const { output } = await capturingConsole(async () => {
    assert.equal(await deliverQueuedMail(t.kv, smtp, pending.id, { clock: () => now }), "retry");
    assert.ok(!(await everyValue(t.kv)).includes(token), "still sealed while it waits for a retry");
    up = true;
    now += 60_000;
    assert.equal(await deliverQueuedMail(t.kv, smtp, pending.id, { clock: () => now }), "sent");
  });
  assert.ok(!output.includes(token));
  assert.equal(delivered.length, 1);
  const link = `${TEST_ORIGIN}/auth/magic?token=${token}`;
  assert.ok(delivered[0].text.includes(link) && delivered[0].html.includes(link));
  assert.equal((await t.kv.get(keys.pendingMail(pending.id))).value, null);
  const signIn = await postForm(t.app, "/auth/magic", { token });
  assert.equal(signIn.status, 303, "the delivered link signs in");
  assert.match(cookiesFrom(signIn), /gm_session=/);
});
