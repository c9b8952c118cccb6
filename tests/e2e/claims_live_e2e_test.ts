/**
 * Hardening §3.1: a decision on the admin claims page or the dashboard shows at once, without a
 * reload — the claim leaves Pending (and lands on top of Processed), the counters and the side
 * navigation's Claims badge follow, and focus stays somewhere sensible.
 */
import assert from "node:assert/strict";
import type { APIRequestContext, Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible, hydrated, toastWith } from "./page_checks.ts";

const SHOTS = "/tmp/shots";
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A parent's claim on the demo team's public roster, by jersey number. */
async function claimJersey(request: APIRequestContext, base: string, jerseyNumber: number, email: string) {
  const res = await request.post("/api/teams/demo/claims", {
    data: { mode: "jersey", jerseyNumber, email },
    headers: { origin: base },
  });
  assert.equal(res.status(), 201, await res.text());
}

/** The number a tile shows (`data-count` on the claims page, `data-tile` on the dashboard). */
const tileValue = async (page: Page, selector: string) =>
  parseInt(await page.locator(`${selector} .admin-tile__value`).innerText(), 10);

/** The Claims badge in the side navigation, or null when there is none. */
async function badge(page: Page): Promise<number | null> {
  const found = page.getByRole("navigation", { name: "Team admin" }).locator(".admin-nav__badge");
  return await found.count() === 0 ? null : parseInt(await found.innerText(), 10);
}

/** Marks the document, so a later check can tell that no reload or navigation happened. */
const markDocument = (page: Page) => page.evaluate(() => (globalThis as { __same?: boolean }).__same = true);
const sameDocument = (page: Page) => page.evaluate(() => (globalThis as { __same?: boolean }).__same === true);

const activeLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute("aria-label") ?? el?.id ?? "";
  });

e2eTest(
  "[e2e] claims: approve and deny update the tables, counters and badge without a reload",
  {},
  async ({ base, newPage, axeSource }, t) => {
    await Deno.mkdir(SHOTS, { recursive: true });
    const axe = await axeSource();
    const { page, context, problems, islandsRequested } = await newPage({ viewport: DESKTOP });
    await signInAsDemoAdmin(context);
    const teamId = (await (await context.request.get("/api/teams/demo/roster")).json()).team.id as string;
    const first = "live.first@example.com";
    const second = "live.second@example.com";
    await claimJersey(context.request, base, 4, first);
    await claimJersey(context.request, base, 9, second);

    const pendingTable = page.locator("section", { has: page.locator("#pending-claims-heading") });
    const processedTable = page.locator("section", { has: page.locator("#processed-claims-heading") });
    let before = { pending: 0, approved: 0, denied: 0, badge: 0 };

    await t.step("approve: the row moves to Processed, the counters and the badge follow", async () => {
      await page.goto(`/admin/${teamId}/claims`);
      before = {
        pending: await tileValue(page, '[data-count="pending"]'),
        approved: await tileValue(page, '[data-count="approved"]'),
        denied: await tileValue(page, '[data-count="denied"]'),
        badge: (await badge(page)) ?? 0,
      };
      assert.equal(before.pending, 2, "the two new claims are the only pending ones");
      assert.equal(before.badge, before.pending);
      await processedTable.getByText("No decisions yet.").waitFor();
      await markDocument(page);

      // Newest first: the second claim is the first row; approving it hands focus to the next row.
      await pendingTable.getByRole("button", { name: `Approve claim from ${second}` }).click();
      await toastWith(page, "Claim Approved").waitFor();
      await pendingTable.locator("tr", { hasText: second }).waitFor({ state: "detached" });
      assert.deepEqual(islandsRequested(), ["ClaimsBoard"]);
      assert.ok(await sameDocument(page), "no reload");

      const processedRows = processedTable.locator("tbody tr");
      assert.equal(await processedRows.count(), 1);
      assert.match(await processedRows.first().innerText(), new RegExp(`${second}[\\s\\S]*Approved`));
      assert.equal(await processedTable.getByText("No decisions yet.").count(), 0);
      assert.equal(await pendingTable.locator("tbody tr").count(), 1);
      assert.equal(await tileValue(page, '[data-count="pending"]'), before.pending - 1);
      assert.equal(await tileValue(page, '[data-count="approved"]'), before.approved + 1);
      assert.equal(await tileValue(page, '[data-count="denied"]'), before.denied);
      assert.equal(await badge(page), before.badge - 1);
      assert.equal(await activeLabel(page), `Approve claim from ${first}`, "focus moved to the next claim");
      assert.equal(await page.getByText("No claims yet").count(), 0);

      await page.screenshot({ path: `${SHOTS}/claims-approved-1280.png`, fullPage: true });
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: `${SHOTS}/claims-approved-390.png`, fullPage: true });
      await assertAccessible(page, axe, "the claims page after an approval");
      await problems.assertNone("approve on the claims page");
    });

    await t.step("390 px, deny the last one: the pending empty text shows and the badge goes", async () => {
      await pendingTable.getByRole("button", { name: `Deny claim from ${first}` }).click();
      await toastWith(page, "Claim Denied").waitFor();
      await pendingTable.getByText("Nothing waiting for review.").waitFor();
      assert.ok(await sameDocument(page), "no reload");
      assert.equal(await pendingTable.locator("table").count(), 0);

      const top = processedTable.locator("tbody tr").first();
      assert.match(await top.innerText(), new RegExp(`${first}[\\s\\S]*Denied`), "the newest decision is on top");
      assert.equal(await processedTable.locator("tbody tr").count(), 2);
      assert.equal(await tileValue(page, '[data-count="pending"]'), 0);
      assert.equal(await tileValue(page, '[data-count="approved"]'), before.approved + 1);
      assert.equal(await tileValue(page, '[data-count="denied"]'), before.denied + 1);
      assert.equal(await badge(page), null, "no badge at 0");
      assert.equal(await activeLabel(page), "pending-claims-heading", "focus on the Pending heading");
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= PHONE.width, "no sideways scroll");

      await page.screenshot({ path: `${SHOTS}/claims-denied-390.png`, fullPage: true });
      await page.setViewportSize(DESKTOP);
      await page.screenshot({ path: `${SHOTS}/claims-denied-1280.png`, fullPage: true });
      await problems.assertNone("deny on the claims page");
    });

    await t.step("a reload agrees with what the page showed", async () => {
      await page.reload();
      assert.equal(await tileValue(page, '[data-count="pending"]'), 0);
      assert.equal(await tileValue(page, '[data-count="approved"]'), before.approved + 1);
      assert.equal(await tileValue(page, '[data-count="denied"]'), before.denied + 1);
      assert.equal(await badge(page), null);
      await pendingTable.getByText("Nothing waiting for review.").waitFor();
      await processedTable.locator("tr", { hasText: first }).getByText("Denied").waitFor();
      await processedTable.locator("tr", { hasText: second }).getByText("Approved").waitFor();
    });

    await t.step("a claim that matched nobody: the player chosen before hydration is the one approved", async () => {
      const email = "live.surname@example.com";
      const res = await context.request.post("/api/teams/demo/claims", {
        data: { mode: "surname", childSurname: "Nobodyhere", email },
        headers: { origin: base },
      });
      assert.equal(res.status(), 201, await res.text());
      await page.goto(`/admin/${teamId}/claims`);
      // The board is not hydrated yet: the choice is made in the server's markup.
      await pendingTable.getByLabel(`Player for the claim from ${email}`).selectOption({ label: "#21 Chloe Anderson" });
      await pendingTable.getByRole("button", { name: `Approve claim from ${email}` }).click();
      await toastWith(page, "Claim Approved").waitFor();
      const row = processedTable.locator("tbody tr").first();
      await row.getByText("Approved").waitFor();
      assert.match(await row.innerText(), /Chloe Anderson/);
      await pendingTable.getByText("Nothing waiting for review.").waitFor();
      assert.equal(await badge(page), null);
      await problems.assertNone("approve with a chosen player");
    });

    await t.step("dashboard: approving from the pending card removes it; tiles and badge follow", async () => {
      const third = "live.third@example.com";
      const fourth = "live.fourth@example.com";
      await claimJersey(context.request, base, 5, third);
      await claimJersey(context.request, base, 8, fourth);
      await page.setViewportSize(PHONE);
      await page.goto(`/admin/${teamId}`);
      const card = page.locator("section", { has: page.locator("#pending-heading") });
      const pendingTile = '[data-tile="claims-pending"]';
      const accessTile = '[data-tile="parents-with-access"]';
      assert.equal(await tileValue(page, pendingTile), 2);
      assert.equal(await badge(page), 2);
      const access = await tileValue(page, accessTile);
      await markDocument(page);

      await card.getByRole("button", { name: `Approve claim from ${fourth}` }).click();
      await toastWith(page, "Claim Approved").waitFor();
      await card.locator("li", { hasText: fourth }).waitFor({ state: "detached" });
      await hydrated(page, "PendingClaimsCard");
      assert.ok(await sameDocument(page), "no reload");
      assert.equal(await card.locator("li").count(), 1);
      assert.equal(await tileValue(page, pendingTile), 1);
      assert.equal(await tileValue(page, accessTile), access + 1, "the approved parent has access at once");
      assert.equal(await badge(page), 1);
      assert.equal(await activeLabel(page), `Approve claim from ${third}`);
      await page.screenshot({ path: `${SHOTS}/dashboard-approved-390.png`, fullPage: true });

      await page.setViewportSize(DESKTOP);
      await card.getByRole("button", { name: `Deny claim from ${third}` }).click();
      await toastWith(page, "Claim Denied").waitFor();
      await card.getByText("No pending claims.").waitFor();
      assert.equal(await tileValue(page, pendingTile), 0);
      assert.equal(await tileValue(page, accessTile), access + 1);
      assert.equal(await badge(page), null);
      assert.equal(await activeLabel(page), "pending-heading");
      await page.screenshot({ path: `${SHOTS}/dashboard-denied-1280.png`, fullPage: true });
      await assertAccessible(page, axe, "the dashboard after the decisions");
      await problems.assertNone("dashboard decisions");
    });

    await t.step("dashboard: with more claims waiting than it shows, the next one comes in", async () => {
      const emails = ["more.a@example.com", "more.b@example.com", "more.c@example.com", "more.d@example.com"];
      for (const [i, email] of emails.entries()) await claimJersey(context.request, base, [11, 12, 14, 15][i], email);
      await page.goto(`/admin/${teamId}`);
      const card = page.locator("section", { has: page.locator("#pending-heading") });
      assert.equal(await card.locator("li").count(), 3);
      await card.getByRole("link", { name: /View All/ }).waitFor();
      // Newest first: more.d, more.c, more.b are shown; more.a waits.
      await card.getByRole("button", { name: "Deny claim from more.d@example.com" }).click();
      await card.locator("li", { hasText: "more.a@example.com" }).waitFor();
      assert.equal(await card.locator("li").count(), 3);
      assert.equal(await card.getByRole("link", { name: /View All/ }).count(), 0, "3 left: no View All");
      assert.equal(await tileValue(page, '[data-tile="claims-pending"]'), 3);
      await problems.assertNone("dashboard refill");
    });
  },
);
