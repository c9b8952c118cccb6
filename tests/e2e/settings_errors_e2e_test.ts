/**
 * Hardening §3.7 (settings): the team settings forms never show the browser's validation
 * bubbles; a refused value is shown next to its field, with aria-invalid and aria-describedby,
 * with JavaScript (the island, from the API's answer) and without (the page route's answer).
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible, hydrated, toastWith } from "./page_checks.ts";

const SHOTS = "/tmp/shots";

/** Every form on the page has `noValidate`: nothing the browser checks can block a submit. */
async function assertNoValidate(page: Page) {
  const forms = await page.locator("main form").evaluateAll((all) =>
    all.map((f) => ({ action: (f as HTMLFormElement).action, noValidate: (f as HTMLFormElement).noValidate }))
  );
  assert.equal(forms.length, 2, "the save form and the delete form");
  for (const form of forms) assert.equal(form.noValidate, true, `${form.action} has noValidate`);
}

/** The field is marked invalid and described by the message shown right after it. */
async function assertInlineError(field: Locator, message: string) {
  assert.equal(await field.getAttribute("aria-invalid"), "true");
  const errorId = await field.evaluate((el) => {
    const ids = (el.getAttribute("aria-describedby") ?? "").split(" ");
    return ids.find((id) => document.getElementById(id)?.classList.contains("field__error")) ?? "";
  });
  assert.ok(errorId, "aria-describedby names the error message");
  const error = field.page().locator(`[id="${errorId}"]`);
  assert.equal((await error.innerText()).trim(), message);
  // Next to the field: in the same .field block.
  assert.ok(
    await field.evaluate((el, id) => el.closest(".field")?.contains(document.getElementById(id)) ?? false, errorId),
    "the message is in the field's own block",
  );
}

e2eTest("[e2e] settings: no browser bubbles, inline field errors with and without JavaScript", {}, async ({
  newPage,
  axeSource,
}, t) => {
  await Deno.mkdir(SHOTS, { recursive: true });
  const axe = await axeSource();
  let teamId = "";

  await t.step("with JavaScript: an empty team name and a bad domain are shown at their fields", async () => {
    const { page, context, problems } = await newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsDemoAdmin(context);
    teamId = (await (await context.request.get("/api/teams/demo/roster")).json()).team.id;
    await page.goto(`/admin/${teamId}/settings`);
    await hydrated(page, "SettingsForm");
    await assertNoValidate(page);
    await page.getByRole("button", { name: "Copy" }).waitFor();

    const name = page.getByLabel("Team name", { exact: true });
    await name.fill("");
    // The browser would refuse this `required` field with its bubble; it must reach the server instead.
    assert.equal(await name.evaluate((el) => (el as HTMLInputElement).validity.valueMissing), true);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/${teamId}/settings`));
    await page.getByRole("button", { name: "Save Settings" }).click();
    assert.equal((await saved).status(), 400);
    await toastWith(page, "Error").waitFor();
    await page.locator("#settings-name-error").waitFor();
    await assertInlineError(name, "Team name is required");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "settings-name", "focus on the field");

    await name.fill("Riverside Rockets");
    const domains = page.getByLabel("Domains, one per line");
    await domains.fill("school.org\nnot a domain");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.locator("#settings-domain-list-error").waitFor();
    await assertInlineError(domains, "Invalid email domain: not a domain");
    assert.match(await domains.getAttribute("aria-describedby") ?? "", /settings-domain-hint/, "the hint stays");
    assert.equal(await name.getAttribute("aria-invalid"), null, "the fixed name is no longer marked");
    assert.equal(await page.locator("#settings-name-error").count(), 0);
    await page.screenshot({ path: `${SHOTS}/settings-error-1280.png`, fullPage: true });
    await assertAccessible(page, axe, "the settings page with a field error");

    await domains.fill("school.org");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await toastWith(page, "Settings saved").waitFor();
    assert.equal(await page.locator("main .field__error").count(), 0, "a good save clears the errors");
    await problems.assertNone("settings with JavaScript", [/status of 400/]);
  });

  await t.step("without JavaScript: the page route answers with the error at its field", async () => {
    const { page, context, problems } = await newPage({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    await signInAsDemoAdmin(context);
    await page.goto(`/admin/${teamId}/settings`);
    await assertNoValidate(page);
    assert.equal(await page.getByRole("button", { name: "Copy" }).isVisible(), false, "Copy needs JavaScript");

    await page.getByLabel("Team name", { exact: true }).fill("");
    await page.getByLabel("Season").fill("Spring 2027");
    const posted = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Save Settings" }).click();
    assert.equal((await posted).status(), 400, "the form posted: no bubble stopped it");
    await page.waitForLoadState();
    await assertInlineError(page.getByLabel("Team name", { exact: true }), "Team name is required");
    assert.equal(await page.getByLabel("Season").inputValue(), "Spring 2027", "what was typed is kept");
    await page.getByRole("alert").filter({ hasText: "Team name is required" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/settings-error-nojs-390.png`, fullPage: true });

    await page.getByLabel(/Type the team name/).fill("not the name");
    const refused = page.waitForResponse((r) => r.url().endsWith("/settings/delete"));
    await page.getByRole("button", { name: "Delete Team" }).click();
    assert.equal((await refused).status(), 400);
    await page.waitForLoadState();
    await assertInlineError(page.getByLabel(/Type the team name/), "Type the team name to confirm.");
    await problems.assertNone("settings without JavaScript", [/status of 400/]);
  });
});
