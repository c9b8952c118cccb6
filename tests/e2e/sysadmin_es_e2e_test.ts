/**
 * The System Console in Spanish (issue 24), in Chromium with a Spanish browser: the sign-in in
 * place, then the Teams, Analytics and Dev Tools tabs and the older `/admin` dashboard at 1280
 * and 390 px: axe clean, nothing scrolls sideways, no text wider than its button, tab or card.
 * (The Campaigns tab is sysadmin_campaigns_es_e2e_test.ts.)
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible, hydrated } from "./page_checks.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";

const SYSADMIN = { email: "root@goalmates.test", password: "a sysadmin password" };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SPANISH_BROWSER = { locale: "es-MX", extraHTTPHeaders: { "accept-language": "es-MX,es;q=0.9" } };
/** The browser's own report of the console's 401 (the sign-in in place). */
const REFUSED = [/status of 401/];
const es = messagesFor("es");
const texts = es.sysadmin;

/** What does not fit: the page scrolling sideways, or a button, tab, notice or card whose text is wider than it. */
async function overflowing(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const found: string[] = [];
    if (document.scrollingElement!.scrollWidth > innerWidth) found.push("the page scrolls sideways");
    const boxes = ".button, .console-tabs a, .admin-home__tabs a, .console-stat, .admin-tile, .notice, .card, .status";
    for (const el of document.querySelectorAll(boxes)) {
      if (el.scrollWidth > el.clientWidth + 1) found.push(`${el.className}: ${el.textContent?.trim().slice(0, 50)}`);
    }
    return found;
  });
}

e2eTest(
  "[e2e] sysadmin in Spanish: the console's Teams, Analytics and Dev Tools tabs and /admin at 1280 and 390 px",
  { env: { SYSADMIN_EMAIL: SYSADMIN.email, SYSADMIN_PASSWORD: SYSADMIN.password } },
  async ({ base, newContext, newPage, axeSource }, t) => {
    const axe = await axeSource();
    const admin = await newContext({ viewport: DESKTOP, bypassCSP: true, ...SPANISH_BROWSER });

    await t.step("[e2e] sysadmin es: the sign-in in place, in Spanish, then the console", async () => {
      const { page, problems } = await newPage({ context: admin, allow: REFUSED });
      await page.goto(`${base}/sysadmin?tab=teams`);
      assert.equal(await page.getAttribute("html", "lang"), "es");
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), texts.login.title);
      await assertAccessible(page, axe, "the console's sign-in in Spanish");
      await hydrated(page, "SysadminLogin");
      await page.getByLabel(es.login.fields.email, { exact: true }).fill(SYSADMIN.email);
      await page.getByLabel(es.login.fields.password, { exact: true }).fill(SYSADMIN.password);
      await page.getByRole("button", { name: es.login.signIn }).click();
      await page.getByRole("heading", { level: 1, name: texts.console.title }).waitFor();
      assert.equal(new URL(page.url()).search, "?tab=teams", "back on the tab it asked for");
      await problems.assertNone("signing in in Spanish", REFUSED);
      await page.close();
    });

    const tabs = [
      { path: "/sysadmin?tab=teams", heading: texts.teams.heading },
      { path: "/sysadmin?tab=analytics", heading: texts.analytics.activity },
      { path: "/sysadmin?tab=dev&synced=3&failed=0&skipped=1", heading: texts.devTools.heading },
      { path: "/admin", heading: texts.home.teams.heading },
      { path: "/admin?tab=activity", heading: texts.home.activity.heading },
      { path: "/admin?tab=settings", heading: texts.home.settings.heading },
    ];
    for (const viewport of [DESKTOP, PHONE]) {
      const width = `${viewport.width} px`;
      await t.step(`[e2e] sysadmin es: every tab in Spanish, axe clean, nothing overflows (${width})`, async () => {
        const { page, problems } = await newPage({ context: admin });
        await page.setViewportSize(viewport);
        for (const { path, heading } of tabs) {
          await page.goto(`${base}${path}`);
          assert.equal(await page.getAttribute("html", "lang"), "es", path);
          await page.getByRole("heading", { level: 2, name: heading, exact: true }).waitFor();
          await assertAccessible(page, axe, `${path} in Spanish, ${width}`);
          assert.deepEqual(await overflowing(page), [], `${path} at ${width}`);
        }
        await problems.assertNone(`the console in Spanish at ${width}`);
        await page.close();
      });
    }
  },
);
