/**
 * The team admin's Campaigns page and the dashboard's Team Calendar card in Spanish, in Chromium
 * (issue 24): at 1280 and 390 px axe finds nothing serious, nothing scrolls sideways and no
 * Spanish text runs out of its button or card; the coach creates a poll in Spanish, and the card
 * refuses a link, connects a feed and syncs it, each with its Spanish toast.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible, hydrated, overflowingText, sidewaysScroll, toastWith } from "./page_checks.ts";
import { startFeedServer } from "../calendar_feed_server.ts";

const VIEWPORTS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];
/** Screenshots to look at (not compared). */
const SHOTS = "/tmp/shots";
/** Connecting reads the feed first (a fetch and a parse on a worker): slower than a plain call. */
const SYNC_WAIT_MS = 20_000;

async function signInInSpanish(context: BrowserContext, base: string) {
  await context.addCookies([{ name: "gm_lang", value: "es", url: base }]);
  const res = await context.request.post("/api/dev/auto-login", { data: { email: "coach@example.com" } });
  assert.equal(res.status(), 200, "dev auto-login");
}

/** axe, no sideways scroll, no text out of its box in `scope`; and a screenshot. */
async function checkScreen(page: Page, axe: string, scope: string, where: string) {
  assert.equal(await page.locator("html").getAttribute("lang"), "es");
  await assertAccessible(page, axe, where);
  assert.equal(await sidewaysScroll(page), false, `${where}: no sideways scroll`);
  const boxes = ["", " button", " .button", " .card", " .campaign-admin", " .badge", " .status", " .calendar-badge"]
    .map((part) => `${scope}${part}`).join(", ");
  assert.deepEqual(await overflowingText(page, boxes), [], `${where}: no text out of its box`);
  await page.screenshot({ path: `${SHOTS}/admin-campaigns-es-${where.replace(/\W+/g, "-")}.png`, fullPage: true });
}

e2eTest(
  "[admin campaigns es e2e] the Campaigns page and the Team Calendar card in Spanish at 1280 and 390 px",
  { env: { CALENDAR_ALLOW_PRIVATE_HOSTS: "1" } },
  async ({ base, newContext, newPage, axeSource }, t) => {
    const axe = await axeSource();
    await Deno.mkdir(SHOTS, { recursive: true });
    const context = await newContext({ viewport: VIEWPORTS[0], locale: "es-US", bypassCSP: true });
    await signInInSpanish(context, base);
    const teamId = (await (await context.request.get("/api/teams/demo/roster")).json()).team.id as string;
    // The refused link answers 400: the browser reports it.
    const { page } = await newPage({ context, allow: [/status of 400/] });

    await t.step("the coach creates a poll in Spanish, then sees its status and tally in Spanish", async () => {
      await page.goto(`/teams/${teamId}/campaigns`);
      await page.getByRole("heading", { name: "Nueva campaña" }).waitFor();
      assert.equal(await page.getByLabel("Texto de la pregunta").isVisible(), false, "a poll by default");
      await page.getByRole("radio", { name: "Pregunta" }).check();
      assert.equal(await page.getByLabel("Pregunta de la encuesta").isVisible(), false);
      await page.getByRole("radio", { name: "Encuesta" }).check();
      await page.getByLabel("Título").fill("Merienda e2e");
      await page.getByLabel("Pregunta de la encuesta").fill("¿Naranjas o manzanas después del partido?");
      await page.getByLabel("Opción 1").fill("Naranjas");
      await page.getByRole("button", { name: "Crear campaña" }).click();
      // Option 2 left blank: refused in Spanish, what was typed kept.
      await page.getByRole("alert").filter({ hasText: "Las dos opciones de la encuesta son obligatorias" }).waitFor();
      assert.equal(await page.getByLabel("Opción 1").inputValue(), "Naranjas");
      await page.getByLabel("Opción 2").fill("Manzanas");
      await page.getByRole("button", { name: "Crear campaña" }).click();
      await page.waitForURL(`${base}/teams/${teamId}/campaigns?done=created`);
      assert.match((await page.getByRole("status").first().textContent())!, /Campaña creada/);
      const item = page.locator(".campaign-admin").filter({ hasText: "Merienda e2e" });
      assert.equal(await item.locator(".campaign-status").textContent(), "Publicada");
      assert.match((await item.locator(".campaign-tally").textContent())!, /Naranjas0 votos \(0%\)/);
      assert.ok(await item.getByRole("button", { name: "Desactivar Merienda e2e" }).isVisible());
    });

    for (const viewport of VIEWPORTS) {
      await t.step(`the Campaigns page at ${viewport.width} px: axe clean, nothing overflows`, async () => {
        await page.setViewportSize(viewport);
        await page.goto(`/teams/${teamId}/campaigns`);
        await page.getByRole("heading", { name: "Campañas del equipo" }).waitFor();
        await checkScreen(page, axe, ".campaigns-admin", `campaigns ${viewport.width}`);
      });
    }

    await using feed = startFeedServer({ "/team.ics": { body: feedText() } });
    const card = page.locator("#team-calendar");

    await t.step("the card refuses a link in Spanish: the toast and the error at the field", async () => {
      await page.setViewportSize(VIEWPORTS[0]);
      await page.goto(`/teams/${teamId}`);
      await card.getByRole("heading", { name: "Calendario del equipo" }).waitFor();
      // The card wakes when it is first used.
      await page.getByLabel("URL del calendario").focus();
      await hydrated(page, "TeamCalendarCard");
      await page.getByLabel("URL del calendario").fill("ftp://example.com/team.ics");
      await card.getByRole("button", { name: "Agregar calendario" }).click();
      await toastWith(page, "Error al agregar el calendario")
        .filter({ hasText: "Escriba un enlace de calendario que empiece con https:// o webcal://" }).waitFor();
      assert.equal(
        await page.locator("#calendar-url-error").textContent(),
        "Escriba un enlace de calendario que empiece con https:// o webcal://",
      );
      await checkScreen(page, axe, "#team-calendar", "calendar refused 1280");
    });

    await t.step("the card connects a feed and syncs it, in Spanish", async () => {
      await page.getByLabel("URL del calendario").fill(feed.url("/team.ics"));
      await card.getByRole("button", { name: "Agregar calendario" }).click();
      await toastWith(page, "Calendario agregado").waitFor({ timeout: SYNC_WAIT_MS });
      await card.getByRole("button", { name: "Calendario conectado" }).waitFor();
      assert.equal(await card.locator(".calendar-badge").textContent(), "Activo");
      const text = (await card.textContent())!;
      assert.ok(text.includes("Enlace de calendario (ICS)"), text);
      assert.ok(text.includes("Última sincronización") && /Hace (un momento|\d+ minutos?)/.test(text), text);
      await card.getByRole("button", { name: "Sincronizar" }).click();
      await toastWith(page, "Calendario sincronizado").waitFor({ timeout: SYNC_WAIT_MS });
    });

    for (const viewport of VIEWPORTS) {
      await t.step(`the connected card at ${viewport.width} px: axe clean, nothing overflows`, async () => {
        await page.setViewportSize(viewport);
        await page.goto(`/teams/${teamId}`);
        await card.getByRole("button", { name: "Quitar" }).waitFor();
        await checkScreen(page, axe, "#team-calendar", `calendar connected ${viewport.width}`);
      });
    }

    await t.step("a failed sync: the red card's reason and Reintentar in Spanish", async () => {
      feed.set("/team.ics", { body: "gone", status: 503 });
      // The card wakes on this click and replays it.
      await card.getByRole("button", { name: "Sincronizar" }).click();
      await toastWith(page, "Error al sincronizar el calendario")
        .filter({ hasText: "El servidor del calendario respondió 503" }).waitFor({ timeout: SYNC_WAIT_MS });
      const text = (await card.textContent())!;
      assert.ok(text.includes("No se pudo actualizar el calendario"), text);
      assert.ok(text.includes("Error de sincronización:") && text.includes("respondió 503"), text);
      await card.getByRole("button", { name: "Reintentar" }).waitFor();
      await checkScreen(page, axe, "#team-calendar", "calendar failed 390");
      page.once("dialog", (dialog) => {
        assert.match(dialog.message(), /¿Quitar este calendario\?/);
        void dialog.accept();
      });
      await card.getByRole("button", { name: "Quitar" }).click();
      await toastWith(page, "Calendario quitado").waitFor();
    });
  },
);

/** A small feed: one game a day from tomorrow. */
function feedText(): string {
  const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//GoalMates tests//EN"];
  for (let day = 1; day <= 3; day++) {
    const start = new Date(Date.now() + day * 86_400_000);
    lines.push(
      "BEGIN:VEVENT",
      `UID:game-${day}@test`,
      `DTSTAMP:${stamp(start)}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(new Date(start.getTime() + 3_600_000))}`,
      `SUMMARY:Partido ${day}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.join("\r\n") + "\r\n";
}
