/**
 * The System Console's Campaigns tab and the e-mail test page in Spanish, in Chromium (issue 24):
 * a refused create, then a global campaign deployed switched off and activated, each told in
 * Spanish toasts; a test e-mail sent (and one refused) from `/email-test`. At 1280 and 390 px:
 * axe clean, nothing scrolls sideways, no button, card or notice text wider than its box.
 * Screenshots go to /tmp/shots.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible, hydrated, overflowingText, sidewaysScroll, toastWith } from "./page_checks.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { format } from "../../lib/i18n/format.ts";

const SYSADMIN = { email: "root@goalmates.test", password: "a sysadmin password" };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SPANISH_BROWSER = { locale: "es-MX", extraHTTPHeaders: { "accept-language": "es-MX,es;q=0.9" } };
const SHOTS = "/tmp/shots";
const es = messagesFor("es");
const s = es.sysadminCampaigns;
const TITLE = "Encuesta de uniformes e2e";
/** What Spanish words could push out of their box. */
const BOXES = ".button, .card, .notice, .badge, .status, .console-stat, label, legend, th, .toast";

async function assertFits(page: Page, where: string) {
  assert.equal(await sidewaysScroll(page), false, `${where}: the page scrolls sideways`);
  assert.deepEqual(await overflowingText(page, BOXES), [], `${where}: text wider than its box`);
}

async function closeToast(page: Page, title: string) {
  const toast = toastWith(page, title);
  await toast.waitFor();
  await toast.getByRole("button", { name: es.common.client.dismissNotification }).click();
}

e2eTest(
  "[e2e] sysadmin campaigns in Spanish: deploy and activate a global campaign, send a test e-mail, at 1280 and 390 px",
  { env: { SYSADMIN_EMAIL: SYSADMIN.email, SYSADMIN_PASSWORD: SYSADMIN.password } },
  async ({ newContext, newPage, axeSource }, t) => {
    const axe = await axeSource();
    await Deno.mkdir(SHOTS, { recursive: true });
    const context = await newContext({ viewport: DESKTOP, bypassCSP: true, ...SPANISH_BROWSER });
    const login = await context.request.post("/api/sysadmin/login", { data: SYSADMIN });
    assert.equal(login.status(), 200, await login.text());
    // The console's refused calls (400) are part of the story.
    const { page, problems } = await newPage({ context, allow: [/status of 400/] });
    const row = (title: string) => page.locator("tr", { has: page.getByRole("rowheader", { name: title }) });
    const table = (name: string) => page.locator("section.console-list", { has: page.getByRole("heading", { name }) });

    await t.step("a refused create, then a campaign deployed switched off, in Spanish", async () => {
      await page.goto("/sysadmin");
      assert.equal(await page.getAttribute("html", "lang"), "es");
      await page.getByRole("heading", { name: s.heading }).waitFor();
      await page.getByRole("link", { name: s.form.create }).click();
      const dialog = page.getByRole("dialog", { name: s.form.title });
      await dialog.waitFor();
      await hydrated(page, "GlobalCampaignForm");
      await dialog.getByLabel(s.form.pollQuestion).fill("¿Qué color de uniforme para la próxima temporada?");
      await dialog.getByRole("button", { name: s.form.deploy }).click();
      const failed = toastWith(page, s.toasts.createFailed);
      await failed.waitFor();
      assert.ok((await failed.textContent())?.includes(es.campaigns.errors.title), "the refusal in Spanish");
      assert.equal(await dialog.locator("#gc-title-error").textContent(), es.campaigns.errors.title);
      await failed.getByRole("button", { name: es.common.client.dismissNotification }).click();

      await dialog.getByLabel(s.form.titleLabel, { exact: true }).fill(TITLE);
      await dialog.getByLabel(s.form.option1).fill("Azul");
      await dialog.getByLabel(s.form.option2).fill("Verde");
      await dialog.getByLabel(s.form.active, { exact: true }).uncheck();
      await dialog.getByRole("button", { name: s.form.deploy }).click();
      const deployed = toastWith(page, s.toasts.deployed);
      await deployed.waitFor();
      const inactive = format("es", s.toasts.nowStatus, { title: TITLE, status: s.statuses.Inactive });
      assert.ok((await deployed.textContent())?.includes(inactive), "its status in Spanish");
      await closeToast(page, s.toasts.deployed);
      assert.equal(await table(s.tables.inactive).getByRole("rowheader", { name: TITLE }).count(), 1);
      assert.equal(await row(TITLE).locator(".campaign-status").textContent(), s.statuses.Inactive);
      assert.equal(await row(TITLE).locator(`td[data-label="${s.tables.type}"]`).textContent(), "Encuesta");
    });

    await t.step("Activar moves it to the active campaigns, told in Spanish", async () => {
      await row(TITLE).getByRole("button", { name: `${s.tables.activate} ${TITLE}` }).click();
      const activated = toastWith(page, s.toasts.activated);
      await activated.waitFor();
      const live = format("es", s.toasts.nowStatus, { title: TITLE, status: s.statuses.Live });
      assert.ok((await activated.textContent())?.includes(live));
      await closeToast(page, s.toasts.activated);
      assert.equal(await table(s.tables.active).getByRole("rowheader", { name: TITLE }).count(), 1);
      assert.equal(await row(TITLE).locator(".campaign-status").textContent(), s.statuses.Live);
      assert.equal(await row(TITLE).locator(`td[data-label="${s.tables.expires}"]`).textContent(), s.tables.never);
      await problems.assertNone("deploying and activating in Spanish", [/status of 400/]);
    });

    for (const viewport of [DESKTOP, PHONE]) {
      const width = `${viewport.width} px`;
      await t.step(`the Campaigns tab and its dialog: axe clean, nothing overflows (${width})`, async () => {
        await page.setViewportSize(viewport);
        await page.goto("/sysadmin");
        await row(TITLE).waitFor();
        if (viewport === PHONE) {
          // A stacked row names its title field as the table's header does.
          const label = await row(TITLE).getByRole("rowheader").evaluate((th) =>
            getComputedStyle(th, "::before").content
          );
          assert.equal(label, JSON.stringify(s.tables.title));
        }
        await assertAccessible(page, axe, `the Campaigns tab in Spanish at ${width}`);
        await assertFits(page, `the Campaigns tab at ${width}`);
        await page.screenshot({ path: `${SHOTS}/sysadmin-campaigns-es-${viewport.width}.png`, fullPage: true });
        await page.getByRole("link", { name: s.form.create }).click();
        await page.getByRole("dialog", { name: s.form.title }).waitFor();
        await assertAccessible(page, axe, `the dialog in Spanish at ${width}`);
        await assertFits(page, `the dialog at ${width}`);
        await page.screenshot({ path: `${SHOTS}/sysadmin-campaigns-es-dialog-${viewport.width}.png` });
      });
    }

    for (const viewport of [DESKTOP, PHONE]) {
      const width = `${viewport.width} px`;
      await t.step(`/email-test in Spanish: a refusal and a test e-mail sent (${width})`, async () => {
        await page.setViewportSize(viewport);
        await page.goto("/email-test");
        await hydrated(page, "EmailTest");
        assert.equal(await page.getAttribute("html", "lang"), "es");
        await page.getByRole("heading", { level: 1, name: s.emailTest.title }).waitFor();
        assert.equal(await page.getByLabel(s.emailTest.playerName).inputValue(), s.emailTest.defaultPlayerName);

        await page.getByRole("button", { name: s.emailTest.sendVerification }).click();
        const refused = toastWith(page, s.emailTest.toasts.error);
        await refused.waitFor();
        assert.ok((await refused.textContent())?.includes(s.emailTest.refused.emailRequired));
        await closeToast(page, s.emailTest.toasts.error);

        await page.getByLabel(s.emailTest.email, { exact: true }).fill("prueba@example.com");
        await page.getByRole("button", { name: s.emailTest.sendVerification }).click();
        const sent = toastWith(page, s.emailTest.toasts.sent);
        await sent.waitFor();
        const queued = format("es", s.emailTest.queued.verification, { email: "prueba@example.com" });
        assert.ok((await sent.textContent())?.includes(queued), "the server's message in Spanish");
        const result = await page.locator(".test-result").first().textContent();
        for (const text of [s.emailTest.types.verification, s.emailTest.yes, "200", queued]) {
          assert.ok(result?.includes(text), `the result lacks ${text}`);
        }
        await assertAccessible(page, axe, `/email-test in Spanish at ${width}`);
        await assertFits(page, `/email-test at ${width}`);
        await page.screenshot({ path: `${SHOTS}/email-test-es-${viewport.width}.png`, fullPage: true });
        await closeToast(page, s.emailTest.toasts.sent);
        await problems.assertNone(`/email-test in Spanish at ${width}`, [/status of 400/]);
      });
    }
  },
);
