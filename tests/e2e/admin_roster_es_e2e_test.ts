/**
 * The team admin's roster management in Spanish, in Chromium at 1280 and 390 px (issue 24): a
 * browser whose language is Spanish gets the roster, its counts, its table and its forms in
 * Spanish; the admin adds a player (the player rules' check and the server's answers in Spanish),
 * edits one and previews a CSV import; axe finds nothing serious, nothing scrolls sideways and no
 * text runs out of its button or card.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible, overflowingText, sidewaysScroll } from "./page_checks.ts";

const ROSTER = "/admin/demo/roster";
const HEADER = "firstName,lastName,jerseyNumber,position,parentEmails";
const VIEWPORTS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];
/** Where a person can see what each step looked like (not compared: they are for eyes). */
const SHOTS = "/tmp/shots";

/** Text wider than its box in the boxes these screens have. */
const overflowing = (page: Page) =>
  overflowingText(page, "button, .button, .badge, .card, .stats__item, .notice, .roster-admin__actions a");

async function checkPage(page: Page, axe: string, where: string, width: number) {
  const at = `${width} px`;
  await assertAccessible(page, axe, `${where} at ${at}`);
  assert.equal(await sidewaysScroll(page), false, `${where}: no sideways scroll at ${at}`);
  assert.deepEqual(await overflowing(page), [], `${where}: no text out of its box at ${at}`);
  await page.screenshot({ path: `${SHOTS}/admin-roster-es-${where}-${width}.png`, fullPage: true });
}

const focusedHeading = (page: Page, text: string) =>
  page.waitForFunction((t) => document.activeElement?.textContent === t, text);

e2eTest(
  "[e2e] admin roster in Spanish: the roster, adding and editing a player, at 1280 and 390 px",
  {},
  async (e2e, t) => {
    const { base, newPage, axeSource } = e2e;
    const axe = await axeSource();
    await Deno.mkdir(SHOTS, { recursive: true });

    for (const [index, viewport] of VIEWPORTS.entries()) {
      const at = `${viewport.width} px`;
      // A Spanish browser; the scan is an injected script, so the context bypasses the page's CSP.
      const { page, context, problems } = await newPage({ viewport, locale: "es-US", bypassCSP: true });
      await signInAsDemoAdmin(context);
      const name = ["Zara Quinn", "Lucía Peña"][index];
      const [firstName, lastName] = name.split(" ");
      const jersey = String(60 + index);

      await t.step(`[e2e] admin roster es: the roster (${at})`, async () => {
        const res = await page.goto(`${base}${ROSTER}`);
        assert.equal(res?.status(), 200);
        await page.locator(".roster-admin[data-hydrated]").waitFor();
        assert.equal(await page.locator("html").getAttribute("lang"), "es");
        await page.getByRole("heading", { name: "Gestión de la plantilla", level: 1 }).waitFor();
        await page.getByRole("link", { name: "Exportar CSV" }).waitFor();
        await page.getByText("Jugadores con familia vinculada", { exact: true }).waitFor();
        await page.getByRole("table", { name: "Jugadores" }).waitFor();
        await page.getByText(/^Mostrando \d+ de \d+ jugadores$/).waitFor();
        await checkPage(page, axe, "roster", viewport.width);
      });

      await t.step(
        `[e2e] admin roster es: add a player, the rules' and the server's words in Spanish (${at})`,
        async () => {
          await page.getByRole("link", { name: "Agregar jugador" }).click();
          await focusedHeading(page, "Agregar jugador");
          await page.getByLabel("Nombre", { exact: true }).fill(firstName);
          await page.getByLabel("Apellido", { exact: true }).fill(lastName);
          await page.getByLabel("Camiseta (0–99)").fill("123");
          await page.getByRole("button", { name: "Agregar jugador" }).click();
          await page.getByText("El número de camiseta debe estar entre 0 y 99").first().waitFor();
          await checkPage(page, axe, "add-refused", viewport.width);
          await page.getByLabel("Camiseta (0–99)").fill(jersey);
          await page.getByLabel("Posición", { exact: true }).fill("Delantera");
          await page.getByRole("button", { name: "Agregar jugador" }).click();
          await page.getByRole("status").filter({ hasText: "Jugador agregado" }).waitFor();
          await page.getByRole("rowheader", { name }).waitFor();
          assert.equal(page.url(), `${base}${ROSTER}`, "no page load: the islands did it");
        },
      );

      await t.step(`[e2e] admin roster es: edit the player (${at})`, async () => {
        await page.getByLabel("Buscar por nombre o número de camiseta").fill(jersey);
        await page.getByRole("link", { name: `Editar ${name}` }).click();
        await focusedHeading(page, `Editar #${jersey} ${name}`);
        await page.getByText("Estadísticas de la temporada").waitFor();
        await checkPage(page, axe, "edit", viewport.width);
        await page.getByLabel("Posición", { exact: true }).fill("Lateral");
        await page.getByLabel("Goles").fill("4");
        await page.getByRole("button", { name: "Guardar cambios" }).click();
        await page.getByRole("status").filter({ hasText: "Jugador actualizado" }).waitFor();
        await page.getByRole("row", { name: new RegExp(name) }).getByText("Lateral").waitFor();
      });

      await t.step(`[e2e] admin roster es: a CSV import's preview (${at})`, async () => {
        await page.getByRole("link", { name: "Importar CSV" }).click();
        await focusedHeading(page, "Importar CSV");
        await page.getByLabel("O pegue el CSV").fill(`${HEADER}\nOmar,Haddad,40,Defensa,omar@example\nIvy,,41,,\n`);
        await page.getByRole("button", { name: "Vista previa" }).click();
        await page.getByText("0 filas listas para importar, 2 con errores.", { exact: false }).waitFor();
        await page.getByRole("cell", { name: "El apellido es obligatorio" }).waitFor();
        await page.getByRole("cell", { name: "Correo de padre o madre no válido: omar@example" }).waitFor();
        await checkPage(page, axe, "import-preview", viewport.width);
        await page.getByRole("link", { name: "Cancelar" }).click();
        await page.getByRole("heading", { name: "Importar CSV" }).waitFor({ state: "detached" });
      });
      await problems.assertNone(`admin roster in Spanish at ${at}`);
    }
  },
);
