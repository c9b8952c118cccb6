/**
 * The team admin's dashboard in Spanish, in Chromium at 1280 and 390 px (issue 24): the demo
 * team's admin, in a browser whose language is Spanish, reads the frame, the invite link card,
 * the team's numbers and the pending claims card in Spanish, copies the invite link (its toast in
 * Spanish) and approves a claim from the card. At each step axe finds nothing serious, nothing
 * scrolls sideways and no text runs out of its button, card or tile.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible, hydrated, overflowingText, sidewaysScroll, toastWith } from "./page_checks.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { format } from "../../lib/i18n/format.ts";

const VIEWPORTS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];
/** Where a person can see what each step looked like (not compared: they are for eyes). */
const SHOTS = "/tmp/shots";
const es = messagesFor("es");

/** Text wider than its box in the boxes this screen has. */
const overflowing = (page: Page) =>
  overflowingText(
    page,
    "button, .button, .card, .notice, .toast, .admin-tile, .admin-nav__link, .admin-header, .pending-list__item",
  );

e2eTest("[e2e] admin dashboard in Spanish at 1280 and 390 px", {}, async (e2e, t) => {
  const { base, newPage, axeSource } = e2e;
  const axe = await axeSource();
  await Deno.mkdir(SHOTS, { recursive: true });

  for (const viewport of VIEWPORTS) {
    const at = `${viewport.width} px`;
    // A Spanish browser (Accept-Language and navigator.language); the scan is an injected script,
    // so the context bypasses the page's CSP.
    const { page, context, problems } = await newPage({ viewport, locale: "es-US", bypassCSP: true });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    await signInAsDemoAdmin(context);
    const teamId = (await (await context.request.get("/api/teams/demo/roster")).json()).team.id as string;
    const check = async (where: string) => {
      await assertAccessible(page, axe, `${where} at ${at}`);
      assert.equal(await sidewaysScroll(page), false, `${where}: no sideways scroll at ${at}`);
      assert.deepEqual(await overflowing(page), [], `${where}: no text out of its box at ${at}`);
      await page.screenshot({ path: `${SHOTS}/admin-es-${where}-${viewport.width}.png`, fullPage: true });
    };

    await t.step(`[e2e] admin es: the dashboard, its invite link and pending claims (${at})`, async () => {
      const email = `panel.${viewport.width}@example.com`;
      const claimed = await context.request.post("/api/teams/demo/claims", {
        data: { mode: "jersey", jerseyNumber: viewport.width === 1280 ? 7 : 10, email },
        headers: { origin: base },
      });
      assert.equal(claimed.status(), 201, await claimed.text());

      await page.goto(`/admin/${teamId}`);
      assert.equal(await page.locator("html").getAttribute("lang"), "es");
      await page.getByRole("heading", { name: es.adminCards.invite.heading }).waitFor();
      await page.getByRole("heading", { name: es.admin.dashboard.quickActions }).waitFor();
      await page.getByRole("link", { name: es.admin.dashboard.addPlayer }).waitFor();
      await page.getByText(es.adminCommon.numbers.playersWithParent).waitFor();
      await page.getByRole("link", { name: es.admin.nav.backToRoster }).waitFor();
      const card = page.locator("section", { has: page.locator("#pending-heading") });
      await card.getByRole("heading", { name: es.adminCards.pending.heading }).waitFor();
      await card.locator("li", { hasText: email }).waitFor();
      await check("dashboard");

      // Copy: the toast in Spanish, and the link in the clipboard.
      const joinUrl = await page.locator("#invite-url").inputValue();
      await page.getByRole("button", { name: es.adminCards.invite.copy, exact: true }).click();
      await hydrated(page, "InviteLinkCard");
      await toastWith(page, es.adminCards.invite.copied).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), joinUrl);
      await check("dashboard-copied");

      // Approve from the pending claims card: the claim leaves the card, the toast is Spanish.
      const approve = format("es", es.adminClaims.actions.approveFrom, { requester: email });
      await card.getByRole("button", { name: approve }).click();
      await hydrated(page, "PendingClaimsCard");
      await toastWith(page, es.adminClaims.actions.approvedTitle).waitFor();
      await card.locator("li", { hasText: email }).waitFor({ state: "detached" });
      await check("dashboard-approved");
      await problems.assertNone(`the dashboard in Spanish at ${at}`);
    });
  }
});
