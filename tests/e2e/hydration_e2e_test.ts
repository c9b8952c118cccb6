import assert from "node:assert/strict";
import type { Page, Route } from "playwright-core";
import { e2eTest } from "./harness.ts";

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

/**
 * Whether the boot module has started an island: starting marks the island `aria-busy` at once,
 * and only a loaded bundle (which leaves a resource timing entry) clears the mark.
 */
const islandStarted = (page: Page) =>
  page.evaluate(() =>
    document.querySelector("[data-island][aria-busy]") !== null ||
    performance.getEntriesByType("resource").some((e) => e.name.includes("/build/island-"))
  );

/**
 * Resolves once the browser has told a new IntersectionObserver whether what the claim island
 * renders is on screen, with that answer. The boot module watches the same element with an
 * observer made while the page loaded; observers are told in the order they were made, so the
 * boot module has had its answer (and acted on it) by then.
 */
const claimIslandOnScreen = (page: Page) =>
  page.evaluate(() =>
    new Promise<boolean>((resolve) => {
      const observer = new IntersectionObserver((entries) => {
        observer.disconnect();
        resolve(entries[0].isIntersecting);
      });
      observer.observe(document.querySelector('[data-island="ClaimDialog"] > *')!);
    })
  );

e2eTest(
  "[e2e] islands: hydration on load, when visible, and on interaction",
  {},
  async ({ server, newContext, newPage }, t) => {
    // bypassCSP only so the 'visible' case can add an inline style that moves the bar off-screen.
    const context = await newContext({ bypassCSP: true });
    const url = `${server.url}/t/demo/roster?mode=detail`;

    await t.step("load: the island bundle arrives without any interaction and the dialog opens", async () => {
      const { page, problems, islandsRequested } = await newPage({ context });
      await page.route(url, withStrategy("load"));
      await page.goto(url);
      await page.waitForFunction(() => !document.querySelector("[data-island][aria-busy]"));
      assert.equal(await islandLoaded(page), true);
      assert.deepEqual(islandsRequested(), ["ClaimDialog"]);
      await page.getByRole("link", { name: "Claim or update this player" }).click();
      await page.getByRole("dialog", { name: "Claim Player" }).waitFor();
      await problems.assertNone("hydrate on load");
      await page.close();
    });

    await t.step("visible: nothing loads while the island is below the fold; scrolling loads it", async () => {
      const { page, problems, islandsRequested } = await newPage({ context });
      await page.setViewportSize({ width: 800, height: 500 });
      await page.route(url, withStrategy("visible", "<style>.claim-bar{position:static}</style>"));
      await page.goto(url);
      // The boot module has run (the load event follows module scripts) and its observer has been
      // told the island is off-screen: had it started the island, the mark or the bundle would show.
      assert.equal(await claimIslandOnScreen(page), false, "the claim bar is below the fold");
      assert.equal(await islandStarted(page), false, "below the fold: not started");
      await page.waitForLoadState("networkidle");
      assert.deepEqual(islandsRequested(), [], "below the fold: no island bundle requested");
      assert.equal(await islandLoaded(page), false, "below the fold: not loaded");
      await page.getByRole("link", { name: "Claim or update this player" }).scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        performance.getEntriesByType("resource").some((e) => e.name.includes("/build/island-"))
      );
      await page.waitForFunction(() => !document.querySelector("[data-island][aria-busy]"));
      assert.deepEqual(islandsRequested(), ["ClaimDialog"]);
      await page.getByRole("link", { name: "Claim or update this player" }).click();
      await page.getByRole("dialog", { name: "Claim Player" }).waitFor();
      await problems.assertNone("hydrate when visible");
      await page.close();
    });

    await t.step("interaction: nothing loads until the first click, which opens the dialog", async () => {
      const { page, problems, islandsRequested } = await newPage({ context });
      await page.goto(url);
      // The boot module ran before the load event; with this strategy it only listens for a click.
      assert.equal(await islandStarted(page), false, "before the click: not started");
      await page.waitForLoadState("networkidle");
      assert.deepEqual(islandsRequested(), [], "before the click: no island bundle requested");
      assert.equal(await islandLoaded(page), false);
      await page.getByRole("link", { name: "Claim or update this player" }).click();
      await page.getByRole("dialog", { name: "Claim Player" }).waitFor();
      assert.equal(await islandLoaded(page), true);
      assert.deepEqual(islandsRequested(), ["ClaimDialog"]);
      await problems.assertNone("hydrate on interaction");
      await page.close();
    });
  },
);
