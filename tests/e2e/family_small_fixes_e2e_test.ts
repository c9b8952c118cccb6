/**
 * The small things families and admins hit (issue "What families and admins hit", items 8 and
 * 4), in Chromium at 390 and 1280 px, with JavaScript on and off: Upcoming Events right after
 * Campaigns on a phone (and both columns without holes wide), the team's whole name in the
 * header, the avatar menu by keyboard and mouse with Sign out (and Team admin for the team's
 * admin), a poll's results after a vote with and without JavaScript, and 'Remove' on one line
 * on the admin roster's cards. axe finds no serious or critical violation at either width.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible } from "./page_checks.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const POLL = "End-of-season party";
const LONG_NAME = "Riverside Rockets U10 Girls Blue Lightning";

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post("/api/dev/auto-login", { data: { email } });
  assert.equal(res.status(), 200, await res.text());
}

/** A section's box on the page (scrolled to the top, so `y` is its distance from the top). */
async function boxOf(page: Page, id: string) {
  const box = await page.locator(`section#${id}`).boundingBox();
  assert.ok(box, `#${id} is shown`);
  return box;
}

const noSideScroll = async (page: Page, where: string) =>
  assert.ok(
    await page.evaluate(() => document.scrollingElement!.scrollWidth <= globalThis.innerWidth),
    `no sideways scroll: ${where}`,
  );

/** The team's name in the header: shown whole (nothing cut off, not covered by the menu). */
async function assertWholeName(page: Page, name: string, where: string) {
  const el = page.locator(".dash-header__name");
  assert.equal(await el.textContent(), name);
  const fits = await el.evaluate((node) => {
    const style = getComputedStyle(node);
    return node.scrollWidth <= node.clientWidth && style.textOverflow !== "ellipsis" &&
      node.scrollHeight <= node.clientHeight + 1;
  });
  assert.ok(fits, `${where}: the team's name is not cut`);
  const name_ = (await el.boundingBox())!;
  const avatar = (await page.locator(".acct-menu > summary").boundingBox())!;
  assert.ok(name_.x + name_.width <= avatar.x, `${where}: the name stops before the avatar`);
  assert.ok(name_.x >= 0 && name_.x + name_.width <= page.viewportSize()!.width, `${where}: inside the screen`);
}

/** Next until the campaign card titled `title` is on show. */
async function showCard(page: Page, title: string) {
  const current = () => page.locator("#campaigns .campaign-card:visible");
  for (let i = 0; i < 6 && (await current().locator("h3").textContent())?.trim() !== title; i++) {
    const before = await current().locator("h3").textContent();
    await current().getByRole("link", { name: "Next" }).click();
    await current().locator("h3").filter({ hasNotText: before! }).waitFor();
  }
  assert.equal((await current().locator("h3").textContent())?.trim(), title);
  return current();
}

/** The results panel's rows as "label|votes text|your vote?" */
async function resultRows(page: Page) {
  const rows = page.locator(".poll-results .campaign-tally__row");
  const out: string[] = [];
  for (let i = 0; i < await rows.count(); i++) {
    const row = rows.nth(i);
    const mine = await row.locator(".poll-results__mine").count();
    const label = (await row.locator("dt").textContent())!.replace("Your vote", "").trim();
    out.push(`${label}|${(await row.locator("dd").textContent())!.trim()}|${mine ? "mine" : ""}`);
  }
  return out;
}

e2eTest(
  "[small fixes e2e] dashboard order, whole team name, avatar menu, poll results, Remove on one line",
  {},
  async (e2e, t) => {
    const { base, newContext, newPage, axeSource } = e2e;
    const axe = await axeSource();
    const admin = await newContext({ viewport: PHONE, bypassCSP: true });
    await signInAsDemoAdmin(admin);
    const team = await (await admin.request.get("/api/teams/by-slug/demo")).json();
    const teamId: string = team.id;
    const dashboard = `${base}/family-dashboard/${teamId}`;

    const parent = await newContext({ viewport: PHONE, bypassCSP: true });
    await signIn(parent, "parent@example.com");
    const { page } = await newPage({ context: parent });

    await t.step("390 px: Upcoming Events comes right after Campaigns; the team's name is whole", async () => {
      await page.goto(dashboard);
      const campaigns = await boxOf(page, "campaigns");
      const events = await boxOf(page, "events");
      const family = await boxOf(page, "family");
      assert.ok(events.y > campaigns.y + campaigns.height, "Events below Campaigns");
      assert.ok(events.y - (campaigns.y + campaigns.height) < 40, "right below it, nothing between");
      assert.ok(family.y > events.y + events.height, "Meet Your Soccer Family after Events");
      assert.equal(team.name, "Riverside Rockets");
      await assertWholeName(page, team.name, "390 px");
      await noSideScroll(page, "the dashboard at 390 px");
      await assertAccessible(page, axe, "the dashboard at 390 px");
    });

    await t.step("1280 px: two columns, each without a hole; the same reading order", async () => {
      await page.setViewportSize(DESKTOP);
      const [campaigns, events, family, feed, photos] = await Promise.all(
        ["campaigns", "events", "family", "feed", "photos"].map((id) => boxOf(page, id)),
      );
      assert.ok(events.x >= campaigns.x + campaigns.width, "Events on the right of Campaigns");
      assert.ok(Math.abs(events.y - campaigns.y) < 2, "both at the top");
      const gap = (upper: { y: number; height: number }, lower: { y: number }) => lower.y - (upper.y + upper.height);
      assert.ok(
        gap(campaigns, family) >= 0 && gap(campaigns, family) < 40,
        `family right under campaigns (${gap(campaigns, family)})`,
      );
      assert.ok(gap(family, feed) >= 0 && gap(family, feed) < 40, "feed right under family");
      assert.ok(
        gap(events, photos) >= 0 && gap(events, photos) < 40,
        `photos right under events (${gap(events, photos)})`,
      );
      await assertWholeName(page, team.name, "1280 px");
      await assertAccessible(page, axe, "the dashboard at 1280 px");
      await page.setViewportSize(PHONE);
    });

    await t.step("a long team name takes two or three lines instead of being cut, at every width", async () => {
      const res = await admin.request.patch(`/api/admin/${teamId}/settings`, { data: { name: LONG_NAME } });
      assert.equal(res.status(), 200, await res.text());
      const lines = () =>
        page.locator(".dash-header__name").evaluate((node) =>
          Math.round(node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight))
        );
      for (const width of [PHONE.width, 600, 700, 1000, DESKTOP.width]) {
        await page.setViewportSize({ width, height: PHONE.height });
        await page.reload();
        await assertWholeName(page, LONG_NAME, `${width} px, long name`);
        const count = await lines();
        assert.ok(count <= 3, `${width} px: the name keeps its room (${count} lines)`);
        if (width === PHONE.width) assert.ok(count >= 2, `wrapped on the phone (${count} lines)`);
      }
      await page.setViewportSize(PHONE);
    });

    await t.step(
      "the avatar menu opens by keyboard and by mouse: Account Settings, Your Hub, Notifications, Your data and privacy, Sign out",
      async () => {
        const summary = page.locator(".acct-menu > summary");
        const menu = page.locator(".acct-menu__list");
        assert.equal(await menu.isVisible(), false, "closed at first");
        await summary.focus();
        await page.keyboard.press("Enter");
        await menu.waitFor();
        assert.deepEqual(await menu.getByRole("link").allTextContents(), [
          "Account Settings",
          "Your Hub",
          "Notifications",
          "Your data and privacy",
          "Sign out",
        ]);
        assert.equal(await menu.getByRole("link", { name: "Team admin" }).count(), 0, "not for a parent");
        assert.equal(await menu.getByRole("link", { name: "Sign out" }).getAttribute("href"), "/api/logout");
        await page.keyboard.press("Tab");
        assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Account Settings");
        await summary.focus();
        await page.keyboard.press("Space");
        await menu.waitFor({ state: "hidden" });
        await summary.click();
        await menu.waitFor();
        const box = (await menu.boundingBox())!;
        assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, "the menu fits the phone");
        await assertAccessible(page, axe, "the open avatar menu at 390 px");
        await summary.click();
        await menu.waitFor({ state: "hidden" });
      },
    );

    await t.step("a vote with JavaScript: thanks, then the poll's results with the vote marked", async () => {
      const card = await showCard(page, POLL);
      await card.getByRole("button", { name: "Pizza at Rocco's" }).click();
      const results = page.locator(".poll-results");
      await results.waitFor();
      assert.match((await results.textContent())!, /Thanks for your vote!/);
      assert.equal(await results.getByRole("heading").textContent(), `Results: ${POLL}`);
      assert.deepEqual(await resultRows(page), [
        "Pizza at Rocco's|1 vote (100%)|mine",
        "Picnic at Riverside Park|0 votes (0%)|",
      ]);
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), `Results: ${POLL}`);
      await page.waitForFunction(() => document.getAnimations().length === 0);
      await noSideScroll(page, "the results at 390 px");
      await assertAccessible(page, axe, "the poll's results at 390 px");
      await page.setViewportSize(DESKTOP);
      await assertAccessible(page, axe, "the poll's results at 1280 px");
      await page.setViewportSize(PHONE);
    });

    await t.step("a vote without JavaScript: the page comes back with the thanks and the results", async () => {
      const context = await newContext({ viewport: PHONE, javaScriptEnabled: false });
      await signIn(context, "player@example.com");
      const { page: plain } = await newPage({ context });
      await plain.goto(dashboard);
      assert.equal(await plain.locator(".poll-results").count(), 0, "no results before voting");
      const card = await showCard(plain, POLL);
      await card.getByRole("button", { name: "Picnic at Riverside Park" }).click();
      await plain.waitForURL(new RegExp(`/family-dashboard/${teamId}\\?voted=[0-9A-Z]{26}#campaigns$`));
      const results = plain.locator(".poll-results");
      assert.match((await results.textContent())!, /Thanks for your vote!/);
      assert.deepEqual(await resultRows(plain), [
        "Pizza at Rocco's|1 vote (50%)|",
        "Picnic at Riverside Park|1 vote (50%)|mine",
      ]);
      assert.ok(await results.isVisible());
      await noSideScroll(plain, "the results without JavaScript");

      // The avatar menu works without JavaScript too.
      await plain.locator(".acct-menu > summary").click();
      const menu = plain.locator(".acct-menu__list");
      await menu.waitFor();
      assert.equal(await menu.getByRole("link", { name: "Account Settings" }).getAttribute("href"), "/account");
      await menu.getByRole("link", { name: "Sign out" }).click();
      await plain.waitForURL(`${base}/`);
      await plain.goto(dashboard);
      assert.match(plain.url(), /\/team-login\?next=/, "signed out");
    });

    await t.step("the team's admin: Team admin in the header and in the menu, to the admin dashboard", async () => {
      const { page: coach } = await newPage({ context: admin });
      await coach.goto(dashboard);
      await coach.locator(".acct-menu > summary").click();
      const link = coach.locator(".acct-menu__list").getByRole("link", { name: "Team admin" });
      assert.equal(await link.getAttribute("href"), `/teams/${teamId}`);
      assert.equal(
        await coach.locator(".dash-header__admin").isVisible(),
        false,
        "390 px: in the menu only, the name keeps its room",
      );
      await assertAccessible(coach, axe, "the admin's open menu at 390 px");
      // The admin's header holds the most (Your Hub, Team admin, the name): the team's name keeps its room.
      for (const width of [700, 1000]) {
        await coach.setViewportSize({ width, height: PHONE.height });
        await assertWholeName(coach, LONG_NAME, `the admin's header at ${width} px`);
        const lines = await coach.locator(".dash-header__name").evaluate((node) =>
          Math.round(node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight))
        );
        assert.ok(lines <= 3, `the admin's header at ${width} px: ${lines} lines`);
      }
      await coach.setViewportSize(DESKTOP);
      await coach.locator(".dash-header__admin").click();
      await coach.waitForURL(`${base}/teams/${teamId}`);
      await coach.close();
    });

    await t.step(
      "the admin roster's cards at 390 px: 'Remove' stays on one line, with and without JavaScript",
      async () => {
        for (const javaScriptEnabled of [true, false]) {
          const context = await newContext({ viewport: PHONE, javaScriptEnabled, bypassCSP: true });
          await signInAsDemoAdmin(context);
          const { page: roster } = await newPage({ context });
          await roster.goto(`/teams/${teamId}/roster`);
          const removes = roster.locator('.roster-admin__actions a[data-panel="remove"]');
          assert.ok(await removes.count() > 0);
          const lines = await removes.evaluateAll((links) =>
            links.map((link) => {
              const range = document.createRange();
              range.selectNodeContents(link.firstChild!);
              return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
            })
          );
          assert.ok(
            lines.every((n) => n === 1),
            `every 'Remove' on one line (${javaScriptEnabled ? "JS" : "no JS"}): ${lines}`,
          );
          const heights = await removes.evaluateAll((links) => links.map((l) => l.getBoundingClientRect().height));
          assert.ok(heights.every((h) => h <= 48), `tap-sized, one line high: ${heights}`);
          await noSideScroll(roster, "the admin roster at 390 px");
          if (javaScriptEnabled) await assertAccessible(roster, axe, "the admin roster at 390 px");
          await context.close();
        }
      },
    );
  },
);
