/** Checks the end-to-end tests share: axe-core scans, hydration, toasts. */
import assert from "node:assert/strict";
import type axe from "axe-core";
import type { Page, Route } from "playwright-core";
import type { IslandName } from "../../islands/mod.ts";
import { PROJECT_ROOT } from "./server.ts";

/** axe-core's browser build, read from the installed package. */
export async function readAxeSource(): Promise<string> {
  const candidates = [
    new URL("./axe.min.js", import.meta.resolve("axe-core")),
    new URL(`file://${PROJECT_ROOT}/node_modules/axe-core/axe.min.js`),
  ];
  for (const url of candidates) {
    try {
      return await Deno.readTextFile(url);
    } catch {
      // Try the next place.
    }
  }
  throw new Error("axe-core is not installed: run `deno install` (it is in deno.json's imports).");
}

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

function describe(violations: axe.Result[]): string {
  return violations.map((v) =>
    `- ${v.id} (${v.impact}): ${v.help}\n  ${v.helpUrl}\n` +
    v.nodes.map((n) => `    at ${JSON.stringify(n.target)}: ${n.failureSummary?.replace(/\n/g, " | ")}`)
      .join("\n")
  ).join("\n");
}

/**
 * Runs axe on the page as it is now; fails on serious or critical violations. The page's
 * context must bypass CSP (the scan is an inline script without the page's nonce).
 */
export async function assertAccessible(page: Page, axeSource: string, where: string): Promise<void> {
  await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(async () => {
    const axeGlobal = (globalThis as unknown as { axe: typeof axe }).axe;
    return await axeGlobal.run(document);
  });
  const blocking = results.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ""));
  assert.equal(
    blocking.length,
    0,
    `axe found serious or critical violations on ${where} (${page.url()}):\n${describe(blocking)}`,
  );
}

/**
 * Waits until an island's bundle has loaded and React owns its markup. Reads the page's resource
 * timing, so not under an installed Playwright clock (its `performance` lists no entries).
 */
export async function hydrated(page: Page, island: IslandName): Promise<void> {
  await page.waitForFunction(
    (name) =>
      performance.getEntriesByType("resource").some((e) => e.name.includes(`/build/island-${name}-`)) &&
      !document.querySelector("[data-island][aria-busy]"),
    island,
  );
}

export const toastWith = (page: Page, title: string) => page.locator(".toast").filter({ hasText: title });

const TEAM_LOGIN = /\/team-login\?/;

/**
 * A 401's way out (lib/client/signed_out.ts): SPEC.md's toast, then the team login 0.5 s later.
 * The login's request is held until the toast has been seen: on a loaded machine the toast can
 * render so late that the page would be gone before the check saw it.
 */
export async function signedOutToLogin(
  page: Page,
  act: () => Promise<unknown>,
  login: RegExp | ((url: URL) => boolean),
): Promise<void> {
  let release!: () => void;
  const toastSeen = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await toastSeen;
    await route.continue();
  };
  await page.route(TEAM_LOGIN, hold);
  try {
    await act();
    await toastWith(page, "Unauthorized - You are logged out. Logging in again...").waitFor();
  } finally {
    release();
  }
  await page.waitForURL(login);
  await page.unroute(TEAM_LOGIN, hold);
}

/**
 * Text wider than its box (for the Spanish screens, whose words run about a quarter longer): each
 * visible element `selectors` names whose content is cut or spills, described for the failure.
 */
export async function overflowingText(page: Page, selectors: string): Promise<string[]> {
  return await page.evaluate((selectors) =>
    [...document.querySelectorAll<HTMLElement>(selectors)]
      .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .map((el) =>
        `${el.className}: "${(el.textContent ?? "").trim().slice(0, 60)}" ${el.scrollWidth} > ${el.clientWidth}`
      ), selectors);
}

/** Whether the page scrolls sideways. */
export const sidewaysScroll = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
