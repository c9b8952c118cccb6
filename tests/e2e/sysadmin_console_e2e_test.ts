/**
 * The System Console in Chromium: the system administrator opens /sysadmin (the sign-in in
 * place), signs in and stays there; deploys a poll through 'Deploy New Global Campaign' (a
 * refusal first: toast and the message next to the field); the demo parent votes on the family
 * dashboard; Analytics shows the tally (and the results call agrees). Deactivate, activate and
 * delete (with the confirmation) change the tables and the stat cards in place. Without
 * JavaScript the same forms work through the page. axe finds no serious or critical violation on
 * any tab at 1280 and 390 px, and nothing scrolls sideways on a phone.
 */
import assert from "node:assert/strict";
import type { APIResponse, Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible, hydrated, toastWith } from "./page_checks.ts";

const SYSADMIN = { email: "root@goalmates.test", password: "a sysadmin password" };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** The browser's own report of the console's 401 (the sign-in in place) and refused calls. */
const REFUSED = [/status of 40[01]/];
const TITLE = "Season kit vote e2e";

// deno-lint-ignore no-explicit-any
async function ok(res: APIResponse, what: string): Promise<any> {
  assert.ok(res.ok(), `${what}: ${res.status()} ${await res.text()}`);
  return await res.json();
}

const noSidewaysScroll = async (page: Page, where: string) =>
  assert.ok(
    await page.evaluate(() => document.scrollingElement!.scrollWidth <= globalThis.innerWidth),
    `no sideways scroll: ${where}`,
  );

const stat = async (page: Page, label: string) =>
  Number(await page.locator(".console-stat", { hasText: label }).locator(".console-stat__value").textContent());
const table = (page: Page, name: "Active Campaigns" | "Inactive Campaigns") =>
  page.locator("section.console-list", { has: page.getByRole("heading", { name }) });
const row = (page: Page, title: string) => page.locator("tr", { has: page.getByRole("rowheader", { name: title }) });

async function closeToast(page: Page, title: string) {
  const toast = toastWith(page, title);
  await toast.waitFor();
  await toast.getByRole("button", { name: "Dismiss notification" }).click();
}

e2eTest(
  "[sysadmin console e2e] sign in, deploy a poll, a parent votes, Analytics shows it; toggle, delete; no-JS forms",
  { env: { SYSADMIN_EMAIL: SYSADMIN.email, SYSADMIN_PASSWORD: SYSADMIN.password } },
  async ({ base, newContext, newPage, axeSource }, t) => {
    const axe = await axeSource();
    const admin = await newContext({ viewport: DESKTOP, bypassCSP: true });
    const { page, problems } = await newPage({ context: admin, allow: REFUSED });
    let campaignId = "";

    await t.step("/sysadmin shows the sign-in in place; signing in stays on the console", async () => {
      await page.goto(`${base}/sysadmin`);
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "System Admin Login");
      // Typed before its island runs, a controlled field would be read as empty.
      await hydrated(page, "SysadminLogin");
      await page.getByLabel("Email", { exact: true }).fill(SYSADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill(SYSADMIN.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByRole("heading", { level: 1, name: "System Console" }).waitFor();
      assert.equal(page.url(), `${base}/sysadmin`);
      assert.match((await page.locator(".console-header__teams").textContent())!, /^\d+ active teams?$/);
      assert.equal(
        await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Campaigns" })
          .getAttribute("aria-current"),
        "page",
      );
      await problems.assertNone("the console after signing in", REFUSED);
    });

    await t.step("'Create Campaign' opens the dialog; a refusal shows a toast and the field's message", async () => {
      const before = { active: await stat(page, "Active Campaigns"), total: await stat(page, "Total Campaigns") };
      await page.evaluate(() => (globalThis as unknown as { stayed: boolean }).stayed = true);
      await page.getByRole("link", { name: "Create Campaign" }).click();
      const dialog = page.getByRole("dialog", { name: "Deploy New Global Campaign" });
      await dialog.waitFor();
      await hydrated(page, "GlobalCampaignForm");
      assert.ok(await dialog.evaluate((el) => el.matches(":modal")), "a modal dialog");
      assert.equal(await dialog.getByLabel("Type").inputValue(), "poll", "a poll by default");
      assert.equal(await dialog.getByLabel("Snooze days").inputValue(), "3");
      assert.ok(await dialog.getByLabel("Active").isChecked());
      assert.ok(await dialog.getByLabel("Families may snooze it").isChecked());
      // Only the chosen type's fields show.
      assert.equal(await dialog.getByLabel("Fun fact text").isVisible(), false);
      await dialog.getByLabel("Type").selectOption("fun_fact");
      assert.ok(await dialog.getByLabel("Fun fact text").isVisible());
      assert.equal(await dialog.getByLabel("Poll question").isVisible(), false);
      await dialog.getByLabel("Type").selectOption("poll");

      await dialog.getByLabel("Poll question").fill("Which kit colour next season?");
      await dialog.getByRole("button", { name: "Deploy Campaign" }).click();
      const failed = toastWith(page, "Failed to create campaign. Please try again.");
      await failed.waitFor();
      assert.match((await failed.textContent())!, /Title is required/);
      assert.equal(await dialog.locator("#gc-title-error").textContent(), "Title is required");
      assert.equal(await page.evaluate(() => document.activeElement?.id), "gc-title");
      await failed.getByRole("button", { name: "Dismiss notification" }).click();

      await dialog.getByLabel("Title").fill(TITLE);
      await dialog.getByLabel("Option 1").fill("Oranges");
      await dialog.getByLabel("Option 2").fill("Apples");
      const created = page.waitForResponse((r) => r.url().endsWith("/api/admin/campaigns") && r.status() === 201);
      await dialog.getByRole("button", { name: "Deploy Campaign" }).click();
      campaignId = (await (await created).json()).id;
      await closeToast(page, "Campaign deployed");
      assert.equal(await dialog.isVisible(), false, "the dialog closes");
      const mine = row(page, TITLE);
      assert.equal(await table(page, "Active Campaigns").getByRole("rowheader", { name: TITLE }).count(), 1);
      assert.equal(await mine.locator(".campaign-status").textContent(), "Live");
      assert.equal(await mine.locator('td[data-label="Scope"]').textContent(), "Global");
      assert.equal(
        await mine.locator('td[data-label="Poll Question / Text"]').textContent(),
        "Which kit colour next season?",
      );
      assert.deepEqual(
        [await stat(page, "Active Campaigns"), await stat(page, "Total Campaigns")],
        [before.active + 1, before.total + 1],
        "the stat cards follow",
      );
      assert.ok(await page.evaluate(() => (globalThis as unknown as { stayed?: boolean }).stayed), "no reload");
      await problems.assertNone("deploying a poll", REFUSED);
    });

    await t.step("the demo parent votes on the family dashboard", async () => {
      const parent = await newContext({ viewport: PHONE });
      await ok(await parent.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } }), "parent");
      const { team } = await ok(await parent.request.get("/api/teams/demo/roster"), "roster");
      const { page: family } = await newPage({ context: parent });
      // The card's own address shows it (the deck's Previous/Next links point there too).
      await family.goto(`/family-dashboard/${team.id}#campaign-${campaignId}`);
      const card = family.locator(`#campaign-${campaignId}`);
      assert.equal((await card.locator("h3").textContent())?.trim(), TITLE);
      assert.ok(await card.isVisible(), "the global poll's card is the one shown");
      const voted = family.waitForResponse((r) => r.url().includes(`/api/campaigns/${campaignId}/respond`));
      await card.getByRole("button", { name: "Oranges" }).click();
      await card.getByRole("status").filter({ hasText: "Thanks for your vote!" }).waitFor();
      assert.equal((await voted).status(), 200);
    });

    await t.step("Analytics shows the tally, and the results call agrees", async () => {
      await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Analytics" }).click();
      await page.waitForURL(`${base}/sysadmin?tab=analytics`);
      const line = page.locator("li.analytics-campaign", { has: page.getByRole("heading", { name: TITLE }) });
      assert.equal(await line.locator(".stats__item", { hasText: "Voted" }).locator("dd").textContent(), "1");
      const chartTable = line.locator("table");
      assert.match((await chartTable.textContent())!, /Oranges\s*1/);
      assert.match((await chartTable.textContent())!, /Apples\s*0/);
      const results = await ok(await admin.request.get(`/api/admin/campaigns/${campaignId}/results`), "results");
      assert.deepEqual([results.answered, results.poll], [1, { option1: 1, option2: 0 }]);
    });

    await t.step("Deactivate and Activate move the row and change the cards in place; Delete asks first", async () => {
      await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Campaigns" }).click();
      await page.waitForURL(`${base}/sysadmin`);
      const before = {
        active: await stat(page, "Active Campaigns"),
        pending: await stat(page, "Pending Campaigns"),
        total: await stat(page, "Total Campaigns"),
      };
      await row(page, TITLE).getByRole("button", { name: `Deactivate ${TITLE}` }).click();
      await toastWith(page, "Campaign deactivated").waitFor();
      const inactiveRow = table(page, "Inactive Campaigns").locator("tr", {
        has: page.getByRole("rowheader", { name: TITLE }),
      });
      assert.equal(await inactiveRow.locator(".campaign-status").textContent(), "Inactive");
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent),
        `Activate ${TITLE}`,
        "focus follows the row",
      );
      await closeToast(page, "Campaign deactivated");
      assert.deepEqual(
        [await stat(page, "Active Campaigns"), await stat(page, "Pending Campaigns")],
        [before.active - 1, before.pending + 1],
      );
      await row(page, TITLE).getByRole("button", { name: `Activate ${TITLE}` }).click();
      await closeToast(page, "Campaign activated");
      assert.equal(await table(page, "Active Campaigns").getByRole("rowheader", { name: TITLE }).count(), 1);

      // Cancelled: nothing happens.
      page.once("dialog", (d) => d.dismiss());
      await row(page, TITLE).getByRole("button", { name: `Delete ${TITLE}` }).click();
      assert.equal(await row(page, TITLE).count(), 1);
      let asked = "";
      page.once("dialog", (d) => {
        asked = d.message();
        d.accept();
      });
      await row(page, TITLE).getByRole("button", { name: `Delete ${TITLE}` }).click();
      await closeToast(page, "Campaign deleted");
      assert.equal(asked, "Are you sure you want to delete this campaign? This action cannot be undone.");
      assert.equal(await row(page, TITLE).count(), 0);
      assert.deepEqual(
        [await stat(page, "Active Campaigns"), await stat(page, "Total Campaigns")],
        [before.active - 1, before.total - 1],
      );
      const gone = await admin.request.get(`/api/admin/campaigns/${campaignId}/results`);
      assert.equal(gone.status(), 404);
      await problems.assertNone("toggle and delete", REFUSED);
    });

    await t.step("every tab is axe-clean at 1280 and 390 px, with nothing scrolling sideways", async () => {
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        for (const tab of ["", "?tab=teams", "?tab=dev", "?tab=analytics"]) {
          await page.goto(`${base}/sysadmin${tab}`);
          await assertAccessible(page, axe, `/sysadmin${tab} at ${viewport.width}px`);
          await noSidewaysScroll(page, `/sysadmin${tab} at ${viewport.width}px`);
        }
        await page.goto(`${base}/sysadmin`);
        await page.getByRole("link", { name: "Create Campaign" }).click();
        await page.getByRole("dialog", { name: "Deploy New Global Campaign" }).waitFor();
        await assertAccessible(page, axe, `the open dialog at ${viewport.width}px`);
        await noSidewaysScroll(page, `the open dialog at ${viewport.width}px`);
      }
    });

    await t.step("without JavaScript: the form on the page, the confirmation page, Sign out", async () => {
      const noJs = await newContext({
        viewport: PHONE,
        javaScriptEnabled: false,
        storageState: await admin.storageState(),
      });
      const { page: plain } = await newPage({ context: noJs, allow: REFUSED });
      await plain.goto(`${base}/sysadmin`);
      await plain.getByRole("link", { name: "Create Campaign" }).click();
      assert.ok(await plain.getByLabel("Title").isVisible(), "the form shows on the page");
      await plain.getByLabel("Title").fill("No-JS newsflash");
      await plain.getByLabel("Type").selectOption("newsflash");
      await plain.getByLabel("News text").fill("Picture day is Saturday.");
      await plain.getByRole("button", { name: "Deploy Campaign" }).click();
      await plain.waitForURL(`${base}/sysadmin?done=created`);
      assert.match((await plain.getByRole("status").first().textContent())!, /Campaign deployed/);
      const mine = row(plain, "No-JS newsflash");
      assert.equal(await mine.locator('td[data-label="Type"]').textContent(), "Newsflash");
      await noSidewaysScroll(plain, "the console without JavaScript");

      await mine.getByRole("button", { name: "Deactivate No-JS newsflash" }).click();
      await plain.waitForURL(`${base}/sysadmin?done=deactivated`);
      assert.equal(
        await table(plain, "Inactive Campaigns").getByRole("rowheader", { name: "No-JS newsflash" }).count(),
        1,
      );

      await row(plain, "No-JS newsflash").getByRole("button", { name: "Delete No-JS newsflash" }).click();
      await plain.getByText("Are you sure you want to delete this campaign? This action cannot be undone.").waitFor();
      await plain.getByRole("button", { name: "Delete Campaign" }).click();
      await plain.waitForURL(`${base}/sysadmin?done=deleted`);
      assert.equal(await row(plain, "No-JS newsflash").count(), 0);

      await plain.getByRole("button", { name: "Sign out", exact: true }).click();
      await plain.waitForURL(`${base}/sysadmin/login`);
      await plain.goto(`${base}/sysadmin`);
      assert.equal(await plain.getByRole("heading", { level: 1 }).textContent(), "System Admin Login");
    });
  },
);
