/**
 * 'Send me a fresh link': a sign-in link opened the next morning offers a fresh one with one
 * press, no typing; the fresh link arrives by mail and signs in.
 *
 * The server cannot be moved in time, so the expired link is made the honest way: before the
 * server starts, its database file gets a sign-in link issued (by the app's own code) last
 * evening, exactly as the server would have written it then.
 */
import assert from "node:assert/strict";
import { e2eTest } from "./harness.ts";
import { linkIn } from "./smtp_sink.ts";
import { assertAccessible } from "./page_checks.ts";
import { issueSignInToken } from "../../lib/auth/fresh_link.ts";
import { MAGIC_LINK_TTL_MS } from "../../lib/auth/login.ts";

/** The demo team admin that development mode seeds. */
const DEMO_ADMIN = "coach@example.com";
const HOUR = 60 * 60 * 1000;

const kvDir = await Deno.makeTempDir({ prefix: "goalmates-e2e-fresh-link-" });
const KV_PATH = `${kvDir}/goalmates.kv`;

/**
 * The sign-in link /team-login's Magic Link tab mailed the team admin 14 hours ago (it expired 15
 * minutes later); the account does not exist yet, as the server seeds it at start.
 */
async function linkFromLastEvening(): Promise<string> {
  using kv = await Deno.openKv(KV_PATH);
  const grant = { userId: "", email: DEMO_ADMIN, selectedTeamId: null, next: "/home" };
  return await issueSignInToken(kv, grant, { kind: "any" }, MAGIC_LINK_TTL_MS, Date.now() - 14 * HOUR);
}
const expiredToken = await linkFromLastEvening();

e2eTest(
  "[e2e] fresh link: an expired sign-in link mails a fresh one with one press, and it signs in",
  { smtp: true, env: { GOALMATES_KV: KV_PATH } },
  async ({ base, smtp, server, newPage, axeSource }, t) => {
    const axe = await axeSource();
    const { page, problems } = await newPage({ allow: [/status of 400/] });
    let fresh = "";

    try {
      await t.step("the expired link says so and offers 'Send me a fresh link', no address shown", async () => {
        await page.goto(`/auth/magic?token=${expiredToken}`);
        await page.getByRole("heading", { name: "Link expired" }).waitFor();
        const button = page.getByRole("button", { name: "Send me a fresh link" });
        await button.waitFor();
        assert.ok(!(await page.content()).includes(DEMO_ADMIN), "the address is not on the page");
        await assertAccessible(page, axe, "/auth/magic, expired link");
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 800 });
          assert.ok(await button.isVisible(), `the button shows at ${width} px`);
          const box = (await button.boundingBox())!;
          assert.ok(box.x >= 0 && box.x + box.width <= width, `the button fits at ${width} px`);
        }
      });

      await t.step("one press, no typing: a fresh link is mailed and the page says so", async () => {
        await page.getByRole("button", { name: "Send me a fresh link" }).click();
        await page.getByRole("heading", { name: "Check your email" }).waitFor();
        await page.getByText("We sent a fresh link to your e-mail.").waitFor();
        assert.ok(!(await page.content()).includes(DEMO_ADMIN));
        await assertAccessible(page, axe, "/auth/magic/resend");
        fresh = linkIn(await smtp.waitForMail(DEMO_ADMIN, "/auth/magic"), "/auth/magic");
        assert.ok(fresh.startsWith(`${base}/auth/magic?token=`));
        assert.ok(!fresh.includes(expiredToken));
      });

      await t.step("the fresh link signs the admin in, to where the first link led", async () => {
        await page.goto(fresh);
        await page.getByRole("button", { name: "Continue" }).click();
        await page.waitForURL(`${base}/home`);
        const session = await (await page.request.get("/api/v2/auth/session")).json();
        assert.equal(session.user.email, DEMO_ADMIN);
        assert.equal(session.user.role, "TEAM_ADMIN");
      });

      await t.step("opened again, the spent link offers a fresh one too; the log never shows a token", async () => {
        await page.goto(fresh);
        await page.getByRole("heading", { name: "Link expired" }).waitFor();
        await page.getByRole("button", { name: "Send me a fresh link" }).waitFor();
        const spent = new URL(fresh).searchParams.get("token")!;
        for (const token of [expiredToken, spent]) {
          assert.ok(!server.output().includes(token), "no token in the server's output");
        }
        await problems.assertNone("fresh link", [/status of 400/]);
      });
    } finally {
      await Deno.remove(kvDir, { recursive: true }).catch(() => {});
    }
  },
);
