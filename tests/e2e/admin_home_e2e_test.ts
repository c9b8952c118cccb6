/**
 * The older system admin dashboard in Chromium: 'Authentication Required' moves to the system
 * administrator sign-in after 1 s (with and without JavaScript), which comes back to /admin;
 * the Activity tab shows a team admin's fresh claim approval and filters it through its GET
 * form; the Teams tab's Manage Team and Generate New; the hub's System Logs; Sign out. axe clean
 * and no sideways scroll at 1280 and 390 px.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible } from "./page_checks.ts";

const SYSADMIN = { email: "root@goalmates.test", password: "a sysadmin password" };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const [scroll, width] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, globalThis.innerWidth]);
  assert.ok(scroll <= width, `${where}: the page scrolls sideways (${scroll} > ${width})`);
}

e2eTest(
  "[e2e] admin home: sign-in from 'Authentication Required', a fresh claim approval in Activity, team cards, hub, sign out",
  { env: { SYSADMIN_EMAIL: SYSADMIN.email, SYSADMIN_PASSWORD: SYSADMIN.password } },
  async ({ base, newPage, newContext, axeSource }, t) => {
    const axe = await axeSource();
    // The browser reports the 401 of 'Authentication Required' in the console: expected here.
    const { page, context } = await newPage({ viewport: DESKTOP, bypassCSP: true, allow: [/status of 401/] });

    await t.step("without JavaScript, 'Authentication Required' still moves to the sign-in", async () => {
      const noScript = await newContext({ javaScriptEnabled: false });
      const bare = await noScript.newPage();
      const res = await bare.goto(`${base}/admin?tab=activity`);
      assert.equal(res?.status(), 401);
      await bare.getByRole("heading", { name: "Authentication Required" }).waitFor();
      await bare.waitForURL(`${base}/sysadmin/login?next=/admin%3Ftab%3Dactivity`);
    });

    await t.step("'Authentication Required', then the sign-in after 1 s, which comes back to /admin", async () => {
      await page.goto(`${base}/admin`);
      await page.getByRole("heading", { name: "Authentication Required" }).waitFor();
      await assertAccessible(page, axe, "Authentication Required");
      await page.waitForURL(`${base}/sysadmin/login?next=/admin`);
      await page.getByRole("button", { name: /password$/ }).waitFor(); // the sign-in island runs
      await page.getByLabel("Email", { exact: true }).fill(SYSADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill(SYSADMIN.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL(`${base}/admin`);
      await page.getByRole("heading", { name: "System Admin Dashboard", level: 1 }).waitFor();
      assert.equal(await page.locator('[data-stat="status"] .admin-tile__value').innerText(), "Operational");
    });

    // A parent's claim on the demo team, approved by the demo team's admin in another browser.
    const coach = await newContext();
    await signInAsDemoAdmin(coach);
    const roster = await (await coach.request.get("/api/teams/demo/roster")).json();
    const teamId = roster.team.id as string;
    const teamName = roster.team.name as string;
    const claimed = await coach.request.post("/api/teams/demo/claims", {
      data: { mode: "jersey", jerseyNumber: 4, email: "fresh.claim@example.com" },
      headers: { origin: base },
    });
    assert.equal(claimed.status(), 201, await claimed.text());
    const pending = await (await coach.request.get(`/api/admin/${teamId}/claims?status=pending`)).json();
    const claim = pending.values.find((c: { email: string }) => c.email === "fresh.claim@example.com");
    const approved = await coach.request.post(`/api/admin/${teamId}/claims/${claim.id}/approve`, {
      data: {},
      headers: { origin: base },
    });
    assert.equal(approved.status(), 200, await approved.text());

    await t.step("Activity shows the approval first; the GET form filters by team and action", async () => {
      await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Activity" })
        .click();
      await page.waitForURL(`${base}/admin?tab=activity`);
      const first = page.locator(".admin-home-entry").first();
      // A sentence with the admin by name, not codes and ids; the claimant has no name yet: their e-mail.
      assert.equal(
        await first.locator(".admin-home-entry__sentence").innerText(),
        "Jordan Rodriguez approved Sofia Okafor's claim by fresh.claim@example.com.",
      );
      assert.ok((await first.innerText()).includes(teamName));
      await assertAccessible(page, axe, "/admin Activity");

      await page.getByLabel("Team", { exact: true }).fill("demo");
      await page.getByLabel("Action", { exact: true }).selectOption("claim.approved");
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/\/admin\?tab=activity&team=demo&action=claim\.approved$/);
      const sentences = await page.locator(".admin-home-entry__sentence").allInnerTexts();
      assert.ok(sentences.length >= 1 && sentences.every((a) => / approved .*'s claim by /.test(a)), sentences.join());
      await page.getByRole("link", { name: "Clear filters" }).click();
      await page.waitForURL(`${base}/admin?tab=activity`);
    });

    await t.step("Teams: the demo team's card, Generate New, and Manage Team", async () => {
      await page.goto(`${base}/admin`);
      const card = page.locator(`#team-${teamId}`);
      await card.getByRole("heading", { name: teamName }).waitFor();
      await assertAccessible(page, axe, "/admin Teams");
      await card.getByRole("button", { name: /Generate (New|Link)/ }).click();
      await page.waitForURL(new RegExp(`/admin\\?done=invite-link#team-${teamId}$`));
      await page.getByText("New invite link generated. The old link no longer works.").waitFor();
      const url = await page.locator(`#team-${teamId} input.invite-card__url`).inputValue();
      assert.match(url, new RegExp(`^${base}/join/[A-Z0-9]{16}$`));
      await page.locator(`#team-${teamId}`).getByRole("link", { name: /^Manage Team/ }).click();
      await page.waitForURL(`${base}/admin/${teamId}`);
      await page.goto(`${base}/admin?tab=settings`);
      await page.getByRole("heading", { name: "Settings", level: 2 }).waitFor();
      assert.ok((await page.locator(".admin-home__facts").innerText()).includes("Development"));
      await assertAccessible(page, axe, "/admin Settings");
    });

    await t.step("390 px: every tab, the hub and /admin-desktop fit the screen and pass axe", async () => {
      await page.setViewportSize(PHONE);
      for (const path of ["/admin", "/admin?tab=activity", "/admin?tab=settings", "/home", "/admin-desktop"]) {
        await page.goto(`${base}${path}`);
        await noSidewaysScroll(page, path);
        await assertAccessible(page, axe, `${path} at 390 px`);
      }
      await page.setViewportSize(DESKTOP);
    });

    await t.step("Dev Tools: a one-click sign-in as the demo parent, and the calendar sync", async () => {
      await page.goto(`${base}/sysadmin?tab=dev`);
      await page.getByRole("heading", { name: "Dev Tools", level: 2 }).waitFor();
      await assertAccessible(page, axe, "/sysadmin Dev Tools");
      await page.getByRole("button", { name: "Sync all calendars now" }).click();
      await page.waitForURL(/\/sysadmin\?tab=dev&synced=\d+&failed=\d+&skipped=\d+$/);
      await page.getByRole("status").filter({ hasText: /synced, \d+ failed, \d+ skipped\./ }).waitFor();
      await page.getByRole("button", { name: "Sign in as Parent" }).click();
      await page.waitForURL(`${base}/family-dashboard/${teamId}`);
      const session = await (await page.request.get("/api/v2/auth/session")).json();
      assert.equal(session.user.email, "parent@example.com");
    });

    await t.step("the hub's System Logs leads to Activity; Sign out ends the session", async () => {
      await page.goto(`${base}/home`);
      await page.getByRole("link", { name: "View Logs" }).click();
      await page.waitForURL(`${base}/admin?tab=activity`);
      await page.getByRole("button", { name: "Sign out", exact: true }).click();
      await page.waitForURL(`${base}/sysadmin/login`);
      const again = await page.goto(`${base}/admin`);
      assert.equal(again?.status(), 401);
    });
    void context;
  },
);
