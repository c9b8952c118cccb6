/**
 * Campaigns in Chromium at 390 px: the demo team's admin creates a team poll on the admin page
 * (and a question, a fun fact and a newsflash through the admin API); a parent answers the poll
 * ('Thanks for your vote!', then the next card about 1.5 s later, no reload), answers the
 * question by keyboard, snoozes the fun fact (after a failed snooze's toast) and dismisses the
 * newsflash. With JavaScript off, a player's vote posts the card's form and Next is a link.
 * axe finds no serious or critical violation on either page.
 */
import assert from "node:assert/strict";
import type { APIResponse, BrowserContext, Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible, hydrated, signedOutToLogin, toastWith } from "./page_checks.ts";

const PHONE = { width: 390, height: 844 };

// deno-lint-ignore no-explicit-any
async function ok(res: APIResponse, what: string): Promise<any> {
  assert.ok(res.ok(), `${what}: ${res.status()} ${await res.text()}`);
  return await res.json();
}

async function signIn(context: BrowserContext, email: string) {
  await ok(await context.request.post("/api/dev/auto-login", { data: { email } }), `sign in ${email}`);
}

const noSidewaysScroll = async (page: Page, where: string) =>
  assert.ok(
    await page.evaluate(() => document.scrollingElement!.scrollWidth <= globalThis.innerWidth),
    `no sideways scroll: ${where}`,
  );

/** The card on show: its title and its 'k of n'. */
const currentCard = (page: Page) => page.locator("#campaigns .campaign-card:visible");
async function shown(page: Page) {
  const card = currentCard(page);
  return {
    title: (await card.locator("h3").textContent())?.trim(),
    count: (await card.locator(".campaign-card__count").textContent())?.trim(),
  };
}

e2eTest(
  "[campaigns e2e] an admin's team poll; a parent votes, answers, snoozes and dismisses; no-JS forms",
  {},
  async (e2e, t) => {
    const { base, newContext, newPage, axeSource } = e2e;
    const axe = await axeSource();
    const admin = await newContext({ viewport: PHONE, bypassCSP: true });
    await signInAsDemoAdmin(admin);
    const { team } = await ok(await admin.request.get("/api/teams/demo/roster"), "roster");
    const teamId: string = team.id;
    const api = `/api/admin/${teamId}/campaigns`;

    await t.step("the admin's campaigns: a newsflash, a fun fact and a question through the API", async () => {
      for (
        const data of [
          { title: "Season news", type: "newsflash", newsText: "We made the playoffs!", isSnoozable: false },
          {
            title: "Fun fact e2e",
            type: "fun_fact",
            factText: "Goalkeepers wore the same colours as their team until 1909.",
          },
          { title: "Bring what?", type: "question", questionText: "What should we bring to the party?" },
        ]
      ) await ok(await admin.request.post(api, { data }), `create ${data.type}`);
    });

    await t.step("the admin creates a team poll on the admin page", async () => {
      const { page } = await newPage({ context: admin });
      await page.goto(`/teams/${teamId}/campaigns`);
      const nav = page.getByRole("navigation", { name: "Team admin" });
      assert.equal(await nav.getByRole("link", { name: "Campaigns" }).getAttribute("aria-current"), "page");
      // A poll by default: the question's part is hidden until Question is chosen.
      assert.equal(await page.getByLabel("Question text").isVisible(), false);
      await page.getByRole("radio", { name: "Question" }).check();
      assert.equal(await page.getByLabel("Poll question").isVisible(), false);
      await page.getByRole("radio", { name: "Poll" }).check();
      await page.getByLabel("Title").fill("Snack vote e2e");
      await page.getByLabel("Poll question").fill("Oranges or apples after the game?");
      await page.getByLabel("Option 1").fill("Oranges");
      await page.getByLabel("Option 2").fill("Apples");
      await page.getByRole("button", { name: "Create Campaign" }).click();
      await page.waitForURL(`${base}/teams/${teamId}/campaigns?done=created`);
      assert.match((await page.getByRole("status").first().textContent())!, /Campaign created/);
      const item = page.locator(".campaign-admin").filter({ hasText: "Snack vote e2e" });
      assert.equal(await item.locator(".campaign-status").textContent(), "Live");
      await noSidewaysScroll(page, "the admin's campaigns page");
      await assertAccessible(page, axe, "the admin's campaigns page");
      await page.close();
    });

    const parent = await newContext({ viewport: PHONE, bypassCSP: true });
    await signIn(parent, "parent@example.com");
    // The failed snooze below is the browser's 500 to report.
    const { page } = await newPage({ context: parent, allow: [/status of 500/] });
    const dashboard = `${base}/family-dashboard/${teamId}`;

    await t.step("the parent's dashboard shows one card at a time, the newest first", async () => {
      await page.goto(dashboard);
      const section = page.locator("#campaigns");
      assert.equal(await section.locator("h2").textContent(), "Campaigns");
      const first = await shown(page);
      assert.equal(first.title, "Snack vote e2e");
      assert.match(first.count!, /^1 of \d+$/);
      assert.equal(await currentCard(page).count(), 1);
      await noSidewaysScroll(page, "the dashboard with a poll");
      await assertAccessible(page, axe, "the dashboard's campaign cards");
      await page.evaluate(() => (globalThis as unknown as { stayed: boolean }).stayed = true);
    });

    await t.step(
      "a vote: 'Thanks for your vote!', then about 1.5 s later the next card, without a reload",
      async () => {
        const total = Number((await shown(page)).count!.split(" of ")[1]);
        const started = Date.now();
        await currentCard(page).getByRole("button", { name: "Oranges" }).click();
        const thanks = currentCard(page).getByRole("status");
        await thanks.filter({ hasText: "Thanks for your vote!" }).waitFor();
        assert.equal((await shown(page)).title, "Snack vote e2e", "the poll stays while it thanks");
        await page.locator("#campaigns .campaign-card:visible h3", { hasText: "Bring what?" }).waitFor();
        const elapsed = Date.now() - started;
        assert.ok(elapsed >= 1400, `sent after the 1.5 s delay (${elapsed} ms)`);
        assert.deepEqual(
          await shown(page),
          { title: "Bring what?", count: `1 of ${total - 1}` },
          "restarted at the first",
        );
        assert.ok(await page.evaluate(() => (globalThis as unknown as { stayed?: boolean }).stayed), "no reload");
        assert.equal(
          await page.evaluate(() => document.activeElement?.textContent),
          "Results: Snack vote e2e",
          "focus on the poll's results, above the cards",
        );
        await hydrated(page, "CampaignCards");
      },
    );

    await t.step("a question by keyboard: a blank answer is refused, a written one is sent", async () => {
      const box = currentCard(page).getByLabel("Your answer");
      await box.focus();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      assert.equal(
        await currentCard(page).locator(".field__error").textContent(),
        "Please enter your answer",
      );
      assert.equal(await box.getAttribute("aria-invalid"), "true");
      await box.focus();
      await page.keyboard.type("Water bottles and orange slices");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await page.locator("#campaigns .campaign-card:visible h3", { hasText: "Fun fact e2e" }).waitFor();
    });

    await t.step("a snooze that fails shows the spec's toast; then Snooze hides the fun fact", async () => {
      await page.route("**/api/campaigns/*/snooze", (route) => route.fulfill({ status: 500, body: "{}" }), {
        times: 1,
      });
      await currentCard(page).getByRole("button", { name: "Snooze for 1 day" }).click();
      await toastWith(page, "Failed to snooze. Please try again.").waitFor();
      assert.equal((await shown(page)).title, "Fun fact e2e");
      await currentCard(page).getByRole("button", { name: "Snooze for 1 day" }).click();
      await page.locator("#campaigns .campaign-card:visible h3", { hasText: "Season news" }).waitFor();
      assert.equal(await currentCard(page).getByRole("button", { name: /Snooze/ }).count(), 0, "not snoozable");
    });

    await t.step("Dismiss removes the newsflash: all caught up, and the server agrees", async () => {
      // Whatever else the demo team offers is dismissed elsewhere (another tab, say), so this is the last card.
      const before = await ok(await parent.request.get(`/api/teams/${teamId}/campaigns/active`), "active");
      for (const c of before.values as { id: string; title: string }[]) {
        if (c.title === "Season news") continue;
        await ok(await parent.request.post(`/api/campaigns/${c.id}/respond`, { data: { isDismissed: true } }), c.title);
      }
      await currentCard(page).getByRole("button", { name: "Dismiss" }).click();
      const empty = page.locator("#campaigns .campaigns__empty");
      await empty.waitFor();
      assert.equal(
        await empty.textContent(),
        "You're all caught up! New polls, questions and team news will show up here.",
      );
      assert.equal(await page.evaluate(() => document.activeElement?.className), "muted campaigns__empty");
      assert.equal(await page.locator("#campaigns .campaign-card").count(), 0);
      const after = await ok(await parent.request.get(`/api/teams/${teamId}/campaigns/active`), "active");
      assert.deepEqual(after.values, []);
      await noSidewaysScroll(page, "the dashboard after answering");
      // The 0.5 s slide (a fade) ends before colours are measured.
      await page.waitForFunction(() => document.getAnimations().length === 0);
      await assertAccessible(page, axe, "the dashboard after answering");
    });

    await t.step("the admin page shows the vote", async () => {
      const { page: adminPage } = await newPage({ context: admin });
      await adminPage.goto(`/admin/${teamId}/campaigns`);
      const item = adminPage.locator(".campaign-admin").filter({ hasText: "Snack vote e2e" });
      assert.match((await item.locator(".campaign-tally").textContent())!, /Oranges1 vote \(100%\)/);
      await adminPage.close();
    });

    await t.step(
      "signed out meanwhile: the vote's 401 shows the spec's toast and leads to the team login",
      async () => {
        const context = await newContext({ viewport: PHONE });
        await signIn(context, "coach@example.com");
        const { page: coach } = await newPage({ context, allow: [/status of 401/] });
        await coach.goto(dashboard);
        assert.equal((await shown(coach)).title, "Snack vote e2e");
        await context.clearCookies();
        await signedOutToLogin(
          coach,
          () => currentCard(coach).getByRole("button", { name: "Apples" }).click(),
          /\/team-login\?next=/,
        );
        assert.ok(coach.url().includes(encodeURIComponent(`/family-dashboard/${teamId}`)));
      },
    );

    await t.step("without JavaScript: Next is a link to the next card, and a vote posts the card's form", async () => {
      const context = await newContext({ viewport: PHONE, javaScriptEnabled: false });
      await signIn(context, "player@example.com");
      // The refused blank answer is the page again with 422.
      const { page: noJs } = await newPage({ context, allow: [/status of 422/] });
      await noJs.goto(dashboard);
      assert.equal((await shown(noJs)).title, "Snack vote e2e");
      await currentCard(noJs).getByRole("link", { name: "Next" }).click();
      assert.equal((await shown(noJs)).title, "Bring what?", "the targeted card replaces the first");
      await currentCard(noJs).getByRole("link", { name: "Previous" }).click();
      assert.equal((await shown(noJs)).title, "Snack vote e2e");
      await currentCard(noJs).getByRole("button", { name: "Apples" }).click();
      await noJs.waitForURL(new RegExp(`^${dashboard}\\?voted=[0-9A-Z]{26}#campaigns$`));
      assert.match((await noJs.locator(".poll-results").textContent())!, /Thanks for your vote!/);
      assert.equal((await shown(noJs)).title, "Bring what?", "voted: the poll is gone");
      const active = await ok(await context.request.get(`/api/teams/${teamId}/campaigns/active`), "active");
      assert.ok(!active.values.some((c: { title: string }) => c.title === "Snack vote e2e"));
      await currentCard(noJs).getByRole("button", { name: "Submit" }).click();
      await noJs.waitForLoadState();
      assert.equal(await currentCard(noJs).locator(".field__error").textContent(), "Please enter your answer");
      await noSidewaysScroll(noJs, "the dashboard without JavaScript");
    });
  },
);
