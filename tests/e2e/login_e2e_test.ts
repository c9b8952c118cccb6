import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { linkIn } from "./smtp_sink.ts";
import { assertAccessible, hydrated, toastWith } from "./page_checks.ts";

const SYSADMIN = { email: "root@goalmates.test", password: "a sysadmin password" };
/** The demo team admin that development mode seeds (lib/seed.ts). */
const DEMO_ADMIN = { email: "coach@example.com", password: "rockets-demo-2026" };
/** The browser's own console report of a call the server refused (expected in these steps). */
const REFUSED_CALL = [/status of 40[01]/];

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = toastWith(page, title);
  await toast.waitFor();
  assert.ok((await toast.textContent())?.includes(description), `toast '${title}' lacks '${description}'`);
  // One toast at a time: close it so the next step sees only its own.
  await toast.getByRole("button", { name: "Dismiss notification" }).click();
}

e2eTest(
  "[e2e] login: team login tabs and flows, sysadmin login, and the e-mail test page",
  { smtp: true, env: { SYSADMIN_EMAIL: SYSADMIN.email, SYSADMIN_PASSWORD: SYSADMIN.password } },
  async ({ base, smtp, newPage, axeSource }, t) => {
    const axe = await axeSource();
    const { page, problems } = await newPage();
    const tab = (name: string) => page.getByRole("tab", { name, exact: true });
    const panelEmail = () => page.getByRole("tabpanel").getByLabel("Email", { exact: true });

    await t.step("[e2e] login: Magic Link is the default tab; arrows, Home and End switch tabs", async () => {
      await page.goto(`${base}/team-login`);
      await hydrated(page, "TeamLogin");
      assert.equal(await tab("Magic Link").getAttribute("aria-selected"), "true");
      assert.equal(await tab("Email & Password").getAttribute("aria-selected"), "false");
      // Roving focus once hydrated: only the selected tab is in the Tab order.
      assert.equal(await tab("Email & Password").getAttribute("tabindex"), "-1");
      await page.getByRole("tabpanel").getByRole("button", { name: "Send Magic Link" }).waitFor();
      await assertAccessible(page, axe, "/team-login, Magic Link tab");

      await tab("Magic Link").focus();
      await page.keyboard.press("ArrowRight");
      assert.equal(await tab("Email & Password").getAttribute("aria-selected"), "true");
      assert.equal(await focusedId(page), "login-tab-password");
      await page.getByRole("tabpanel").getByLabel("Password", { exact: true }).waitFor();
      assert.equal(new URL(page.url()).searchParams.get("tab"), "password");
      await assertAccessible(page, axe, "/team-login, Email & Password tab");

      await page.keyboard.press("ArrowRight"); // wraps around
      assert.equal(await focusedId(page), "login-tab-magic");
      await page.keyboard.press("End");
      assert.equal(await focusedId(page), "login-tab-password");
      await page.keyboard.press("Home");
      assert.equal(await focusedId(page), "login-tab-magic");
      await page.keyboard.press("ArrowLeft");
      assert.equal(await tab("Email & Password").getAttribute("aria-selected"), "true");
      await tab("Magic Link").click();
      assert.equal(await tab("Magic Link").getAttribute("aria-selected"), "true");
      assert.equal(new URL(page.url()).search, "");
      await problems.assertNone("team login tabs");
    });

    await t.step("[e2e] login: 'Check your email', 'Change Email', and the address remembered", async () => {
      await panelEmail().fill("parent@example.com");
      await page.getByRole("button", { name: "Send Magic Link" }).click();
      await page.getByRole("heading", { name: "Check your email" }).waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Check your email");
      await expectToast(page, "Magic link sent!", "");
      const mail = await smtp.waitForMail("parent@example.com", "/auth/magic");
      assert.ok(linkIn(mail, "/auth/magic").startsWith(`${base}/auth/magic?token=`));

      await page.getByRole("button", { name: "Change Email" }).click();
      assert.equal(await panelEmail().inputValue(), "parent@example.com");
      assert.equal(await focusedId(page), "magic-email");

      await page.reload();
      await hydrated(page, "TeamLogin");
      await page.waitForFunction(() =>
        (document.getElementById("magic-email") as HTMLInputElement | null)?.value === "parent@example.com"
      );
      await problems.assertNone("magic link request");
    });

    await t.step("[e2e] login: a refused magic-link request shows the spec's failure toast", async () => {
      await panelEmail().fill("   ");
      await page.getByRole("button", { name: "Send Magic Link" }).click();
      await expectToast(page, "Unable to send magic link", "Please check your email address and try again.");
      await panelEmail().fill("not-an-email");
      await page.getByRole("button", { name: "Send Magic Link" }).click();
      await expectToast(page, "Unable to send magic link", "Please check your email address and try again.");
      assert.equal(await page.getByRole("heading", { name: "Check your email" }).count(), 0);
      await problems.assertNone("refused magic link", REFUSED_CALL);
    });

    await t.step("[e2e] login: a wrong password gives 'Login Failed'; the right one moves on after 1 s", async () => {
      await page.goto(`${base}/team-login?tab=password&next=/home`);
      await hydrated(page, "TeamLogin");
      await panelEmail().fill(DEMO_ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill("not the password");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expectToast(page, "Login Failed", "Invalid email or password. Please try again.");
      assert.equal(new URL(page.url()).pathname, "/team-login");

      await page.getByLabel("Password", { exact: true }).fill(DEMO_ADMIN.password);
      const clicked = Date.now();
      await page.getByRole("button", { name: "Sign In" }).click();
      await toastWith(page, "Login Successful").waitFor();
      await page.waitForURL(`${base}/home`);
      assert.ok(Date.now() - clicked >= 900, "the redirect waits about a second");
      await page.getByRole("heading", { name: "Your GoalMates Hub" }).waitFor();
      await problems.assertNone("password login", REFUSED_CALL);

      await page.goto(`${base}/team-login?tab=password`);
      await hydrated(page, "TeamLogin");
      await page.waitForFunction(() =>
        (document.getElementById("password-email") as HTMLInputElement | null)?.value === "coach@example.com"
      );
      await problems.assertNone("remembered admin e-mail");
    });

    await t.step("[e2e] login: /sysadmin/login show/hide toggle, error toasts, then success", async () => {
      await page.goto(`${base}/sysadmin/login?next=/email-test`);
      const toggle = page.getByRole("button", { name: /password$/ });
      await toggle.waitFor(); // appears once the island runs
      assert.equal(await toggle.textContent(), "Show password");
      assert.equal(await toggle.getAttribute("aria-pressed"), "false");
      const password = page.getByLabel("Password", { exact: true });
      assert.equal(await password.getAttribute("type"), "password");
      await assertAccessible(page, axe, "/sysadmin/login");

      await page.getByLabel("Email", { exact: true }).fill(SYSADMIN.email);
      await password.fill("not the password");
      await toggle.click();
      assert.equal(await password.getAttribute("type"), "text");
      assert.equal(await toggle.textContent(), "Hide password");
      assert.equal(await toggle.getAttribute("aria-pressed"), "true");
      await toggle.click();
      assert.equal(await password.getAttribute("type"), "password");
      assert.equal(await toggle.getAttribute("aria-pressed"), "false");

      await page.getByRole("button", { name: "Sign In" }).click();
      await expectToast(page, "Login Failed", "Invalid credentials");

      await page.route("**/api/sysadmin/login", (route) => route.abort());
      await page.getByRole("button", { name: "Sign In" }).click();
      await expectToast(page, "Login Error", "Unable to connect to server");
      await page.unroute("**/api/sysadmin/login");
      await problems.assertNone("refused sysadmin logins", [...REFUSED_CALL, /ERR_FAILED/]);

      await password.fill(SYSADMIN.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL(`${base}/email-test`);
      await problems.assertNone("sysadmin login");
    });

    await t.step("[e2e] login: /email-test sends a test mail that arrives by SMTP", async () => {
      await page.goto(`${base}/email-test`);
      await hydrated(page, "EmailTest");
      assert.equal(await page.getByLabel("Player name").inputValue(), "Test Player");
      // With SMTP set, there is no outbox to list.
      assert.equal(await page.getByRole("heading", { name: "Development outbox" }).count(), 0);

      await page.getByRole("button", { name: "Test Verification Email" }).click();
      await expectToast(page, "Error", "Please enter an email address");

      await page.getByLabel("Email", { exact: true }).fill("tester@example.com");
      await page.getByRole("button", { name: "Test Magic Link Email" }).click();
      await expectToast(page, "Test email sent", "tester@example.com");
      const result = page.locator(".test-result").first();
      for (const text of ["magic-link", "Yes", "200", "Test Player"]) {
        assert.ok((await result.textContent())?.includes(text), `result lacks ${text}`);
      }
      const mail = await smtp.waitForMail("tester@example.com", "/auth/magic");
      assert.match(mail.decoded, /\[Test\]/);
      assert.match(mail.decoded, /Hi Test Player,/);

      await page.getByRole("button", { name: "Test Verification Email" }).click();
      await expectToast(page, "Test email sent", "tester@example.com");
      await smtp.waitForMail("tester@example.com", "/signup/verify");
      assert.equal(await page.locator(".test-result").count(), 2);

      await page.getByLabel("Player name").fill("");
      await page.getByRole("button", { name: "Test Magic Link Email" }).click();
      await expectToast(page, "Error", "Please enter both email and player name");

      await page.getByLabel("Email", { exact: true }).fill("not-an-email");
      await page.getByRole("button", { name: "Test Verification Email" }).click();
      await expectToast(page, "Failed to test verification email", "Please enter a valid email address");
      assert.ok((await page.locator(".test-result").first().textContent())?.includes("400"));
      await assertAccessible(page, axe, "/email-test with results");
      await problems.assertNone("email test", [/status of 400/]);
    });
  },
);
