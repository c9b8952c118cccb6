/**
 * A person's own pages in Spanish (issue 24), in a real browser (development mode, the demo
 * parent, a Spanish browser): /account and /account/privacy at 1280 and 390 px (axe clean,
 * nothing sideways, no text wider than its button, card, notice or label), a notification kind
 * turned off in Spanish, and the Account Settings dialog refusing a profile in Spanish.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible, hydrated } from "./page_checks.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SPANISH_BROWSER = { locale: "es-US", extraHTTPHeaders: { "accept-language": "es-US,es;q=0.9" } };
const es = messagesFor("es");

async function signInAsParent(context: BrowserContext): Promise<void> {
  const res = await context.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
  assert.equal(res.status(), 200, await res.text());
}

/** What does not fit: the page scrolling sideways, or a button, card, notice or label whose text is wider than it. */
async function overflowing(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const found: string[] = [];
    if (document.scrollingElement!.scrollWidth > innerWidth) found.push("the page scrolls sideways");
    for (const el of document.querySelectorAll(".button, .card, .notice, label, .tabs__tab, .privacy__toc a")) {
      if (el.scrollWidth > el.clientWidth + 1) found.push(`${el.className}: ${el.textContent?.trim().slice(0, 50)}`);
    }
    return found;
  });
}

const notifications = (page: Page) => page.locator("section#notifications");

e2eTest(
  "[e2e] account in Spanish: /account and /account/privacy at 1280 and 390 px, notifications, Account Settings",
  {},
  async ({ base, newPage, axeSource }, t) => {
    const axe = await axeSource();

    for (const viewport of [DESKTOP, PHONE]) {
      const width = `${viewport.width} px`;
      await t.step(
        `[e2e] account es: /account and /account/privacy, axe clean, nothing overflows (${width})`,
        async () => {
          const { page, context, problems } = await newPage({ viewport, bypassCSP: true, ...SPANISH_BROWSER });
          await signInAsParent(context);
          await page.goto(`${base}/account`);
          assert.equal(await page.getAttribute("html", "lang"), "es");
          assert.equal(await page.locator("h1").textContent(), es.account.title);
          for (const name of Object.values(es.notifications.kinds).map((kind) => kind.label)) {
            await notifications(page).getByRole("checkbox", { name }).waitFor();
          }
          await page.getByRole("button", { name: es.account.sessions.button }).waitFor();
          await assertAccessible(page, axe, `/account in Spanish, ${width}`);
          assert.deepEqual(await overflowing(page), [], `/account at ${width}`);

          await page.goto(`${base}/account/privacy`);
          assert.equal(await page.locator("h1").textContent(), es.account.privacy.title);
          await page.getByRole("heading", { name: es.account.privacy.kept.title }).waitFor();
          await page.getByRole("button", { name: es.account.privacy.delete.button }).waitFor();
          await assertAccessible(page, axe, `/account/privacy in Spanish, ${width}`);
          assert.deepEqual(await overflowing(page), [], `/account/privacy at ${width}`);
          await problems.assertNone(`the account pages in Spanish at ${width}`);
        },
      );
    }

    await t.step("[e2e] account es: the weekly digest turned off in Spanish stays off", async () => {
      const { page, context } = await newPage({ viewport: PHONE, bypassCSP: true, ...SPANISH_BROWSER });
      await signInAsParent(context);
      await page.goto(`${base}/account#notifications`);
      const digest = es.notifications.kinds.weeklyDigest.label;
      await notifications(page).getByRole("checkbox", { name: digest }).uncheck();
      await notifications(page).getByRole("button", { name: es.account.notifications.save }).click();
      await page.waitForURL(`${base}/account?saved=notifications#notifications`);
      assert.equal(
        (await notifications(page).getByRole("status").textContent())?.trim(),
        es.account.messages.notifications.saved,
      );
      assert.equal(await notifications(page).getByRole("checkbox", { name: digest }).isChecked(), false);
      const prefs = await (await context.request.get("/api/account/notifications")).json();
      assert.equal(prefs.weeklyDigest, false);
      await assertAccessible(page, axe, "/account after saving, in Spanish");
      assert.deepEqual(await overflowing(page), [], "/account after saving at 390 px");
    });

    await t.step("[e2e] account es: Account Settings in Spanish, a profile refused in Spanish", async () => {
      const { page, context, problems } = await newPage({ viewport: PHONE, bypassCSP: true, ...SPANISH_BROWSER });
      await signInAsParent(context);
      await page.goto(`${base}/family-dashboard/demo`);
      await page.locator(".acct-menu__toggle").click();
      // The island hydrates on this first click (replayed once React owns the link): the dialog opens.
      await page.getByRole("link", { name: es.accountSettings.title }).click();
      await hydrated(page, "AccountSettings");
      const dialog = page.getByRole("dialog", { name: es.accountSettings.title });
      await dialog.waitFor();
      await dialog.getByRole("tab", { name: es.accountSettings.tabs.profile }).waitFor();
      await dialog.getByRole("tab", { name: es.accountSettings.tabs.players }).waitFor();
      await assertAccessible(page, axe, "Account Settings in Spanish");
      assert.deepEqual(await overflowing(page), [], "Account Settings at 390 px");
      // Checked in the browser with the server's rules, worded in Spanish.
      const profile = dialog.locator("#acct-panel-profile");
      await profile.getByLabel(es.accountSettings.profile.firstName, { exact: true }).fill("");
      await profile.getByRole("button", { name: es.accountSettings.profile.save }).click();
      await profile.getByText(es.accountSettings.rules.firstName).waitFor();
      await dialog.getByRole("tab", { name: es.accountSettings.tabs.players }).click();
      await dialog.getByRole("button", { name: es.accountSettings.player.save }).first().waitFor();
      assert.deepEqual(await overflowing(page), [], "My Players at 390 px");
      await problems.assertNone("Account Settings in Spanish");
    });
  },
);
