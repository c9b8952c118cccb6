import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible } from "./page_checks.ts";

const ROSTER = "/admin/demo/roster";
const SETTINGS = "/admin/demo/settings";
const PUBLIC_DETAIL = "/t/demo/roster?mode=detail";
const HEADER = "firstName,lastName,jerseyNumber,position,parentEmails";

async function openRoster(page: Page, base: string) {
  const res = await page.goto(`${base}${ROSTER}`);
  assert.equal(res?.status(), 200);
  await page.locator(".roster-admin[data-hydrated]").waitFor();
}

e2eTest(
  "[e2e] admin roster and settings: add, import with preview, visibility switch, a11y",
  {},
  async ({ base, newPage, axeSource }, t) => {
    const { page, problems, context } = await newPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    await signInAsDemoAdmin(context);

    await t.step("[e2e] admin roster: add a player with the island", async () => {
      await openRoster(page, base);
      await page.getByRole("link", { name: "Add Player" }).click();
      await assertFocusedHeading(page, "Add Player");
      await page.getByLabel("First name").fill("Zara");
      await page.getByLabel("Last name").fill("Quinn");
      await page.getByLabel("Jersey number (0–99)").fill("123");
      await page.getByRole("button", { name: "Add Player" }).click();
      await page.getByText("Jersey number must be between 0 and 99").first().waitFor();
      await page.getByLabel("Jersey number (0–99)").fill("33");
      await page.getByLabel("Position").fill("Winger");
      await page.getByRole("button", { name: "Add Player" }).click();
      await page.getByRole("status").filter({ hasText: "Player added" }).waitFor();
      await page.getByRole("rowheader", { name: "Zara Quinn" }).waitFor();
      assert.equal(page.url(), `${base}${ROSTER}`, "no page load: the island did it");

      // Live search without a page load.
      await page.getByLabel("Search by name or jersey number").fill("33");
      assert.deepEqual(await page.locator(".roster-admin__table tbody th").allTextContents(), ["Zara Quinn"]);
      await page.getByLabel("Search by name or jersey number").fill("");
      // The refused jersey number is a 400 the browser logs; it is expected here.
      await problems.assertNone("roster (add)", [/status of 400 \(Bad Request\).*\/players:/]);

      await page.goto(`${base}${PUBLIC_DETAIL}`);
      await page.getByText("Zara Q.").first().waitFor();
      await problems.assertNone("public roster after add");
    });

    await t.step("[e2e] admin roster: import shows errors first, then imports the fixed file", async () => {
      await openRoster(page, base);
      await page.getByRole("link", { name: "Import CSV" }).click();
      const csv = page.getByLabel("Or paste the CSV");
      await csv.fill(`${HEADER}\nOmar,Haddad,40,Defender,omar.parent@example.com\nIvy,,41,,\n`);
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByText("1 row ready to import, 1 with errors.").waitFor();
      await page.getByRole("cell", { name: "Last name is required" }).waitFor();
      assert.equal(await page.getByRole("button", { name: "Import", exact: true }).isDisabled(), true);

      await csv.fill(`${HEADER}\nOmar,Haddad,40,Defender,omar.parent@example.com\nIvy,Chen,41,,\n`);
      assert.equal(
        await page.getByRole("button", { name: "Import", exact: true }).count(),
        0,
        "an edit drops the preview",
      );
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByText("2 rows ready to import, 0 with errors.").waitFor();
      const importButton = page.getByRole("button", { name: "Import", exact: true });
      assert.equal(await importButton.isEnabled(), true);
      await importButton.click();
      await page.getByRole("status").filter({ hasText: "2 players imported" }).waitFor();
      await page.getByRole("rowheader", { name: "Omar Haddad" }).waitFor();
      await page.getByRole("rowheader", { name: "Ivy Chen" }).waitFor();
      await problems.assertNone("roster (import)");
    });

    await t.step("[e2e] admin settings: 'Show last names' changes the public roster", async () => {
      const res = await page.goto(`${base}${SETTINGS}`);
      assert.equal(res?.status(), 200);
      const copy = page.getByRole("button", { name: "Copy" });
      await copy.waitFor(); // shown once the island is live
      await copy.click();
      await page.getByText("Copied!").waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(copied, `${base}/t/demo/roster`);

      const lastNames = page.getByLabel("Show last names");
      assert.equal(await lastNames.isChecked(), false);
      await lastNames.check();
      await page.getByRole("button", { name: "Save Settings" }).click();
      await page.getByText("Settings saved").waitFor();
      await problems.assertNone("settings (save)");

      await page.goto(`${base}${PUBLIC_DETAIL}`);
      await page.getByText("Zara Quinn").first().waitFor();
      await problems.assertNone("public roster after the switch");
    });

    await t.step("[e2e] admin pages: axe finds no serious or critical violations", async () => {
      const axe = await axeSource();
      // The scan injects a script: its own context bypasses the CSP the other pages were checked under.
      const { page: scanPage, context: scanContext } = await newPage({ bypassCSP: true });
      await signInAsDemoAdmin(scanContext);
      for (const path of [ROSTER, `${ROSTER}?add=1`, `${ROSTER}?import=1`, `${ROSTER}/print`, SETTINGS]) {
        const res = await scanPage.goto(`${base}${path}`);
        assert.equal(res?.status(), 200, path);
        await assertAccessible(scanPage, axe, path);
      }
      await scanContext.close();
    });
  },
);

async function assertFocusedHeading(page: Page, text: string) {
  await page.waitForFunction((t) => document.activeElement?.textContent === t, text);
}
