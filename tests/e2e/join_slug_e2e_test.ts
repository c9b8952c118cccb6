/**
 * The join page opened by slug (no invite code): the island's Verify answers the same for a
 * right and a wrong surname, names the player as typed, and the request goes to the admin.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible, hydrated } from "./page_checks.ts";

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

e2eTest(
  "[e2e] join by slug: Verify says nothing either way, the request reaches the admin with its matches",
  {},
  async ({ base, newContext, newPage, axeSource }) => {
    const axe = await axeSource();
    const adminContext = await newContext();
    await signInAsDemoAdmin(adminContext);
    const roster = await (await adminContext.request.get("/api/teams/demo/roster")).json();
    const teamId = roster.team.id as string;
    const { page, context, problems } = await newPage();

    const texts: string[] = [];
    for (const [lastName, email] of [["Novak", "slug.hit@example.com"], ["Nobody", "slug.miss@example.com"]]) {
      await page.goto(`${base}/join/demo`);
      await hydrated(page, "JoinFlow");
      await page.getByRole("radio", { name: "Player" }).check();
      await page.getByLabel("Jersey #").fill("5");
      await page.getByLabel("Last Name").fill(lastName);
      await page.getByRole("button", { name: "Verify Player Information" }).click();
      await heading(page, "Your Details").waitFor();
      const note = await page.getByRole("note").innerText();
      assert.ok(note.includes(`#5 ${lastName}`), note);
      assert.ok(note.includes("A team admin will check this player"), note);
      texts.push(note.replace(lastName, "NAME"));
      if (lastName === "Novak") await assertAccessible(page, axe, "join account step, unconfirmed player");
      await page.getByLabel("First name").fill("Sam");
      await page.getByLabel("Last name").fill("Novak");
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Confirm email").fill(email);
      await page.getByRole("button", { name: "Submit Join Request" }).click();
      await heading(page, "Join Request Submitted!").waitFor();
    }
    assert.equal(texts[0], texts[1], "a right and a wrong surname read the same");
    await problems.assertNone("the join flow by slug");

    const overview = await (await adminContext.request.get(`${base}/api/admin/${teamId}/claims`)).json();
    const byEmail = Object.fromEntries(
      overview.values.map((c: { email: string; playerIds: string[] }) => [c.email, c.playerIds.length]),
    );
    assert.equal(byEmail["slug.hit@example.com"], 1, "the right surname matched its player");
    assert.equal(byEmail["slug.miss@example.com"], 0, "the wrong one matched nobody, for the admin to decide");
    await context.close();
  },
);
