/**
 * Signing in, in Spanish (issue 24): the team login page at 1280 and 390 px (axe clean, nothing
 * sideways, no text wider than its button or card), a refused password told in Spanish, and a
 * sign-in by magic link from the request to the page after Continue.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { linkIn } from "./smtp_sink.ts";
import { assertAccessible, hydrated, toastWith } from "./page_checks.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SPANISH_BROWSER = { locale: "es-MX", extraHTTPHeaders: { "accept-language": "es-MX,es;q=0.9" } };
const es = messagesFor("es");

/** What does not fit: the page scrolling sideways, or a button, tab, notice or card whose text is wider than it. */
async function overflowing(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const found: string[] = [];
    if (document.scrollingElement!.scrollWidth > innerWidth) found.push("the page scrolls sideways");
    for (const el of document.querySelectorAll(".button, .tabs__tab, .notice, .card, label")) {
      if (el.scrollWidth > el.clientWidth + 1) found.push(`${el.className}: ${el.textContent?.trim().slice(0, 50)}`);
    }
    return found;
  });
}

e2eTest(
  "[e2e] login in Spanish: the team login page at 1280 and 390 px, a refusal, and a sign-in by magic link",
  { smtp: true },
  async ({ base, smtp, newPage, axeSource }, t) => {
    const axe = await axeSource();

    for (const viewport of [DESKTOP, PHONE]) {
      const width = `${viewport.width} px`;
      await t.step(
        `[e2e] login es: /team-login in Spanish, both tabs, axe clean, nothing overflows (${width})`,
        async () => {
          const { page, problems } = await newPage({ viewport, bypassCSP: true, ...SPANISH_BROWSER });
          await page.goto(`${base}/team-login`);
          await hydrated(page, "TeamLogin");
          assert.equal(await page.getAttribute("html", "lang"), "es");
          assert.equal(await page.locator("h1").textContent(), es.auth.teamLogin.title);
          const tab = (name: string) => page.getByRole("tab", { name, exact: true });
          assert.equal(await tab(es.login.tabs.magic).getAttribute("aria-selected"), "true");
          await page.getByRole("tabpanel").getByRole("button", { name: es.login.magic.send }).waitFor();
          await page.getByRole("tabpanel").getByLabel(es.login.fields.email, { exact: true }).waitFor();
          await assertAccessible(page, axe, `/team-login in Spanish, magic link tab, ${width}`);
          assert.deepEqual(await overflowing(page), [], `magic link tab at ${width}`);

          await tab(es.login.tabs.password).click();
          assert.equal(await tab(es.login.tabs.password).getAttribute("aria-selected"), "true");
          await page.getByRole("tabpanel").getByLabel(es.login.fields.password, { exact: true }).waitFor();
          await page.getByRole("tabpanel").getByRole("button", { name: es.login.signIn }).waitFor();
          await assertAccessible(page, axe, `/team-login in Spanish, password tab, ${width}`);
          assert.deepEqual(await overflowing(page), [], `password tab at ${width}`);
          await problems.assertNone(`/team-login in Spanish at ${width}`);
        },
      );
    }

    await t.step("[e2e] login es: a wrong password is refused in Spanish, above the form and in a toast", async () => {
      const { page } = await newPage({ viewport: PHONE, ...SPANISH_BROWSER, allow: [/status of 401/] });
      await page.goto(`${base}/team-login?tab=password`);
      await hydrated(page, "TeamLogin");
      const panel = page.getByRole("tabpanel");
      await panel.getByRole("button", { name: es.login.signIn }).click();
      assert.equal(await panel.getByRole("alert").textContent(), es.login.refused.missingLogin);
      await panel.getByLabel(es.login.fields.email, { exact: true }).fill("coach@example.com");
      await panel.getByLabel(es.login.fields.password, { exact: true }).fill("not the password");
      await panel.getByRole("button", { name: es.login.signIn }).click();
      const toast = toastWith(page, es.login.toasts.loginFailed);
      await toast.waitFor();
      assert.ok((await toast.textContent())?.includes(es.auth.messages.loginFailed), "the server's message in Spanish");
    });

    await t.step("[e2e] login es: sign in by magic link, in Spanish from the request to Continue", async () => {
      const { page, problems } = await newPage({ viewport: DESKTOP, bypassCSP: true, ...SPANISH_BROWSER });
      await page.goto(`${base}/team-login`);
      await hydrated(page, "TeamLogin");
      await page.getByRole("tabpanel").getByLabel(es.login.fields.email, { exact: true }).fill("parent@example.com");
      await page.getByRole("button", { name: es.login.magic.send }).click();
      await page.getByRole("heading", { name: es.login.magic.sentTitle }).waitFor();
      const toast = toastWith(page, es.login.toasts.magicLinkSent);
      await toast.waitFor();
      assert.ok((await toast.textContent())?.includes(es.login.magic.checkInbox));
      const sent = await page.locator(".login-sent").textContent();
      assert.ok(sent?.includes("Si parent@example.com pertenece a una cuenta de GoalMates"), sent ?? "");
      await page.getByRole("button", { name: es.login.magic.changeEmail }).waitFor();
      assert.deepEqual(await overflowing(page), [], "the 'check your email' panel");

      const mail = await smtp.waitForMail("parent@example.com", "/auth/magic");
      await page.goto(linkIn(mail, "/auth/magic"));
      await page.getByRole("heading", { name: es.auth.magicLink.heading }).waitFor();
      assert.equal(await page.getAttribute("html", "lang"), "es");
      await assertAccessible(page, axe, "/auth/magic in Spanish");
      await page.getByRole("button", { name: es.auth.magicLink.continue }).click();
      await page.waitForURL((url) => url.pathname !== "/auth/magic");
      assert.equal((await page.context().request.get("/api/v2/auth/session")).status(), 200, "signed in");
      await problems.assertNone("sign-in by magic link in Spanish");
    });
  },
);
