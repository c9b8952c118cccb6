import assert from "node:assert/strict";
import { e2eTest } from "./harness.ts";
import { linkIn } from "./smtp_sink.ts";

e2eTest(
  "[e2e] auth: a magic-link sign-in through real SMTP lands on /home; logout ends it",
  { smtp: true },
  async ({ server, base, smtp, newPage }, t) => {
    const { page, problems, requests } = await newPage();
    let token = "";

    await t.step("[e2e] auth: /home without a session asks to sign in", async () => {
      await page.goto(`${base}/home`);
      assert.equal(new URL(page.url()).pathname, "/team-login");
      assert.equal(new URL(page.url()).searchParams.get("next"), "/home");
    });

    await t.step("[e2e] auth: asking for a link shows 'Check your email' and the link arrives by SMTP", async () => {
      await page.getByRole("tabpanel").getByLabel(/email/i).first().fill("parent@example.com");
      await page.getByRole("button", { name: "Send Magic Link" }).click();
      await page.getByText("Check your email").first().waitFor();
      const mail = await smtp.waitForMail("parent@example.com", "/auth/magic");
      const link = linkIn(mail, "/auth/magic");
      assert.ok(link.startsWith(`${base}/auth/magic?token=`), "links are built from APP_URL");
      token = new URL(link).searchParams.get("token")!;
      assert.match(token, /^[A-Za-z0-9_-]{43}$/);
      await problems.assertNone("team login");
    });

    await t.step("[e2e] auth: opening the link shows Continue; pressing it signs in and lands on /home", async () => {
      await page.goto(`${base}/auth/magic?token=${token}`);
      await page.getByRole("heading", { name: "Sign in to GoalMates" }).waitFor();
      // Opening the page spent nothing: a reload still offers Continue.
      await page.reload();
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(`${base}/home`);
      await page.getByRole("heading", { name: "Your GoalMates Hub" }).waitFor();
      assert.ok(await page.getByText("Parent Access").isVisible());
      const session = await page.evaluate(async () => (await fetch("/api/v2/auth/session")).json());
      assert.equal(session.user.email, "parent@example.com");
      await problems.assertNone("hub");
    });

    await t.step("[e2e] auth: the token never travels in a Referer and never reaches the log", () => {
      for (const request of requests) {
        const referer = request.headers()["referer"] ?? "";
        assert.ok(!referer.includes(token), `${request.url()} carried the token in its Referer`);
      }
      assert.ok(!server.output().includes(token), "the server log never shows the token");
    });

    await t.step("[e2e] auth: the link works once", async () => {
      await page.goto(`${base}/auth/magic?token=${token}`);
      await page.getByRole("heading", { name: "Link expired" }).waitFor();
      await problems.assertNone("spent link", [/status of 400/]);
    });

    await t.step("[e2e] auth: Sign out ends the session", async () => {
      await page.goto(`${base}/home`);
      await page.getByRole("link", { name: "Sign out", exact: true }).click();
      await page.waitForURL(`${base}/`);
      const status = await page.evaluate(async () => (await fetch("/api/v2/auth/session")).status);
      assert.equal(status, 401);
      await problems.assertNone("after logout", [/401/]);
    });
  },
);
