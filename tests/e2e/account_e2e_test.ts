/**
 * `/account` in a real browser, without JavaScript of its own: the header leads there, the
 * name and password forms show their result (or an error next to the field) after each post,
 * and 'Sign out everywhere' really signs out another browser. Checked at 390 px with axe.
 * The real app (development mode, demo team) and Debian's Chromium, through the e2e harness.
 */
import assert from "node:assert/strict";
import type { BrowserContext } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible } from "./page_checks.ts";

const PHONE = { width: 390, height: 844 };
const DEMO_PASSWORD = "rockets-demo-2026";

/** Signs `context` in as the user with `email`, through development mode's auto-login. */
async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post("/api/dev/auto-login", { data: { email } });
  assert.equal(res.status(), 200, "dev auto-login");
}

async function sessionStatus(context: BrowserContext): Promise<number> {
  return (await context.request.get("/api/v2/auth/session")).status();
}

e2eTest(
  "[account e2e] name, password and 'Sign out everywhere' as plain forms",
  {},
  async ({ base, newPage, newContext, axeSource }, t) => {
    const axe = await axeSource();
    const context = await newContext({ viewport: PHONE });
    await signIn(context, "coach@example.com");
    // The refused blank name (400) and wrong current password (403): the browser reports both.
    const { page } = await newPage({ context, allow: [/status of 400/, /status of 403/] });
    // A page without an island sends no JavaScript at all.
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));

    await t.step("the header leads to the account page", async () => {
      await page.goto("/home");
      await page.locator(".site-nav__account").click();
      await page.waitForURL(`${base}/account`);
      assert.equal(await page.locator("h1").textContent(), "Your Account");
      assert.ok((await page.locator(".site-header").textContent())?.includes("Your Hub"));
      assert.ok(!(await page.locator(".site-header").textContent())?.includes("Team Login"));
      assert.ok(await page.evaluate(() => document.scrollingElement!.scrollWidth) <= PHONE.width);
      await assertAccessible(page, axe, "/account");
    });

    await t.step("saving the name shows a notice and the new name in the header", async () => {
      await page.getByLabel("First name").fill("Jordana");
      await page.getByLabel("Last name").fill("Reyes");
      await page.getByRole("button", { name: "Save Name" }).click();
      await page.waitForURL(`${base}/account?done=name`);
      assert.equal(await page.getByRole("status").first().textContent(), "Your name was saved.");
      assert.equal(await page.locator(".site-nav__name").textContent(), "Jordana Reyes");
      assert.equal(await page.getByLabel("First name").inputValue(), "Jordana");
    });

    await t.step("a blank name is refused next to its field", async () => {
      await page.getByLabel("First name").fill("");
      await page.getByRole("button", { name: "Save Name" }).click();
      await page.waitForLoadState();
      const field = page.getByLabel("First name");
      assert.equal(await field.getAttribute("aria-invalid"), "true");
      assert.equal(await page.locator("#account-first-name-error").textContent(), "First name is required");
      await assertAccessible(page, axe, "/account with an error");
    });

    await t.step("a wrong current password is refused next to its field; the right one changes it", async () => {
      await page.goto("/account");
      const newer = "a brand new password for the coach";
      await page.getByLabel("Current password").fill("not the demo password");
      await page.getByLabel("New password", { exact: true }).fill(newer);
      await page.getByLabel("New password again").fill(newer);
      await page.getByRole("button", { name: "Change Password" }).click();
      await page.waitForLoadState();
      assert.equal(
        await page.locator("#account-current-password-error").textContent(),
        "Your current password is incorrect.",
      );
      assert.equal(await page.getByLabel("New password", { exact: true }).inputValue(), "", "never echoed");

      await page.getByLabel("Current password").fill(DEMO_PASSWORD);
      await page.getByLabel("New password", { exact: true }).fill(newer);
      await page.getByLabel("New password again").fill(newer);
      await page.getByRole("button", { name: "Change Password" }).click();
      await page.waitForURL(`${base}/account?done=password`);
      assert.equal(
        await page.getByRole("status").first().textContent(),
        "Password updated. Other sessions were signed out.",
      );
      assert.equal(await sessionStatus(context), 200, "this browser stays signed in");
    });

    await t.step("'Sign out everywhere' signs out another browser too", async () => {
      const other = await newContext({ viewport: PHONE });
      await signIn(other, "coach@example.com");
      assert.equal(await sessionStatus(other), 200);
      await page.getByRole("button", { name: "Sign out everywhere" }).click();
      await page.waitForURL(`${base}/account/signed-out`);
      assert.equal(await page.locator("h1").textContent(), "Signed out everywhere");
      assert.ok((await page.locator(".site-header").textContent())?.includes("Team Login"));
      assert.equal(await sessionStatus(context), 401);
      assert.equal(await sessionStatus(other), 401, "the other browser is signed out");
      assert.deepEqual(scripts, [], "no JavaScript on the hub or /account");
      await page.goto("/account");
      assert.ok(page.url().startsWith(`${base}/team-login?next=/account`));
    });
  },
);
