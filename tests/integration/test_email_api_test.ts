import assert from "node:assert/strict";
import { createTestApp, getPage, postForm, requestJson, seedTeam, TEST_ORIGIN, type TestContext } from "../helpers.ts";
import { cookiesFrom, createAccount, queuedMail } from "../auth_helpers.ts";
import { ensureSysadmin } from "../../lib/auth/login.ts";
import { createOutboxMailer } from "../../lib/mail/mailers.ts";
import { readableText } from "../i18n_helpers.ts";

async function sysadminCookie(t: TestContext): Promise<string> {
  await ensureSysadmin(t.kv, "root@goalmates.test", "a sysadmin password");
  const res = await requestJson(t.app, "/api/sysadmin/login", {
    body: { email: "root@goalmates.test", password: "a sysadmin password" },
  });
  assert.equal(res.status, 200);
  return cookiesFrom(res);
}

Deno.test("[email-test] production without a sysadmin session: page and API do not exist", async () => {
  await using t = await createTestApp();
  const page = await getPage(t.app, "/email-test");
  assert.equal(page.res.status, 404);
  assert.ok(page.html.includes("404 Page Not Found"));
  assert.equal((await postForm(t.app, "/email-test", { type: "verification", email: "a@example.com" })).status, 404);
  for (const type of ["verification", "magic-link"]) {
    const res = await requestJson(t.app, `/api/test-email/${type}`, {
      body: { email: "a@example.com", playerName: "Sam" },
    });
    assert.equal(res.status, 404, type);
    assert.deepEqual(await res.json(), { message: "Not found" });
  }
  // A team admin's session is not a system administrator's.
  const { team } = await seedTeam(t.kv);
  const password = "correct horse battery";
  await createAccount(t.kv, { email: "coach@team.test", teamId: team.id, role: "TEAM_ADMIN", password });
  const login = await requestJson(t.app, "/api/team-admin/login", { body: { email: "coach@team.test", password } });
  const cookie = cookiesFrom(login);
  assert.match(cookie, /gm_session=/);
  assert.equal((await getPage(t.app, "/email-test", cookie)).res.status, 404);
  const api = await requestJson(t.app, "/api/test-email/verification", {
    body: { email: "a@example.com" },
    headers: { cookie },
  });
  assert.equal(api.status, 404);
  assert.deepEqual(await queuedMail(t.kv), []);
});

Deno.test("[email-test] a system administrator sends test mail whose links grant nothing", async (t) => {
  await using ctx = await createTestApp();
  const cookie = await sysadminCookie(ctx);

  await t.step("the page: fields, buttons, and the outbox while SMTP is unset", async () => {
    const { res, html } = await getPage(ctx.app, "/email-test", cookie);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    for (
      const text of [
        "Test Verification Email",
        "Test Magic Link Email",
        'value="Test Player"',
        'data-island="EmailTest"',
        ">Outbox</h2>",
        "only each mail&#x27;s recipient and subject are kept here",
      ]
    ) assert.ok(html.includes(text), `lacks ${text}`);
  });

  await t.step("verification: queued with a /signup/verify link that verifies nothing", async () => {
    const res = await requestJson(ctx.app, "/api/test-email/verification", {
      body: { email: " Someone@Example.com " },
      headers: { cookie },
    });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.success, true);
    assert.equal(body.type, "verification");
    assert.equal(body.email, "someone@example.com");
    assert.equal(typeof body.message, "string");
    assert.match(body.token, /^[A-Za-z0-9_-]{43}$/);
    const mail = (await queuedMail(ctx.kv)).at(-1)!.mail;
    assert.equal(mail.to.address, "someone@example.com");
    assert.match(mail.subject, /^\[Test\]/);
    assert.ok(mail.text.includes(`${TEST_ORIGIN}/signup/verify?token=${body.token}`));
    const verify = await requestJson(ctx.app, "/api/signup/verify-token", { body: { token: body.token } });
    assert.notEqual(verify.status, 200);
  });

  await t.step("magic link: queued with the player's name and a /auth/magic link that signs no one in", async () => {
    const res = await requestJson(ctx.app, "/api/test-email/magic-link", {
      body: { email: "someone@example.com", playerName: "Sam Rivera" },
      headers: { cookie },
    });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.deepEqual({ ...body, message: "", token: "" }, {
      success: true,
      type: "magic-link",
      email: "someone@example.com",
      playerName: "Sam Rivera",
      message: "",
      token: "",
    });
    const mail = (await queuedMail(ctx.kv)).at(-1)!.mail;
    assert.ok(mail.text.includes("Hi Sam Rivera,"));
    assert.ok(mail.text.includes(`${TEST_ORIGIN}/auth/magic?token=${body.token}`));
    const open = await ctx.app.request(`${TEST_ORIGIN}/auth/magic?token=${body.token}`);
    assert.equal(open.status, 400);
    assert.ok((await open.text()).includes("Link expired"));
  });

  await t.step("bad input: 400 with the spec's texts, nothing queued", async () => {
    const before = (await queuedMail(ctx.kv)).length;
    const cases: [string, unknown, string][] = [
      ["verification", {}, "Please enter an email address"],
      ["verification", { email: "   " }, "Please enter an email address"],
      ["verification", { email: "not-an-email" }, "Please enter a valid email address"],
      ["magic-link", { email: "a@example.com" }, "Please enter both email and player name"],
      ["magic-link", { email: "a@example.com", playerName: "  " }, "Please enter both email and player name"],
      ["magic-link", { playerName: "Sam" }, "Please enter both email and player name"],
      ["magic-link", { email: 42, playerName: "Sam" }, "Please enter both email and player name"],
      [
        "magic-link",
        { email: "a@example.com", playerName: "x".repeat(81) },
        "Player name must be at most 80 characters.",
      ],
    ];
    for (const [type, body, message] of cases) {
      const res = await requestJson(ctx.app, `/api/test-email/${type}`, { body, headers: { cookie } });
      assert.equal(res.status, 400, `${type} ${JSON.stringify(body)}`);
      assert.deepEqual(await res.json(), { message });
    }
    assert.equal((await queuedMail(ctx.kv)).length, before);
  });
});

Deno.test("[email-test] development: open to anyone, with a no-JS form and the outbox's links", async () => {
  await using t = await createTestApp({ env: { GOALMATES_ENV: "development" } });
  const api = await requestJson(t.app, "/api/test-email/verification", { body: { email: "dev@example.com" } });
  assert.equal(api.status, 200);

  const sent = await postForm(t.app, "/email-test", {
    type: "magic-link",
    email: "dev@example.com",
    playerName: "Sam",
  });
  assert.equal(sent.status, 200);
  const sentHtml = await sent.text();
  assert.ok(sentHtml.includes("Test magic link email queued for dev@example.com."));
  assert.equal((await queuedMail(t.kv)).length, 2);

  const refused = await postForm(t.app, "/email-test", { type: "verification", email: "" });
  assert.equal(refused.status, 400);
  assert.ok((await refused.text()).includes("Please enter an email address"));

  // What the outbox mailer delivered is listed; only links to this app are clickable.
  const outbox = createOutboxMailer(t.kv, { withBodies: true, log: () => {} });
  await outbox.send({
    to: { address: "newcomer@example.com" },
    kind: "sign-in",
    subject: "Your GoalMates sign-in link",
    text: `Sign in: ${TEST_ORIGIN}/auth/magic?token=abc\nSee https://evil.example/phish`,
    html: "",
  });
  const { res, html } = await getPage(t.app, "/email-test");
  assert.equal(res.status, 200);
  for (const text of ["Development outbox", "newcomer@example.com", "Your GoalMates sign-in link"]) {
    assert.ok(html.includes(text), `lacks ${text}`);
  }
  assert.ok(html.includes(`<a href="${TEST_ORIGIN}/auth/magic?token=abc">`));
  assert.ok(!html.includes('href="https://evil.example'));
});

Deno.test("[email-test] with SMTP configured the outbox is not shown", async () => {
  await using t = await createTestApp({ env: { GOALMATES_ENV: "development", SMTP_URL: "smtp://127.0.0.1:2525" } });
  const { res, html } = await getPage(t.app, "/email-test");
  assert.equal(res.status, 200);
  assert.ok(html.includes("Test Verification Email"));
  assert.ok(!readableText(html).includes("Development outbox"));
});
