/**
 * A signup verification link opened a second time: the team already exists, so the page says
 * the address is verified and offers sign-in, never "sign up again" — with JavaScript (the
 * island's call answers 409) and without (the noscript button's post answers a 409 page).
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { linkIn } from "./smtp_sink.ts";
import { assertAccessible, toastWith } from "./page_checks.ts";

const EMAIL = "twice.clicked@example.com";
const SIGNUP = {
  firstName: "Robin",
  lastName: "Okafor",
  email: EMAIL,
  ageConfirmation: true,
  teamName: "Second Click FC",
  ageGroup: "U12",
  teamType: "boys",
  playerFirstName: "Ade",
  playerLastName: "Okafor",
  playerJerseyNumber: 9,
};

const ALREADY_VERIFIED = "This email address is already verified and your team is ready. Please sign in.";
const SIGN_UP_AGAIN = /Please try signing up again/;
/** The browser's own report of the refused verification (a used link answers 409). */
const USED_LINK = [/status of 409/];

/** The page shows the 'already verified' state: its text, a 'Sign in' link, no 'sign up again'. */
async function assertAlreadyVerified(page: Page, signIn: string) {
  await page.locator("#main").getByText(ALREADY_VERIFIED, { exact: true }).waitFor();
  assert.equal(await page.getByRole("link", { name: signIn, exact: true }).getAttribute("href"), "/team-login");
  assert.equal(await page.getByText(SIGN_UP_AGAIN).count(), 0, "no 'Please try signing up again'");
  assert.equal(await page.getByRole("link", { name: "Back to signup" }).count(), 0);
}

e2eTest(
  "[e2e] signup link: opened a second time, it says 'already verified' and offers sign-in",
  { smtp: true },
  async ({ base, smtp, newPage, axeSource }, t) => {
    let link = "";

    await t.step("the first visit verifies: 'Email verified!' and 'Continue signup'", async () => {
      const { page, context } = await newPage();
      const started = await context.request.post("/api/signup/create-pending-intent", { data: SIGNUP });
      assert.equal(started.status(), 200, await started.text());
      link = linkIn(await smtp.waitForMail(EMAIL, "/signup/verify"), "/signup/verify");
      assert.ok(link.startsWith(`${base}/signup/verify?token=`));

      const answer = page.waitForResponse((r) => r.url().endsWith("/api/signup/verify-token"));
      await page.goto(link);
      assert.equal((await answer).status(), 200);
      await page.getByRole("heading", { name: "Email verified!" }).waitFor();
      await toastWith(page, "Email verified!").waitFor();
      assert.equal(
        await page.getByRole("link", { name: "Continue signup" }).getAttribute("href"),
        `/signup?verified=true&email=${encodeURIComponent(EMAIL)}`,
      );
      assert.equal(await page.getByText(ALREADY_VERIFIED).count(), 0);
    });

    await t.step("the same link in a fresh browser: 'already verified' and 'Sign in'", async () => {
      const { page, problems } = await newPage({ allow: USED_LINK });
      const answer = page.waitForResponse((r) => r.url().endsWith("/api/signup/verify-token"));
      await page.goto(link);
      assert.equal((await answer).status(), 409);
      await assertAlreadyVerified(page, "Sign in");
      await page.getByRole("heading", { name: "Email verified!" }).waitFor();
      assert.equal(await toastWith(page, "Verification failed").count(), 0);
      await assertAccessible(page, await axeSource(), "a used signup link");
      await problems.assertNone("a used signup link", USED_LINK);
    });

    await t.step("without JavaScript: 'Verify my email' answers the 409 page with 'Sign in'", async () => {
      const { page } = await newPage({ javaScriptEnabled: false, allow: USED_LINK });
      const opened = await page.goto(link);
      assert.equal(opened?.status(), 200, "opening the link spends nothing");
      const [posted] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/signup/verify"),
        page.getByRole("button", { name: "Verify my email" }).click(),
      ]);
      assert.equal(posted.status(), 409);
      await page.waitForLoadState();
      await assertAlreadyVerified(page, "Sign in");
      assert.equal(await page.getByRole("button", { name: "Verify my email" }).count(), 0, "no second button");
    });
  },
);
