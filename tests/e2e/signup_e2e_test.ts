import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest, islandsIn } from "./harness.ts";
import { linkIn } from "./smtp_sink.ts";
import { assertAccessible, hydrated, toastWith } from "./page_checks.ts";

const AGE_LABEL = "I confirm that I am 18 years of age or older";
/** The browser's own report of a refused call (the invalid-link check answers 400). */
const REFUSED_CALL = [/status of 400/];

/** SPEC.md section 9: confetti for 3 s, then a 5-second countdown to the family dashboard. */
const CONFETTI_MS = 3000;
const COUNTDOWN_SECONDS = 5;
const COUNTDOWN_TEXT = (seconds: number) =>
  `Taking you to your family dashboard in ${seconds} second${seconds === 1 ? "" : "s"}...`;
const STAYING_TEXT = "Staying here. Use the button when you are ready.";

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

/** Opens the wizard and wakes it (it hydrates on the first focus or click) before the story types. */
async function openWizard(page: Page, url: string) {
  await page.goto(url);
  await page.getByLabel("First name", { exact: true }).focus();
  await hydrated(page, "SignupWizard");
}

async function fillAccount(page: Page, email: string) {
  await page.getByLabel("First name", { exact: true }).fill("Casey");
  await page.getByLabel("Last name", { exact: true }).fill("Morgan");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel(AGE_LABEL).check();
}

async function fillTeamAndPlayer(page: Page, teamName: string) {
  await page.getByLabel("Team name", { exact: true }).fill(teamName);
  await page.getByLabel("Age group").selectOption("U10");
  await page.getByLabel("Team type").selectOption({ label: "Co-ed" });
  await page.getByRole("button", { name: "Continue" }).click();
  await heading(page, "Your Player").waitFor();
  await page.getByLabel("Player first name").fill("Sam");
  await page.getByLabel("Player last name").fill("Rivera");
  await page.getByLabel(/Jersey number/).fill("10");
  await page.getByRole("button", { name: "Continue" }).click();
  await heading(page, "Verify Your Details").waitFor();
}

/**
 * Installs Playwright's clock in the page's context and stops it, before the page loads anything:
 * from then on, the page's timers fire only when the test runs the clock.
 */
async function stopClock(page: Page) {
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 60_000);
}

/**
 * Opens the celebration under a stopped clock and runs the clock through the confetti phase, to
 * the start of the countdown. Its island reads no resource timing (the clock's `performance`
 * lists none): the island's bundle request and its toast show that it is live.
 */
async function openCelebrationAtCountdown(page: Page, islandsRequested: () => string[]) {
  await stopClock(page);
  await page.goto("/signup-success");
  // The island's first effect shows the toast and sets the confetti timer in one go.
  await toastWith(page, "Team created successfully!").waitFor();
  assert.deepEqual(islandsRequested(), ["SignupCelebration"]);
  assert.equal(await page.locator(".confetti").count(), 0, "no confetti with reduced motion");
  assert.equal(await page.getByText(/Taking you to your family dashboard/).count(), 0, "no countdown yet");
  await page.clock.runFor(CONFETTI_MS);
  await page.getByText(COUNTDOWN_TEXT(COUNTDOWN_SECONDS)).waitFor();
  assert.equal(await page.locator(".confetti").count(), 0);
}

e2eTest(
  "[e2e] signup: the wizard, the mailed link, the success step and the celebration",
  { smtp: true },
  async ({ server, base, smtp, newPage }, t) => {
    const { page, problems, requests } = await newPage();
    const email = "casey.morgan@example.com";
    let link = "";
    let verified: { teamId: string; slug: string; teamName: string } | undefined;

    await t.step("the wizard loads no script of its own before it is used", async () => {
      await page.goto(`${base}/signup`, { waitUntil: "networkidle" });
      // React is nearly all of the page's weight: it waits for the first focus or click.
      assert.deepEqual(islandsIn(requests.map((r) => r.url())), [], "an island bundle loaded before interaction");
      assert.equal(await page.locator('[data-island="SignupWizard"]').getAttribute("data-hydrate"), "interaction");
    });

    await t.step("Continue with empty fields: the spec's toast, fields marked, focus on the first", async () => {
      // Survives only while the wizard moves without reloading the page.
      await page.evaluate(() => Object.assign(globalThis, { __sameDocument: true }));
      // The first click wakes the wizard and is replayed once it is live.
      await page.getByRole("button", { name: "Continue" }).click();
      await hydrated(page, "SignupWizard");
      const toast = toastWith(page, "Please fill all required fields");
      await toast.waitFor();
      assert.match(await toast.innerText(), /All fields are required including the 18\+ confirmation\./);
      const firstName = page.getByLabel("First name", { exact: true });
      assert.equal(await firstName.getAttribute("aria-invalid"), "true");
      assert.equal(await page.evaluate(() => document.activeElement?.id), "signup-firstName");
      await problems.assertNone("signup with errors");
    });

    await t.step("every step, then 'Finish & Verify by Email' shows 'Check Your Email'", async () => {
      await fillAccount(page, email);
      await page.getByRole("button", { name: "Continue" }).click();
      await heading(page, "Your Team").waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.id), "signup-step-heading");
      await fillTeamAndPlayer(page, "Comets FC");
      const review = await page.locator(".signup-review").innerText();
      for (const shown of ["Casey Morgan", email, "Comets FC", "U10", "Co-ed", "Sam Rivera", "10"]) {
        assert.ok(review.includes(shown), `the review lacks ${shown}`);
      }
      await page.getByRole("button", { name: "Finish & Verify by Email" }).click();
      await heading(page, "Check Your Email").waitFor();
      await toastWith(page, "Email sent!").waitFor();
      assert.ok((await page.locator(".signup-verify").innerText()).includes(email));
      assert.equal(new URL(page.url()).pathname, "/signup");
      assert.equal(await page.evaluate(() => "__sameDocument" in globalThis), true, "no page load in between");
      await problems.assertNone("signup verify step");
    });

    await t.step("Resend Email mails a fresh link, which replaces the first", async () => {
      const first = linkIn(await smtp.waitForMail(email, "/signup/verify"), "/signup/verify");
      assert.ok(first.startsWith(`${base}/signup/verify?token=`), "links are built from APP_URL");
      await page.getByRole("button", { name: "Resend Email" }).click();
      await toastWith(page, "Email resent!").waitFor();
      const mails = await smtp.waitForMails(email, 2, "", 10_000);
      assert.equal(mails.length, 2);
      link = linkIn(mails[1], "/signup/verify");
      assert.notEqual(link, first);
      await problems.assertNone("after resend");

      await page.goto(first);
      await page.locator("#main").getByText(
        "The verification link is invalid or has expired. Please try signing up again.",
      )
        .waitFor();
      await toastWith(page, "Verification failed").waitFor();
      assert.equal(await page.getByRole("link", { name: "Back to signup" }).getAttribute("href"), "/signup");
      await problems.assertNone("an outdated link", REFUSED_CALL);
    });

    await t.step("the link verifies; Continue signup lands on the success step", async () => {
      const answer = page.waitForResponse((r) => r.url().endsWith("/api/signup/verify-token"));
      await page.goto(link);
      verified = await (await answer).json();
      await toastWith(page, "Email verified!").waitFor();
      await page.getByRole("link", { name: "Continue signup" }).click();
      await page.waitForURL(`${base}/signup?verified=true&email=${encodeURIComponent(email)}`);
      await heading(page, "Team Created").waitFor();
      assert.ok((await page.locator(".signup-success").innerText()).includes("Team created successfully!"));
      // The new admin lands where the work is: the team's admin dashboard.
      const dashboard = page.getByRole("link", { name: "Go to Dashboard" });
      assert.equal(await dashboard.getAttribute("href"), `/teams/${verified!.teamId}`);
      await problems.assertNone("success step");
      const token = new URL(link).searchParams.get("token")!;
      const referers = requests.map((r) => r.headers()["referer"] ?? "");
      assert.ok(!referers.some((r) => r.includes(token)), "the token never travels in a Referer");
      assert.ok(!server.output().includes(token), "the server log never shows the token");
    });

    await t.step("the team's public roster shows the player", async () => {
      assert.equal(verified?.slug, "comets-fc");
      await page.goto(`${base}/t/${verified!.slug}/roster`);
      await page.getByRole("heading", { name: "Comets FC" }).waitFor();
      const tile = page.locator(".tile").filter({ hasText: "Sam" });
      assert.equal(await tile.count(), 1);
      assert.equal((await tile.locator(".jersey").textContent())?.trim(), "10");
      await problems.assertNone("roster");
    });

    await t.step("the celebration: confetti, then a countdown to the family dashboard", async () => {
      const { teamId } = verified!;
      await page.goto(`${base}/signup-success?teamName=Comets%20FC&teamId=${teamId}`);
      await page.getByRole("heading", { name: "Comets FC is on GoalMates!" }).waitFor();
      await page.locator(".confetti__piece").first().waitFor();
      assert.equal(await page.locator(".confetti").getAttribute("aria-hidden"), "true");
      await toastWith(page, "Team created successfully!").waitFor();
      const button = page.getByRole("link", { name: "Go to Family Dashboard" });
      assert.equal(await button.getAttribute("href"), `/family-dashboard/${teamId}`);
      await page.getByText(/Taking you to your family dashboard in [1-5] seconds?/).waitFor();
      assert.equal(await page.locator(".confetti").count(), 0, "the confetti is gone after 3 seconds");
      await problems.assertNone("celebration");
      // The dashboard redirects on to the hub for a signed-in admin.
      await page.waitForURL((url) => url.pathname !== "/signup-success", { timeout: 10_000 });
      assert.match(new URL(page.url()).pathname, /^\/(family-dashboard\/[0-9A-Z]{26}|home)$/);
    });

    await t.step("with reduced motion: no confetti, and the countdown can be stopped", async () => {
      // A context of its own: the clock is installed for a whole context.
      const still = await newPage({ reducedMotion: "reduce" });
      await openCelebrationAtCountdown(still.page, still.islandsRequested);
      await still.page.getByRole("button", { name: "Stay on this page" }).click();
      await still.page.getByText(STAYING_TEXT).waitFor();
      still.requests.length = 0;
      const navigations = () => still.requests.filter((r) => r.isNavigationRequest()).map((r) => r.url());
      // A second at a time, past the end of the countdown: the next step shows that the same
      // seconds take a page whose countdown was not stopped to the dashboard.
      for (let second = 1; second <= COUNTDOWN_SECONDS + 1; second++) {
        await still.page.clock.runFor(1000);
        assert.deepEqual(navigations(), [], `no navigation ${second} s after 'Stay on this page'`);
        await still.page.getByText(STAYING_TEXT).waitFor();
        assert.equal(await still.page.getByText(/Taking you to your family dashboard/).count(), 0);
      }
      assert.equal(new URL(still.page.url()).pathname, "/signup-success");
      assert.deepEqual(navigations(), [], "no navigation after 'Stay on this page'");
      await still.problems.assertNone("celebration, stopped");
    });

    await t.step("with reduced motion and no 'Stay on this page', the countdown leads to the dashboard", async () => {
      const away = await newPage({ reducedMotion: "reduce" });
      await openCelebrationAtCountdown(away.page, away.islandsRequested);
      for (let seconds = COUNTDOWN_SECONDS - 1; seconds >= 1; seconds--) {
        await away.page.clock.runFor(1000);
        await away.page.getByText(COUNTDOWN_TEXT(seconds)).waitFor();
        assert.equal(new URL(away.page.url()).pathname, "/signup-success", `still here with ${seconds} s to go`);
      }
      const leaving = away.page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === away.page.mainFrame());
      await away.page.clock.runFor(1000);
      assert.equal(new URL((await leaving).url()).pathname, "/family-dashboard", "the countdown's own link");
      await away.page.waitForURL((url) => url.pathname !== "/signup-success");
      await away.problems.assertNone("after the countdown");
    });
  },
);

e2eTest(
  "[e2e] signup: axe finds no serious or critical violations along the wizard; Edit and Change email work",
  {},
  async ({ server, newPage, axeSource }, t) => {
    const axe = await axeSource();
    // The scan's script is injected: only this context bypasses the page's CSP.
    const { page } = await newPage({ bypassCSP: true });
    await page.goto(`${server.url}/signup`);
    // Before hydration: what every visitor sees first.
    await t.step("step 1", () => assertAccessible(page, axe, "/signup"));
    await t.step("step 1 with errors", async () => {
      await page.getByRole("button", { name: "Continue" }).click();
      await toastWith(page, "Please fill all required fields").waitFor();
      await assertAccessible(page, axe, "/signup with errors");
    });
    await t.step("the review step", async () => {
      await fillAccount(page, "axe@example.com");
      await page.getByRole("button", { name: "Continue" }).click();
      await heading(page, "Your Team").waitFor();
      await fillTeamAndPlayer(page, "Axe United");
      await assertAccessible(page, axe, "/signup review");
    });
    await t.step("Edit goes back to a step with its answers; Change email returns to the first step", async () => {
      await page.getByRole("button", { name: "Edit your team" }).click();
      await heading(page, "Your Team").waitFor();
      assert.equal(await page.getByLabel("Team name", { exact: true }).inputValue(), "Axe United");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("button", { name: "Continue" }).click();
      await heading(page, "Verify Your Details").waitFor();
      await page.getByRole("button", { name: "Finish & Verify by Email" }).click();
      await heading(page, "Check Your Email").waitFor();
      await assertAccessible(page, axe, "/signup verify step");
      await page.getByRole("button", { name: "Change email" }).click();
      await heading(page, "Your Details").waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.id), "signup-email");
      assert.equal(await page.getByLabel("Email", { exact: true }).inputValue(), "axe@example.com");
    });
    await t.step("the success step and the celebration", async () => {
      await page.goto(`${server.url}/signup?verified=true&email=axe%40example.com`);
      await assertAccessible(page, axe, "/signup success");
      await page.goto(`${server.url}/signup-success?teamName=Axe%20United`);
      await assertAccessible(page, axe, "/signup-success");
    });
  },
);

e2eTest(
  "[e2e] signup without JavaScript: every step posts, to 'Check Your Email' and through the link",
  { smtp: true },
  async ({ base, smtp, newPage }, t) => {
    // Each refused step answers 400, which the browser reports in the console.
    const { page, context } = await newPage({ javaScriptEnabled: false, allow: [/status of 400/] });
    const email = "nojs@example.com";

    await t.step("a refused step shows the summary, focused, and the field messages", async () => {
      await page.goto(`${base}/signup`);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Continue" }).click(),
      ]);
      assert.equal(response.status(), 400);
      const summary = page.locator("#signup-error-summary");
      assert.match(await summary.innerText(), /Please fill all required fields/);
      assert.match(await summary.innerText(), /All fields are required including the 18\+ confirmation\./);
      assert.equal(await page.locator("#signup-error-summary:focus").count(), 1, "the summary has the focus");
      assert.equal(await page.getByLabel("Email", { exact: true }).getAttribute("aria-invalid"), "true");
    });

    await t.step("the steps post one after another to 'Check Your Email'", async () => {
      await fillAccount(page, email);
      await page.getByRole("button", { name: "Continue" }).click();
      await heading(page, "Your Team").waitFor();
      await fillTeamAndPlayer(page, "No Script FC");
      await page.getByRole("button", { name: "Finish & Verify by Email" }).click();
      await heading(page, "Check Your Email").waitFor();
      await page.getByText("Email sent!").waitFor();
      assert.ok((await page.locator(".signup-verify").innerText()).includes(email));
    });

    await t.step("the mailed link's button verifies and opens the success step", async () => {
      const link = linkIn(await smtp.waitForMail(email, "/signup/verify"), "/signup/verify");
      await page.goto(link);
      await page.getByRole("button", { name: "Verify my email" }).click();
      await page.waitForURL(`${base}/signup?verified=true&email=${encodeURIComponent(email)}`);
      await heading(page, "Team Created").waitFor();
      const cookies = await context.cookies();
      assert.ok(cookies.some((c) => c.name === "gm_session"), "signed in");
    });
  },
);

e2eTest(
  "[e2e] signup: a coach with no child on the team creates it without a player and lands on its admin dashboard",
  { smtp: true },
  async ({ base, smtp, newPage, axeSource }, t) => {
    const axe = await axeSource();
    const { page, problems } = await newPage();
    const email = "coach.nochild@example.com";

    await t.step("'I'm the coach' hides the player's fields and the review says so", async () => {
      await openWizard(page, `${base}/signup`);
      await fillAccount(page, email);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByLabel("Team name", { exact: true }).fill("Lone Coaches FC");
      await page.getByLabel("Age group").selectOption("U12");
      await page.getByLabel("Team type").selectOption({ label: "Boys" });
      await page.getByRole("button", { name: "Continue" }).click();
      await heading(page, "Your Player").waitFor();
      const withChild = page.getByLabel("I have a child on this team");
      assert.equal(await withChild.isChecked(), true, "a child on the team is the default");
      await page.getByLabel("Player first name").waitFor();
      await page.getByLabel("I'm the coach / I have no child on the team").check();
      await page.getByLabel("Player first name").waitFor({ state: "hidden" });
      await assertAccessible(page, axe, "/signup, player step as the coach");
      await page.getByRole("button", { name: "Continue" }).click();
      await heading(page, "Verify Your Details").waitFor();
      assert.match(await page.locator(".signup-review").innerText(), /None: I'm the coach/);
      await page.getByRole("button", { name: "Finish & Verify by Email" }).click();
      await heading(page, "Check Your Email").waitFor();
      await problems.assertNone("coach signup");
    });

    await t.step("the link creates the team with no player; 'Go to Dashboard' opens its admin dashboard", async () => {
      const link = linkIn(await smtp.waitForMail(email, "/signup/verify"), "/signup/verify");
      const answer = page.waitForResponse((r) => r.url().endsWith("/api/signup/verify-token"));
      await page.goto(link);
      const verified = await (await answer).json();
      await page.getByRole("link", { name: "Continue signup" }).click();
      await heading(page, "Team Created").waitFor();
      await page.getByRole("link", { name: "Go to Dashboard" }).click();
      await page.waitForURL(`${base}/teams/${verified.teamId}`);
      await page.getByRole("heading", { name: /Lone Coaches FC/ }).first().waitFor();
      const roster = await page.request.get(`${base}/api/teams/${verified.slug}/roster`);
      assert.deepEqual((await roster.json()).players, [], "no invented player");
      await problems.assertNone("the admin dashboard");
    });
  },
);
