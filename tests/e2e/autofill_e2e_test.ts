/**
 * Values a password manager (or a paste, or a quick typist) puts into a form before its island
 * hydrates survive the hydration: the island adopts them (lib/client/adopt_values.ts), so a click
 * into another field does not wipe them and the submit sends them.
 *
 * Each story holds the island's bundle back until the fields are filled, like a slow network.
 */
import assert from "node:assert/strict";
import type { Page, Request } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { hydrated } from "./page_checks.ts";
import type { IslandName } from "../../islands/mod.ts";

const SYSADMIN = { email: "root@goalmates.test", password: "a sysadmin password" };
/** The demo team admin that development mode seeds. */
const DEMO_ADMIN = { email: "coach@example.com", password: "rockets-demo-2026" };

/**
 * Opens `path` with the island's bundle held back; resolves once the boot module has started the
 * island (and is waiting for the bundle), or for an island that wakes on the first focus or click,
 * once the boot module has run. The returned function lets the bundle through.
 */
async function openWithIslandHeld(page: Page, path: string, island: IslandName): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => url.pathname.startsWith(`/build/island-${island}-`), async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "domcontentloaded" });
  if (await page.locator(`[data-island="${island}"]`).getAttribute("data-hydrate") === "interaction") {
    // Module scripts have run by the load event; this island's bundle is asked for only later.
    await page.waitForLoadState("load");
  } else {
    await page.locator(`[data-island="${island}"][aria-busy="true"]`).waitFor({ state: "attached" });
  }
  return release;
}

/**
 * Fills fields the way a password manager does before any script of the page runs: sets the
 * value (or checks the box) and fires `input` and `change`, which nobody listens to yet.
 */
async function fillBeforeHydration(page: Page, values: Record<string, string | boolean>): Promise<void> {
  await page.evaluate((values) => {
    for (const [selector, value] of Object.entries(values)) {
      const field = document.querySelector<HTMLInputElement>(selector);
      if (!field) throw new Error(`No field ${selector}`);
      if (typeof value === "boolean") field.checked = value;
      else field.value = value;
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }, values);
}

/** The JSON body of the next call whose path matches `path`, once the server has answered it with `status`. */
async function bodyOfCall(page: Page, path: string | RegExp, status: number, act: () => Promise<void>) {
  const response = page.waitForResponse((r) => {
    const called = new URL(r.url()).pathname;
    return typeof path === "string" ? called === path : path.test(called);
  });
  await act();
  const answered = await response;
  if (answered.status() !== status) assert.fail(`${path} answered ${answered.status()}: ${await answered.text()}`);
  return (answered.request() as Request).postDataJSON() as Record<string, unknown>;
}

e2eTest(
  "[e2e] autofill: values filled before an island hydrates survive it and are submitted",
  { env: { SYSADMIN_EMAIL: SYSADMIN.email, SYSADMIN_PASSWORD: SYSADMIN.password } },
  async ({ base, newPage }, t) => {
    await t.step("team login, Email & Password: the filled password signs in", async () => {
      const { page, problems } = await newPage();
      const release = await openWithIslandHeld(page, "/team-login?tab=password", "TeamLogin");
      await fillBeforeHydration(page, {
        "#password-email": DEMO_ADMIN.email,
        "#password-password": DEMO_ADMIN.password,
      });
      release();
      await hydrated(page, "TeamLogin");
      await page.locator("#password-email").click();
      const body = await bodyOfCall(
        page,
        "/api/team-admin/login",
        200,
        () => page.getByRole("button", { name: "Sign In" }).click(),
      );
      assert.deepEqual(body, { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
      await page.waitForURL(/\/teams\/[0-9A-Z]{26}$/);
      await problems.assertNone("autofilled password login");
    });

    await t.step("team login, Magic Link: the filled address gets the link", async () => {
      const { page, problems } = await newPage();
      const release = await openWithIslandHeld(page, "/team-login", "TeamLogin");
      await fillBeforeHydration(page, { "#magic-email": "parent@example.com" });
      release();
      await hydrated(page, "TeamLogin");
      await page.getByRole("heading", { name: "Team Login" }).click();
      await page.locator("#magic-email").click();
      const body = await bodyOfCall(
        page,
        "/api/team/magic-link",
        200,
        () => page.getByRole("button", { name: "Send Magic Link" }).click(),
      );
      assert.equal(body.email, "parent@example.com");
      await page.getByRole("heading", { name: "Check your email" }).waitFor();
      await problems.assertNone("autofilled magic link");
    });

    await t.step("a team's own login page: the filled username, password and address are sent", async () => {
      const { page, problems } = await newPage({ allow: [/status of 401/] });
      const release = await openWithIslandHeld(page, "/teams/demo", "TeamAccessLogin");
      await fillBeforeHydration(page, {
        "#team-username": "rockets-family",
        "#team-password": "not the team password",
        "#team-magic-email": "parent@example.com",
      });
      release();
      await hydrated(page, "TeamAccessLogin");
      await page.locator("#team-magic-email").click();
      const magic = await bodyOfCall(
        page,
        /^\/api\/teams\/[^/]+\/magic-link$/,
        200,
        () => page.getByRole("button", { name: "Send Magic Link" }).click(),
      );
      assert.deepEqual(magic, { email: "parent@example.com" });
      await page.getByText("If parent@example.com belongs to this team").waitFor();
      const login = await bodyOfCall(
        page,
        /^\/api\/teams\/[^/]+\/login$/,
        401,
        () => page.getByRole("button", { name: "Sign In" }).click(),
      );
      assert.deepEqual(login, { username: "rockets-family", password: "not the team password" });
      await problems.assertNone("autofilled team login", [/status of 401/]);
    });

    await t.step("signup: the filled first step moves on and its values reach the server", async () => {
      const { page, problems } = await newPage();
      const release = await openWithIslandHeld(page, "/signup", "SignupWizard");
      await fillBeforeHydration(page, {
        "#signup-firstName": "Casey",
        "#signup-lastName": "Morgan",
        "#signup-email": "casey.autofill@example.com",
        "#signup-ageConfirmation": true,
      });
      // The wizard wakes on the first focus: a click into a field while its bundle is on the way.
      await page.getByLabel("Last name", { exact: true }).click();
      release();
      await hydrated(page, "SignupWizard");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("heading", { name: "Your Team", exact: true }).waitFor();
      await page.getByLabel("Team name", { exact: true }).fill("Autofill FC");
      await page.getByLabel("Age group").selectOption("U10");
      await page.getByLabel("Team type").selectOption({ label: "Co-ed" });
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByLabel("Player first name").fill("Sam");
      await page.getByLabel("Player last name").fill("Rivera");
      await page.getByLabel(/Jersey number/).fill("10");
      await page.getByRole("button", { name: "Continue" }).click();
      const body = await bodyOfCall(
        page,
        "/api/signup/create-pending-intent",
        200,
        () => page.getByRole("button", { name: "Finish & Verify by Email" }).click(),
      );
      assert.equal(body.firstName, "Casey");
      assert.equal(body.lastName, "Morgan");
      assert.equal(body.email, "casey.autofill@example.com");
      assert.equal(body.ageConfirmation, true);
      await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
      await problems.assertNone("autofilled signup");
    });

    await t.step("sysadmin login: the filled password signs in", async () => {
      const { page, problems } = await newPage();
      const release = await openWithIslandHeld(page, "/sysadmin/login", "SysadminLogin");
      await fillBeforeHydration(page, { "#sysadmin-email": SYSADMIN.email, "#sysadmin-password": SYSADMIN.password });
      release();
      await hydrated(page, "SysadminLogin");
      await page.locator("#sysadmin-email").click();
      const body = await bodyOfCall(
        page,
        "/api/sysadmin/login",
        200,
        () => page.getByRole("button", { name: "Sign In" }).click(),
      );
      assert.deepEqual(body, SYSADMIN);
      await page.waitForURL((url) => url.pathname !== "/sysadmin/login");
      assert.ok(new URL(page.url()).origin === base);
      await problems.assertNone("autofilled sysadmin login");
    });
  },
);
