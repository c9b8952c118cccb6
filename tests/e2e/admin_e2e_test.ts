import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { linkIn } from "./smtp_sink.ts";
import { assertAccessible, toastWith } from "./page_checks.ts";
import { gzipSize } from "../../bench/page_js.ts";

/** The page's JavaScript budget (gzip), React included. */
const JS_BUDGET_BYTES = 75 * 1024;

/** The gzip size of every script the page has loaded so far. */
async function loadedJsGzip(page: Page): Promise<{ total: number; files: string[] }> {
  const files = await page.evaluate(() =>
    performance.getEntriesByType("resource").map((e) => e.name).filter((n) => n.endsWith(".js"))
  );
  let total = 0;
  for (const url of files) total += gzipSize(new Uint8Array(await (await fetch(url)).arrayBuffer()));
  return { total, files };
}

e2eTest(
  "[e2e] admin area: claim → badge → approve → mail; invite link copy; a11y; JS budget",
  { smtp: true },
  async ({ base, smtp, newPage, axeSource }, t) => {
    const axe = await axeSource();
    const parentEmail = "jersey.seven@example.com";
    let editLink = "";

    await t.step("a parent claims jersey 7 through the roster's claim dialog", async () => {
      const { page, problems, context } = await newPage();
      await page.goto(`${base}/t/demo/roster`);
      await page.getByRole("link", { name: "Claim or update this player" }).click();
      const dialog = page.getByRole("dialog", { name: "Claim Player" });
      await dialog.waitFor();
      await dialog.getByLabel("Jersey Number", { exact: true }).fill("7");
      await dialog.getByLabel("Your Email", { exact: true }).fill(parentEmail);
      await dialog.getByRole("button", { name: "Submit Claim" }).click();
      await page.locator(".toast").filter({ hasText: "Claim Submitted" }).waitFor();
      await problems.assertNone("roster claim");
      await context.close();
    });

    const { page, problems, context } = await newPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    let teamId = "";

    await t.step("the /teams/{id} login form is accessible to a signed-out visitor", async () => {
      const roster = await (await context.request.get("/api/teams/demo/roster")).json();
      teamId = roster.team.id;
      await page.goto(`/teams/${teamId}`);
      await page.getByRole("heading", { name: "Team Login" }).waitFor();
      await page.getByLabel("Team username").waitFor();
      await assertAccessible(page, axe, "the team login form");
      await problems.assertNone("team login form");
    });

    await t.step("the demo admin signs in and sees the badge and the claim on the dashboard", async () => {
      await signInAsDemoAdmin(context);
      await page.goto(`/admin/${teamId}`);
      const nav = page.getByRole("navigation", { name: "Team admin" });
      const badge = nav.locator(".admin-nav__badge");
      assert.match(await badge.innerText(), /^[1-9]\d*/);
      const pendingTile = page.locator('[data-tile="claims-pending"] .admin-tile__value');
      assert.equal(parseInt(await badge.innerText()), parseInt(await pendingTile.innerText()));
      await page.locator(".pending-list").getByText(parentEmail).waitFor();
      await assertAccessible(page, axe, "the dashboard");
      const js = await loadedJsGzip(page);
      console.log(`dashboard JS before interaction: ${js.total} B gzip (${js.files.length} files)`);
      await problems.assertNone("dashboard");
    });

    await t.step("Copy on the invite card shows 'Invite Link Copied!'", async () => {
      const card = page.locator(".invite-card");
      const joinUrl = await card.getByLabel("Team invite link").inputValue();
      assert.match(joinUrl, new RegExp(`^${base}/join/[A-Z0-9]{16}$`));
      await card.getByRole("button", { name: "Copy" }).click();
      await page.locator(".toast").filter({ hasText: "Invite Link Copied!" }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), joinUrl);
      assert.equal(await card.getByRole("link", { name: /Preview/ }).getAttribute("target"), "_blank");
      const js = await loadedJsGzip(page);
      console.log(`dashboard JS after hydrating the invite card: ${js.total} B gzip`);
      assert.ok(js.total < JS_BUDGET_BYTES, `dashboard JS ${js.total} B gzip is over budget`);
      await problems.assertNone("invite card copy");
    });

    await t.step("the admin approves the claim on the claims page; the mail arrives", async () => {
      await page.getByRole("navigation", { name: "Team admin" }).getByRole("link", { name: /Claims/ }).click();
      await page.getByRole("heading", { name: "Claims", level: 1 }).waitFor();
      await assertAccessible(page, axe, "the claims page");
      const row = page.locator("tr").filter({ hasText: parentEmail });
      await row.getByRole("button", { name: `Approve claim from ${parentEmail}` }).click();
      await page.locator(".toast").filter({ hasText: "Claim Approved" }).waitFor();
      // The claim moves to Processed at once (claims_live_e2e_test.ts follows the whole page).
      const processed = page.locator("section", { has: page.locator("#processed-claims-heading") });
      await processed.locator("tr", { hasText: parentEmail }).getByText("Approved").waitFor();
      const mail = await smtp.waitForMail(parentEmail, "/edit?token=");
      editLink = linkIn(mail, "/edit");
      assert.ok(editLink.startsWith(`${base}/edit?token=`));
      const js = await loadedJsGzip(page);
      assert.ok(js.total < JS_BUDGET_BYTES, `claims page JS ${js.total} B gzip is over budget`);
      await problems.assertNone("claims page");
    });

    await t.step("the parent opens the mailed link and saves an edit that shows on the public roster", async () => {
      const parent = await newPage();
      await parent.page.goto(editLink);
      await parent.page.getByLabel("Last name").fill("Valdez");
      await parent.page.getByRole("button", { name: "Save Changes" }).click();
      await toastWith(parent.page, "Player information updated successfully").waitFor();
      await parent.page.goto(`${base}/t/demo/roster?mode=detail`);
      const roster = await parent.page.locator("main").innerText();
      assert.ok(roster.includes("Maya V."), "the public roster shows the parent's edit");
      await parent.problems.assertNone("the parent's edit");
      await parent.context.close();
    });

    await t.step("the access page is accessible", async () => {
      await page.goto(`/admin/${teamId}/access`);
      await page.getByRole("heading", { name: "Access", level: 1 }).waitFor();
      await assertAccessible(page, axe, "the access page");
      await problems.assertNone("access page");
    });
  },
);
