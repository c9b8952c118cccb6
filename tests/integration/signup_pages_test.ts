import assert from "node:assert/strict";
import { createTestApp, dumpKv, getPage, kvValues, postForm, requestJson, TEST_ORIGIN } from "../helpers.ts";
import { cookiesFrom, queuedMail, tokenFromMail } from "../auth_helpers.ts";
import { keys } from "../../lib/db/keys.ts";
import { getTeamBySlug } from "../../lib/db/teams.ts";
import { listPlayers } from "../../lib/db/players.ts";

type App = Awaited<ReturnType<typeof createTestApp>>["app"];

const ACCOUNT = { firstName: "Jordan", lastName: "Lee", email: "Jordan@Example.com", ageConfirmation: "true" };
const TEAM = { teamName: "Harbor Hawks", ageGroup: "U11", teamType: "girls" };
const PLAYER = { playerFirstName: "Riley", playerLastName: "Lee", playerJerseyNumber: "8" };
const EVERYTHING = { ...ACCOUNT, ...TEAM, ...PLAYER };
const SIGNUP_PREFIXES = ["pending_signups", "signup_tokens", "mail_pending", "teams", "users", "rate_limits"];
const INVALID_LINK = "The verification link is invalid or has expired. Please try signing up again.";

/** The page's text with React's entity escapes undone, for comparing with the spec's texts. */
const decode = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

async function post(app: App, fields: Record<string, string>, path = "/signup") {
  const res = await postForm(app, path, fields);
  return { res, html: await res.text() };
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The hidden inputs of the page's form: what a browser would post along with the step's fields. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  // The signup form's fields; the footer's language switch has its own form and `next`.
  const page = html.replace(/<form class="lang-switch"[\s\S]*?<\/form>/g, "");
  for (const [tag] of page.matchAll(/<input\b[^>]*>/g)) {
    if (attr(tag, "type") !== "hidden") continue;
    fields[attr(tag, "name")!] = decode(attr(tag, "value") ?? "");
  }
  return fields;
}

/** The step heading the page shows (the wizard's `h2`). */
const stepHeading = (html: string) => decode(/id="signup-step-heading"[^>]*>([^<]*)</.exec(html)?.[1] ?? "");

Deno.test("[signup pages] GET /signup: step 1 with its fields, the 18+ checkbox and the sign-in link", async () => {
  await using t = await createTestApp();
  const { res, html } = await getPage(t.app, "/signup");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const text = decode(html);
  assert.equal(stepHeading(html), "Your Details");
  assert.ok(text.includes("Step 1 of 6"));
  for (const label of ["Your Details", "Your Team", "Your Player", "Verify", "Check Your Email", "Team Created"]) {
    assert.ok(text.includes(`>${label}<`), `the progress bar lacks ${label}`);
  }
  assert.equal((html.match(/class="signup-progress__dot[ "]/g) ?? []).length, 6);
  assert.ok(html.includes('aria-current="step"'));
  assert.ok(text.includes("I confirm that I am 18 years of age or older"));
  assert.match(html, /<input[^>]*id="signup-ageConfirmation"[^>]*type="checkbox"/);
  assert.ok(html.includes('Already have an account? <a href="/team-login">Sign in</a>'));
  for (const [id, label] of [["firstName", "First name"], ["lastName", "Last name"], ["email", "Email"]]) {
    assert.ok(html.includes(`<label for="signup-${id}">${label}</label>`), `no label for ${id}`);
  }
  assert.match(html, /<form(?=[^>]*method="post")[^>]*action="\/signup"/);
  assert.deepEqual(hiddenFields(html), {
    step: "account",
    teamName: "",
    ageGroup: "",
    teamType: "",
    hasChildOnTeam: "true",
    playerFirstName: "",
    playerLastName: "",
    playerJerseyNumber: "",
  });
  assert.ok(html.includes('data-island="SignupWizard"'));
  assert.ok(html.includes('value="continue"'));
});

Deno.test("[signup pages] no-JS Continue refuses each step with the spec's texts (400) and stores nothing", async (t) => {
  await using ctx = await createTestApp();
  const before = await dumpKv(ctx.kv, SIGNUP_PREFIXES);
  const cases: { name: string; fields: Record<string, string>; step: string; title: string; message: string }[] = [
    {
      name: "account: all empty",
      fields: { step: "account" },
      step: "Your Details",
      title: "Please fill all required fields",
      message: "All fields are required including the 18+ confirmation.",
    },
    {
      name: "account: 18+ not confirmed",
      fields: { step: "account", ...ACCOUNT, ageConfirmation: "" },
      step: "Your Details",
      title: "Please fill all required fields",
      message: "All fields are required including the 18+ confirmation.",
    },
    {
      name: "account: invalid e-mail",
      fields: { step: "account", ...ACCOUNT, email: "jordan@nowhere" },
      step: "Your Details",
      title: "Invalid email",
      message: "Please enter a valid email address.",
    },
    {
      name: "team: empty",
      fields: { step: "team", ...ACCOUNT, action: "continue" },
      step: "Your Team",
      title: "Please fill all team details",
      message: "Team name, age group, and team type are all required.",
    },
    {
      name: "team: an age group not offered",
      fields: { step: "team", ...ACCOUNT, ...TEAM, ageGroup: "U4" },
      step: "Your Team",
      title: "Please fill all team details",
      message: "Team name, age group, and team type are all required.",
    },
    {
      name: "player: empty",
      fields: { step: "player", ...ACCOUNT, ...TEAM },
      step: "Your Player",
      title: "Please fill all player details",
      message: "Player first name, last name, and jersey number are all required.",
    },
    ...["0", "100", "7.5", "abc"].map((jersey) => ({
      name: `player: jersey ${jersey}`,
      fields: { step: "player", ...ACCOUNT, ...TEAM, ...PLAYER, playerJerseyNumber: jersey },
      step: "Your Player",
      title: "Invalid jersey number",
      message: "Jersey number must be between 1 and 99.",
    })),
    {
      name: "player: an earlier step's hidden value was tampered with",
      fields: { step: "player", ...EVERYTHING, email: "not-an-email" },
      step: "Your Details",
      title: "Invalid email",
      message: "Please enter a valid email address.",
    },
  ];
  for (const c of cases) {
    await t.step(c.name, async () => {
      const { res, html } = await post(ctx.app, c.fields);
      assert.equal(res.status, 400);
      const text = decode(html);
      assert.equal(stepHeading(html), c.step);
      assert.ok(text.includes(`<h2 class="signup-summary__title">${c.title}</h2>`), `no title ${c.title}`);
      assert.ok(text.includes(`<p>${c.message}</p>`), `no message ${c.message}`);
      // The summary takes the focus on load, and every field at fault is marked and described.
      assert.match(
        html,
        /<div class="notice notice--error signup-summary" id="signup-error-summary" tabindex="-1" autofocus=""/,
      );
      const invalid = [...html.matchAll(/<(?:input|select)\b[^>]*aria-invalid="true"[^>]*>/g)].map((m) => m[0]);
      assert.ok(invalid.length > 0);
      for (const tag of invalid) {
        const id = attr(tag, "id")!;
        assert.equal(attr(tag, "aria-describedby"), `${id}-error`);
        assert.ok(html.includes(`<p class="field__error" id="${id}-error">`), `no message for ${id}`);
        assert.ok(html.includes(`<a href="#${id}">`), `the summary does not link to ${id}`);
      }
    });
  }
  await t.step("per-field texts", async () => {
    const { html } = await post(ctx.app, { step: "account", ...ACCOUNT, firstName: "", ageConfirmation: "" });
    const text = decode(html);
    assert.ok(text.includes('id="signup-firstName-error">First name is required.</p>'));
    assert.ok(
      text.includes('id="signup-ageConfirmation-error">18+ confirmation is required.</p>'),
    );
    assert.ok(!text.includes('id="signup-lastName-error"'), "a filled field is not marked");
  });
  assert.deepEqual(await dumpKv(ctx.kv, SIGNUP_PREFIXES), before);
});

Deno.test("[signup pages] a full no-JS run reaches 'Check Your Email' with one verification mail queued", async (t) => {
  await using ctx = await createTestApp();
  let page = await getPage(ctx.app, "/signup");
  const next = async (fields: Record<string, string>, action = "continue") => {
    page = await post(ctx.app, { ...hiddenFields(page.html), ...fields, action });
    return page;
  };

  await t.step("account → team, carrying the account in hidden fields", async () => {
    const { res, html } = await next(ACCOUNT);
    assert.equal(res.status, 200);
    assert.equal(stepHeading(html), "Your Team");
    assert.match(html, /id="signup-step-heading"[^>]*autofocus=""/);
    const hidden = hiddenFields(html);
    assert.equal(hidden.step, "team");
    assert.deepEqual([hidden.firstName, hidden.lastName, hidden.email, hidden.ageConfirmation], [
      "Jordan",
      "Lee",
      "Jordan@Example.com",
      "true",
    ]);
    for (const group of ["U5", "U11", "U19"]) assert.ok(html.includes(`<option value="${group}">${group}</option>`));
    for (const type of ["Boys", "Girls", "Co-ed"]) assert.ok(html.includes(`>${type}</option>`));
  });
  await t.step("team → player → review, which shows everything", async () => {
    await next(TEAM);
    assert.equal(stepHeading(page.html), "Your Player");
    const { html } = await next(PLAYER);
    assert.equal(stepHeading(html), "Verify Your Details");
    const text = decode(html);
    for (const shown of ["Jordan Lee", "Jordan@Example.com", "Harbor Hawks", "U11", "Girls", "Riley Lee", ">8<"]) {
      assert.ok(text.includes(shown), `the review lacks ${shown}`);
    }
    assert.ok(text.includes("Finish & Verify by Email"));
    for (const edit of ["edit-account", "edit-team", "edit-player", "back"]) {
      assert.ok(html.includes(`value="${edit}"`));
    }
  });
  await t.step("Back and Edit return to a step with its values filled in", async () => {
    const back = await post(ctx.app, { ...hiddenFields(page.html), action: "back" });
    assert.equal(stepHeading(back.html), "Your Player");
    assert.match(back.html, /id="signup-playerJerseyNumber"[^>]*value="8"/);
    const edit = await post(ctx.app, { ...hiddenFields(page.html), action: "edit-team" });
    assert.equal(stepHeading(edit.html), "Your Team");
    assert.match(edit.html, /<option value="U11" selected="">U11<\/option>/);
  });
  await t.step("Finish & Verify by Email mails one link and shows 'Check Your Email'", async () => {
    assert.deepEqual(await queuedMail(ctx.kv), []);
    const { res, html } = await next({}, "finish");
    assert.equal(res.status, 200);
    assert.equal(stepHeading(html), "Check Your Email");
    const text = decode(html);
    assert.ok(text.includes("Email sent!"));
    assert.ok(text.includes("We sent a verification link to jordan@example.com."));
    assert.ok(text.includes("<strong>jordan@example.com</strong>"));
    assert.ok(html.includes('value="resend"') && html.includes('value="change-email"'));
    const mails = await kvValues(ctx.kv, { prefix: ["mail_pending"] });
    assert.equal(mails.length, 1);
    const [mail] = await queuedMail(ctx.kv);
    assert.equal(mail.mail.kind, "verification");
    assert.equal(mail.mail.to.address, "jordan@example.com");
    const pending = await ctx.kv.get(keys.pendingSignup("jordan@example.com"));
    assert.ok(pending.value, "the signup waits for its e-mail to be verified");
    assert.equal(await getTeamBySlug(ctx.kv, "harbor-hawks"), null, "no team before verification");
  });
  await t.step("Resend mails a new link; Change email goes back to the first step", async () => {
    const resent = await post(ctx.app, { ...hiddenFields(page.html), action: "resend" });
    assert.equal(resent.res.status, 200);
    assert.ok(decode(resent.html).includes("Email resent!"));
    assert.equal((await queuedMail(ctx.kv)).length, 2);
    const change = await post(ctx.app, { ...hiddenFields(page.html), action: "change-email" });
    assert.equal(stepHeading(change.html), "Your Details");
    assert.match(change.html, /<input[^>]*id="signup-email"[^>]*autofocus=""/);
    assert.match(change.html, /<input[^>]*id="signup-email"[^>]*value="jordan@example.com"/);
    assert.equal(hiddenFields(change.html).teamName, "Harbor Hawks", "the rest of the signup is kept");
  });
});

Deno.test("[signup pages] no-JS finish past the mail limit answers 429 with the message", async () => {
  await using t = await createTestApp();
  const finish = () => post(t.app, { ...EVERYTHING, step: "review", action: "finish" });
  for (let i = 0; i < 5; i++) assert.equal((await finish()).res.status, 200);
  const { res, html } = await finish();
  assert.equal(res.status, 429);
  assert.ok(Number(res.headers.get("retry-after")) > 0);
  assert.match(decode(html), /Too many signup e-mails requested\. Please try again in \d+ minutes?\./);
  assert.equal(stepHeading(html), "Verify Your Details");
  assert.equal((await queuedMail(t.kv)).length, 5);
});

Deno.test("[signup pages] ?verified=true&email= opens the success step with the dashboard button", async () => {
  await using t = await createTestApp();
  const { res, html } = await getPage(t.app, "/signup?verified=true&email=jordan%40example.com");
  assert.equal(res.status, 200);
  const text = decode(html);
  assert.equal(stepHeading(html), "Team Created");
  assert.ok(text.includes("Step 6 of 6"));
  assert.ok(text.includes("Team created successfully!"));
  assert.ok(text.includes("<strong>jordan@example.com</strong>"));
  assert.ok(html.includes('href="/dashboard"'));
  assert.ok(!html.includes("data-island"), "the success step needs no script");

  const odd = await getPage(t.app, "/signup?verified=true&email=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
  assert.equal(stepHeading(odd.html), "Team Created");
  assert.ok(!odd.html.includes("alert(1)"), "something that is not an address is not shown");
});

Deno.test("[signup pages] GET /signup/verify spends nothing; the API call still verifies afterwards", async () => {
  await using t = await createTestApp();
  await post(t.app, { ...EVERYTHING, step: "review", action: "finish" });
  const token = await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify");
  const before = await dumpKv(t.kv, SIGNUP_PREFIXES);
  for (let i = 0; i < 2; i++) {
    const { res, html } = await getPage(t.app, `/signup/verify?token=${token}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    assert.equal(res.headers.get("referrer-policy"), "no-referrer");
    assert.ok(html.includes("Verifying your email..."));
    assert.ok(html.includes('data-island="SignupVerify"'));
    // Without JavaScript a button posts the token.
    assert.match(html, /<noscript><form(?=[^>]*method="post")[^>]*action="\/signup\/verify"/);
    assert.ok(html.includes(`<input type="hidden" name="token" value="${token}"/>`));
  }
  assert.deepEqual(await dumpKv(t.kv, SIGNUP_PREFIXES), before, "opening the page changed nothing");
  const verified = await requestJson(t.app, "/api/signup/verify-token", { body: { token } });
  assert.equal(verified.status, 200);
  assert.equal((await verified.json()).message, "Email verified!");

  const missing = await getPage(t.app, "/signup/verify");
  assert.equal(missing.res.status, 400);
  assert.equal(missing.res.headers.get("referrer-policy"), "no-referrer");
  assert.ok(decode(missing.html).includes(INVALID_LINK));
  assert.ok(missing.html.includes('href="/signup"'));
});

Deno.test("[signup pages] POST /signup/verify verifies, signs in and redirects; the link works once", async () => {
  await using t = await createTestApp();
  await post(t.app, { ...EVERYTHING, step: "review", action: "finish" });
  const token = await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify");

  const res = await postForm(t.app, "/signup/verify", { token });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/signup?verified=true&email=jordan%40example.com");
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.equal(res.headers.get("referrer-policy"), "no-referrer");
  const cookie = cookiesFrom(res);
  assert.match(cookie, /gm_session=/);
  const team = await getTeamBySlug(t.kv, "harbor-hawks");
  assert.ok(team, "the team exists");
  const players = await listPlayers(t.kv, team.id);
  assert.deepEqual(players.map((p) => [p.firstName, p.lastName, p.jerseyNumber]), [["Riley", "Lee", 8]]);
  const session = await requestJson(t.app, "/api/v2/auth/session", { headers: { cookie } });
  const user = (await session.json()).user;
  assert.equal(user.email, "jordan@example.com");
  assert.equal(user.selectedTeamId, team.id);
  // The success step the redirect opens: 'Go to Dashboard' is the new team's admin dashboard.
  const success = await t.app.request(`${TEST_ORIGIN}${res.headers.get("location")}`, { headers: { cookie } });
  assert.match(await success.text(), new RegExp(`<a [^>]*href="/teams/${team.id}"[^>]*>Go to Dashboard</a>`));

  // The link a second time: the address is verified, so the page offers sign-in, not a second signup.
  const again = await postForm(t.app, "/signup/verify", { token });
  assert.equal(again.status, 409);
  assert.equal(again.headers.get("cache-control"), "no-store");
  assert.equal(again.headers.get("referrer-policy"), "no-referrer");
  const html = await again.text();
  assert.ok(decode(html).includes("This email address is already verified and your team is ready. Please sign in."));
  assert.ok(html.includes('href="/team-login"'));
  assert.ok(!html.includes("<noscript>"), "no second verify button once verified");
  assert.equal(again.headers.getSetCookie().length, 0);
  assert.equal((await kvValues(t.kv, { prefix: keys.allTeams() })).length, 1);

  for (const bad of ["", "short", "A".repeat(43)]) {
    assert.equal((await postForm(t.app, "/signup/verify", { token: bad })).status, 400);
  }
});

Deno.test("[signup pages] /signup-success: default name, dashboard links, no malformed team id echoed", async () => {
  await using t = await createTestApp();
  const plain = await getPage(t.app, "/signup-success");
  assert.equal(plain.res.status, 200);
  assert.ok(decode(plain.html).includes("Your Team is on GoalMates!"));
  assert.ok(plain.html.includes('data-island="SignupCelebration"'));
  assert.match(
    plain.html,
    /<a class="button button--primary button--lg" href="\/family-dashboard">Go to Family Dashboard<\/a>/,
  );

  const id = "01JD0000000000000000000000";
  const named = await getPage(t.app, `/signup-success?teamName=Harbor%20Hawks&teamId=${id}`);
  assert.ok(decode(named.html).includes("Harbor Hawks is on GoalMates!"));
  assert.ok(named.html.includes(`href="/family-dashboard/${id}"`));

  for (const bad of ["../../admin", "%22%3E%3Cscript%3Ex%3C%2Fscript%3E", "01jd0000000000000000000000", `${id}0`]) {
    const { html } = await getPage(t.app, `/signup-success?teamName=%3Cb%3EHi%3C%2Fb%3E&teamId=${bad}`);
    assert.ok(!html.includes("/family-dashboard/"), `${bad} made it into a link`);
    assert.ok(html.includes('href="/family-dashboard"'));
    assert.ok(!html.includes("<script>x"), "nothing of the id reaches the page");
    assert.ok(!html.includes("<b>Hi</b>"), "the team name is text, not markup");
  }
});

Deno.test("[signup pages] no-JS: a coach with no child on the team skips the player and creates none", async () => {
  await using t = await createTestApp();
  const player = await post(t.app, { ...ACCOUNT, ...TEAM, step: "team", action: "continue" });
  assert.equal(stepHeading(player.html), "Your Player");
  const text = decode(player.html);
  assert.ok(text.includes("Do you have a child on this team?"));
  assert.match(
    player.html,
    /<input(?=[^>]*type="radio")(?=[^>]*name="hasChildOnTeam")(?=[^>]*value="true")[^>]*checked=""/,
  );
  assert.ok(text.includes("I'm the coach / I have no child on the team"));

  // Continue with the player fields empty: refused with a child, accepted as the coach.
  const withChild = await post(t.app, { ...hiddenFields(player.html), hasChildOnTeam: "true", action: "continue" });
  assert.equal(withChild.res.status, 400);
  const review = await post(t.app, { ...hiddenFields(player.html), hasChildOnTeam: "false", action: "continue" });
  assert.equal(review.res.status, 200);
  assert.equal(stepHeading(review.html), "Verify Your Details");
  assert.ok(decode(review.html).includes("None: I'm the coach."));
  assert.equal(hiddenFields(review.html).hasChildOnTeam, "false");

  // Back to the player step: the coach's choice is still checked.
  const back = await post(t.app, { ...hiddenFields(review.html), action: "back" });
  assert.match(back.html, /<input(?=[^>]*name="hasChildOnTeam")(?=[^>]*value="false")[^>]*checked=""/);

  const sent = await post(t.app, { ...hiddenFields(review.html), action: "finish" });
  assert.equal(stepHeading(sent.html), "Check Your Email");
  const token = await tokenFromMail(t.kv, "jordan@example.com", "/signup/verify");
  assert.equal((await postForm(t.app, "/signup/verify", { token })).status, 303);
  const team = (await getTeamBySlug(t.kv, "harbor-hawks"))!;
  assert.deepEqual(await listPlayers(t.kv, team.id), []);
});
