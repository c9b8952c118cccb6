/**
 * The Essentials and Upcoming Events on the family dashboard, in a real browser (development
 * mode, the demo team, Debian's Chromium) at 390 px: a signed-in parent adds an item (the
 * subcategory waits for a category and follows it; the item appears in its category without a
 * reload and the form clears), removes it in place, and does the same with JavaScript off
 * through the plain forms. The events widget shows a cancelled and a tentative event saved
 * through `saveEvent` in the server's own database file. axe scans both sections.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import type axe from "axe-core";
import { e2eTest } from "./harness.ts";
import { hydrated, signedOutToLogin, toastWith } from "./page_checks.ts";
import { getTeamBySlug } from "../../lib/db/teams.ts";
import { saveEvent } from "../../lib/events/mod.ts";

const PHONE = { width: 390, height: 844 };
const HOUR = 60 * 60 * 1000;
const kvDir = await Deno.makeTempDir({ prefix: "goalmates-e2e-essentials-" });
const KV_PATH = `${kvDir}/goalmates.kv`;

async function signInParent(context: BrowserContext) {
  const res = await context.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
  assert.equal(res.status(), 200, await res.text());
}

/** axe over the given sections only (the rest of the page belongs to other tests); no serious or critical finding. */
async function assertSectionsAccessible(page: Page, axeSource: string, selectors: string[], where: string) {
  await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(async (include) => {
    const axeGlobal = (globalThis as unknown as { axe: typeof axe }).axe;
    return await axeGlobal.run({ include: include.map((s) => [s]) } as unknown as axe.ElementContext);
  }, selectors);
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`),
    [],
    `axe on ${where}`,
  );
}

async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  assert.ok(width <= PHONE.width, `no sideways scroll (${width} px)`);
}

const optionsOf = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).locator("option").evaluateAll((os) =>
    os.map((o) => (o as HTMLOptionElement).value)
  );

e2eTest(
  "[essentials e2e] a parent adds and removes an essential, with JavaScript and without; the events widget",
  { env: { GOALMATES_KV: KV_PATH } },
  async ({ newContext, newPage, axeSource }, t) => {
    const axeJs = await axeSource();
    // The server's own database file: events are saved the way the calendar sync will save them.
    const kv = await Deno.openKv(KV_PATH);
    try {
      const team = await getTeamBySlug(kv, "demo");
      assert.ok(team, "the demo team");
      const soon = Date.now() + HOUR;
      await saveEvent(kv, team.id, {
        id: "e2e-cancelled",
        title: "E2E scrimmage",
        eventType: "game",
        status: "cancelled",
        startTime: new Date(soon),
        endTime: new Date(soon + HOUR),
        opponent: "Hawks",
        isHome: false,
        location: "Riverside Field 2",
      });
      await saveEvent(kv, team.id, {
        id: "e2e-tentative",
        title: "E2E practice",
        eventType: "practice",
        status: "tentative",
        startTime: new Date(soon + 30 * 60_000),
        endTime: new Date(soon + 2 * HOUR),
      });
    } finally {
      kv.close();
    }

    const context = await newContext({ viewport: PHONE, bypassCSP: true });
    await signInParent(context);
    // The signed-out step's refused call (401) is reported by the browser.
    const { page } = await newPage({ context, allow: [/status of 401/] });
    const dashboard = "/family-dashboard/demo";

    await t.step("the events widget: CANCELLED: in red, the tentative note, New York times", async () => {
      await page.goto(dashboard);
      const events = page.locator("#events");
      assert.equal(await events.getByRole("heading", { level: 2 }).textContent(), "Upcoming Events");
      const cancelled = events.locator(".event", { hasText: "E2E scrimmage" });
      assert.equal(await cancelled.locator(".event__cancelled").textContent(), "CANCELLED:");
      assert.equal(
        await cancelled.locator(".event__cancelled").evaluate((el) => getComputedStyle(el).color),
        "rgb(180, 35, 24)",
        "red (--color-danger)",
      );
      assert.equal(await cancelled.locator(".event__opponent").textContent(), "@ Hawks");
      assert.match((await cancelled.locator("time").textContent())!, /^(Today|Tomorrow) · \d{1,2}:\d\d\s[AP]M – /);
      const tentative = events.locator(".event", { hasText: "E2E practice" });
      assert.equal(await tentative.locator(".event__tentative").textContent(), "Time/location may change");
      assert.equal(await tentative.locator(".event__cancelled").count(), 0);
    });

    await t.step("the subcategory waits for a category and follows it", async () => {
      const section = page.locator("#essentials");
      await section.scrollIntoViewIfNeeded();
      await noSidewaysScroll(page);
      // Until the island wakes, the plain form offers every subcategory, enabled.
      assert.equal(await page.getByLabel("Subcategory").isDisabled(), false);
      assert.equal((await optionsOf(page, "Subcategory")).length, 21);
      await page.getByLabel("Category", { exact: true }).focus();
      await hydrated(page, "EssentialForm");
      await page.waitForFunction(() =>
        (document.getElementById("essential-subcategory") as HTMLSelectElement).disabled
      );
      assert.equal(
        await page.locator("#essential-subcategory-hint").textContent(),
        "Choose a category first",
      );
      await page.getByLabel("Category", { exact: true }).selectOption("Equipment");
      assert.equal(await page.getByLabel("Subcategory").isDisabled(), false);
      assert.deepEqual(await optionsOf(page, "Subcategory"), [
        "",
        "Balls",
        "Cleats",
        "Shin Guards",
        "Goalkeeper Gear",
        "Training Equipment",
      ]);
      await page.getByLabel("Category", { exact: true }).selectOption("Travel");
      assert.deepEqual(await optionsOf(page, "Subcategory"), [
        "",
        "Tournaments",
        "Hotels",
        "Transportation",
        "Dining",
        "Entertainment",
      ]);
      await page.getByLabel("Category", { exact: true }).selectOption("");
      assert.equal(await page.getByLabel("Subcategory").isDisabled(), true);
    });

    await t.step("a refused add shows each message next to its field", async () => {
      await page.getByRole("button", { name: "Add", exact: true }).click();
      assert.equal(await page.locator("#essential-category-error").textContent(), "Category is required");
      assert.equal(await page.locator("#essential-subcategory-error").textContent(), "Subcategory is required");
      assert.equal(await page.locator("#essential-name-error").textContent(), "Item name is required");
      assert.equal(await page.locator("#essential-description-error").textContent(), "Description is required");
      assert.equal(await page.getByLabel("Item name").getAttribute("aria-invalid"), "true");
      assert.equal(await page.evaluate(() => document.activeElement?.id), "essential-category", "focus on the first");
      await page.getByLabel("Link (optional)").fill("example.com");
      await page.getByLabel("Category", { exact: true }).selectOption("Travel");
      await page.getByLabel("Subcategory").selectOption("Hotels");
      await page.getByLabel("Item name").fill("E2E Lakeside Inn");
      await page.getByLabel("Description").fill("Team rate for the spring cup.");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      assert.equal(await page.locator("#essential-link-error").textContent(), "Please enter a valid URL");
      await assertSectionsAccessible(page, axeJs, ["#essentials"], "the form with errors");
    });

    await t.step("the item appears in its category without a reload, and the form clears", async () => {
      await page.evaluate(() => ((globalThis as unknown as { stayed: boolean }).stayed = true));
      await page.getByLabel("Link (optional)").fill("https://example.com/lakeside");
      // The keyboard submits: Enter in a text field.
      await page.getByLabel("Item name").press("Enter");
      const item = page.locator("#essentials .essentials__group", { hasText: "Travel" }).locator(".essential", {
        hasText: "E2E Lakeside Inn",
      });
      await item.waitFor();
      assert.equal(
        await page.evaluate(() => (globalThis as unknown as { stayed?: boolean }).stayed),
        true,
        "no reload",
      );
      await toastWith(page, "Recommendation added").waitFor();
      assert.equal(await item.locator(".essential__subcategory").textContent(), "Hotels");
      assert.match((await item.locator(".essential__by").textContent())!, /^Added by \S/);
      const link = item.getByRole("link");
      assert.equal(await link.getAttribute("href"), "https://example.com/lakeside");
      assert.equal(await link.getAttribute("target"), "_blank");
      assert.equal(await link.getAttribute("rel"), "noopener noreferrer");
      assert.equal(await page.getByLabel("Item name").inputValue(), "");
      assert.equal(await page.getByLabel("Description").inputValue(), "");
      assert.equal(await page.getByLabel("Category", { exact: true }).inputValue(), "");
      assert.equal(await page.getByLabel("Subcategory").isDisabled(), true);
      await noSidewaysScroll(page);
      await assertSectionsAccessible(page, axeJs, ["#essentials", "#events"], "the sections after an add");
      // It is stored: a reload shows it.
      await page.reload();
      await page.locator("#essentials .essential", { hasText: "E2E Lakeside Inn" }).waitFor();
    });

    await t.step("Remove takes it out in place", async () => {
      await page.evaluate(() => ((globalThis as unknown as { stayed: boolean }).stayed = true));
      await page.getByRole("button", { name: "Remove E2E Lakeside Inn" }).click();
      await page.locator("#essentials .essential", { hasText: "E2E Lakeside Inn" }).waitFor({ state: "detached" });
      assert.equal(
        await page.evaluate(() => (globalThis as unknown as { stayed?: boolean }).stayed),
        true,
        "no reload",
      );
      await toastWith(page, "Recommendation removed").waitFor();
    });

    await t.step("a session that ended: the spec's toast, then the team login coming back here", async () => {
      await context.clearCookies();
      await page.getByLabel("Category", { exact: true }).selectOption("Accessories");
      await page.getByLabel("Subcategory").selectOption("Snacks");
      await page.getByLabel("Item name").fill("E2E oranges");
      await page.getByLabel("Description").fill("Half time.");
      await signedOutToLogin(
        page,
        () => page.getByRole("button", { name: "Add", exact: true }).click(),
        /\/team-login\?next=%2Ffamily-dashboard%2Fdemo&reason=logged-out$/,
      );
    });

    await t.step("with JavaScript off, the plain forms add and remove", async () => {
      const noJs = await newContext({ viewport: PHONE, javaScriptEnabled: false });
      await signInParent(noJs);
      const { page: plain, requests } = await newPage({ context: noJs, allow: [/status of 422/] });
      await plain.goto(dashboard);
      assert.equal(await plain.getByLabel("Subcategory").isDisabled(), false, "usable without JavaScript");
      // A mismatched pair is the server's to refuse, next to the field, with what was typed.
      await plain.getByLabel("Category", { exact: true }).selectOption("Apparel");
      await plain.getByLabel("Subcategory").selectOption("Cleats");
      await plain.getByLabel("Item name").fill("E2E grip socks");
      await plain.getByLabel("Description").fill("No slipping.");
      await plain.getByRole("button", { name: "Add", exact: true }).click();
      await plain.waitForLoadState();
      assert.equal(
        await plain.locator("#essential-subcategory-error").textContent(),
        "Please choose a subcategory of Apparel",
      );
      assert.equal(await plain.getByLabel("Item name").inputValue(), "E2E grip socks");
      await plain.getByLabel("Subcategory").selectOption("Socks");
      await plain.getByRole("button", { name: "Add", exact: true }).click();
      await plain.waitForURL(/\/family-dashboard\/[^/?#]+#essentials$/);
      const item = plain.locator("#essentials .essentials__group", { hasText: "Apparel" }).locator(".essential", {
        hasText: "E2E grip socks",
      });
      assert.equal(await item.count(), 1);
      await noSidewaysScroll(plain);
      await plain.getByRole("button", { name: "Remove E2E grip socks" }).click();
      await plain.waitForURL(/#essentials$/);
      assert.equal(await plain.locator("#essentials .essential", { hasText: "E2E grip socks" }).count(), 0);
      assert.deepEqual(requests.filter((r) => r.resourceType() === "script").map((r) => r.url()), []);
    });
    await Deno.remove(kvDir, { recursive: true }).catch(() => {});
  },
);
