import assert from "node:assert/strict";
import { createTestApp, getPage, postForm, requestJson, seedTeam, TEST_ORIGIN } from "../helpers.ts";
import { cookiesFrom, createAccount, queuedMail } from "../auth_helpers.ts";
import { AUTH_MESSAGES, ensureSysadmin } from "../../lib/auth/login.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";

/** The opening tag of the element with `id`. */
function tagWithId(html: string, id: string): string {
  const match = new RegExp(`<[a-z]+\\b[^>]*\\bid="${id}"[^>]*>`).exec(html);
  assert.ok(match, `no element with id ${id}`);
  return match[0];
}

/** How many forms on the page post to `path`. */
const formsPostingTo = (html: string, path: string) =>
  [...html.matchAll(/<form\b[^>]*>/g)].filter(([tag]) =>
    tag.includes(`action="${path}"`) && tag.includes('method="post"')
  )
    .length;

const isHidden = (tag: string) => /\shidden=""/.test(tag);
/** The page as a visitor sees it, without this response's CSP nonce. */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

Deno.test("[login] the islands' texts are the server's texts", () => {
  const { login } = messagesFor("en");
  assert.equal(login.refused.checkEmail, AUTH_MESSAGES.checkEmail);
  assert.equal(login.toasts.magicLinkSent, AUTH_MESSAGES.magicLinkSent);
  assert.equal(login.refused.invalidLogin, AUTH_MESSAGES.loginFailed);
  assert.equal(login.refused.invalidCredentials, AUTH_MESSAGES.sysadminFailed);
  assert.equal(login.refused.missingLogin, AUTH_MESSAGES.sysadminMissing);
});

Deno.test("[login] /team-login: two tabs with Magic Link selected, each a form posting to the page", async () => {
  await using t = await createTestApp();
  const { res, html } = await getPage(t.app, "/team-login");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.match(html, /role="tablist"/);
  const magicTab = tagWithId(html, "login-tab-magic");
  const passwordTab = tagWithId(html, "login-tab-password");
  assert.match(magicTab, /role="tab"/);
  assert.match(magicTab, /aria-selected="true"/);
  assert.match(passwordTab, /aria-selected="false"/);
  // Without JavaScript the tabs are links.
  assert.match(passwordTab, /href="\/team-login\?tab=password"/);
  assert.ok(html.includes(">Magic Link</a>") && html.includes(">Email &amp; Password</a>"));
  assert.ok(!isHidden(tagWithId(html, "login-panel-magic")));
  assert.ok(isHidden(tagWithId(html, "login-panel-password")));
  assert.equal(formsPostingTo(html, "/team-login"), 2);
  for (const text of ["Send Magic Link", 'name="action" value="magic"', 'name="action" value="password"']) {
    assert.ok(html.includes(text), `lacks ${text}`);
  }
  assert.ok(html.includes('href="/">Back to home</a>'));
  assert.ok(html.includes('data-island="TeamLogin"'));

  const password = await getPage(t.app, "/team-login?tab=password");
  assert.match(tagWithId(password.html, "login-tab-password"), /aria-selected="true"/);
  assert.ok(isHidden(tagWithId(password.html, "login-panel-magic")));
  assert.ok(!isHidden(tagWithId(password.html, "login-panel-password")));
});

Deno.test("[login] no-JS magic link: one page for known and unknown addresses, mail only to the known", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "known@example.com", teamId: team.id });

  const known = await postForm(t.app, "/team-login", { action: "magic", email: "known@example.com", next: "" });
  const unknown = await postForm(t.app, "/team-login", { action: "magic", email: "unknown@example.com", next: "" });
  assert.equal(known.status, 200);
  assert.equal(unknown.status, 200);
  const knownHtml = await known.text();
  const unknownHtml = await unknown.text();
  for (const text of [">Check your email<", ">Change Email<", "known@example.com"]) {
    assert.ok(knownHtml.includes(text), `lacks ${text}`);
  }
  assert.equal(
    withoutNonce(knownHtml).replaceAll("known@example.com", "ADDRESS"),
    withoutNonce(unknownHtml).replaceAll("unknown@example.com", "ADDRESS"),
    "the reply must not tell whether the address has an account",
  );

  const mail = await queuedMail(t.kv);
  assert.equal(mail.length, 1);
  assert.equal(mail[0].mail.to.address, "known@example.com");
  assert.match(mail[0].mail.text, new RegExp(`${TEST_ORIGIN}/auth/magic\\?token=[A-Za-z0-9_-]{43}`));
});

Deno.test("[login] no-JS magic link: blank or malformed is 400, throttling 429, Change Email refills", async () => {
  await using t = await createTestApp();
  for (const email of ["", "   ", "not-an-email"]) {
    const res = await postForm(t.app, "/team-login", { action: "magic", email });
    assert.equal(res.status, 400, JSON.stringify(email));
    const html = await res.text();
    assert.ok(html.includes(AUTH_MESSAGES.checkEmail));
    assert.ok(!html.includes(">Check your email<"));
    assert.ok(html.includes('role="alert"'));
  }

  let last: Response | undefined;
  for (let i = 0; i < 6; i++) {
    last = await postForm(t.app, "/team-login", { action: "magic", email: "busy@example.com" });
    if (i < 5) assert.equal((await last.text(), last.status), 200);
  }
  assert.equal(last!.status, 429);
  assert.ok(Number(last!.headers.get("retry-after")) > 0);
  assert.match(await last!.text(), /Too many sign-in links requested/);

  const change = await postForm(t.app, "/team-login", { action: "change", email: "typo@example.com", next: "/home" });
  assert.equal(change.status, 200);
  const html = await change.text();
  assert.ok(html.includes("Send Magic Link"));
  assert.ok(!html.includes(">Check your email<"));
  assert.match(html, /id="magic-email"[^>]*value="typo@example\.com"|value="typo@example\.com"[^>]*id="magic-email"/);
  assert.ok(html.includes('name="next" value="/home"'));
});

Deno.test("[login] no-JS password login: 303 with a session to /teams/{id}; wrong password 401", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const password = "correct horse battery";
  await createAccount(t.kv, { email: "coach@team.test", teamId: team.id, role: "TEAM_ADMIN", password });
  await createAccount(t.kv, { email: "parent@team.test", teamId: team.id, role: "TEAM_STANDARD", password });

  const res = await postForm(t.app, "/team-login", {
    action: "password",
    email: "Coach@Team.test",
    password,
    next: "",
  });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), `/teams/${team.id}`);
  const cookie = cookiesFrom(res);
  assert.match(cookie, /gm_session=/);
  const session = await requestJson(t.app, "/api/v2/auth/session", { headers: { cookie } });
  assert.equal(session.status, 200);
  assert.equal((await session.json()).user.email, "coach@team.test");

  for (
    const [email, pw] of [["coach@team.test", "wrong password!"], ["parent@team.test", password], ["", ""]]
  ) {
    const refused = await postForm(t.app, "/team-login", { action: "password", email, password: pw });
    assert.equal(refused.status, 401, email);
    assert.equal(cookiesFrom(refused), "");
    const html = await refused.text();
    assert.ok(html.includes(AUTH_MESSAGES.loginFailed));
    // The password tab is the one showing, with the address kept.
    assert.match(tagWithId(html, "login-tab-password"), /aria-selected="true"/);
    if (email) assert.ok(html.includes(`value="${email}"`));
  }
});

Deno.test("[login] ?next= is kept by /admin-login and honoured only for local paths", async (t) => {
  await using ctx = await createTestApp();
  const { team } = await seedTeam(ctx.kv);
  const password = "correct horse battery";
  await createAccount(ctx.kv, { email: "coach@team.test", teamId: team.id, role: "TEAM_ADMIN", password });

  await t.step("/admin-login redirects to the password tab, keeping a local next", async () => {
    const cases: [string, string][] = [
      ["/admin-login", "/team-login?tab=password"],
      ["/admin-login?next=/teams/abc", "/team-login?tab=password&next=%2Fteams%2Fabc"],
      ["/admin-login?next=//evil.example", "/team-login?tab=password"],
      ["/admin-login?next=https://evil.example/x", "/team-login?tab=password"],
    ];
    for (const [path, location] of cases) {
      const res = await ctx.app.request(`${TEST_ORIGIN}${path}`);
      assert.equal(res.status, 303, path);
      assert.equal(res.headers.get("location"), location, path);
    }
  });

  await t.step("/team-login carries a local next in its forms and tab links, and drops others", async () => {
    const { html } = await getPage(ctx.app, "/team-login?next=%2Fhome");
    assert.equal([...html.matchAll(/name="next" value="\/home"/g)].length, 2);
    assert.match(tagWithId(html, "login-tab-password"), /href="\/team-login\?tab=password&amp;next=%2Fhome"/);
    for (const next of ["//evil.example", "https://evil.example/x", "/\\evil.example"]) {
      const { html } = await getPage(ctx.app, `/team-login?next=${encodeURIComponent(next)}`);
      assert.ok(!html.includes("evil.example"), next);
    }
  });

  await t.step("a password login goes to a local next, never elsewhere", async () => {
    const cases: [string, string][] = [
      ["/home", "/home"],
      ["/teams/x?tab=1", "/teams/x?tab=1"],
      ["//evil.example", `/teams/${team.id}`],
      ["https://evil.example/x", `/teams/${team.id}`],
      ["/\\evil.example", `/teams/${team.id}`],
    ];
    for (const [next, location] of cases) {
      const res = await postForm(ctx.app, "/team-login", {
        action: "password",
        email: "coach@team.test",
        password,
        next,
      });
      assert.equal(res.status, 303, next);
      assert.equal(res.headers.get("location"), location, next);
    }
  });
});

Deno.test("[login] the demo hint shows in development only", async () => {
  const demoTexts = ["coach@example.com", "parent@example.com", "player@example.com", "Development mode"];
  {
    await using t = await createTestApp();
    for (const path of ["/team-login", "/team-login?tab=password", "/sysadmin/login"]) {
      const { html } = await getPage(t.app, path);
      for (const text of demoTexts) assert.ok(!html.includes(text), `${path} shows ${text} in production`);
      assert.ok(!/demo/i.test(html), `${path} mentions a demo in production`);
    }
  }
  {
    await using t = await createTestApp({ env: { GOALMATES_ENV: "development" } });
    const { html } = await getPage(t.app, "/team-login");
    for (const text of demoTexts) assert.ok(html.includes(text), `development page lacks ${text}`);
    assert.ok(html.includes('href="/email-test"'));
  }
});

Deno.test("[login] /sysadmin/login without JavaScript: refusals re-render, success redirects", async (t) => {
  await using ctx = await createTestApp();
  const email = "root@goalmates.test";
  const password = "a sysadmin password";
  await ensureSysadmin(ctx.kv, email, password);

  await t.step("the page: a form posting to itself, no toggle until JavaScript runs", async () => {
    const { res, html } = await getPage(ctx.app, "/sysadmin/login?next=/email-test");
    assert.equal(res.status, 200);
    assert.equal(formsPostingTo(html, "/sysadmin/login"), 1);
    assert.ok(html.includes('name="next" value="/email-test"'));
    assert.ok(html.includes('type="password"'));
    // The island's texts ride in its props (issue 24), so the check is for the button itself.
    assert.ok(!/<button[^>]*password-toggle/.test(html));
    assert.ok(html.includes('data-island="SysadminLogin"'));
  });

  await t.step("blank fields: 400; wrong password: 401 'Invalid credentials', address kept", async () => {
    const blank = await postForm(ctx.app, "/sysadmin/login", { email: "", password: "" });
    assert.equal(blank.status, 400);
    assert.ok((await blank.text()).includes(AUTH_MESSAGES.sysadminMissing));
    const wrong = await postForm(ctx.app, "/sysadmin/login", { email, password: "not the password" });
    assert.equal(wrong.status, 401);
    assert.equal(cookiesFrom(wrong), "");
    const html = await wrong.text();
    assert.ok(html.includes(AUTH_MESSAGES.sysadminFailed));
    assert.ok(html.includes(`value="${email}"`));
  });

  await t.step("success: 303 to next (local only) or the console /sysadmin, with the sysadmin session", async () => {
    const home = await postForm(ctx.app, "/sysadmin/login", { email, password, next: "//evil.example" });
    assert.equal(home.status, 303);
    assert.equal(home.headers.get("location"), "/sysadmin");
    const cookie = cookiesFrom(home);
    assert.match(cookie, /gm_sysadmin=/);
    const status = await requestJson(ctx.app, "/api/sysadmin/status", { headers: { cookie } });
    assert.equal((await status.json()).isAuthenticated, true);

    const next = await postForm(ctx.app, "/sysadmin/login", { email, password, next: "/email-test" });
    assert.equal(next.headers.get("location"), "/email-test");

    // Already signed in, the page moves on.
    const again = await ctx.app.request(`${TEST_ORIGIN}/sysadmin/login`, { headers: { cookie } });
    assert.equal(again.status, 303);
    assert.equal(again.headers.get("location"), "/sysadmin");
  });
});
