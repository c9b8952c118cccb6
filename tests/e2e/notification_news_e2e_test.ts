/**
 * Team news by e-mail end to end (issue 23, "Done when"; development mode, the demo team, an SMTP
 * sink, Debian's Chromium): the demo parent turns Team news off on /account, the coach posts news
 * on the dashboard, and another parent gets it through the real queue and SMTP while that parent
 * gets none. The mail as received carries the one-click unsubscribe headers, and its HTML, opened
 * in Chromium at 390 px, does not scroll sideways and gives every image its alt text.
 */
import assert from "node:assert/strict";
import type { BrowserContext } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { headerOf, partOf } from "./smtp_sink.ts";
import { missingAltText } from "../../lib/notifications/mail.ts";

const PHONE = { width: 390, height: 844 };
const SHOTS = Deno.env.get("NEWS_MAIL_SHOTS") ?? "";

async function signIn(context: BrowserContext, email: string): Promise<void> {
  const res = await context.request.post("/api/dev/auto-login", { data: { email } });
  assert.equal(res.status(), 200, await res.text());
}

e2eTest(
  "[news mail e2e] a parent turns Team news off on /account: no more news mail for them, another parent gets it",
  { smtp: true },
  async ({ newPage, newContext, smtp, base }, t) => {
    const news = `Field 3 is closed on Saturday ${crypto.randomUUID().slice(0, 8)}`;

    await t.step("the demo parent turns Team news off on /account", async () => {
      const { page, context } = await newPage({ viewport: PHONE, bypassCSP: true });
      await signIn(context, "parent@example.com");
      await page.goto("/account#notifications");
      const section = page.locator("section#notifications");
      await section.getByRole("checkbox", { name: "Team news" }).uncheck();
      await section.getByRole("button", { name: "Save Notifications" }).click();
      await page.waitForURL(`${base}/account?saved=notifications#notifications`);
      assert.equal(await section.getByRole("checkbox", { name: "Team news" }).isChecked(), false);
    });

    await t.step("the coach posts news on the dashboard; another parent gets it, that parent does not", async () => {
      const { page, context } = await newPage({ viewport: PHONE, bypassCSP: true });
      await signIn(context, "coach@example.com");
      await page.goto("/family-dashboard/demo");
      const feed = page.locator("#feed");
      await feed.getByRole("radio", { name: /Share News/ }).click();
      await feed.getByLabel("What would you like to share?").fill(news);
      await feed.getByRole("button", { name: "Post" }).click();
      await feed.locator(".feed-post").first().filter({ hasText: news }).waitFor();

      // Through the queue's fan-out and the SMTP server, as in production.
      const mail = await smtp.waitForMail("priya.patel@example.com", news);
      await smtp.waitForMail("player@example.com", news);
      assert.match(headerOf(mail, "Subject") ?? "", /^News from /);
      assert.match(headerOf(mail, "List-Unsubscribe") ?? "", /^<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/[^>]+>$/);
      assert.equal(headerOf(mail, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
      const text = partOf(mail, "text/plain");
      assert.match(text, /^Hi Priya,/);
      assert.ok(text.includes(news));
      // The fan-out handed the post to every member in one page before those two mails went; a
      // moment more for any mail still on its way, then none to the parent who turned it off.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const toParent = smtp.messages.filter((m) => m.to.includes("parent@example.com") && m.decoded.includes(news));
      assert.equal(toParent.length, 0, "no news mail to the parent who turned it off");
      assert.equal(smtp.messages.filter((m) => m.to.includes("coach@example.com")).length, 0, "nor to its author");

      const html = partOf(mail, "text/html");
      assert.deepEqual(missingAltText(html), []);
      const shown = await newContext({ viewport: PHONE, javaScriptEnabled: false });
      const view = await shown.newPage();
      await view.setContent(html);
      const scrollWidth = await view.evaluate(() => document.scrollingElement!.scrollWidth);
      assert.ok(scrollWidth <= PHONE.width, `the mail does not scroll sideways at 390 px (${scrollWidth} px)`);
      assert.ok(await view.getByRole("link", { name: /^Open the .+ dashboard$/ }).isVisible());
      assert.ok(await view.getByText(news).isVisible());
      if (SHOTS) await view.screenshot({ path: `${SHOTS}/news-mail-390.png`, fullPage: true });
    });
  },
);
