/**
 * The Team Feed in Chromium: a signed-in parent gives kudos and sees it at the top without a
 * reload, the counter counts (and announces near the limit), Cancel clears, a refused post
 * shows the spec's toast, their own post is deleted in place; then the same page without
 * JavaScript shows the feed and takes a post through its plain form. At 390 px, with axe.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible, hydrated, signedOutToLogin, toastWith } from "./page_checks.ts";

const PHONE = { width: 390, height: 844 };

/** Signs `context` in as the user with `email`, through development mode's auto-login. */
async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post("/api/dev/auto-login", { data: { email } });
  assert.equal(res.status(), 200, "dev auto-login");
}

const noSideScroll = async (page: Page) =>
  assert.ok(
    await page.evaluate(() => document.scrollingElement!.scrollWidth <= globalThis.innerWidth),
    "no sideways scroll",
  );

e2eTest("[feed e2e] a parent posts kudos, counts, cancels, deletes; without JavaScript too", {}, async (e2e, t) => {
  const { base, newPage, newContext, axeSource } = e2e;
  const axe = await axeSource();
  const context = await newContext({ viewport: PHONE, bypassCSP: true });
  await signIn(context, "parent@example.com");
  // The post after the session ended answers 401, which the browser reports in the console.
  const { page } = await newPage({ context, allow: [/status of 401/] });
  const feed = page.locator("#feed");
  const kudosText = `Amazing teamwork today! ${crypto.randomUUID().slice(0, 8)}`;
  let teamPath = "";

  await t.step("the dashboard shows the feed, its composer and the counter at 0/280", async () => {
    await page.goto("/family-dashboard/demo");
    await feed.getByRole("heading", { name: "Team Feed" }).waitFor();
    // The plain form posts under the team's id (the page was opened by its slug).
    const action = (await feed.locator("form.feed-composer").getAttribute("action"))!;
    teamPath = action.replace(/\/posts#feed$/, "");
    assert.match(teamPath, /^\/family-dashboard\/[0-9A-Z]{26}$/);
    for (const type of ["Give Kudos", "Share News", "Offer Advice"]) {
      await feed.getByText(type).waitFor();
    }
    assert.equal(await feed.locator(".feed-composer__count").textContent(), "0/280");
    assert.equal(await feed.getByLabel("What would you like to share?").getAttribute("maxlength"), "280");
    await noSideScroll(page);
    await assertAccessible(page, axe, "the dashboard's feed");
  });

  await t.step("choosing Give Kudos wakes the island; a player can be named; the counter counts", async () => {
    await page.evaluate(() => ((globalThis as unknown as { stayed: boolean }).stayed = true));
    await feed.getByRole("radio", { name: /Give Kudos/ }).click();
    await hydrated(page, "FeedComposer");
    assert.ok(await feed.getByRole("radio", { name: /Give Kudos/ }).isChecked());
    const picker = feed.getByLabel("Kudos to a player (optional)");
    await picker.selectOption({ index: 1 });
    const playerName = (await picker.locator("option:checked").textContent())!;
    const text = feed.getByLabel("What would you like to share?");
    await text.pressSequentially(kudosText);
    assert.equal(await feed.locator(".feed-composer__count").textContent(), `${[...kudosText].length}/280`);

    await feed.getByRole("button", { name: "Post" }).click();
    const first = feed.locator(".feed-post").first();
    await first.filter({ hasText: kudosText }).waitFor();
    assert.ok((await first.textContent())!.includes(`Kudos to ${playerName}`));
    assert.equal(await first.locator("time").textContent(), "just now");
    assert.ok(await first.getByRole("img", { name: "Kudos" }).isVisible());
    assert.ok(
      await page.evaluate(() => (globalThis as unknown as { stayed?: boolean }).stayed === true),
      "no reload",
    );
    assert.equal(await text.inputValue(), "", "the composer is cleared");
    assert.equal(await feed.locator(".feed-composer__count").textContent(), "0/280");
    const stored = await page.evaluate(async (path) => {
      const id = path.split("/").pop();
      return (await (await fetch(`/api/teams/${id}/posts?limit=1`)).json()).values[0].content;
    }, teamPath);
    assert.equal(stored, kudosText, "the server has it, newest first");
  });

  await t.step("near the limit the counter is announced; the box stops at 280; Cancel clears", async () => {
    const text = feed.getByLabel("What would you like to share?");
    await text.fill("a".repeat(200));
    await text.press("End");
    await text.pressSequentially("b");
    assert.equal(await feed.locator(".feed-composer__count").textContent(), "201/280");
    assert.equal(await feed.locator("[aria-live=polite]").textContent(), "", "quiet far from the limit");
    await text.fill("a".repeat(275));
    await text.press("End");
    await text.pressSequentially("bcdefgh");
    assert.equal((await text.inputValue()).length, 280, "maxLength holds the box at 280");
    assert.equal(await feed.locator(".feed-composer__count").textContent(), "280/280");
    assert.equal(await feed.locator("[aria-live=polite]").textContent(), "Character limit reached");
    await feed.getByRole("button", { name: "Cancel" }).click();
    assert.equal(await text.inputValue(), "");
    assert.equal(await feed.locator(".feed-composer__count").textContent(), "0/280");
    assert.equal(await feed.getByRole("radio", { name: /Give Kudos/ }).isChecked(), false);
  });

  await t.step("a post without a type is refused with the spec's toast (Post as the very first tap)", async () => {
    // A fresh page: the tap on Post wakes the island and is replayed once it is hydrated.
    await page.reload();
    await feed.getByRole("button", { name: "Post" }).click();
    await toastWith(page, "Failed to create post").filter({ hasText: "Please choose a post type" }).waitFor();
    await feed.locator("#feed-type-error").filter({ hasText: "Please choose a post type" }).waitFor();
    await feed.locator("#feed-content-error").filter({ hasText: "Please write something to post" }).waitFor();
    assert.equal(await feed.getByLabel("What would you like to share?").getAttribute("aria-invalid"), "true");
    await assertAccessible(page, axe, "the composer with its errors");
    await feed.getByRole("button", { name: "Cancel" }).click();
    assert.equal(await feed.locator("#feed-type-error").count(), 0, "Cancel clears the errors");
  });

  await t.step("the parent deletes their own post in place, after confirming", async () => {
    await page.evaluate(() => ((globalThis as unknown as { stayed: boolean }).stayed = true));
    const mine = feed.locator(".feed-post").filter({ hasText: kudosText });
    await mine.locator("summary").click();
    await mine.getByRole("button", { name: "Yes, delete" }).click();
    await mine.waitFor({ state: "detached" });
    assert.ok(await page.evaluate(() => (globalThis as unknown as { stayed?: boolean }).stayed === true));
    const contents = await page.evaluate(async (path) => {
      const id = path.split("/").pop();
      return (await (await fetch(`/api/teams/${id}/posts`)).json()).values.map((p: { content: string }) => p.content);
    }, teamPath);
    assert.ok(!contents.includes(kudosText), "gone from the server");
    await noSideScroll(page);
    await assertAccessible(page, axe, "the feed after posting and deleting");
  });

  await t.step("at 1280 px the feed fits too, with a confirmation open", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await feed.getByRole("radio", { name: /Share News/ }).click();
    await feed.getByLabel("What would you like to share?").fill(`Wide screen ${kudosText}`);
    await feed.getByRole("button", { name: "Post" }).click();
    const mine = feed.locator(".feed-post").filter({ hasText: `Wide screen ${kudosText}` });
    await mine.waitFor();
    await mine.locator("summary").click();
    await mine.getByRole("button", { name: "Yes, delete" }).waitFor();
    await noSideScroll(page);
    await assertAccessible(page, axe, "the feed at 1280 px with a delete confirmation open");
    await mine.getByRole("button", { name: "Yes, delete" }).click();
    await mine.waitFor({ state: "detached" });
    await page.setViewportSize(PHONE);
  });

  await t.step("a post after the session ended: the logged-out toast, then the team login", async () => {
    const here = new URL(page.url()).pathname;
    await context.clearCookies();
    await feed.getByRole("radio", { name: /Offer Advice/ }).click();
    await feed.getByLabel("What would you like to share?").fill("Signed out by now");
    await signedOutToLogin(
      page,
      () => feed.getByRole("button", { name: "Post" }).click(),
      (url) => url.pathname === "/team-login" && url.searchParams.get("next") === here,
    );
    await signIn(context, "parent@example.com");
  });

  await t.step("without JavaScript the feed shows and a post goes through the plain form", async () => {
    const { page: p, context: noJs } = await newPage({
      javaScriptEnabled: false,
      viewport: PHONE,
      allow: [/status of 422/],
    });
    await signIn(noJs, "parent@example.com");
    await p.goto(teamPath);
    const plainFeed = p.locator("#feed");
    await plainFeed.getByRole("heading", { name: "Team Feed" }).waitFor();
    assert.equal(await plainFeed.locator(".feed-composer__count").textContent(), "0/280");

    // A blank post comes back with the message next to the box.
    await plainFeed.getByRole("radio", { name: /Share News/ }).click();
    await plainFeed.getByRole("button", { name: "Post" }).click();
    await p.waitForLoadState();
    await plainFeed.locator("#feed-content-error").filter({ hasText: "Please write something to post" }).waitFor();
    assert.ok(await plainFeed.getByRole("radio", { name: /Share News/ }).isChecked(), "the chosen type stays");

    const news = `Snacks rota is up ${crypto.randomUUID().slice(0, 8)}`;
    await plainFeed.getByLabel("What would you like to share?").fill(news);
    await plainFeed.getByRole("button", { name: "Post" }).click();
    await p.waitForURL(`${base}${teamPath}#feed`);
    const first = p.locator("#feed .feed-post").first();
    assert.ok((await first.textContent())!.includes(news), "the new post is at the top");
    assert.equal(await first.getByRole("img").getAttribute("aria-label"), "News");
    await noSideScroll(p);

    // And deleted through its confirmation form.
    await first.locator("summary").click();
    await first.getByRole("button", { name: "Yes, delete" }).click();
    await p.waitForURL(`${base}${teamPath}#feed`);
    assert.equal(await p.locator("#feed .feed-post").filter({ hasText: news }).count(), 0);
  });
});
