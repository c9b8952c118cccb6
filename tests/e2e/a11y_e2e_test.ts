import assert from "node:assert/strict";
import { e2eTest } from "./harness.ts";
import { assertAccessible } from "./page_checks.ts";

e2eTest("[e2e] a11y: axe finds no serious or critical violations", {}, async ({ base, newPage, axeSource }, t) => {
  const axe = await axeSource();
  // The scan is an injected script: this context bypasses the page's CSP. The browser reports the
  // not-found pages' 404 and the refused claim form's 400 in the console; they are expected.
  const { page } = await newPage({ bypassCSP: true, allow: [/status of 404 \(Not Found\)/, /status of 400/] });

  const scan = async (path: string, expectStatus = 200) => {
    await t.step(`[e2e] a11y: ${path}`, async () => {
      const res = await page.goto(`${base}${path}`);
      assert.equal(res?.status(), expectStatus);
      await assertAccessible(page, axe, path);
    });
  };

  await scan("/");
  await scan("/about");
  await scan("/privacy");
  await scan("/contact");
  await scan("/t/demo/roster");
  await scan("/t/demo/roster?mode=detail&group=position");
  await scan("/t/demo/claim");
  await scan("/no-such-page", 404);
  await scan("/t/nope/roster", 404);

  await t.step("[e2e] a11y: roster with an open player card", async () => {
    await page.goto(`${base}/t/demo/roster`);
    await page.locator(".tile").filter({ hasText: "Maya" }).click();
    await page.waitForURL(/[?&]player=/);
    await page.getByRole("dialog", { name: "Maya R." }).waitFor();
    await assertAccessible(page, axe, "roster with the player card of Maya");
  });

  await t.step("[e2e] a11y: roster with an open player card in detail mode", async () => {
    await page.goto(`${base}/t/demo/roster?mode=detail&group=position`);
    const row = page.locator("details.player-row").filter({ hasText: "Chloe" });
    await row.locator("summary").click();
    await row.getByRole("link", { name: "View Player Card" }).click();
    await page.waitForURL(/[?&]player=/);
    await page.getByRole("dialog", { name: "Chloe A." }).waitFor();
    await assertAccessible(page, axe, "detail roster with the player card of Chloe");
  });

  await t.step("[e2e] a11y: roster with the claim dialog open", async () => {
    await page.goto(`${base}/t/demo/roster`);
    await page.getByRole("link", { name: "Claim or update this player" }).click();
    const dialog = page.getByRole("dialog", { name: "Claim Player" });
    await dialog.waitFor();
    await assertAccessible(page, axe, "roster with the claim dialog");
    // And with the surname tab and the field errors showing.
    await dialog.getByRole("tab", { name: "By Child Surname" }).click();
    await dialog.getByRole("button", { name: "Submit Claim" }).click();
    await dialog.getByText("Please enter a valid email address").waitFor();
    await assertAccessible(page, axe, "claim dialog with errors");
  });

  await t.step("[e2e] a11y: claim form page with errors", async () => {
    await page.goto(`${base}/t/demo/claim`);
    await page.getByLabel("Your Email", { exact: true }).fill("not-an-email");
    await page.getByRole("button", { name: "Submit Claim" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await assertAccessible(page, axe, "claim form page with errors");
  });
});
