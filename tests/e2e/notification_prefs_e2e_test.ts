/**
 * The Notifications section of `/account` in a real browser (development mode, the demo parent,
 * Debian's Chromium): reached from the avatar menu, it shows three switches at 1280 and 390 px
 * with and without JavaScript (no sideways scroll; axe clean), and turning a kind off and saving
 * keeps it off (the page after the redirect and the API agree).
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible } from "./page_checks.ts";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SWITCHES = ["Team news", "Schedule changes", "Weekly digest"];

async function signInAsParent(context: BrowserContext): Promise<void> {
  const res = await context.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
  assert.equal(res.status(), 200, await res.text());
}

const section = (page: Page) => page.locator("section#notifications");

/** The section and its three switches are there, nothing scrolls sideways, and (with JavaScript) axe is clean. */
async function assertSection(page: Page, axe: string | null, where: string, width: number): Promise<void> {
  assert.ok(await section(page).getByRole("heading", { level: 2, name: "Notifications" }).isVisible(), where);
  for (const name of SWITCHES) {
    assert.ok(await section(page).getByRole("checkbox", { name }).isVisible(), `${where}: ${name}`);
  }
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  assert.ok(scrollWidth <= width, `${where}: no sideways scroll (${scrollWidth} px)`);
  if (axe) await assertAccessible(page, axe, where);
}

/** Turns one kind off, saves, and checks the page after the redirect and the API. */
async function turnOff(page: Page, context: BrowserContext, base: string, name: string, kind: string) {
  await section(page).getByRole("checkbox", { name }).uncheck();
  await section(page).getByRole("button", { name: "Save Notifications" }).click();
  await page.waitForURL(`${base}/account?saved=notifications#notifications`);
  assert.ok(await section(page).getByRole("status").isVisible(), "the saved notice shows in the section");
  assert.equal(await section(page).getByRole("checkbox", { name }).isChecked(), false, `${name} stays off`);
  const prefs = await (await context.request.get("/api/account/notifications")).json();
  assert.equal(prefs[kind], false, `${kind} is off`);
  return prefs;
}

e2eTest(
  "[notification prefs e2e] a parent turns a kind of mail off on /account, with and without JavaScript",
  {},
  async ({ base, newPage, newContext, axeSource }, t) => {
    const axe = await axeSource();

    await t.step("with JavaScript at 1280 px: from the avatar menu; weekly digest off", async () => {
      const { page, context } = await newPage({ viewport: DESKTOP, bypassCSP: true });
      await signInAsParent(context);
      await page.goto("/family-dashboard/demo");
      await page.locator(".acct-menu__toggle").click();
      await page.locator(".acct-menu__list").getByRole("link", { name: "Notifications" }).click();
      await page.waitForURL(`${base}/account#notifications`);
      await assertSection(page, axe, "/account#notifications at 1280 px", DESKTOP.width);
      const prefs = await turnOff(page, context, base, "Weekly digest", "weeklyDigest");
      assert.deepEqual(prefs, { teamNews: true, scheduleChanges: true, weeklyDigest: false });
      await assertSection(page, axe, "/account after saving at 1280 px", DESKTOP.width);
    });

    await t.step("with JavaScript at 390 px", async () => {
      const { page, context } = await newPage({ viewport: PHONE, bypassCSP: true });
      await signInAsParent(context);
      await page.goto("/account#notifications");
      await assertSection(page, axe, "/account#notifications at 390 px", PHONE.width);
    });

    await t.step("without JavaScript at 390 and 1280 px: team news off by the plain form", async () => {
      const context = await newContext({ viewport: PHONE, javaScriptEnabled: false, bypassCSP: true });
      await signInAsParent(context);
      const page = await context.newPage();
      await page.goto("/account");
      // axe needs a script to run; the markup is the one the steps above checked.
      await assertSection(page, null, "/account at 390 px without JavaScript", PHONE.width);
      const prefs = await turnOff(page, context, base, "Team news", "teamNews");
      assert.deepEqual(prefs, { teamNews: false, scheduleChanges: true, weeklyDigest: false });
      await page.setViewportSize(DESKTOP);
      await assertSection(page, null, "/account at 1280 px without JavaScript", DESKTOP.width);
    });
  },
);
