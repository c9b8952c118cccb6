/**
 * The public roster in Spanish, in Chromium at 1280 and 390 px (issue 24): a browser whose
 * language is Spanish gets the roster, its detail view, the player card, the claim dialog and the
 * claim form page in Spanish; axe finds nothing serious; nothing scrolls sideways and no text
 * runs out of its button or card; a parent makes a claim in Spanish and reads the dialog's checks,
 * the server's refusal and its confirmation in Spanish; a parent's 'Change photo' and the player
 * photo dialog (their words come to the family dashboard's islands as props) are Spanish too.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Locator, Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible, hydrated, overflowingText, sidewaysScroll } from "./page_checks.ts";

const ROSTER = "/t/demo/roster";
const VIEWPORTS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];
/** Where a person can see what each step looked like (not compared: they are for eyes). */
const SHOTS = "/tmp/shots";

/** Text wider than its box in the boxes these screens have. */
const overflowing = (page: Page) =>
  overflowingText(
    page,
    "button, .button, .tabs__tab, .segmented__option, .tile, .badge, .card, .dialog__body, .player-row, .claim-bar",
  );

/** axe, no sideways scroll, no text out of its box; and a screenshot to look at. */
async function checkPage(page: Page, axe: string, where: string, viewport: { width: number }) {
  const at = `${viewport.width} px`;
  await assertAccessible(page, axe, `${where} at ${at}`);
  assert.equal(await sidewaysScroll(page), false, `${where}: no sideways scroll at ${at}`);
  assert.deepEqual(await overflowing(page), [], `${where}: no text out of its box at ${at}`);
  await page.screenshot({ path: `${SHOTS}/roster-es-${where.replace(/\W+/g, "-")}-${viewport.width}.png` });
}

e2eTest("[e2e] roster in Spanish: pages, player card and claim dialog at 1280 and 390 px", {}, async (e2e, t) => {
  const { base, newPage, axeSource } = e2e;
  const axe = await axeSource();
  await Deno.mkdir(SHOTS, { recursive: true });

  for (const viewport of VIEWPORTS) {
    const at = `${viewport.width} px`;
    // A Spanish browser (Accept-Language and navigator.language); the scan is an injected script,
    // so the context bypasses the page's CSP. The refused claims answer 400 and 409.
    const { page, problems } = await newPage({
      viewport,
      locale: "es-US",
      bypassCSP: true,
      allow: [/status of 409 \(Conflict\)/, /status of 400/],
    });

    const check = (where: string) => checkPage(page, axe, where, viewport);

    await t.step(`[e2e] roster es: the roster, game and detail views (${at})`, async () => {
      await page.goto(`${base}${ROSTER}`);
      assert.equal(await page.locator("html").getAttribute("lang"), "es");
      assert.equal((await page.locator(".badge").textContent())?.trim(), "14 jugadores");
      await page.getByRole("navigation", { name: "Vista de la plantilla" }).getByRole("link", { name: "Partido" })
        .waitFor();
      await page.getByRole("link", { name: "Solicitar o actualizar jugador" }).waitFor();
      await check("roster");

      await page.goto(`${base}${ROSTER}?mode=detail&group=position`);
      await page.getByRole("combobox", { name: "Ordenar jugadores" }).waitFor();
      await page.getByRole("heading", { name: "Sin posición (1)" }).waitFor();
      const row = page.locator("details.player-row").filter({ hasText: "Lucas" });
      await row.locator("summary").click();
      await row.getByText("Datos del jugador:", { exact: true }).waitFor();
      await row.getByText("Camiseta #10 · Midfielder").waitFor();
      await check("detail");

      await row.getByRole("link", { name: "Ver ficha del jugador" }).click();
      await page.waitForURL(/[?&]player=/);
      const card = page.getByRole("dialog", { name: "Lucas" });
      await card.waitFor();
      assert.match(await card.innerText(), /Camiseta\s+#10/);
      await card.getByRole("link", { name: "Cerrar" }).waitFor();
      await check("player-card");
      await problems.assertNone(`roster in Spanish at ${at}`);
    });

    await t.step(`[e2e] roster es: the claim dialog checks, refuses and confirms in Spanish (${at})`, async () => {
      await page.goto(`${base}${ROSTER}`);
      await page.getByRole("link", { name: "Solicitar o actualizar jugador" }).click();
      const dialog = page.getByRole("dialog", { name: "Solicitar jugador" });
      await dialog.waitFor();
      await hydrated(page, "ClaimDialog");
      await dialog.getByRole("tab", { name: "Por número de camiseta" }).waitFor();
      await dialog.getByRole("heading", { name: "Cómo funciona" }).waitFor();
      await check("claim-dialog");

      const submit = dialog.getByRole("button", { name: "Enviar solicitud" });
      const jersey: Locator = dialog.getByLabel("Número de camiseta", { exact: true });
      const email = dialog.getByLabel("Su correo electrónico", { exact: true });
      // The rules run in the browser, in Spanish.
      await submit.click();
      await dialog.getByText("Ingrese un correo electrónico válido").waitFor();
      await jersey.fill("100");
      await submit.click();
      await dialog.getByText("El número de camiseta debe estar entre 0 y 99").waitFor();
      await check("claim-dialog-errors");

      // The roster's hint names the player in Spanish; the claim is made.
      const address = `familia.${viewport.width}@example.com`;
      await jersey.fill("7");
      await dialog.getByText("Solicitud para #7 Maya R.").waitFor();
      await email.fill(address);
      await submit.click();
      const toast = page.locator("#toast-region").getByRole("status");
      await toast.waitFor();
      assert.match(await toast.innerText(), /Solicitud enviada\s+Su solicitud se envió correctamente\./);
      await dialog.waitFor({ state: "hidden" });

      // The same claim again: the server's refusal, in Spanish, inside the dialog.
      await page.getByRole("link", { name: "Solicitar o actualizar jugador" }).click();
      await dialog.waitFor();
      await jersey.fill("7");
      await email.fill(address);
      await submit.click();
      const alert = dialog.getByRole("alert");
      await alert.waitFor();
      assert.match(await alert.innerText(), /Error\s+Ya tiene una solicitud pendiente para este jugador\./);
      await check("claim-dialog-refused");

      // The surname tab, in Spanish.
      await dialog.getByRole("tab", { name: "Por apellido" }).click();
      await dialog.getByLabel("Apellido del jugador", { exact: true }).waitFor();
      await problems.assertNone(`claim dialog in Spanish at ${at}`, [/status of 409 \(Conflict\)/]);
    });

    await t.step(`[e2e] roster es: the claim form page without the dialog (${at})`, async () => {
      await page.goto(`${base}/t/demo/claim?jersey=7`);
      assert.equal(await page.locator("html").getAttribute("lang"), "es");
      await page.getByRole("heading", { name: /^Solicitar un jugador de / }).waitFor();
      await page.getByRole("button", { name: "Enviar solicitud" }).click();
      await page.getByText("Ingrese un correo electrónico válido").waitFor();
      await check("claim-form");
    });
  }

  await t.step(
    "[e2e] roster es: a parent's photo buttons and the player photo dialog in Spanish (390 px)",
    async () => {
      const viewport = VIEWPORTS[1];
      const context = await e2e.newContext({ viewport, locale: "es-US", bypassCSP: true });
      const signedIn = await context.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
      assert.equal(signedIn.status(), 200, await signedIn.text());
      const { page, problems } = await newPage({ context });
      const team = await (await context.request.get("/api/teams/by-slug/demo")).json();
      await page.goto(`${base}/family-dashboard/${team.id}`);
      assert.equal(await page.locator("html").getAttribute("lang"), "es");
      // The parent's own child: the card whose photo they may change (the FamilyExplorer island's props).
      const child = await page.evaluate(() => {
        const island = document.querySelector<HTMLElement>('[data-island="FamilyExplorer"]')!;
        const props = JSON.parse(document.getElementById(island.dataset.props!)!.textContent!);
        const cards = props.family.players as {
          id: string;
          firstName: string;
          lastName: string;
          canChangePhoto: boolean;
        }[];
        const own = cards.find((c) => c.canChangePhoto)!;
        return { id: own.id, firstName: own.firstName, name: `${own.firstName} ${own.lastName}` };
      });
      await page.locator(`#family-card-player-${child.id}`).click();
      const member = page.getByRole("dialog", { name: child.name });
      await member.waitFor();
      await member.getByText(`Mostrar la foto de ${child.firstName} en la plantilla pública`).waitFor();
      await member.getByRole("button", { name: `Cambiar foto de ${child.name}` }).click();

      const dialog = page.getByRole("dialog", { name: `Foto de ${child.name}` });
      await dialog.waitFor();
      await dialog.getByText("Una imagen, de hasta 10 MB.").waitFor();
      await checkPage(page, axe, "photo-dialog", viewport);
      // The upload code's SPEC.md text, shown in Spanish.
      await dialog.getByLabel("Elija una foto").setInputFiles({
        name: "notas.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("hola"),
      });
      await dialog.locator(".field__error", { hasText: "Tipo de archivo no válido" }).waitFor();
      assert.equal(await dialog.getByRole("button", { name: "Guardar foto" }).isDisabled(), true);
      await dialog.getByRole("button", { name: "Cancelar" }).click();
      await dialog.waitFor({ state: "hidden" });
      await problems.assertNone("the player photo dialog in Spanish");
    },
  );
});
