import assert from "node:assert/strict";
import type { Browser, Page, Route } from "playwright-core";
import { launchBrowser, recordCspViolations, startServer, type TestServer, watchPage } from "./server.ts";

/** Serves the real roster page with the claim island's hydration strategy swapped. */
function withStrategy(strategy: string, extraHead = "") {
  return async (route: Route) => {
    const res = await route.fetch();
    const html = (await res.text())
      .replace('data-hydrate="interaction"', `data-hydrate="${strategy}"`)
      .replace("</head>", `${extraHead}</head>`);
    await route.fulfill({ response: res, body: html });
  };
}

const islandLoaded = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType("resource").some((e) => e.name.includes("/build/island-")));

Deno.test("[e2e] islands: hydration on load, when visible, and on interaction", async (t) => {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer();
    browser = await launchBrowser();
    // bypassCSP only so the 'visible' case can add an inline style that moves the bar off-screen.
    const context = await browser.newContext({ bypassCSP: true });
    context.setDefaultTimeout(10_000);
    await recordCspViolations(context);
    const url = `${server.url}/t/demo/roster?mode=detail`;

    await t.step("load: the island bundle arrives without any interaction and the dialog opens", async () => {
      const page = await context.newPage();
      const problems = watchPage(page);
      await page.route(url, withStrategy("load"));
      await page.goto(url);
      await page.waitForFunction(() => !document.querySelector("[data-island][aria-busy]"));
      assert.equal(await islandLoaded(page), true);
      await page.getByRole("link", { name: "Claim or update this player" }).click();
      await page.getByRole("dialog", { name: "Claim Player" }).waitFor();
      await problems.assertNone("hydrate on load");
      await page.close();
    });

    await t.step("visible: nothing loads while the island is below the fold; scrolling loads it", async () => {
      const page = await context.newPage();
      const problems = watchPage(page);
      await page.setViewportSize({ width: 800, height: 500 });
      await page.route(url, withStrategy("visible", "<style>.claim-bar{position:static}</style>"));
      await page.goto(url);
      await page.waitForTimeout(300);
      assert.equal(await islandLoaded(page), false, "below the fold: not loaded yet");
      await page.getByRole("link", { name: "Claim or update this player" }).scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        performance.getEntriesByType("resource").some((e) => e.name.includes("/build/island-"))
      );
      await page.waitForFunction(() => !document.querySelector("[data-island][aria-busy]"));
      await page.getByRole("link", { name: "Claim or update this player" }).click();
      await page.getByRole("dialog", { name: "Claim Player" }).waitFor();
      await problems.assertNone("hydrate when visible");
      await page.close();
    });

    await t.step("interaction: nothing loads until the first click, which opens the dialog", async () => {
      const page = await context.newPage();
      const problems = watchPage(page);
      await page.goto(url);
      await page.waitForTimeout(300);
      assert.equal(await islandLoaded(page), false);
      await page.getByRole("link", { name: "Claim or update this player" }).click();
      await page.getByRole("dialog", { name: "Claim Player" }).waitFor();
      assert.equal(await islandLoaded(page), true);
      await problems.assertNone("hydrate on interaction");
      await page.close();
    });
  } finally {
    await browser?.close();
    await server?.stop();
  }
});
