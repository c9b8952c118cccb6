/**
 * The family calendar in a real browser (development mode, the demo team, Debian's Chromium)
 * at 390 px: the demo parent follows 'Add to my calendar' from the dashboard's Upcoming
 * Events, creates the link (a plain form), sees it with the Google Calendar link, copies it,
 * and the link answers the demo team's events as iCalendar. axe clean before and after.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible, toastWith } from "./page_checks.ts";

const PHONE = { width: 390, height: 844 };

async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  assert.ok(width <= PHONE.width, `no sideways scroll (${width} px)`);
}

e2eTest(
  "[family calendar e2e] the parent creates a calendar link from the dashboard and subscribes",
  {},
  async ({ base, newContext, newPage, axeSource }, t) => {
    const axe = await axeSource();
    const context = await newContext({ viewport: PHONE, permissions: ["clipboard-read", "clipboard-write"] });
    const login = await context.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
    assert.equal(login.status(), 200, await login.text());
    const { page } = await newPage({ context });
    let httpsUrl = "";

    await t.step("the dashboard's Upcoming Events leads to the page", async () => {
      await page.goto("/family-dashboard/demo");
      const link = page.locator("#events").getByRole("link", { name: "Add to my calendar" });
      await link.click();
      await page.waitForURL(`${base}/account/calendar`);
      assert.equal(await page.locator("h1").textContent(), "Your family calendar");
      assert.equal(await page.getByLabel("Calendar link", { exact: true }).count(), 0, "no link yet");
      await noSidewaysScroll(page);
      await assertAccessible(page, axe, "/account/calendar before a link");
    });

    await t.step("'Create my calendar link' makes the link and shows it with the Google link", async () => {
      await page.getByRole("button", { name: "Create my calendar link" }).click();
      await page.waitForURL(`${base}/account/calendar?done=created`);
      assert.match((await page.getByRole("status").first().textContent())!, /Your calendar link is ready/);
      httpsUrl = await page.getByLabel("Calendar link", { exact: true }).inputValue();
      assert.match(httpsUrl, new RegExp(`^${base}/calendar/[A-Za-z0-9][A-Za-z0-9_-]{42}\\.ics$`));
      const webcal = await page.getByLabel("Subscription link (webcal)").inputValue();
      assert.equal(webcal, httpsUrl.replace(/^http:/, "webcal:"));
      const google = await page.getByRole("link", { name: "Add to Google Calendar" }).getAttribute("href");
      assert.equal(google, `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`);
      assert.equal(await page.getByRole("link", { name: "Open in Apple Calendar" }).getAttribute("href"), webcal);
      for (const name of ["Reset link", "Turn off"]) {
        assert.ok(await page.getByRole("button", { name }).isVisible(), name);
      }
      await noSidewaysScroll(page);
      await assertAccessible(page, axe, "/account/calendar with a link");
    });

    await t.step("Copy link copies it (the ShareLink island)", async () => {
      await page.getByRole("link", { name: "Copy link" }).click();
      await toastWith(page, "Calendar Link Copied!").waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), httpsUrl);
    });

    await t.step("the link answers the demo team's events as iCalendar, without a session", async () => {
      const anonymous = await newContext();
      const res = await anonymous.request.get(httpsUrl);
      assert.equal(res.status(), 200);
      assert.equal(res.headers()["content-type"], "text/calendar; charset=utf-8");
      const body = (await res.text()).replace(/\r\n[ \t]/g, "");
      assert.ok(body.startsWith("BEGIN:VCALENDAR\r\n"));
      assert.match(body, /\r\nX-WR-CALNAME:GoalMates – [^\r]+'s teams\r\n/);
      assert.match(body, /\r\nSUMMARY:[^\r]+: Game vs Hawks\r\n/, "a demo event");
    });
  },
);
