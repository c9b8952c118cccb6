/**
 * Account Settings in Chromium, at 390 px: the dashboard header's avatar opens a menu whose
 * Account Settings item is a link to /account until it is used; Enter opens the dialog (the
 * island hydrates on that first use), the tabs move with the arrow keys, Escape closes it and
 * the focus returns to the item. The
 * parent renames themselves, sees the toast and the new name in the header without a reload,
 * and the public roster (the team shows parents' names) has the new name at once. axe on the
 * open dialog. The real app (development mode, demo team) through the e2e harness.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible, hydrated, signedOutToLogin, toastWith } from "./page_checks.ts";

const PHONE = { width: 390, height: 844 };

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post("/api/dev/auto-login", { data: { email } });
  assert.equal(res.status(), 200, "dev auto-login");
}

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");
const activeIsTrigger = (page: Page) =>
  page.evaluate(() => document.activeElement?.classList.contains("acct__trigger") ?? false);
const noSideScroll = async (page: Page) =>
  assert.ok(
    await page.evaluate(() => document.scrollingElement!.scrollWidth <= globalThis.innerWidth),
    "no sideways scroll",
  );

e2eTest(
  "[account settings e2e] keyboard, tabs, a new name in the header and on the public roster",
  {},
  async (e2e, t) => {
    const { base, newPage, newContext, axeSource } = e2e;
    const axe = await axeSource();
    const context = await newContext({ viewport: PHONE, bypassCSP: true });
    await signIn(context, "parent@example.com");
    // The refused save the story fakes (400) is reported by the browser.
    const { page, islandsRequested } = await newPage({ context, allow: [/status of 400/] });
    const avatar = page.locator(".acct-menu > summary");
    const trigger = page.locator(".acct__trigger");
    const dialog = page.getByRole("dialog", { name: "Account Settings" });
    const profile = dialog.locator("#acct-panel-profile");
    const roster = async () => await (await context.request.get("/t/demo/roster?mode=detail")).text();

    await t.step("the team shows parents' names: the roster has the parent's name as it is now", async () => {
      const coach = await newContext();
      await signIn(coach, "coach@example.com");
      const team = await (await coach.request.get("/api/teams/by-slug/demo")).json();
      const res = await coach.request.patch(`/api/admin/${team.id}/settings`, { data: { showParentNames: true } });
      assert.equal(res.status(), 200, await res.text());
      const html = await roster();
      assert.ok(/\bWei\b/.test(html) && !html.includes("Meilin"), "rendered (and cached) with the old name");
    });

    await t.step("before it is used, Account Settings is a link to /account and its island is not loaded", async () => {
      await page.goto("/family-dashboard/demo");
      assert.equal(await trigger.getAttribute("href"), "/account");
      assert.equal(await avatar.locator(".site-nav__avatar").textContent(), "W");
      assert.equal(await avatar.locator(".site-nav__name").textContent(), "Wei Chen");
      assert.ok(!islandsRequested().includes("AccountSettings"), "hydrates on interaction only");
      await page.evaluate(() => ((globalThis as unknown as { stayed: boolean }).stayed = true));
    });

    await t.step(
      "Enter opens the menu, then the dialog; arrow keys move between the tabs; Escape closes it",
      async () => {
        await avatar.focus();
        await page.keyboard.press("Enter");
        await trigger.waitFor();
        await page.keyboard.press("Tab");
        assert.ok(await activeIsTrigger(page), "Account Settings is the menu's first item");
        await page.keyboard.press("Enter");
        await hydrated(page, "AccountSettings");
        await dialog.waitFor();
        assert.equal(page.url(), `${base}/family-dashboard/demo`, "the link did not navigate");
        assert.equal(await activeId(page), "acct-tab-profile", "the selected tab has the focus");
        assert.equal(await page.getByRole("tab", { name: "My Profile" }).getAttribute("aria-selected"), "true");
        await dialog.getByRole("tabpanel", { name: "My Profile" }).getByLabel("First name").waitFor();

        await page.keyboard.press("ArrowRight");
        assert.equal(await activeId(page), "acct-tab-players");
        assert.equal(await page.getByRole("tab", { name: "My Players" }).getAttribute("aria-selected"), "true");
        const players = dialog.getByRole("tabpanel", { name: "My Players" });
        await players.waitFor();
        assert.ok((await players.locator("form").count()) >= 1, "the parent's own child is listed");
        assert.ok(await dialog.getByRole("tabpanel", { name: "My Profile" }).isHidden());
        await page.keyboard.press("ArrowLeft");
        assert.equal(await activeId(page), "acct-tab-profile");

        // Tab from the last control wraps to the first: the focus stays in the dialog.
        await dialog.getByRole("button", { name: "Save Profile" }).focus();
        await page.keyboard.press("Tab");
        assert.ok(await page.evaluate(() => document.activeElement?.closest("dialog") !== null), "focus stays inside");

        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
        assert.ok(await activeIsTrigger(page), "the focus is back on the Account Settings item");
      },
    );

    await t.step("the open dialog passes axe and fits the phone; no Team Admin button for a parent", async () => {
      await page.keyboard.press("Enter");
      await dialog.waitFor();
      assert.equal(await dialog.getByRole("link", { name: "Team Admin Dashboard" }).count(), 0);
      const box = (await dialog.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `the dialog fits (${box.x}+${box.width})`);
      await noSideScroll(page);
      await assertAccessible(page, axe, "the Account Settings dialog");
      await page.getByRole("tab", { name: "My Players" }).click();
      await assertAccessible(page, axe, "the Account Settings dialog, My Players");
      await page.getByRole("tab", { name: "My Profile" }).click();
    });

    await t.step("a blank name is refused in place; a refused save shows 'Update Failed'", async () => {
      const first = profile.getByLabel("First name");
      await first.fill("");
      await dialog.getByRole("button", { name: "Save Profile" }).click();
      assert.equal(await dialog.locator("#acct-firstName-error").textContent(), "First name is required");
      assert.equal(await first.getAttribute("aria-invalid"), "true");
      assert.equal(await activeId(page), "acct-firstName", "the field has the focus");

      await page.route(
        "**/api/teams/*/parents/*",
        (route) =>
          route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify({ message: "Nope." }) }),
      );
      await first.fill("Meilin");
      await dialog.getByRole("button", { name: "Save Profile" }).click();
      const failed = toastWith(page, "Update Failed");
      await failed.waitFor();
      assert.ok((await failed.textContent())!.includes("Nope."));
      await page.unroute("**/api/teams/*/parents/*");
    });

    await t.step("saving a new name: the toast, and the new name in the header without a reload", async () => {
      await profile.getByLabel("First name").fill("Meilin");
      await profile.getByLabel("Last name").fill("Chen");
      await dialog.getByRole("button", { name: "Save Profile" }).click();
      await toastWith(page, "Profile updated").waitFor();
      assert.equal(await avatar.locator(".site-nav__name").textContent(), "Meilin Chen");
      assert.equal(await avatar.locator(".site-nav__avatar").textContent(), "M");
      assert.ok(
        await page.evaluate(() => (globalThis as unknown as { stayed?: boolean }).stayed === true),
        "no reload",
      );
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "hidden" });
      assert.ok(await activeIsTrigger(page), "the focus is back on the Account Settings item");
    });

    await t.step("the public roster shows the new name at once", async () => {
      const html = await roster();
      assert.ok(html.includes("Meilin"), "the cached roster was dropped");
      const { page: rosterPage } = await newPage({ context });
      await rosterPage.goto("/t/demo/roster?mode=detail");
      // The parents' names are in each player's details (shown when a card is opened).
      await rosterPage.getByText("Meilin").first().waitFor({ state: "attached" });
      assert.ok(!(await rosterPage.content()).includes(">Wei<"), "the old name is gone");
    });

    await t.step("My Players saves the parent's own child", async () => {
      await page.keyboard.press("Enter");
      await dialog.waitFor();
      await page.keyboard.press("ArrowRight");
      const form = dialog.getByRole("tabpanel", { name: "My Players" }).locator("form").first();
      await form.getByLabel("Position").fill("Goalkeeper");
      await form.getByRole("button", { name: "Save Player" }).click();
      await toastWith(page, "Player information updated successfully").waitFor();
      assert.ok((await roster()).includes("Goalkeeper"));
    });

    await t.step(
      "a team admin also gets the Team Admin Dashboard button; an ended session goes to the login",
      async () => {
        const coach = await newContext({ viewport: PHONE });
        await signIn(coach, "coach@example.com");
        const { page: admin } = await newPage({ context: coach, allow: [/status of 401/] });
        await admin.goto("/family-dashboard/demo");
        await admin.locator(".acct-menu > summary").click();
        await admin.locator(".acct__trigger").click();
        const dialogOf = admin.getByRole("dialog", { name: "Account Settings" });
        const button = dialogOf.getByRole("link", { name: "Team Admin Dashboard" });
        const team = await (await coach.request.get("/api/teams/by-slug/demo")).json();
        assert.equal(await button.getAttribute("href"), `/teams/${team.id}`);

        // A session that ended meanwhile (401): the spec's toast, then the team login, back here after.
        await admin.route(
          "**/api/teams/*/parents/*",
          (route) =>
            route.fulfill({ status: 401, contentType: "application/json", body: '{"message":"Please sign in"}' }),
        );
        await signedOutToLogin(
          admin,
          () => dialogOf.getByRole("button", { name: "Save Profile" }).click(),
          /\/team-login\?next=%2Ffamily-dashboard%2Fdemo&reason=logged-out$/,
        );
      },
    );
  },
);
