/**
 * The team admin's Claims and Access pages in Spanish, in Chromium at 1280 and 390 px (issue 24):
 * the demo team's admin, in a browser whose language is Spanish, approves a claim on the claims
 * board and reads its buttons, toast and tables in Spanish; then opens the Access page and a
 * member's removal confirmation. At each step axe finds nothing serious, nothing scrolls sideways
 * and no text runs out of its button, card or tile.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible, hydrated, overflowingText, sidewaysScroll, toastWith } from "./page_checks.ts";

const VIEWPORTS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];
/** Where a person can see what each step looked like (not compared: they are for eyes). */
const SHOTS = "/tmp/shots";
/** The refused team login form answers 400, which the browser logs. */
const REFUSED = [/status of 400/];

/** Text wider than its box in the boxes these screens have. */
const overflowing = (page: Page) =>
  overflowingText(page, "button, .button, .card, .badge, .notice, .toast, .field, .admin-tile, .status");

e2eTest("[e2e] admin claims and access in Spanish at 1280 and 390 px", {}, async (e2e, t) => {
  const { base, newPage, axeSource } = e2e;
  const axe = await axeSource();
  await Deno.mkdir(SHOTS, { recursive: true });

  for (const viewport of VIEWPORTS) {
    const at = `${viewport.width} px`;
    // A Spanish browser (Accept-Language and navigator.language); the scan is an injected script,
    // so the context bypasses the page's CSP.
    const { page, context, problems } = await newPage({
      viewport,
      locale: "es-US",
      bypassCSP: true,
      allow: REFUSED,
    });
    await signInAsDemoAdmin(context);
    const teamId = (await (await context.request.get("/api/teams/demo/roster")).json()).team.id as string;
    const check = async (where: string) => {
      await assertAccessible(page, axe, `${where} at ${at}`);
      assert.equal(await sidewaysScroll(page), false, `${where}: no sideways scroll at ${at}`);
      assert.deepEqual(await overflowing(page), [], `${where}: no text out of its box at ${at}`);
      await page.screenshot({ path: `${SHOTS}/admin-claims-es-${where}-${viewport.width}.png`, fullPage: true });
    };

    await t.step(`[e2e] admin claims es: approve a claim on the board (${at})`, async () => {
      const email = `familia.${viewport.width}@example.com`;
      const claimed = await context.request.post("/api/teams/demo/claims", {
        data: { mode: "jersey", jerseyNumber: viewport.width === 1280 ? 4 : 9, email, note: "Es mi hija" },
        headers: { origin: base },
      });
      assert.equal(claimed.status(), 201, await claimed.text());

      await page.goto(`/admin/${teamId}/claims`);
      assert.equal(await page.locator("html").getAttribute("lang"), "es");
      const pending = page.locator("section", { has: page.locator("#pending-claims-heading") });
      const processed = page.locator("section", { has: page.locator("#processed-claims-heading") });
      await page.getByRole("heading", { name: "Solicitudes pendientes", exact: true }).waitFor();
      await page.getByRole("heading", { name: "Solicitudes resueltas", exact: true }).waitFor();
      await page.getByRole("link", { name: "Exportar solicitudes" }).waitFor();
      await check("claims");
      // On a phone each row is a card whose row header is labelled in Spanish too.
      const rowLabel = await pending.locator("tbody th").first().evaluate((th) =>
        getComputedStyle(th, "::before").content
      );
      if (viewport.width < 800) assert.equal(rowLabel, '"Padre o madre"');

      await pending.getByRole("button", { name: `Aprobar la solicitud de ${email}` }).click();
      await hydrated(page, "ClaimsBoard");
      const toast = toastWith(page, "Solicitud aprobada");
      await toast.waitFor();
      assert.ok(
        (await toast.innerText()).includes("Le enviamos a la familia un enlace seguro"),
        "the server's answer comes in Spanish",
      );
      await pending.locator("tr", { hasText: email }).waitFor({ state: "detached" });
      const row = processed.locator("tr", { hasText: email });
      await row.waitFor();
      assert.equal((await row.locator(".status").innerText()).trim(), "Aprobada");
      await check("claims-approved");
      await problems.assertNone(`the claims board in Spanish at ${at}`);
    });

    await t.step(`[e2e] admin access es: the page and a member's removal confirmation (${at})`, async () => {
      await page.goto(`/admin/${teamId}/access`);
      assert.equal(await page.locator("html").getAttribute("lang"), "es");
      await page.getByRole("heading", { name: "Usuario y contraseña del equipo" }).waitFor();
      await page.getByRole("heading", { name: "Administradores del equipo" }).waitFor();
      await page.getByRole("heading", { name: "Padres y jugadores" }).waitFor();
      await page.getByLabel("Invitar a un coadministrador por correo electrónico").waitFor();
      await page.getByRole("button", { name: "Guardar acceso" }).waitFor();
      await check("access");

      // The form refused without JavaScript: its field errors in Spanish.
      await page.getByLabel("Usuario del equipo").fill("equipo");
      await page.getByLabel("Nueva contraseña").fill("corta");
      await page.getByRole("button", { name: "Guardar acceso" }).click();
      await page.getByText("La contraseña debe tener al menos 12 caracteres.").waitFor();
      await check("access-refused");

      const members = page.locator("section", { has: page.locator("#members-heading") });
      const remove = members.locator("summary").first();
      if (await remove.count() > 0) {
        await remove.click();
        await members.getByRole("button", { name: /^Quitar del equipo/ }).first().waitFor();
        await check("access-remove");
      }
      await problems.assertNone(`the access page in Spanish at ${at}`, REFUSED);
    });
  }
});
