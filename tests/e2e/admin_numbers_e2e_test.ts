/**
 * Admin numbers that agree, in Chromium at 1280 and 390 px: the team admin dashboard opens with
 * the invite link; its tiles name each number once (players with a parent as 'N of M', parents
 * with access, pending claims) and agree with the roster page; a decision updates them in place;
 * the hub's 'Connect Your Team' leads the signed-in admin to that dashboard.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible, hydrated, toastWith } from "./page_checks.ts";

const SHOTS = "/tmp/shots";
const VIEWPORTS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];

const tile = (page: Page, name: string) => page.locator(`[data-tile="${name}"] .admin-tile__value`).innerText();
const rosterCount = (page: Page, label: string) =>
  page.locator(".roster-admin__counts dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd").innerText();

e2eTest(
  "[e2e] admin numbers: invite link first, one word per number, dashboard and roster agree",
  {},
  async ({ base, newPage, axeSource }, t) => {
    const axe = await axeSource();
    const { page, problems, context } = await newPage();
    await signInAsDemoAdmin(context);
    const roster = await (await context.request.get("/api/teams/demo/roster")).json();
    const teamId = roster.team.id as string;

    for (const viewport of VIEWPORTS) {
      await t.step(
        `the dashboard opens with the invite link; its numbers match the roster (${viewport.width})`,
        async () => {
          await page.setViewportSize(viewport);
          await page.goto(`/admin/${teamId}`);
          const invite = page.getByRole("heading", { name: "Invite Link" });
          const numbers = page.getByRole("region", { name: "Team numbers" });
          await invite.waitFor();
          // First in the page and on the screen: above the numbers, and in view without scrolling.
          const [inviteBox, numbersBox] = [await invite.boundingBox(), await numbers.boundingBox()];
          assert.ok(inviteBox && numbersBox && inviteBox.y < numbersBox.y, "the invite card comes before the numbers");
          assert.ok(inviteBox.y + inviteBox.height < viewport.height, "the invite card is in the first screen");
          assert.ok(await page.getByRole("textbox", { name: "Team invite link" }).isVisible());

          const labels = await numbers.locator(".admin-tile__label").allInnerTexts();
          assert.deepEqual(labels, ["Pending claims", "Players", "Players with a parent", "Parents with access"]);
          const text = await page.locator("main").innerText();
          assert.ok(!/Coverage|Parent Access|%/.test(text), "no percent, no second word for a number");
          const [withParent, players] = (await tile(page, "players-with-parent")).split(" of ");
          assert.equal(players, await tile(page, "players"));
          await assertAccessible(page, axe, `the dashboard at ${viewport.width}`);
          await page.screenshot({ path: `${SHOTS}/admin-numbers-dashboard-${viewport.width}.png`, fullPage: true });

          await page.goto(`/admin/${teamId}/roster`);
          assert.equal(await rosterCount(page, "Players with a parent"), withParent, "the roster says the same");
          assert.equal(await rosterCount(page, "Players"), players);
          const statuses = await page.locator("td[data-label='Status'] .badge").allInnerTexts();
          assert.equal(statuses.filter((s) => s === "Has a parent").length, Number(withParent));
          assert.ok(statuses.every((s) => s === "Has a parent" || s === "No parent yet"), statuses.join());
          await page.screenshot({ path: `${SHOTS}/admin-numbers-roster-${viewport.width}.png` });
        },
      );
    }

    await t.step("approving a claim for a player without a parent updates the numbers in place", async () => {
      await page.goto(`/admin/${teamId}/roster`);
      const row = page.locator("tr", { has: page.locator("td[data-label='Status']", { hasText: "No parent yet" }) })
        .first();
      const jersey = parseInt(await row.locator("td[data-label='Jersey']").innerText(), 10);
      const claimed = await context.request.post("/api/teams/demo/claims", {
        data: { mode: "jersey", jerseyNumber: jersey, email: "numbers.parent@example.com" },
        headers: { origin: base },
      });
      assert.equal(claimed.status(), 201, await claimed.text());

      await page.goto(`/admin/${teamId}`);
      const [withParent, players] = (await tile(page, "players-with-parent")).split(" of ").map(Number);
      const parents = Number(await tile(page, "parents-with-access"));
      const card = page.locator("section", { has: page.locator("#pending-heading") });
      await card.getByRole("button", { name: "Approve claim from numbers.parent@example.com" }).click();
      await toastWith(page, "Claim Approved").waitFor();
      await hydrated(page, "PendingClaimsCard");
      assert.equal(await tile(page, "players-with-parent"), `${withParent + 1} of ${players}`);
      assert.equal(await tile(page, "parents-with-access"), String(parents + 1));
      assert.equal(await tile(page, "claims-pending"), "0");

      await page.goto(`/admin/${teamId}/roster`);
      assert.equal(await rosterCount(page, "Players with a parent"), String(withParent + 1));
      await problems.assertNone("numbers");
    });

    await t.step("the hub's Connect Your Team leads the signed-in admin to the dashboard", async () => {
      await page.goto("/home");
      await page.getByRole("link", { name: "Connect Your Team" }).click();
      await page.waitForURL(`${base}/admin/${teamId}`);
      await page.getByRole("heading", { name: "Invite Link" }).waitFor();
      await problems.assertNone("hub");
    });
  },
);
