/**
 * A team's time zone in a real browser (development mode, the demo team, Debian's Chromium):
 * the admin picks Los Angeles in Team Settings (the 'Time zone' select, saved through the
 * island); the family dashboard then shows a 9:00 AM Los Angeles game at 9:00 AM, with 'PT'
 * after it for a parent whose browser is in New York and without it for one in Los Angeles;
 * without JavaScript the label shows. CSP violations and console errors fail the story
 * (harness); axe scans the settings page and the widget at 1280 and 390 px.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible, hydrated, toastWith } from "./page_checks.ts";
import { getTeamBySlug } from "../../lib/db/teams.ts";
import { saveEvent } from "../../lib/events/mod.ts";
import { calendarDay, clockTime } from "../../lib/time_zone.ts";

const LA = "America/Los_Angeles";
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const HOUR = 60 * 60 * 1000;
const SHOTS = "/tmp/tz-shots";
const kvDir = await Deno.makeTempDir({ prefix: "goalmates-e2e-time-zone-" });
const KV_PATH = `${kvDir}/goalmates.kv`;

/** 9:00 AM in Los Angeles on the day after tomorrow there (before most of the demo's events). */
function nineAmInLosAngeles(): Date {
  const [y, m, d] = calendarDay(new Date(Date.now() + 2 * 24 * HOUR), LA);
  // PDT is UTC-7, PST UTC-8: one of the two is 9:00 AM on that day.
  const start = [16, 17].map((hour) => new Date(Date.UTC(y, m - 1, d, hour))).find((at) =>
    clockTime(at, LA) === "9:00 AM"
  );
  assert.ok(start, "9:00 AM in Los Angeles");
  return start;
}

async function signInParent(context: BrowserContext) {
  const res = await context.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
  assert.equal(res.status(), 200, await res.text());
}

/** The game's line in the events widget, and its zone label. */
function gameOf(page: Page) {
  const item = page.locator(".event").filter({ hasText: "E2E zone game" });
  return { when: item.locator(".event__when"), label: item.locator(".zone-label") };
}

async function noSidewaysScroll(page: Page, width: number) {
  const scrolled = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  assert.ok(scrolled <= width, `no sideways scroll (${scrolled} px at ${width} px)`);
}

e2eTest(
  "[time zone e2e] the admin picks Los Angeles; families see 9:00 AM, labelled PT only outside Los Angeles",
  { env: { GOALMATES_KV: KV_PATH } },
  async ({ newContext, newPage, axeSource }, t) => {
    await Deno.mkdir(SHOTS, { recursive: true });
    const axe = await axeSource();
    const start = nineAmInLosAngeles();
    const kv = await Deno.openKv(KV_PATH);
    let teamId = "";
    try {
      const team = await getTeamBySlug(kv, "demo");
      assert.ok(team, "the demo team");
      teamId = team.id;
      await saveEvent(kv, team.id, {
        id: "e2e-zone-game",
        title: "E2E zone game",
        eventType: "game",
        startTime: start,
        endTime: new Date(start.getTime() + 1.5 * HOUR),
        opponent: "Hawks",
        isHome: true,
      });
    } finally {
      kv.close();
    }

    await t.step("before: New York's clock, the team's default zone", async () => {
      const { page, context } = await newPage({ viewport: DESKTOP, timezoneId: LA });
      await signInParent(context);
      await page.goto(`/family-dashboard/${teamId}`);
      const game = gameOf(page);
      // US zones change clocks on the same night: New York is always three hours ahead.
      assert.match(await game.when.innerText(), /12:00\sPM\s–\s1:30\sPM/);
      // A reader in Los Angeles is told the times are New York's.
      assert.equal((await game.label.innerText()).trim(), "ET");
    });

    await t.step("the admin picks Los Angeles in Team Settings", async () => {
      const { page, context } = await newPage({ viewport: DESKTOP, bypassCSP: true });
      await signInAsDemoAdmin(context);
      await page.goto(`/admin/${teamId}/settings`);
      await hydrated(page, "SettingsForm");
      const select = page.getByLabel("Time zone", { exact: true });
      assert.equal(await select.inputValue(), "America/New_York");
      await select.selectOption(LA);
      const saved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/${teamId}/settings`));
      await page.getByRole("button", { name: "Save Settings" }).click();
      assert.equal((await saved).status(), 200);
      await toastWith(page, "Settings saved").waitFor();
      await page.reload();
      assert.equal(await page.getByLabel("Time zone", { exact: true }).inputValue(), LA, "saved");
      await page.screenshot({ path: `${SHOTS}/e2e-settings-1280.png`, fullPage: true });
      await assertAccessible(page, axe, "Team Settings with the time zone");
      await page.setViewportSize(PHONE);
      await noSidewaysScroll(page, PHONE.width);
      await page.screenshot({ path: `${SHOTS}/e2e-settings-390.png`, fullPage: true });
    });

    await t.step("a parent in New York sees 9:00 AM PT", async () => {
      const { page, context } = await newPage({ viewport: PHONE, timezoneId: "America/New_York" });
      await signInParent(context);
      await page.goto(`/family-dashboard/${teamId}`);
      const game = gameOf(page);
      assert.match(await game.when.innerText(), /9:00\sAM\s–\s10:30\sAM\s+PT$/);
      assert.ok(await game.label.isVisible(), "the label shows");
      assert.equal(await game.label.getAttribute("title"), "Pacific Time");
      await noSidewaysScroll(page, PHONE.width);
      await page.locator("#events").screenshot({ path: `${SHOTS}/e2e-events-ny-390.png` });
    });

    await t.step("a parent in Los Angeles sees 9:00 AM, unlabelled", async () => {
      const { page, context } = await newPage({ viewport: DESKTOP, timezoneId: LA, bypassCSP: true });
      await signInParent(context);
      await page.goto(`/family-dashboard/${teamId}`);
      const game = gameOf(page);
      await page.waitForLoadState("load"); // the boot module has run
      assert.match(await game.when.innerText(), /9:00\sAM\s–\s10:30\sAM$/);
      assert.equal(await game.label.isVisible(), false, "the label stays hidden");
      assert.equal(await page.locator("#events .zone-label:visible").count(), 0, "no label in the widget");
      await assertAccessible(page, axe, "the family dashboard in the team's own zone");
    });

    await t.step("without JavaScript the label always shows", async () => {
      const noScript = await newContext({ viewport: PHONE, timezoneId: LA, javaScriptEnabled: false });
      await signInParent(noScript);
      const page = await noScript.newPage();
      await page.goto(`/family-dashboard/${teamId}`);
      const game = gameOf(page);
      assert.match(await game.when.innerText(), /9:00\sAM\s–\s10:30\sAM\s+PT$/);
      assert.ok(await game.label.isVisible());
    });
  },
);
