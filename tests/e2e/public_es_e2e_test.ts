/**
 * The public pages, the hub and the unsubscribe page in Spanish in a real browser (issue 24):
 * at 1280 and 390 px axe is clean, nothing scrolls sideways and no Spanish text, about a quarter
 * longer than the English, overflows a button or a card. The footer's language switch, clicked
 * with JavaScript off, takes the page to Spanish and back to English, and the choice stays.
 * Development mode (the demo team) and Debian's Chromium, through the e2e harness.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible } from "./page_checks.ts";
import { unsubscribeUrl, useUnsubscribeKey } from "../../lib/notifications/unsubscribe.ts";
import { unsubscribeQuestion } from "../../components/notifications/UnsubscribePage.tsx";

const VIEWPORTS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];
/** A Spanish-speaking browser: its Accept-Language is Spanish, and it has chosen nothing yet. */
const SPANISH_BROWSER = { locale: "es-MX", bypassCSP: true };
/** The server's key (UNSUBSCRIBE_KEY), so this test can sign the links a mail would carry. */
const KEY = new Uint8Array(32).fill(7);
const KEY_TEXT = btoa(String.fromCharCode(...KEY));

/** The buttons and cards whose text runs past their edge (what would be cut off or spill out). */
async function overflowing(page: Page): Promise<string[]> {
  return await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".button, button, .card")]
      .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .map((el) =>
        `${el.className}: "${(el.textContent ?? "").trim().slice(0, 60)}" ${el.scrollWidth}>${el.clientWidth}`
      )
  );
}

/** The page is Spanish, axe-clean, and fits the viewport: no sideways scroll, nothing overflowing. */
async function assertSpanishFits(page: Page, axe: string, width: number, where: string) {
  assert.equal(await page.getAttribute("html", "lang"), "es", where);
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  assert.ok(scrollWidth <= width, `${where}: sideways scroll (${scrollWidth} px)`);
  assert.deepEqual(await overflowing(page), [], `${where}: text overflows`);
  await assertAccessible(page, axe, where);
}

/** Clicks a language in the footer's switch (a form post) and waits for the page it comes back to. */
async function switchTo(page: Page, language: string) {
  const loaded = page.waitForEvent("load");
  await page.locator(".site-footer").getByRole("button", { name: language }).click();
  await loaded;
}

async function signInAs(context: BrowserContext, data: Record<string, string>) {
  const res = await context.request.post("/api/dev/auto-login", { data });
  assert.equal(res.status(), 200, await res.text());
}

e2eTest(
  "[public es e2e] landing, about, privacy, contact, the hub and unsubscribe in Spanish; the switch without JavaScript",
  { env: { UNSUBSCRIBE_KEY: KEY_TEXT } },
  async ({ newPage, newContext, axeSource }, t) => {
    const axe = await axeSource();

    for (const viewport of VIEWPORTS) {
      await t.step(`the public pages at ${viewport.width} px`, async () => {
        const { page } = await newPage({ viewport, ...SPANISH_BROWSER });
        for (
          const [path, heading] of [
            ["/", "Para el equipo detrás del equipo."],
            ["/about", "El equipo detrás del equipo, unido"],
            ["/privacy", "Privacidad"],
            ["/contact", "Contacto"],
          ]
        ) {
          await page.goto(path);
          assert.equal((await page.locator("h1").textContent())?.trim(), heading, path);
          await assertSpanishFits(page, axe, viewport.width, `${path} at ${viewport.width}`);
        }
        // The header's sign-in link and the footer in Spanish.
        assert.ok(await page.getByRole("link", { name: "Iniciar sesión" }).isVisible());
        assert.ok(await page.getByRole("navigation", { name: "Pie de página" }).isVisible());
      });

      await t.step(`the hub at ${viewport.width} px: the team admin and a parent`, async () => {
        for (const who of [{ teamSlug: "demo" }, { email: "parent@example.com" }] as Record<string, string>[]) {
          const context = await newContext({ viewport, ...SPANISH_BROWSER });
          await signInAs(context, who);
          const { page } = await newPage({ context });
          await page.goto("/home");
          assert.equal(await page.locator("h1").textContent(), "Su panel de GoalMates");
          await assertSpanishFits(page, axe, viewport.width, `/home (${JSON.stringify(who)}) at ${viewport.width}`);
        }
      });

      await t.step(`the unsubscribe page at ${viewport.width} px`, async () => {
        const restoreKey = useUnsubscribeKey(KEY);
        try {
          const own = await newContext();
          await signInAs(own, { email: "parent@example.com" });
          const userId: string = (await (await own.request.get("/api/v2/auth/session")).json()).user.id;
          const path = new URL(unsubscribeUrl("http://x", userId, "scheduleChanges")).pathname;
          const { page } = await newPage({ viewport, ...SPANISH_BROWSER });
          await page.goto(path);
          assert.equal(await page.locator("h1").textContent(), unsubscribeQuestion("scheduleChanges", "es"));
          await assertSpanishFits(page, axe, viewport.width, `unsubscribe at ${viewport.width}`);
        } finally {
          restoreKey();
        }
      });
    }

    await t.step("the footer's switch without JavaScript: to Spanish and back, remembered in between", async () => {
      const { page } = await newPage({ javaScriptEnabled: false, locale: "en-US" });
      await page.goto("/about");
      assert.equal(await page.getAttribute("html", "lang"), "en");
      const footer = page.locator(".site-footer");
      await switchTo(page, "Español");
      assert.equal(new URL(page.url()).pathname, "/about", "back on the page it came from");
      assert.equal(await page.getAttribute("html", "lang"), "es");
      assert.equal(await page.locator("h1").textContent(), "El equipo detrás del equipo, unido");
      assert.equal(await footer.locator('[aria-current="true"]').textContent(), "Español");
      // Another page, the same choice: the cookie keeps it.
      await page.goto("/");
      assert.equal(await page.getAttribute("html", "lang"), "es");
      await switchTo(page, "English");
      assert.equal(new URL(page.url()).pathname, "/");
      assert.equal(await page.getAttribute("html", "lang"), "en");
      assert.equal(await page.locator("h1").textContent(), "For the Team Behind the Team.");
    });
  },
);
