/**
 * `/account` in a real browser, without JavaScript of its own: the header leads there, the
 * name and password forms show their result (or an error next to the field) after each post,
 * and 'Sign out everywhere' really signs out another browser. Checked at 390 px with axe.
 * Self-contained: the real app (development mode, demo team) and Debian's Chromium.
 */
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, PROJECT_ROOT, startServer, type TestServer } from "./server.ts";

const PHONE = { width: 390, height: 844 };
const DEMO_PASSWORD = "rockets-demo-2026";

async function signedIn(browser: Browser, server: TestServer, email: string, viewport = PHONE) {
  const context = await browser.newContext({ viewport });
  const res = await context.request.post(`${server.url}/api/dev/auto-login`, {
    data: { email },
    headers: { origin: server.url },
  });
  assert.equal(res.status(), 200, "dev auto-login");
  return context;
}

async function sessionStatus(context: BrowserContext, server: TestServer): Promise<number> {
  return (await context.request.get(`${server.url}/api/v2/auth/session`)).status();
}

/** axe-core on the page as it is; serious and critical findings fail. Runs outside the page's CSP. */
async function assertAccessible(page: Page, where: string) {
  const source = await Deno.readTextFile(`${PROJECT_ROOT}/node_modules/axe-core/axe.min.js`);
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: Document): Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run(document);
    return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  assert.deepEqual(violations, [], `axe on ${where}`);
}

Deno.test({
  name: "[account e2e] name, password and 'Sign out everywhere' as plain forms",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const context = await signedIn(browser, server, "coach@example.com");
      const page = await context.newPage();
      // A page without an island sends no JavaScript at all.
      const scripts: string[] = [];
      page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));

      await t.step("the header leads to the account page", async () => {
        await page.goto(`${server.url}/home`);
        await page.locator(".site-nav__account").click();
        await page.waitForURL(`${server.url}/account`);
        assert.equal(await page.locator("h1").textContent(), "Your Account");
        assert.ok((await page.locator(".site-header").textContent())?.includes("Your Hub"));
        assert.ok(!(await page.locator(".site-header").textContent())?.includes("Team Login"));
        assert.ok(await page.evaluate(() => document.scrollingElement!.scrollWidth) <= PHONE.width);
        await assertAccessible(page, "/account");
      });

      await t.step("saving the name shows a notice and the new name in the header", async () => {
        await page.getByLabel("First name").fill("Jordana");
        await page.getByLabel("Last name").fill("Reyes");
        await page.getByRole("button", { name: "Save Name" }).click();
        await page.waitForURL(`${server.url}/account?done=name`);
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
        await assertAccessible(page, "/account with an error");
      });

      await t.step("a wrong current password is refused next to its field; the right one changes it", async () => {
        await page.goto(`${server.url}/account`);
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
        await page.waitForURL(`${server.url}/account?done=password`);
        assert.equal(
          await page.getByRole("status").first().textContent(),
          "Password updated. Other sessions were signed out.",
        );
        assert.equal(await sessionStatus(context, server), 200, "this browser stays signed in");
      });

      await t.step("'Sign out everywhere' signs out another browser too", async () => {
        const other = await signedIn(browser, server, "coach@example.com");
        assert.equal(await sessionStatus(other, server), 200);
        await page.getByRole("button", { name: "Sign out everywhere" }).click();
        await page.waitForURL(`${server.url}/account/signed-out`);
        assert.equal(await page.locator("h1").textContent(), "Signed out everywhere");
        assert.ok((await page.locator(".site-header").textContent())?.includes("Team Login"));
        assert.equal(await sessionStatus(context, server), 401);
        assert.equal(await sessionStatus(other, server), 401, "the other browser is signed out");
        assert.deepEqual(scripts, [], "no JavaScript on the hub or /account");
        await page.goto(`${server.url}/account`);
        assert.ok(page.url().startsWith(`${server.url}/team-login?next=/account`));
        await other.close();
      });
      await context.close();
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
