/**
 * The family dashboard's Team Feed, Essentials, Upcoming Events and Campaigns in Spanish, in
 * Chromium (issue 24): at 1280 and 390 px the sections read in Spanish, axe finds nothing
 * serious, nothing scrolls sideways and no Spanish text overflows its button or card; a parent
 * posts news, is refused in Spanish, adds an essential and votes, all in Spanish.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible, hydrated, toastWith } from "./page_checks.ts";

const VIEWPORTS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];
const SECTIONS = ["#feed", "#essentials", "#events", "#campaigns"];

async function signInInSpanish(context: BrowserContext, base: string) {
  await context.addCookies([{ name: "gm_lang", value: "es", url: base }]);
  const res = await context.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
  assert.equal(res.status(), 200, "dev auto-login");
}

/** No sideways scroll, and no button, link-button or card of these sections whose text is wider than it. */
async function assertFits(page: Page, where: string) {
  assert.ok(
    await page.evaluate(() => document.scrollingElement!.scrollWidth <= globalThis.innerWidth),
    `no sideways scroll: ${where}`,
  );
  const overflowing = await page.evaluate((sections) => {
    const selector = sections.flatMap((s) => [
      `${s}`,
      `${s} button`,
      `${s} .button`,
      `${s} .feed-post`,
      `${s} .essential`,
      `${s} .event`,
      `${s} .campaign-card`,
      `${s} .feed-type__face`,
      `${s} .field`,
    ]).join(", ");
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: "${el.textContent?.trim().slice(0, 40)}"`);
  }, SECTIONS);
  assert.deepEqual(overflowing, [], `text overflowing its box: ${where}`);
}

e2eTest("[feed es e2e] the dashboard's feed, essentials, events and campaigns in Spanish", {}, async (e2e, t) => {
  const { base, newContext, newPage, axeSource } = e2e;
  const axe = await axeSource();

  for (const viewport of VIEWPORTS) {
    await t.step(`at ${viewport.width} px: Spanish, axe clean, nothing overflows`, async () => {
      const context = await newContext({ viewport, locale: "es-US", bypassCSP: true });
      await signInInSpanish(context, base);
      const { page } = await newPage({ context });
      await page.goto("/family-dashboard/demo");
      assert.equal(await page.locator("html").getAttribute("lang"), "es");
      await page.locator("#feed").getByRole("heading", { name: "Muro del equipo" }).waitFor();
      await page.locator("#essentials").getByRole("heading", { name: "Lo esencial" }).waitFor();
      await page.locator("#events").getByRole("heading", { name: "Próximos eventos" }).waitFor();
      await page.locator("#campaigns").getByRole("heading", { name: "Campañas" }).waitFor();
      for (const type of ["Felicitar", "Compartir noticia", "Dar un consejo"]) {
        await page.locator("#feed").getByRole("radio", { name: type }).waitFor({ state: "attached" });
      }
      await assertFits(page, `${viewport.width} px`);
      await assertAccessible(page, axe, `the dashboard in Spanish at ${viewport.width} px`);
      await context.close();
    });
  }

  const context = await newContext({ viewport: VIEWPORTS[1], locale: "es-US", bypassCSP: true });
  await signInInSpanish(context, base);
  const { page } = await newPage({ context });
  await page.goto("/family-dashboard/demo");
  const feed = page.locator("#feed");
  const news = `Partido el sábado a las 9 ${crypto.randomUUID().slice(0, 8)}`;

  await t.step("a post refused in Spanish, then news posted at the top of the feed", async () => {
    await feed.getByRole("button", { name: "Publicar" }).click();
    await hydrated(page, "FeedComposer");
    await toastWith(page, "No se pudo publicar").filter({ hasText: "Elija un tipo de publicación" }).waitFor();
    await feed.getByRole("radio", { name: /Compartir noticia/ }).check();
    await feed.getByLabel("¿Qué le gustaría compartir?").fill(news);
    await feed.getByRole("button", { name: "Publicar" }).click();
    const first = feed.locator(".feed-post").first();
    await first.filter({ hasText: news }).waitFor();
    assert.equal(await first.locator("time").textContent(), "hace un momento");
    assert.ok(await first.getByRole("img", { name: "Noticia" }).isVisible());
    assert.equal(await feed.locator(".feed-composer__count").textContent(), "0/280");
  });

  await t.step("an essential refused in Spanish, then added under its Spanish category", async () => {
    const essentials = page.locator("#essentials");
    await essentials.getByRole("button", { name: "Agregar" }).click();
    await hydrated(page, "EssentialForm");
    await essentials.getByText("La categoría es obligatoria").waitFor();
    await essentials.getByLabel("Categoría", { exact: true }).selectOption({ label: "Equipamiento" });
    await essentials.getByLabel("Subcategoría", { exact: true }).selectOption({ label: "Espinilleras" });
    await essentials.getByLabel("Nombre del artículo").fill("Espinilleras Nike");
    await essentials.getByLabel("Descripción").fill("Livianas y cómodas.");
    await essentials.getByRole("button", { name: "Agregar" }).click();
    await toastWith(page, "Recomendación agregada").waitFor();
    const item = essentials.locator(".essential").filter({ hasText: "Espinilleras Nike" });
    await item.waitFor();
    assert.equal(await item.locator(".essential__subcategory").textContent(), "Espinilleras");
    assert.ok(await item.getByRole("button", { name: "Quitar Espinilleras Nike" }).isVisible());
    const group = essentials.locator(".essentials__group").filter({ hasText: "Espinilleras Nike" });
    assert.equal(await group.locator("h3").textContent(), "Equipamiento");
  });

  await t.step("a vote in Spanish: '¡Gracias por su voto!', then the results", async () => {
    const campaigns = page.locator("#campaigns");
    const poll = campaigns.locator(".campaign-card--poll");
    // One card shows at a time: the demo's other card (a fun fact) may come first.
    if (!(await poll.isVisible())) {
      await campaigns.locator(".campaign-card:visible").getByRole("link", { name: "Siguiente" }).click();
      await poll.waitFor({ state: "visible" });
    }
    assert.ok((await poll.locator(".campaign-card__type").textContent())?.includes("Encuesta"));
    await poll.getByRole("group", { name: "Su voto" }).getByRole("button").first().click();
    await hydrated(page, "CampaignCards");
    await campaigns.getByText("¡Gracias por su voto!").first().waitFor();
    const results = campaigns.locator(".poll-results");
    await results.waitFor({ timeout: 10_000 });
    assert.match((await results.locator("h3").textContent())!, /^Resultados: /);
    await results.getByText("Su voto", { exact: true }).waitFor();
    assert.match((await results.locator(".poll-results__total").textContent())!, /votos? hasta ahora$/);
    await assertFits(page, "after the vote, 390 px");
    await assertAccessible(page, axe, "the dashboard in Spanish after posting, adding and voting");
  });
});
