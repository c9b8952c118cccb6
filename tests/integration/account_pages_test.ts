/**
 * `/account`: name, password and 'Sign out everywhere' as plain server-rendered forms
 * (post/redirect/get), with errors inline next to their fields.
 */
import assert from "node:assert/strict";
import { signIn } from "../admin_helpers.ts";
import { call, createTestApp, get, postFormAs, requestJson, seedTeam, type TestContext } from "../helpers.ts";
import { cookiesFrom, createAccount, queuedMail, setCheapTeamLogin } from "../auth_helpers.ts";
import { manualClock } from "./auth_fixtures.ts";
import { AUTH_MESSAGES } from "../../lib/auth/messages.ts";
import { getUser } from "../../lib/db/users.ts";
import { verifyPassword } from "../../lib/auth/passwords.ts";

type App = TestContext["app"];

const isSignedIn = async (app: App, cookie: string) =>
  (await requestJson(app, "/api/v2/auth/session", { headers: { cookie } })).status === 200;

/** The inline error paragraph tied to a field, as the page renders it. */
const fieldError = (html: string, id: string) =>
  new RegExp(`id="${id}"[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*${id}-error[^"]*"`).test(html) &&
  new RegExp(`<p class="field__error" id="${id}-error">([^<]*)</p>`).exec(html)?.[1];

const STRONG = "a long sunny saturday at the pitch";

async function world(t: TestContext, password?: string) {
  const { team } = await seedTeam(t.kv);
  const user = await createAccount(t.kv, {
    email: "coach@example.com",
    teamId: team.id,
    role: "TEAM_ADMIN",
    firstName: "Jordan",
    password,
  });
  return { team, user, cookie: await signIn(t, "coach@example.com") };
}

Deno.test("[account] anonymous visitors are sent to sign in, and back to /account afterwards", async () => {
  await using t = await createTestApp();
  const res = await get(t.app, "/account");
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/team-login?next=/account");
  for (const path of ["/account/name", "/account/password", "/account/sign-out-everywhere"]) {
    const posted = await call(t.app, "POST", path, { form: { firstName: "X", lastName: "Y", newPassword: STRONG } });
    assert.equal(posted.status, 303, path);
    assert.equal(posted.headers.get("location"), "/team-login?next=/account", path);
  }
});

Deno.test("[account] the page shows the person's name, e-mail and the three forms; never cached", async () => {
  await using t = await createTestApp();
  const { cookie } = await world(t);
  const res = await get(t.app, "/account", cookie);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const html = await res.text();
  assert.match(html, /<h1>Your Account<\/h1>/);
  assert.ok(html.includes("coach@example.com"));
  assert.match(html, /action="\/account\/name" method="post"/);
  assert.match(html, /action="\/account\/password" method="post"/);
  assert.match(html, /action="\/account\/sign-out-everywhere" method="post"/);
  assert.match(html, /<h2 id="account-password-heading">Set a password<\/h2>/, "no password yet: 'Set'");
  assert.ok(!html.includes('name="currentPassword"'), "no current password to ask for");
  assert.match(html, /<label for="account-first-name">First name<\/label>/);
  assert.match(html, /id="account-first-name"[^>]*value="Jordan"/);
  // The header shows the account, not 'Team Login'.
  assert.match(html, /<a class="site-nav__account" href="\/account"/);
  assert.ok(!html.includes(">Team Login<"));
});

Deno.test("[account] saving the name: post/redirect/get with a notice; blanks come back inline", async () => {
  await using t = await createTestApp();
  const { user, cookie } = await world(t);
  const saved = await postFormAs(t.app, "/account/name", { firstName: "  Jo ", lastName: "Rivers" }, cookie);
  assert.equal(saved.status, 303);
  assert.equal(saved.headers.get("location"), "/account?done=name");
  assert.equal((await getUser(t.kv, user.id))?.firstName, "Jo");
  const html = await (await get(t.app, "/account?done=name", cookie)).text();
  assert.match(html, /role="status">Your name was saved\.</);
  assert.match(html, /<span class="site-nav__name">Jo Rivers<\/span>/, "the header shows the new name");
  for (const code of ["constructor", "nope"]) {
    const other = await get(t.app, `/account?done=${code}`, cookie);
    assert.equal(other.status, 200);
    assert.ok(!(await other.text()).includes("notice--success"), `?done=${code} shows no notice`);
  }

  const refused = await postFormAs(t.app, "/account/name", { firstName: "", lastName: "x".repeat(51) }, cookie);
  assert.equal(refused.status, 400);
  const page = await refused.text();
  assert.equal(fieldError(page, "account-first-name"), "First name is required");
  assert.equal(fieldError(page, "account-last-name"), "Last name must be at most 50 characters");
  assert.ok(!page.includes("Your name was saved"));
  assert.equal((await getUser(t.kv, user.id))?.lastName, "Rivers", "nothing saved");
});

Deno.test("[account] a new name reaches the public roster at once when the team shows parents' names", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv, { settings: { showParentNames: true } });
  await createAccount(t.kv, { email: "coach@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  const admin = await signIn(t, "coach@example.com");
  // Mum claims #7 and the admin approves: she becomes the player's parent.
  const claim = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
    body: { mode: "jersey", jerseyNumber: 7, email: "mum@example.com" },
  });
  const { claimId } = await claim.json();
  const approved = await requestJson(t.app, `/api/admin/${team.id}/claims/${claimId}/approve`, {
    body: {},
    headers: { cookie: admin },
  });
  assert.equal(approved.status, 200);
  const mum = await signIn(t, "mum@example.com");
  const roster = async () => await (await get(t.app, `/t/${team.slug}/roster?mode=detail`)).text();
  assert.ok(!(await roster()).includes("Anabel"), "rendered (and cached) before the name is set");
  await postFormAs(t.app, "/account/name", { firstName: "Anabel", lastName: "Reyes" }, mum);
  assert.ok((await roster()).includes("Anabel"), "the cached roster was dropped");
});

Deno.test("[account] setting a first password signs this browser in afresh and the password works", async () => {
  await using t = await createTestApp();
  const { user, cookie } = await world(t);
  const other = await signIn(t, "coach@example.com");
  const res = await postFormAs(t.app, "/account/password", { newPassword: STRONG, confirmPassword: STRONG }, cookie);
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/account?done=password-set");
  const fresh = cookiesFrom(res);
  assert.ok(fresh, "a new session cookie rides on the redirect");
  assert.ok(await isSignedIn(t.app, fresh));
  assert.ok(!(await isSignedIn(t.app, other)), "other sessions end");
  assert.ok(await verifyPassword(STRONG, (await getUser(t.kv, user.id))!.passwordHash!));
  const html = await (await get(t.app, "/account?done=password-set", fresh)).text();
  assert.match(html, /role="status">Password set\. Other sessions were signed out\.</);
  assert.match(html, /<h2 id="account-password-heading">Change password<\/h2>/);
  assert.ok(html.includes('name="currentPassword"'));
  // The Email & Password tab now signs the admin in.
  const login = await requestJson(t.app, "/api/team-admin/login", {
    body: { email: "coach@example.com", password: STRONG },
  });
  assert.equal(login.status, 200);
});

Deno.test("[account] a first password needs a sign-in within 10 minutes; setting and changing it each mail the person", async () => {
  const clock = manualClock();
  await using t = await createTestApp({ now: clock.now });
  const { user, cookie } = await world(t);
  const passwordMails = async () =>
    (await queuedMail(t.kv)).filter((m) => m.mail.kind === "password-changed").map((m) => m.mail);

  clock.advance(11 * 60 * 1000);
  const page = await (await get(t.app, "/account", cookie)).text();
  assert.ok(page.includes(AUTH_MESSAGES.reauthRequired), "the page asks for a fresh sign-in");
  assert.ok(page.includes('href="/team-login?next=/account"'));
  assert.ok(!page.includes('name="newPassword"'), "instead of the form");
  const stale = await postFormAs(t.app, "/account/password", { newPassword: STRONG, confirmPassword: STRONG }, cookie);
  assert.equal(stale.status, 403);
  assert.ok((await stale.text()).includes(AUTH_MESSAGES.reauthRequired));
  assert.equal((await getUser(t.kv, user.id))!.passwordHash, null, "nothing was set");
  assert.deepEqual(await passwordMails(), []);
  assert.ok(await isSignedIn(t.app, cookie), "the session itself goes on");

  const fresh = await signIn(t, "coach@example.com");
  assert.ok((await (await get(t.app, "/account", fresh)).text()).includes('name="newPassword"'));
  const set = await postFormAs(t.app, "/account/password", { newPassword: STRONG, confirmPassword: STRONG }, fresh);
  assert.equal(set.status, 303);
  const [setMail] = await passwordMails();
  assert.equal(setMail.to.address, "coach@example.com");
  assert.equal(setMail.subject, "A password was set for your GoalMates account");
  assert.match(setMail.text, /If it was not you/);
  assert.ok(!setMail.text.includes(STRONG), "the mail never holds the password");

  // A change asks for the current password instead, however old the session.
  const afterSet = cookiesFrom(set);
  clock.advance(20 * 60 * 1000);
  const newer = "an even longer password for the coach";
  const changed = await postFormAs(t.app, "/account/password", {
    currentPassword: STRONG,
    newPassword: newer,
    confirmPassword: newer,
  }, afterSet);
  assert.equal(changed.status, 303);
  const mails = await passwordMails();
  assert.equal(mails.length, 2);
  assert.equal(mails[1].subject, "Your GoalMates password was changed");
});

Deno.test("[account] changing the password: the current one is required and checked", async () => {
  await using t = await createTestApp();
  const { user, cookie } = await world(t, "the old password of the coach");
  const newer = "an even longer password for the coach";

  const missing = await postFormAs(t.app, "/account/password", { newPassword: newer, confirmPassword: newer }, cookie);
  assert.equal(missing.status, 400);
  assert.equal(fieldError(await missing.text(), "account-current-password"), "Please enter your current password.");

  const wrong = await postFormAs(t.app, "/account/password", {
    currentPassword: "not the old password at all",
    newPassword: newer,
    confirmPassword: newer,
  }, cookie);
  assert.equal(wrong.status, 403);
  const wrongPage = await wrong.text();
  assert.equal(fieldError(wrongPage, "account-current-password"), "Your current password is incorrect.");
  assert.ok(!wrongPage.includes(newer), "passwords are never echoed");
  assert.ok(await isSignedIn(t.app, cookie), "a refused change ends no session");

  const ok = await postFormAs(t.app, "/account/password", {
    currentPassword: "the old password of the coach",
    newPassword: newer,
    confirmPassword: newer,
  }, cookie);
  assert.equal(ok.status, 303);
  assert.equal(ok.headers.get("location"), "/account?done=password");
  assert.ok(await verifyPassword(newer, (await getUser(t.kv, user.id))!.passwordHash!));
  const html = await (await get(t.app, "/account?done=password", cookiesFrom(ok))).text();
  assert.match(html, /role="status">Password updated\. Other sessions were signed out\.</);
});

Deno.test("[account] a weak or mistyped new password is refused inline and nothing changes", async () => {
  await using t = await createTestApp();
  const { user, cookie } = await world(t);
  const cases: [Record<string, string>, string, string][] = [
    [
      { newPassword: "short", confirmPassword: "short" },
      "account-new-password",
      "Password must be at least 12 characters.",
    ],
    [
      { newPassword: "password1234", confirmPassword: "password1234" },
      "account-new-password",
      "This password is too common. Please choose another.",
    ],
    [{ newPassword: "", confirmPassword: "" }, "account-new-password", "Please enter a new password."],
    [
      { newPassword: STRONG, confirmPassword: `${STRONG}!` },
      "account-confirm-password",
      "The two new passwords do not match.",
    ],
  ];
  for (const [fields, id, message] of cases) {
    const res = await postFormAs(t.app, "/account/password", fields, cookie);
    assert.equal(res.status, 400, message);
    const html = await res.text();
    assert.equal(fieldError(html, id), message);
    assert.ok(!html.includes("Password set."));
  }
  assert.equal((await getUser(t.kv, user.id))?.passwordHash, null, "no password was set");
  assert.ok(await isSignedIn(t.app, cookie));
});

Deno.test("[account] 'Sign out everywhere' ends every session of the person, this one included", async () => {
  await using t = await createTestApp();
  const { team, cookie } = await world(t);
  const phone = await signIn(t, "coach@example.com");
  await createAccount(t.kv, { email: "someone@example.com", teamId: team.id });
  const stranger = await signIn(t, "someone@example.com");
  assert.ok(await isSignedIn(t.app, phone));

  const res = await postFormAs(t.app, "/account/sign-out-everywhere", {}, cookie);
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/account/signed-out");
  assert.ok(res.headers.getSetCookie().some((c) => /^gm_session=;/.test(c)), "this browser's cookie is cleared");
  const session = await requestJson(t.app, "/api/v2/auth/session", { headers: { cookie: phone } });
  assert.equal(session.status, 401, "the other device is signed out");
  assert.equal(
    (await requestJson(t.app, "/api/v2/auth/session", { headers: { cookie } })).status,
    401,
    "and this one too",
  );
  assert.ok(await isSignedIn(t.app, stranger), "nobody else is touched");
  const page = await get(t.app, "/account/signed-out");
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<h1>Signed out everywhere<\/h1>/);
});

Deno.test("[account] a team login (shared username) is told why it cannot set a password", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await setCheapTeamLogin(t.kv, team.id, "rockets", "a long team access password");
  const login = await requestJson(t.app, `/api/teams/${team.id}/login`, {
    body: { username: "rockets", password: "a long team access password" },
  });
  assert.equal(login.status, 200);
  const cookie = cookiesFrom(login);
  const res = await get(t.app, "/account", cookie);
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.ok(html.includes("Sign in with your own account to set a password."));
  assert.ok(html.includes("Signed in with the team login"));
  assert.ok(!html.includes('action="/account/password"'), "no password form");
  const refused = await postFormAs(
    t.app,
    "/account/password",
    { newPassword: STRONG, confirmPassword: STRONG },
    cookie,
  );
  assert.equal(refused.status, 403);
});

Deno.test("[account] the hub links to the account page", async () => {
  await using t = await createTestApp();
  const { cookie } = await world(t);
  const html = await (await get(t.app, "/home", cookie)).text();
  assert.match(html, /<a class="button button--secondary" href="\/account">Your Account<\/a>/);
  assert.match(html, /<a class="site-nav__account" href="\/account"/);
});
