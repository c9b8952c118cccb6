/**
 * Issue 22, item 5 in Chromium: the demo parent hides their child's last name in the child's
 * member dialog (1280 px with JavaScript, then shows it again at 390 px without), asks for the
 * child's removal; the demo admin sees the request on the claims page, denies it with a reason
 * at 390 px without JavaScript, and approves the parent's second request at 1280 px with it:
 * the child is gone from the roster. axe-core finds nothing serious on either screen.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible } from "./page_checks.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The parent's own child and what they chose to hide (FamilyExplorer's props). */
function ownChild(page: Page) {
  return page.evaluate(() => {
    const island = document.querySelector<HTMLElement>('[data-island="FamilyExplorer"]')!;
    const props = JSON.parse(document.getElementById(island.dataset.props!)!.textContent!);
    const cards = props.family.players as {
      id: string;
      firstName: string;
      lastName: string;
      childPrivacy: { hideLastName: boolean; hidePhoto: boolean } | null;
    }[];
    const child = cards.find((c) => c.childPrivacy !== null)!;
    return { id: child.id, firstName: child.firstName, lastName: child.lastName, privacy: child.childPrivacy! };
  });
}

e2eTest(
  "[child removal e2e] a parent hides a last name and asks for removal; the admin denies, then approves",
  {},
  async (e2e, t) => {
    const { newContext, newPage, axeSource } = e2e;
    const axe = await axeSource();
    const team = await (await (await newContext()).request.get("/api/teams/by-slug/demo")).json();
    const dashboard = `/family-dashboard/${team.id}`;
    const parentLogin = { data: { email: "parent@example.com" } };
    let child = { id: "", firstName: "", lastName: "", privacy: { hideLastName: false, hidePhoto: false } };

    await t.step("with JavaScript at 1280 px: the parent hides the last name in the child's dialog", async () => {
      const context = await newContext({ viewport: DESKTOP });
      assert.equal((await context.request.post("/api/dev/auto-login", parentLogin)).status(), 200);
      const { page, problems } = await newPage({ context });
      await page.goto(dashboard);
      child = await ownChild(page);
      assert.equal(child.privacy.hideLastName, false);
      await page.locator(`#family-card-player-${child.id}`).click();
      const dialog = page.getByRole("dialog", { name: `${child.firstName} ${child.lastName}` });
      await dialog.getByLabel(`Show ${child.firstName}'s last name only as an initial to other families`).check();
      await assertAccessible(page, axe, "the member dialog with the privacy choice (1280)");
      await dialog.getByRole("button", { name: "Save privacy choice" }).click();
      await page.waitForURL(new RegExp(`\\?member=player:${child.id}#family-dialog$`));
      assert.equal((await ownChild(page)).privacy.hideLastName, true);
      // The same dialog at 390 px.
      await page.setViewportSize(PHONE);
      await assertAccessible(page, axe, "the member dialog with the privacy choice (390)");
      await problems.assertNone("the parent's dialog");
    });

    await t.step("without JavaScript at 390 px: the same form shows it again", async () => {
      const context = await newContext({ viewport: PHONE, javaScriptEnabled: false });
      assert.equal((await context.request.post("/api/dev/auto-login", parentLogin)).status(), 200);
      const { page } = await newPage({ context });
      await page.goto(`${dashboard}?member=player:${child.id}#family-dialog`);
      const box = page.getByLabel(`Show ${child.firstName}'s last name only as an initial to other families`);
      assert.equal(await box.isChecked(), true);
      await box.uncheck();
      await page.getByRole("button", { name: "Save privacy choice" }).click();
      await page.waitForURL(new RegExp(`\\?member=player:${child.id}#family-dialog$`));
      assert.equal(await box.isChecked(), false);
      const asked = await context.request.post(`/api/players/${child.id}/removal-request`, {
        data: { reason: "We are moving away" },
      });
      assert.equal(asked.status(), 201, await asked.text());
    });

    await t.step("without JavaScript at 390 px: the admin sees the request and denies it with a reason", async () => {
      // axe runs in the page: the same screen at 390 px with JavaScript first.
      const withJs = await newContext({ viewport: PHONE });
      await signInAsDemoAdmin(withJs);
      const { page: checked } = await newPage({ context: withJs });
      await checked.goto(`/admin/${team.id}/claims`);
      await checked.getByRole("region", { name: /Removal requests/ }).getByText("We are moving away").waitFor();
      await assertAccessible(checked, axe, "the claims page with a removal request (390)");
      const context = await newContext({ viewport: PHONE, javaScriptEnabled: false });
      await signInAsDemoAdmin(context);
      const { page } = await newPage({ context });
      await page.goto(`/admin/${team.id}/claims`);
      const section = page.getByRole("region", { name: /Removal requests/ });
      await section.getByText("We are moving away").waitFor();
      await section.getByLabel("Reason for the parent (required)").fill("The season ends in two weeks.");
      await section.getByRole("button", { name: /^Deny/ }).click();
      await page.getByText("Request denied. We e-mailed the parent your reason.").waitFor();
      assert.equal(await page.getByRole("region", { name: /Removal requests/ }).count(), 0);
    });

    await t.step(
      "with JavaScript at 1280 px: the admin approves the second request and the child is gone",
      async () => {
        const parent = await newContext();
        assert.equal((await parent.request.post("/api/dev/auto-login", parentLogin)).status(), 200);
        const asked = await parent.request.post(`/api/players/${child.id}/removal-request`, { data: {} });
        assert.equal(asked.status(), 201, await asked.text());
        const context = await newContext({ viewport: DESKTOP });
        await signInAsDemoAdmin(context);
        const { page, problems } = await newPage({ context });
        await page.goto(`/admin/${team.id}`);
        await page.locator('[data-tile="removal-requests"]').click();
        await page.waitForURL(/\/claims#removal-requests$/);
        await assertAccessible(page, axe, "the claims page with a removal request (1280)");
        await page.getByRole("button", { name: /^Approve and remove/ }).click();
        await page.getByText("Request approved. The player is removed and we e-mailed the parent.").waitFor();
        const roster = await (await context.request.get(`/api/admin/${team.id}/players`)).json();
        const players = (roster.players ?? roster.values ?? roster) as { id: string }[];
        assert.ok(!players.some((p) => p.id === child.id), "the child is off the roster");
        await problems.assertNone("the admin's claims page");
      },
    );
  },
);
