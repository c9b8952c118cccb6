/**
 * The team admin's Settings page in Spanish, in Chromium at 1280 and 390 px (issue 24): the demo
 * team's admin, in a browser whose language is Spanish, reads the page in Spanish, has an empty
 * team name refused at its field in Spanish (the island finds the field from the Spanish message),
 * then saves a change and sees the toast in Spanish. At each step axe finds nothing serious,
 * nothing scrolls sideways and no text runs out of its button, card or field.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible, hydrated, overflowingText, sidewaysScroll, toastWith } from "./page_checks.ts";

const VIEWPORTS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];
/** Where a person can see what each step looked like (not compared: they are for eyes). */
const SHOTS = "/tmp/shots";
/** The refused save answers 400, which the browser logs. */
const REFUSED = [/status of 400/];

/** Text wider than its box in the boxes this screen has. */
const overflowing = (page: Page) =>
  overflowingText(page, "button, .button, .card, .notice, .toast, .field, .switch, label, h2");

e2eTest("[e2e] admin settings in Spanish at 1280 and 390 px", {}, async (e2e, t) => {
  const { newPage, axeSource } = e2e;
  const axe = await axeSource();
  await Deno.mkdir(SHOTS, { recursive: true });

  for (const viewport of VIEWPORTS) {
    const at = `${viewport.width} px`;
    // A Spanish browser (Accept-Language and navigator.language); the scan is an injected script,
    // so the context bypasses the page's CSP.
    const { page, context, problems } = await newPage({ viewport, locale: "es-US", bypassCSP: true, allow: REFUSED });
    await signInAsDemoAdmin(context);
    const teamId = (await (await context.request.get("/api/teams/demo/roster")).json()).team.id as string;
    const check = async (where: string) => {
      await assertAccessible(page, axe, `${where} at ${at}`);
      assert.equal(await sidewaysScroll(page), false, `${where}: no sideways scroll at ${at}`);
      assert.deepEqual(await overflowing(page), [], `${where}: no text out of its box at ${at}`);
      await page.screenshot({ path: `${SHOTS}/admin-settings-es-${where}-${viewport.width}.png`, fullPage: true });
    };

    await t.step(`[e2e] admin settings es: the page, a refused name, a save (${at})`, async () => {
      await page.goto(`/admin/${teamId}/settings`);
      assert.equal(await page.locator("html").getAttribute("lang"), "es");
      await page.getByRole("heading", { name: "Configuración del equipo", level: 1 }).waitFor();
      await page.getByRole("heading", { name: "Visibilidad de la plantilla" }).waitFor();
      await page.getByRole("heading", { name: "Zona de peligro" }).waitFor();
      await hydrated(page, "SettingsForm");
      await page.getByRole("button", { name: "Copiar" }).waitFor();
      const zone = page.getByLabel("Zona horaria");
      assert.equal(await zone.locator("optgroup").first().getAttribute("label"), "Estados Unidos");
      await check("page");

      const name = page.getByLabel("Nombre del equipo", { exact: true });
      const teamName = await name.inputValue();
      await name.fill("");
      const save = page.getByRole("button", { name: "Guardar configuración" });
      await save.click();
      await toastWith(page, "Error").waitFor();
      const error = page.locator("#settings-name-error");
      await error.waitFor();
      assert.equal((await error.innerText()).trim(), "El nombre del equipo es obligatorio");
      assert.equal(await name.getAttribute("aria-invalid"), "true", "the field the Spanish message is about");
      await check("refused");

      await name.fill(teamName);
      await page.getByLabel("Temporada").fill(`Otoño ${viewport.width}`);
      await save.click();
      await toastWith(page, "Configuración guardada").waitFor();
      assert.equal(await page.locator("main .field__error").count(), 0, "a good save clears the errors");
      await check("saved");
      await problems.assertNone(`the settings page in Spanish at ${at}`, REFUSED);
    });
  }
});
