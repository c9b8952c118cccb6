/**
 * Issue 22 items 3 and 6 in Chromium: a parent leaves a team from /account/privacy; the team admin
 * removes parents on the Access page, with JavaScript and without, at 1280 and 390 px, axe clean.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible } from "./page_checks.ts";

const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 390, height: 844 };

async function signInAs(context: BrowserContext, email: string): Promise<void> {
  const res = await context.request.post("/api/dev/auto-login", { data: { email } });
  assert.equal(res.status(), 200, await res.text());
}

async function sessionTeamIds(context: BrowserContext): Promise<string[]> {
  const body = await (await context.request.get("/api/v2/auth/session")).json();
  return (body.user?.teams ?? []).map((team: { id: string }) => team.id);
}

/** Opens a member's Remove confirmation on the Access page and confirms it. */
async function removeMember(page: Page, name: string): Promise<void> {
  const row = page.locator(".admin-list__item", { hasText: name });
  await row.locator("summary").click();
  await row.locator("form button[type=submit]").click();
  await page.getByRole("status").filter({ hasText: "Member removed. We e-mailed them to let them know." }).waitFor();
  assert.equal(await page.locator(".admin-list__item", { hasText: name }).count(), 0, `${name} is gone from the list`);
}

e2eTest(
  "[e2e] members: a parent leaves a team from the privacy page; the admin removes parents (JS on and off)",
  {},
  async ({ newPage, axeSource }, t) => {
    const axe = await axeSource();
    let teamId = "";

    await t.step("a parent leaves the team from /account/privacy; the team leaves their session", async () => {
      const { page, context, problems } = await newPage({ viewport: WIDE });
      teamId = (await (await context.request.get("/api/teams/demo/roster")).json()).team.id;
      await signInAs(context, "ana.okafor@example.com");
      assert.ok((await sessionTeamIds(context)).includes(teamId));
      await page.goto("/account/privacy");
      const leave = page.locator("section", { has: page.getByRole("heading", { name: "Leave a team" }) });
      await leave.getByRole("button", { name: /Leave/ }).click();
      await page.waitForURL(/\/account\/privacy\?left=1$/);
      await assertAccessible(page, axe, "the privacy page after leaving (1280)");
      assert.ok(!(await sessionTeamIds(context)).includes(teamId), "the next request no longer has the team");
      const dashboard = await context.request.get(`/family-dashboard/${teamId}`);
      assert.equal(dashboard.status(), 403);
      await problems.assertNone("leaving from the privacy page");
    });

    await t.step("with JavaScript, the admin removes a parent on the Access page (1280, then 390)", async () => {
      const { page, context, problems } = await newPage({ viewport: WIDE });
      await signInAsDemoAdmin(context);
      await page.goto(`/admin/${teamId}/access`);
      await page.getByRole("heading", { name: "Parents and Players" }).waitFor();
      assert.equal(await page.locator(".admin-list__item", { hasText: "ana.okafor@example.com" }).count(), 0);
      await assertAccessible(page, axe, "the Access page (1280)");
      await removeMember(page, "Sam Okafor");
      await assertAccessible(page, axe, "the Access page after a removal (1280)");
      await page.setViewportSize(NARROW);
      await page.locator(".admin-list__item", { hasText: "Marco Silva" }).locator("summary").click();
      await assertAccessible(page, axe, "the Access page with a confirmation open (390)");
      await problems.assertNone("Access page with JavaScript");
    });

    // axe runs as a script, so it checks these pages with JavaScript (above): the markup is the same.
    await t.step("without JavaScript, the same at 390, then 1280", async () => {
      const { page, context } = await newPage({ viewport: NARROW, javaScriptEnabled: false });
      await signInAsDemoAdmin(context);
      await page.goto(`/admin/${teamId}/access`);
      await removeMember(page, "Priya Patel");
      await page.setViewportSize(WIDE);
      await removeMember(page, "Lena Müller");
      // The removed parent's account no longer has the team.
      const { context: removed } = await newPage({ viewport: WIDE });
      await signInAs(removed, "priya.patel@example.com");
      assert.ok(!(await sessionTeamIds(removed)).includes(teamId));
    });
  },
);
