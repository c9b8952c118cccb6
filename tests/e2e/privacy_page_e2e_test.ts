/**
 * `/account/privacy` in a real browser (development mode, the demo team, Debian's Chromium): the
 * demo parent reaches it from the avatar menu, sees every section at 1280 and 390 px with and
 * without JavaScript (no sideways scroll; axe clean at both widths), and 'Download my data' downloads a JSON
 * file (Playwright's download event) that holds their child.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible } from "./page_checks.ts";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SECTIONS = [
  "What we keep, and for how long",
  "Download my data",
  "Leave a team",
  "Your children",
  "Delete my account",
];

async function signInAsParent(context: BrowserContext): Promise<void> {
  const res = await context.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
  assert.equal(res.status(), 200, await res.text());
}

/** Every section is there, nothing scrolls sideways, and (with JavaScript, which axe runs in) axe is clean. */
async function assertWholePage(page: Page, axe: string | null, where: string, width: number): Promise<void> {
  assert.equal(await page.locator("h1").textContent(), "Your data and privacy");
  for (const name of SECTIONS) {
    assert.ok(await page.getByRole("heading", { level: 2, name }).isVisible(), `${where}: ${name}`);
  }
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  assert.ok(scrollWidth <= width, `${where}: no sideways scroll (${scrollWidth} px)`);
  if (axe) await assertAccessible(page, axe, where);
}

e2eTest(
  "[privacy page e2e] the parent's data and privacy page, and the download of their data",
  {},
  async ({ base, newPage, newContext, axeSource }, t) => {
    const axe = await axeSource();

    await t.step(
      "with JavaScript at 1280 px: from the avatar menu to the page; the download holds the child",
      async () => {
        const { page, context } = await newPage({ viewport: DESKTOP, bypassCSP: true, acceptDownloads: true });
        await signInAsParent(context);
        await page.goto("/family-dashboard/demo");
        await page.locator(".acct-menu__toggle").click();
        await page.getByRole("link", { name: "Your data and privacy" }).click();
        await page.waitForURL(`${base}/account/privacy`);
        await assertWholePage(page, axe, "/account/privacy at 1280 px", DESKTOP.width);
        const child = (await page.locator(".privacy__child-name").first().innerText()).split(" · ")[0].trim();
        assert.ok(child.length > 0, "the demo parent's child is listed");

        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.locator('main a[href="/api/account/export"]').click(),
        ]);
        assert.match(download.suggestedFilename(), /^goalmates-my-data-\d{4}-\d\d-\d\d\.json$/);
        const path = await download.path();
        const data = JSON.parse(await Deno.readTextFile(path));
        assert.equal(data.account.email, "parent@example.com");
        const names = data.children.map((c: { player: { firstName: string; lastName: string } }) =>
          `${c.player.firstName} ${c.player.lastName}`
        );
        assert.ok(names.includes(child), `the file holds ${child} (${names.join(", ")})`);
      },
    );

    await t.step("with JavaScript at 390 px", async () => {
      const { page, context } = await newPage({ viewport: PHONE, bypassCSP: true });
      await signInAsParent(context);
      await page.goto("/account/privacy");
      await assertWholePage(page, axe, "/account/privacy at 390 px", PHONE.width);
    });

    await t.step("without JavaScript at 1280 and 390 px; the link from /account and the footer", async () => {
      const context = await newContext({ viewport: PHONE, javaScriptEnabled: false, bypassCSP: true });
      await signInAsParent(context);
      const page = await context.newPage();
      await page.goto("/account");
      await page.locator("main").getByRole("link", { name: "Your data and privacy" }).click();
      await page.waitForURL(`${base}/account/privacy`);
      assert.ok(await page.locator("footer").getByRole("link", { name: "Your data" }).isVisible());
      // axe needs a script to run; the markup is the same as the steps above checked.
      await assertWholePage(page, null, "/account/privacy at 390 px without JavaScript", PHONE.width);
      await page.setViewportSize(DESKTOP);
      await assertWholePage(page, null, "/account/privacy at 1280 px without JavaScript", DESKTOP.width);
      // The download is a plain link: it works without JavaScript too.
      const res = await context.request.get("/api/account/export");
      assert.equal(res.status(), 200);
      assert.match(res.headers()["content-disposition"], /^attachment;/);
    });
  },
);
