import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { linkIn } from "./smtp_sink.ts";
import { assertAccessible, hydrated, toastWith } from "./page_checks.ts";

/** The browser's own report of the refused link check (GET /api/edit answers 410). */
const SPENT_LINK_CALL = [/status of 410/];

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

e2eTest(
  "[e2e] edit link and join flow: mailed edit link, saved change, spent link; invite link to a join request",
  { smtp: true },
  async ({ base, smtp, newContext, newPage, axeSource }, t) => {
    const axe = await axeSource();
    // The demo team admin's session, for the API calls (cookies shared with `request`).
    const adminContext = await newContext();
    await signInAsDemoAdmin(adminContext);
    const roster = await (await adminContext.request.get("/api/teams/demo/roster")).json();
    const admin = { context: adminContext, teamId: roster.team.id as string };
    const parentEmail = "parent.four@example.com";
    let editLink = "";

    await t.step(
      "a parent claims jersey 4; the admin approves; the approval mail carries the edit link",
      async () => {
        const claimed = await admin.context.request.post(`${base}/api/teams/demo/claims`, {
          data: { mode: "jersey", jerseyNumber: 4, email: parentEmail },
        });
        assert.equal(claimed.status(), 201);
        const { claimId } = await claimed.json();
        const overview = await (await admin.context.request.get(`${base}/api/admin/${admin.teamId}/claims`)).json();
        assert.ok(
          overview.values.some((c: { id: string; status: string }) => c.id === claimId && c.status === "pending"),
        );
        const approved = await admin.context.request.post(
          `${base}/api/admin/${admin.teamId}/claims/${claimId}/approve`,
          {
            data: {},
          },
        );
        assert.equal(approved.status(), 200, await approved.text());
        const mail = await smtp.waitForMail(parentEmail, "/edit?token=");
        assert.match(mail.decoded, /is approved/);
        editLink = linkIn(mail, "/edit");
        assert.ok(editLink.startsWith(`${base}/edit?token=`));
      },
    );

    await t.step("the parent opens the link, changes the last name and saves; the roster shows it", async () => {
      const { context, page, problems } = await newPage();
      await page.goto(editLink);
      await heading(page, "Edit Sofia Okafor").waitFor();
      assert.equal(await focusedText(page), "Edit Sofia Okafor", "focus moves to the form's heading");
      assert.equal(await page.getByLabel("Jersey number").inputValue(), "4");
      assert.ok((await page.locator(".edit-emails").innerText()).includes(parentEmail));
      await page.getByRole("heading", { name: "Security Notice" }).waitFor();
      await assertAccessible(page, axe, "the edit form");

      await page.getByLabel("Last name").fill("");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await toastWith(page, "Error").filter({ hasText: "Last name is required" }).waitFor();
      assert.equal(await page.getByLabel("Last name").getAttribute("aria-invalid"), "true");

      await page.getByLabel("Last name").fill("Zimmerman");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await toastWith(page, "Player information updated successfully").waitFor();
      await heading(page, "Edit Sofia Zimmerman").waitFor();

      await page.getByLabel("Add a parent email").fill("co.parent@example.com");
      await page.getByRole("button", { name: "Add Email" }).click();
      await toastWith(page, "Email added successfully").waitFor();
      await page.locator(".edit-emails li", { hasText: "co.parent@example.com" }).waitFor();
      await problems.assertNone("the edit form");

      await page.reload();
      await heading(page, "Edit Sofia Zimmerman").waitFor(); // The edit session survives a reload.
      await page.goto(`${base}/t/demo/roster?mode=detail`);
      const roster = await page.locator("main").innerText();
      assert.ok(roster.includes("Sofia Z."), "the public roster shows the new last initial");
      assert.ok(!roster.includes("Sofia O."));
      await problems.assertNone("the roster after the edit");
      await context.close();
    });

    await t.step("the spent link in another browser: 'Access Denied' with Go to Roster", async () => {
      const { context, page, problems } = await newPage();
      await page.goto(editLink);
      await heading(page, "Access Denied").waitFor();
      assert.ok((await page.locator("main").innerText()).includes("Invalid or expired token"));
      assert.equal(await page.getByRole("link", { name: "Go to Roster" }).getAttribute("href"), "/");
      assert.equal(await focusedText(page), "Access Denied");
      await assertAccessible(page, axe, "Access Denied");
      await problems.assertNone("Access Denied", SPENT_LINK_CALL);
      await page.goto(`${base}/edit`);
      await heading(page, "Invalid Link").waitFor();
      await problems.assertNone("Invalid Link", [/status of 400/]);
      await context.close();
    });

    await t.step("the join flow from the admin's invite link to a pending join request", async () => {
      const linkRes = await admin.context.request.get(`${base}/api/teams/${admin.teamId}/join-link`);
      assert.equal(linkRes.status(), 200);
      const { joinUrl, code } = await linkRes.json();
      assert.equal(joinUrl, `${base}/join/${code}`);
      const { context, page, problems } = await newPage();
      await page.goto(joinUrl);
      await hydrated(page, "JoinFlow");
      await heading(page, "Verify Player").waitFor();
      const header = await page.locator(".join-header").innerText();
      for (const part of ["Riverside Rockets", "Fall 2026", "U10"]) assert.ok(header.includes(part), `shows ${part}`);
      await assertAccessible(page, axe, "join identify step");

      // Parents see the player's labels.
      await page.getByRole("radio", { name: "Parent" }).check();
      await page.getByLabel("Player's Jersey #").fill("8");
      await page.getByLabel("Player's Last Name").fill("Nobody");
      await page.getByRole("button", { name: "Verify Player Information" }).click();
      const notFound = toastWith(page, "Player Not Found");
      await notFound.waitFor();
      assert.ok(
        (await notFound.innerText()).includes("We couldn't find a player with that jersey number and last name."),
      );

      await page.getByLabel("Player's Last Name").fill("Kim");
      await page.getByRole("button", { name: "Verify Player Information" }).click();
      await heading(page, "Your Details").waitFor();
      assert.equal(await focusedText(page), "Your Details", "focus moves to the new step's heading");
      assert.ok((await page.locator("main").innerText()).includes("Noah K."));
      await page.getByRole("button", { name: "Submit Join Request" }).click();
      await page.getByText("First name is required").waitFor();
      await page.getByText("Please enter a valid email").first().waitFor();
      await assertAccessible(page, axe, "join account step with errors");

      await page.getByLabel("First name").fill("Jordan");
      await page.getByLabel("Last name").fill("Kim");
      await page.getByLabel("Email", { exact: true }).fill("jordan.kim@example.com");
      await page.getByLabel("Confirm email").fill("jordan.kim@example.org");
      await page.getByRole("button", { name: "Submit Join Request" }).click();
      await page.getByText("Emails don't match").waitFor();
      await page.getByLabel("Confirm email").fill("jordan.kim@example.com");
      await page.getByRole("button", { name: "Submit Join Request" }).click();
      await heading(page, "Join Request Submitted!").waitFor();
      // What happens next, and no sign-in offer: there is no account until the admin approves.
      const success = await page.locator(".join-success").innerText();
      assert.ok(success.includes("We'll e-mail you at jordan.kim@example.com when the team admin approves"), success);
      assert.equal(await page.locator(".join-success").getByRole("link").count(), 0);
      await assertAccessible(page, axe, "join success step");
      await problems.assertNone("the join flow");

      const overview = await (await admin.context.request.get(`${base}/api/admin/${admin.teamId}/claims`)).json();
      const join = overview.values.find((c: { email: string }) => c.email === "jordan.kim@example.com");
      assert.ok(join, "the join request is in the admin's queue");
      assert.deepEqual([join.kind, join.status, join.userType], ["join", "pending", "parent"]);

      await page.getByRole("button", { name: "Submit Another Request" }).click();
      await heading(page, "Verify Player").waitFor();
      assert.equal(await page.getByLabel("Jersey #").inputValue(), "", "the form starts empty again");

      await page.goto(`${base}/join/ZZZZZZZZZZZZZZZZ`);
      await heading(page, "Team Not Found").waitFor();
      await assertAccessible(page, axe, "Team Not Found");
      await problems.assertNone("Team Not Found", [/status of 404/]);
      await context.close();
    });
    await t.step("without JavaScript the join steps post to the page (Origin: null under no-referrer)", async () => {
      const { page, context } = await newPage({ javaScriptEnabled: false });
      await page.goto(`${base}/join/demo`);
      await page.getByRole("radio", { name: "Player" }).check();
      await page.getByLabel("Jersey #").fill("5");
      await page.getByLabel("Last Name").fill("Novak");
      await page.getByRole("button", { name: "Verify Player Information" }).click();
      await heading(page, "Your Details").waitFor();
      await page.getByLabel("First name").fill("Liam");
      await page.getByLabel("Last name").fill("Novak");
      await page.getByLabel("Email", { exact: true }).fill("liam.novak@example.com");
      await page.getByLabel("Confirm email").fill("liam.novak@example.com");
      await page.getByRole("button", { name: "Submit Join Request" }).click();
      await heading(page, "Join Request Submitted!").waitFor();
      const overview = await (await admin.context.request.get(`${base}/api/admin/${admin.teamId}/claims`)).json();
      const join = overview.values.find((c: { email: string }) => c.email === "liam.novak@example.com");
      assert.deepEqual([join?.kind, join?.userType], ["join", "player"]);
      await context.close();
    });
  },
);
