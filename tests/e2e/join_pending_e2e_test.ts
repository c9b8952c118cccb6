/**
 * A join that never strands the parent, in Chromium: joining by surname alone ends on a page that
 * says what happens next and offers no sign-in; the team admin's mail arrives at once; and an
 * invite link replaced by Generate New leads to 'This invite link has expired' with its two offers.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { linkIn } from "./smtp_sink.ts";
import { assertAccessible, hydrated } from "./page_checks.ts";

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

e2eTest(
  "[e2e] join by surname: what happens next, the admin's mail; an expired invite link leads somewhere",
  { smtp: true },
  async ({ base, smtp, newContext, newPage, axeSource }, t) => {
    const axe = await axeSource();
    const adminContext = await newContext();
    await signInAsDemoAdmin(adminContext);
    const roster = await (await adminContext.request.get("/api/teams/demo/roster")).json();
    const teamId = roster.team.id as string;
    const old = await (await adminContext.request.get(`/api/teams/${teamId}/join-link`)).json();
    const generated = await adminContext.request.post(`/api/teams/${teamId}/join-link`, { data: {} });
    assert.equal(generated.status(), 201, await generated.text());
    const fresh = await generated.json();
    assert.notEqual(old.code, fresh.code);

    await t.step("a parent who does not know the jersey number joins by surname", async () => {
      const { page, context, problems } = await newPage({ bypassCSP: true });
      await page.goto(fresh.joinUrl);
      await hydrated(page, "JoinFlow");
      await page.getByRole("radio", { name: "Parent" }).check();
      await page.getByLabel("I don't know the jersey number").check();
      assert.equal(await page.getByLabel("Player's Jersey #").isVisible(), false, "the jersey field goes");
      await page.getByLabel("Player's Last Name").fill("novak");
      await assertAccessible(page, axe, "join identify step by surname");
      await page.getByRole("button", { name: "Verify Player Information" }).click();
      await heading(page, "Your Details").waitFor();
      assert.ok((await page.getByRole("note").innerText()).includes("novak (jersey number unknown)"));
      await page.getByLabel("First name").fill("Eva");
      await page.getByLabel("Last name").fill("Novak");
      await page.getByLabel("Email", { exact: true }).fill("eva.novak@example.com");
      await page.getByLabel("Confirm email").fill("eva.novak@example.com");
      await page.getByRole("button", { name: "Submit Join Request" }).click();
      await heading(page, "Join Request Submitted!").waitFor();
      const success = page.locator(".join-success");
      const text = await success.innerText();
      assert.ok(text.includes("We'll e-mail you at eva.novak@example.com when the team admin approves"), text);
      assert.equal(await success.getByRole("link").count(), 0, "no sign-in button: nothing to sign in to yet");
      assert.equal(await success.getByRole("button", { name: /log ?in|sign ?in/i }).count(), 0);
      await assertAccessible(page, axe, "join success step");
      await problems.assertNone("the join by surname");
      await context.close();
    });

    await t.step("the team admin's mail arrives at once, linking to the claims page", async () => {
      const mail = await smtp.waitForMail("coach@example.com", "eva.novak@example.com");
      assert.match(
        mail.decoded,
        /Eva Novak \(eva\.novak@example\.com\) as a parent of novak \(jersey number unknown\)/,
      );
      assert.equal(linkIn(mail, `/admin/${teamId}/claims`), `${base}/admin/${teamId}/claims`);
      const overview = await (await adminContext.request.get(`/api/admin/${teamId}/claims`)).json();
      const request = overview.values.find((c: { email: string }) => c.email === "eva.novak@example.com");
      assert.deepEqual([request?.kind, request?.mode, request?.childSurname], ["join", "surname", "novak"]);
    });

    for (const [width, height] of [[1280, 900], [390, 844]]) {
      await t.step(`the replaced invite link at ${width} px: expired, with the claim and the ask`, async () => {
        const { page, context, problems } = await newPage({
          viewport: { width, height },
          bypassCSP: true,
          allow: [/status of 410/],
        });
        const response = await page.goto(old.joinUrl);
        assert.equal(response?.status(), 410);
        await heading(page, "This invite link has expired").waitFor();
        assert.ok((await page.locator(".join-header").innerText()).includes("Riverside Rockets"));
        const claim = page.getByRole("link", { name: "Claim your child" });
        assert.equal(await claim.getAttribute("href"), "/t/demo/claim");
        const ask = page.getByRole("button", { name: "Ask for a New Link" });
        assert.ok(await ask.isVisible());
        const overflow = await page.evaluate(() =>
          document.documentElement.scrollWidth - document.documentElement.clientWidth
        );
        assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px)`);
        await assertAccessible(page, axe, `the expired invite link page at ${width} px`);

        await page.getByLabel("Your name").fill("Eva Novak");
        await page.getByLabel("Your email").fill(`eva.novak.with.a.rather.long.address.${width}@example.com`);
        await ask.click();
        await page.getByRole("status").filter({ hasText: "We told the team admin" }).waitFor();
        assert.equal(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth) <= 0,
          true,
          "a long address wraps",
        );
        await assertAccessible(page, axe, `the expired invite link page after asking, at ${width} px`);
        await problems.assertNone("the expired invite link page", [/status of 410/]);
        await context.close();
      });
    }
  },
);
