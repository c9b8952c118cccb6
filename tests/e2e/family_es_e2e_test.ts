/**
 * The family dashboard in Spanish, in Chromium at 1280 and 390 px (issue 24): a parent whose
 * browser is in Spanish gets the dashboard's shell, the Photo Gallery and Meet Your Soccer Family
 * in Spanish, also once the islands hydrate (their messages come with their props); axe finds
 * nothing serious, nothing scrolls sideways and no text runs out of its button or card. The
 * parent opens their child's card and the Family Explorer, refuses too many photos, uploads a
 * photo with a caption and opens it in the viewer, all in Spanish. Screenshots of each step go to
 * /tmp/shots, for eyes.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible, hydrated, overflowingText, sidewaysScroll, toastWith } from "./page_checks.ts";

const VIEWPORTS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];
const SHOTS = "/tmp/shots";

/** Text wider than its box in the boxes these screens have. */
const overflowing = (page: Page) =>
  overflowingText(
    page,
    "button, .button, .card, .family-card, .family-badge, .family-toggle__button, .dialog__body, .gallery__nav",
  );

/** A small JPEG the browser draws, as bytes. */
async function drawnJpeg(page: Page, label: string): Promise<Uint8Array> {
  const dataUrl = await page.evaluate(async (label) => {
    const canvas = document.createElement("canvas");
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#0f5132";
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = "#fff";
    context.font = "64px sans-serif";
    context.fillText(label, 40, 260);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.8));
    return await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsDataURL(blob);
    });
  }, label);
  return Uint8Array.from(atob(dataUrl.split(",")[1]), (c) => c.charCodeAt(0));
}

e2eTest("[e2e] the family dashboard in Spanish at 1280 and 390 px: family, photos, upload", {}, async (e2e, t) => {
  const { newPage, newContext, axeSource } = e2e;
  const axe = await axeSource();
  await Deno.mkdir(SHOTS, { recursive: true });

  for (const viewport of VIEWPORTS) {
    const at = `${viewport.width} px`;
    // A Spanish browser; the axe scan is an injected script, so the context bypasses the page's CSP.
    const context = await newContext({ viewport, locale: "es-US", bypassCSP: true });
    const signedIn = await context.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
    assert.equal(signedIn.status(), 200, "dev auto-login");
    const { page, problems } = await newPage({ context });
    const gallery = page.locator("#photos");
    const family = page.locator("#family");

    const check = async (where: string) => {
      await assertAccessible(page, axe, `${where} at ${at}`);
      assert.equal(await sidewaysScroll(page), false, `${where}: no sideways scroll at ${at}`);
      assert.deepEqual(await overflowing(page), [], `${where}: no text out of its box at ${at}`);
      await page.screenshot({ path: `${SHOTS}/family-es-${where.replace(/\W+/g, "-")}-${viewport.width}.png` });
    };

    await t.step(`[e2e] family es: the dashboard's shell, gallery and family section (${at})`, async () => {
      await page.goto("/family-dashboard/demo");
      assert.equal(await page.locator("html").getAttribute("lang"), "es");
      assert.match(await page.title(), / · Panel familiar · GoalMates$/);
      await page.getByRole("heading", { level: 1, name: /Panel familiar/ }).waitFor();
      await gallery.getByRole("heading", { name: "Galería de fotos" }).waitFor();
      await gallery.getByRole("link", { name: "Ver todas las fotos" }).waitFor();
      await gallery.getByRole("link", { name: "Agregar fotos" }).waitFor();
      await family.getByRole("heading", { name: "Conozca a su familia futbolera" }).waitFor();
      assert.equal(await family.getByRole("button", { name: "Jugadores" }).getAttribute("aria-pressed"), "true");
      await page.screenshot({ path: `${SHOTS}/family-es-dashboard-full-${viewport.width}.png`, fullPage: true });
      await check("dashboard");
    });

    await t.step(`[e2e] family es: the child's card, its dialog and the Family Explorer (${at})`, async () => {
      // The parent's own child carries the Family badge, in Spanish.
      const own = family.locator(".family-card").filter({ has: page.locator(".family-badge--family") }).first();
      assert.match((await own.textContent())!, /Familia/);
      await own.locator("a").click();
      await hydrated(page, "FamilyExplorer");
      const dialog = page.locator("#family-dialog");
      await dialog.getByRole("link", { name: "Explorar familia" }).waitFor();
      const text = (await dialog.textContent())!;
      for (const part of ["Hijo/a", "La familia", "Camiseta", "Padres", "Quién ve a su hijo"]) {
        assert.ok(text.includes(part), `${part} in the dialog at ${at}`);
      }
      await check("member-dialog");
      await dialog.getByRole("link", { name: "Explorar familia" }).click();
      const explorer = page.locator("#family-explorer");
      await explorer.getByRole("link", { name: "Miembro siguiente" }).waitFor();
      assert.match((await explorer.locator(".family-explorer__counter").textContent())!, /^1 de \d+$/);
      await check("family-explorer");
      // Escape closes the Explorer, then the member dialog.
      await page.keyboard.press("Escape");
      await explorer.locator(".family-explorer").waitFor({ state: "detached" });
      await page.keyboard.press("Escape");
      await dialog.locator(".family-member").waitFor({ state: "detached" });
      // Parents, once the island owns the toggle.
      await family.getByRole("button", { name: "Padres" }).click();
      await family.getByRole("list", { name: "Padres" }).waitFor();
      assert.match((await family.locator(".family-card--parent").first().textContent())!, /Padre o madre de/);
    });

    await t.step(`[e2e] family es: too many photos, then one uploaded and opened in the viewer (${at})`, async () => {
      await gallery.getByRole("link", { name: "Agregar fotos" }).click();
      await hydrated(page, "PhotoUpload");
      const dialog = page.getByRole("dialog", { name: "Agregar fotos" });
      await dialog.waitFor();
      await dialog.getByText("Hasta 3 fotos a la vez").waitFor();
      const input = dialog.getByLabel("Elegir fotos");
      const bytes = await drawnJpeg(page, `Gol ${viewport.width}`);
      const jpeg = (name: string) => ({ name, mimeType: "image/jpeg", buffer: Buffer.from(bytes) });
      await input.setInputFiles([1, 2, 3, 4].map((n) => jpeg(`p${n}.jpg`)));
      await toastWith(page, "Demasiadas fotos").waitFor();
      await dialog.getByText("Elija 3 fotos como máximo a la vez.").waitFor();

      const caption = `¡Golazo a ${viewport.width} px!`;
      await input.setInputFiles([jpeg("gol.jpg")]);
      await dialog.getByLabel("Pie de la foto 1 (opcional)").fill(caption);
      await dialog.getByText(`${caption.length}/280`).waitFor();
      await check("upload-dialog");
      await dialog.getByRole("button", { name: "Subir" }).click();
      await dialog.waitFor({ state: "detached", timeout: 30_000 });
      await toastWith(page, "Foto agregada").waitFor();

      // The new photo leads the carousel; it opens in the viewer, in Spanish.
      await hydrated(page, "PhotoGallery");
      await gallery.getByRole("link", { name: caption }).click();
      const viewer = page.getByRole("dialog", { name: "Foto del equipo" });
      await viewer.waitFor();
      await viewer.getByText(caption).waitFor();
      await viewer.getByRole("link", { name: "Descargar" }).waitFor();
      await viewer.getByRole("button", { name: "Eliminar foto" }).waitFor();
      await viewer.getByRole("button", { name: "Foto siguiente" }).waitFor();
      assert.match((await viewer.locator(".gallery__count").textContent())!, /^1 de \d+\+?$/);
      await check("photo-viewer");
      await viewer.getByRole("button", { name: "Eliminar foto" }).click();
      await viewer.getByText("¿Eliminar esta foto? No se puede deshacer.").waitFor();
      await viewer.getByRole("button", { name: "Conservarla" }).click();
      await viewer.getByRole("button", { name: "Cerrar" }).click();
      await viewer.waitFor({ state: "detached" });
      assert.match((await gallery.locator(".gallery__count").textContent())!, /^1–\d+ de \d+\+?$/);
      await check("gallery-with-photo");
      await problems.assertNone(`the family dashboard in Spanish at ${at}`);
    });
  }
});
