import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible } from "./page_checks.ts";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A demo account, signed in through development mode's auto-login. */
async function signInAs(context: BrowserContext, email: string): Promise<void> {
  const res = await context.request.post("/api/dev/auto-login", { data: { email } });
  assert.equal(res.status(), 200, await res.text());
}

/** Types the address into the Delete section of /account/privacy and presses its button. */
async function deleteFromPrivacyPage(page: Page, typed: string): Promise<void> {
  await page.goto("/account/privacy");
  await page.getByLabel("Type your e-mail address to confirm").fill(typed);
  await page.getByRole("button", { name: "Delete my account" }).click();
}

e2eTest(
  "[e2e] account deletion: from /account/privacy, with JavaScript and without, to /account/deleted",
  {},
  async ({ base, newPage, newContext, axeSource }, t) => {
    await t.step("[e2e] account deletion: a team's only admin is refused in the Delete section (390 px)", async () => {
      const { page, context } = await newPage({ viewport: PHONE, bypassCSP: true, allow: [/409/] });
      await signInAs(context, "coach@example.com");
      await deleteFromPrivacyPage(page, "coach@example.com");
      const error = page.locator("#privacy-delete-error");
      await error.waitFor();
      assert.match(await error.innerText(), /You are this team's only admin/);
      assert.equal(new URL(page.url()).pathname, "/account/privacy/delete");
      await assertAccessible(page, await axeSource(), "the refused deletion at 390 px");
      assert.equal((await context.request.get("/api/v2/auth/session")).status(), 200, "still signed in");
    });

    await t.step("[e2e] account deletion: a parent with JavaScript, at 1280 px", async () => {
      const { page, context } = await newPage({ viewport: DESKTOP, bypassCSP: true, allow: [/400/, /401/] });
      await signInAs(context, "parent@example.com");
      await deleteFromPrivacyPage(page, "wrong@example.com");
      assert.match(await page.locator("#privacy-delete-error").innerText(), /not your account's e-mail address/);
      await deleteFromPrivacyPage(page, " Parent@Example.com ");
      await page.waitForURL(`${base}/account/deleted`);
      await page.getByRole("heading", { name: "Your account was deleted" }).waitFor();
      assert.equal((await context.request.get("/api/v2/auth/session")).status(), 401, "signed out");
      assert.deepEqual((await context.cookies()).filter((c) => c.name.includes("session")), []);
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await assertAccessible(page, await axeSource(), `/account/deleted at ${viewport.width} px`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
        assert.equal(overflow, false, `no sideways scroll at ${viewport.width} px`);
      }
      // The address is free again: no account answers to it.
      const again = await context.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
      assert.notEqual(again.status(), 200);
    });

    await t.step("[e2e] account deletion: without JavaScript, at 390 px", async () => {
      const context = await newContext({ viewport: PHONE, javaScriptEnabled: false });
      await signInAs(context, "player@example.com");
      const page = await context.newPage();
      await deleteFromPrivacyPage(page, "player@example.com");
      await page.waitForURL(`${base}/account/deleted`);
      await page.getByRole("heading", { name: "Your account was deleted" }).waitFor();
      assert.equal((await context.request.get("/api/v2/auth/session")).status(), 401, "signed out");
    });
  },
);
