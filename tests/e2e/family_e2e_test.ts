/**
 * Meet Your Soccer Family in Chromium at 390 px: a parent (made through the app: the admin adds
 * a player and approves two parents' join requests, one family) sees the cards, the toggle, the
 * member dialog and the Family Explorer — arrows that wrap, swipe, Escape with focus back to the
 * opener, no sideways scroll, no serious axe finding — and, with JavaScript off, the same through
 * links and a GET form.
 */
import assert from "node:assert/strict";
import type { APIRequestContext, BrowserContext, Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible } from "./page_checks.ts";

const PHONE = { width: 390, height: 844 };

// deno-lint-ignore no-explicit-any
async function ok(res: Awaited<ReturnType<APIRequestContext["post"]>>, what: string): Promise<any> {
  assert.ok(res.ok(), `${what}: ${res.status()} ${await res.text()}`);
  return await res.json();
}

/** Through the app: the admin adds Zara Quill (#88) and approves her parents' join requests. */
async function quillFamily(admin: BrowserContext) {
  const roster = await ok(await admin.request.get("/api/teams/demo/roster"), "roster");
  const teamId: string = roster.team.id;
  const { player } = await ok(
    await admin.request.post(`/api/admin/${teamId}/players`, {
      data: { firstName: "Zara", lastName: "Quill", jerseyNumber: 88, position: "Goalkeeper" },
    }),
    "add player",
  );
  for (const [firstName, email] of [["Mara", "mara.quill@example.com"], ["Dex", "dex.quill@example.com"]]) {
    const { requestId } = await ok(
      await admin.request.post("/api/teams/demo/join-requests", {
        data: {
          userType: "parent",
          jerseyNumber: "88",
          playerLastName: "Quill",
          firstName,
          lastName: "Quill",
          email,
          confirmEmail: email,
        },
      }),
      "join request",
    );
    await ok(await admin.request.post(`/api/admin/${teamId}/claims/${requestId}/approve`, { data: {} }), "approve");
  }
  return { teamId, zaraId: player.id as string };
}

async function signIn(context: BrowserContext, email: string) {
  await ok(await context.request.post("/api/dev/auto-login", { data: { email } }), `sign in ${email}`);
}

const noSidewaysScroll = async (page: Page, where: string) =>
  assert.ok(
    await page.evaluate(() => document.scrollingElement!.scrollWidth <= globalThis.innerWidth),
    `no sideways scroll: ${where}`,
  );

const activeText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

e2eTest("[family e2e] Meet Your Soccer Family: cards, member dialog and Family Explorer", {}, async (e2e, t) => {
  const { base, newContext, newPage, axeSource } = e2e;
  const axe = await axeSource();
  const admin = await newContext();
  await signInAsDemoAdmin(admin);
  const { teamId, zaraId } = await quillFamily(admin);
  const dashboard = `${base}/family-dashboard/${teamId}`;
  const zaraCard = `#family-card-player-${zaraId}`;

  const context = await newContext({ viewport: PHONE, bypassCSP: true, hasTouch: false });
  await signIn(context, "mara.quill@example.com");
  const { page } = await newPage({ context });

  await t.step("the section: heading, toggle, cards with badges, the bounce, no sideways scroll", async () => {
    await page.goto(dashboard);
    const section = page.locator("#family");
    assert.equal(await section.locator("h2").textContent(), "Meet Your Soccer Family");
    const players = section.getByRole("button", { name: "Players" });
    assert.equal(await players.getAttribute("aria-pressed"), "true");
    const cards = section.locator(".family-cards > li");
    assert.ok(await cards.count() > 4);
    assert.ok(await section.locator(".family-cards--bounce").count() === 1, "more than 4 cards bounce once");
    const zara = page.locator(zaraCard);
    assert.match((await zara.textContent())!, /88.*Zara Q\..*GK.*New!.*Family/);
    assert.equal(await zara.locator(".family-card__parents .family-avatar").count(), 2, "two parent avatars");
    await noSidewaysScroll(page, "the dashboard");
    await assertAccessible(page, axe, "the dashboard's family section");
  });

  await t.step("a card opens the member dialog as a modal with the detailed fields", async () => {
    await page.locator(zaraCard).click();
    const dialog = page.getByRole("dialog", { name: "Zara Quill" });
    await dialog.waitFor();
    assert.ok(await page.evaluate(() => document.getElementById("family-dialog")!.matches(":modal")));
    const text = (await dialog.textContent())!;
    for (const part of ["Child", "The Quill Family", "#88", "Goalkeeper", "Mara Quill", "Dex Quill"]) {
      assert.ok(text.includes(part), part);
    }
    assert.ok(!text.includes("@example.com"), "a parent sees no other parent's address on a child's card");
    await noSidewaysScroll(page, "the member dialog");
    await assertAccessible(page, axe, "the member dialog");
  });

  await t.step("Explore Family: arrows wrap around, the counter follows, swipe moves", async () => {
    await page.getByRole("link", { name: "Explore Family" }).click();
    const explorer = page.getByRole("dialog", { name: "The Quill Family" });
    await explorer.waitFor();
    const counter = explorer.locator(".family-explorer__counter");
    const name = explorer.locator(".family-explorer__name");
    assert.equal(await counter.textContent(), "1 of 3");
    assert.equal(await name.textContent(), "Zara Quill");
    assert.equal(await explorer.locator(".family-explorer__dot").count(), 3);
    await page.keyboard.press("ArrowRight");
    assert.equal(await counter.textContent(), "2 of 3");
    await page.keyboard.press("ArrowRight");
    assert.equal(await counter.textContent(), "3 of 3");
    await page.keyboard.press("ArrowRight");
    assert.equal(await counter.textContent(), "1 of 3", "next wraps to the first");
    await page.keyboard.press("ArrowLeft");
    assert.equal(await counter.textContent(), "3 of 3", "previous wraps to the last");
    await explorer.getByRole("link", { name: "Next member" }).click();
    assert.equal(await counter.textContent(), "1 of 3");
    await explorer.getByRole("link", { name: "Show Mara Quill" }).click();
    assert.equal(await name.textContent(), "Mara Quill");
    assert.equal(await explorer.getByRole("link", { name: "Show Mara Quill" }).getAttribute("aria-current"), "true");

    const box = (await explorer.locator(".family-explorer__stage").boundingBox())!;
    const y = box.y + box.height / 2;
    const swipe = async (from: number, to: number) => {
      await page.mouse.move(from, y);
      await page.mouse.down();
      await page.mouse.move(to, y, { steps: 6 });
      await page.mouse.up();
    };
    const at = await counter.textContent();
    await swipe(box.x + box.width / 2 + 20, box.x + box.width / 2 - 20);
    assert.equal(await counter.textContent(), at, "a drag of 40 px moves nothing");
    await swipe(box.x + box.width - 20, box.x + 20);
    assert.equal(await counter.textContent(), "1 of 3", "a swipe to the left shows the next");
    await swipe(box.x + 20, box.x + box.width - 20);
    assert.equal(await counter.textContent(), "3 of 3", "a swipe to the right the previous");
    await noSidewaysScroll(page, "the Explorer");
    await assertAccessible(page, axe, "the Family Explorer");
  });

  await t.step("Escape closes the Explorer, then the dialog; focus goes back to each opener", async () => {
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "The Quill Family" }).waitFor({ state: "hidden" });
    assert.equal(await activeText(page), "Explore Family");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Zara Quill" }).waitFor({ state: "hidden" });
    assert.equal(await activeId(page), zaraCard.slice(1));
    assert.ok(!page.url().includes("member="));
  });

  await t.step("the Parents toggle switches at once; the parent's own card says You", async () => {
    await page.locator("#family").getByRole("button", { name: "Parents" }).click();
    assert.equal(
      await page.locator("#family").getByRole("button", { name: "Parents" }).getAttribute("aria-pressed"),
      "true",
    );
    const mara = page.locator(".family-card").filter({ hasText: "Mara Q." });
    assert.match((await mara.textContent())!, /Parent of Zara Q\..*You/);
    assert.match((await page.locator(".family-card").filter({ hasText: "Dex Q." }).textContent())!, /Family/);
    await mara.getByRole("link").click();
    const own = page.getByRole("dialog", { name: "Mara Quill" });
    await own.waitFor();
    assert.ok((await own.textContent())!.includes("mara.quill@example.com"), "her own address");
    await own.getByRole("link", { name: "Close" }).click();
    await own.waitFor({ state: "hidden" });
    await assertAccessible(page, axe, "the parents list");
  });

  await t.step("a dialog opened by the address (?member=) becomes a modal once the island runs", async () => {
    await page.goto(`${dashboard}?member=player:${zaraId}#family-dialog`);
    const dialog = page.getByRole("dialog", { name: "Zara Quill" });
    await dialog.waitFor();
    await dialog.getByRole("link", { name: "Explore Family" }).click();
    await page.getByRole("dialog", { name: "The Quill Family" }).waitFor();
    assert.ok(await page.evaluate(() => document.getElementById("family-explorer")!.matches(":modal")));
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });
});

e2eTest(
  "[family e2e] without JavaScript: cards, dialog, Explorer and toggle are links and a form",
  {},
  async (e2e, t) => {
    const { base, newContext, newPage } = e2e;
    const admin = await newContext();
    await signInAsDemoAdmin(admin);
    const { teamId, zaraId } = await quillFamily(admin);
    const context = await newContext({ viewport: PHONE, javaScriptEnabled: false });
    await signIn(context, "dex.quill@example.com");
    const { page } = await newPage({ context });

    await t.step("a card's link opens its dialog; Explore Family and its links page through the family", async () => {
      await page.goto(`${base}/family-dashboard/${teamId}`);
      await page.locator(`#family-card-player-${zaraId}`).click();
      await page.waitForURL(/member=player/);
      const dialog = page.getByRole("dialog", { name: "Zara Quill" });
      await dialog.waitFor();
      await dialog.getByRole("link", { name: "Explore Family" }).click();
      await page.waitForURL(/member=explore/);
      const explorer = page.getByRole("dialog", { name: "The Quill Family" });
      assert.equal(await explorer.locator(".family-explorer__counter").textContent(), "1 of 3");
      await explorer.getByRole("link", { name: "Next member" }).click();
      await page.waitForLoadState();
      assert.equal(await page.locator(".family-explorer__counter").textContent(), "2 of 3");
      await page.getByRole("link", { name: "Previous member" }).click();
      await page.waitForLoadState();
      await page.getByRole("link", { name: "Previous member" }).click();
      await page.waitForLoadState();
      assert.equal(await page.locator(".family-explorer__counter").textContent(), "3 of 3", "wraps around");
      await noSidewaysScroll(page, "the Explorer without JavaScript");
      await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
      await page.waitForURL(/member=parent/);
      await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
      await page.waitForURL(/member=parents#family-card-parent-/);
      assert.equal(await page.getByRole("dialog").count(), 0);
    });

    await t.step("the toggle is a GET form", async () => {
      await page.goto(`${base}/family-dashboard/${teamId}`);
      await page.locator("#family").getByRole("button", { name: "Parents" }).click();
      await page.waitForURL(/member=parents/);
      assert.equal(
        await page.locator("#family").getByRole("button", { name: "Parents" }).getAttribute("aria-pressed"),
        "true",
      );
      assert.ok(await page.locator(".family-card").filter({ hasText: "Dex Q." }).count() === 1);
    });
  },
);
