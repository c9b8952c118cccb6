/**
 * `/unsubscribe/<token>` in a real browser (development mode, the demo parent, Debian's Chromium):
 * the page at 1280 and 390 px with and without JavaScript (no sideways scroll, axe clean), opening
 * it changes nothing, and its button turns that one kind off (with JavaScript and without), which
 * the person's own preferences then show.
 */
import assert from "node:assert/strict";
import type { APIRequestContext, Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible } from "./page_checks.ts";
import { unsubscribeUrl, useUnsubscribeKey } from "../../lib/notifications/unsubscribe.ts";
import type { NotificationKind } from "../../lib/notifications/preferences.ts";
import { unsubscribeQuestion } from "../../components/notifications/UnsubscribePage.tsx";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The server's key (UNSUBSCRIBE_KEY), so this test can sign the links a mail would carry. */
const KEY = new Uint8Array(32).fill(5);
const KEY_TEXT = btoa(String.fromCharCode(...KEY));

async function preferencesOf(request: APIRequestContext): Promise<Record<NotificationKind, boolean>> {
  const res = await request.get("/api/account/notifications");
  assert.equal(res.status(), 200, await res.text());
  return await res.json();
}

/** The page asks, with one button and the link to all preferences; nothing scrolls sideways; axe when given. */
async function assertAskPage(page: Page, kind: NotificationKind, width: number, axe: string | null, where: string) {
  assert.equal(await page.locator("h1").textContent(), unsubscribeQuestion(kind));
  assert.equal(await page.locator("main button").count(), 1);
  assert.ok(await page.getByRole("link", { name: "All your notification choices" }).isVisible(), where);
  assert.equal(
    await page.getByRole("link", { name: "All your notification choices" }).getAttribute("href"),
    "/account#notifications",
  );
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  assert.ok(scrollWidth <= width, `${where}: no sideways scroll (${scrollWidth} px)`);
  if (axe) await assertAccessible(page, axe, where);
}

e2eTest(
  "[unsubscribe e2e] the unsubscribe page asks, and its button turns that one kind off",
  { env: { UNSUBSCRIBE_KEY: KEY_TEXT } },
  async ({ newPage, newContext, axeSource }, t) => {
    const restoreKey = useUnsubscribeKey(KEY);
    try {
      const axe = await axeSource();
      // The demo parent's own session, to read their preferences as /account does.
      const own = await newContext();
      const login = await own.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
      assert.equal(login.status(), 200, await login.text());
      const session = await (await own.request.get("/api/v2/auth/session")).json();
      const userId: string = session.user.id;
      const link = (kind: NotificationKind) => new URL(unsubscribeUrl("http://x", userId, kind)).pathname;
      assert.deepEqual(await preferencesOf(own.request), { teamNews: true, scheduleChanges: true, weeklyDigest: true });

      await t.step(
        "with JavaScript at 1280 and 390 px: opening it changes nothing; the button turns it off",
        async () => {
          // Signed out, as a mail client opens it.
          const { page } = await newPage({ viewport: DESKTOP, bypassCSP: true });
          await page.goto(link("teamNews"));
          await assertAskPage(page, "teamNews", DESKTOP.width, axe, "ask page at 1280 px");
          await page.setViewportSize(PHONE);
          await page.reload();
          await assertAskPage(page, "teamNews", PHONE.width, axe, "ask page at 390 px");
          assert.equal((await preferencesOf(own.request)).teamNews, true, "opening the page changed nothing");

          await page.getByRole("button", { name: "Stop team news e-mails" }).click();
          await page.getByRole("heading", { level: 1, name: "You are unsubscribed" }).waitFor();
          assert.match(await page.getByRole("status").innerText(), /no more team news e-mails/);
          await assertAccessible(page, axe, "done page at 390 px");
          assert.deepEqual(await preferencesOf(own.request), {
            teamNews: false,
            scheduleChanges: true,
            weeklyDigest: true,
          });
        },
      );

      await t.step("without JavaScript at 390 and 1280 px: the plain form does the same", async () => {
        const context = await newContext({ viewport: PHONE, javaScriptEnabled: false });
        const { page, requests } = await newPage({ context });
        await page.goto(link("weeklyDigest"));
        await assertAskPage(page, "weeklyDigest", PHONE.width, null, "no-JS ask page at 390 px");
        await page.setViewportSize(DESKTOP);
        await assertAskPage(page, "weeklyDigest", DESKTOP.width, null, "no-JS ask page at 1280 px");
        assert.ok(!requests.some((r) => r.url().endsWith(".js")), "the page sends no JavaScript");
        await page.getByRole("button", { name: "Stop weekly digest e-mails" }).click();
        await page.getByRole("heading", { level: 1, name: "You are unsubscribed" }).waitFor();
        assert.deepEqual(await preferencesOf(own.request), {
          teamNews: false,
          scheduleChanges: true,
          weeklyDigest: false,
        });
      });

      await t.step("a forged link shows the not-found page and changes nothing", async () => {
        const { page } = await newPage({ viewport: PHONE, watch: false });
        const forged = link("scheduleChanges").replace(/.$/, (c) => (c === "A" ? "B" : "A"));
        const res = await page.goto(forged);
        assert.equal(res?.status(), 404);
        assert.equal((await preferencesOf(own.request)).scheduleChanges, true);
      });
    } finally {
      restoreKey();
    }
  },
);
