import assert from "node:assert/strict";
import type { BrowserContext } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible } from "./page_checks.ts";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The demo parent, whose session cookie (SameSite=Lax) a link from another site does carry. */
async function signInAsDemoParent(context: BrowserContext): Promise<void> {
  const res = await context.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
  assert.equal(res.status(), 200, await res.text());
}

/** Another site (another host name, so another site to the browser) with a link to our sign-out. */
function startOtherSite(base: string) {
  const html = `<!doctype html><html lang="en"><title>Elsewhere</title>
    <a id="bait" href="${base}/api/logout">See the team photos</a></html>`;
  return Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }),
  );
}

e2eTest(
  "[e2e] sign out: a link from another site asks first; the app's own link and the button sign out",
  {},
  async ({ base, newPage, axeSource }, t) => {
    const other = startOtherSite(base);
    const otherOrigin = `http://localhost:${other.addr.port}`;
    try {
      for (const viewport of [DESKTOP, PHONE]) {
        const { page, context, problems } = await newPage({ viewport, bypassCSP: true, allow: [/401/] });
        await signInAsDemoParent(context);
        const signedIn = async () => (await context.request.get("/api/v2/auth/session")).status() === 200;
        const width = `${viewport.width} px`;

        await t.step(`[e2e] sign out: another site's link shows 'Sign out?' and ends nothing (${width})`, async () => {
          await page.goto(otherOrigin);
          await page.locator("#bait").click();
          await page.getByRole("heading", { name: "Sign out?" }).waitFor();
          assert.equal(new URL(page.url()).pathname, "/sign-out");
          assert.ok(await signedIn(), "still signed in");
          assert.ok(await page.getByRole("button", { name: "Sign out" }).isVisible());
          assert.ok(await page.getByRole("link", { name: "No, stay signed in" }).isVisible());
          await assertAccessible(page, await axeSource(), `Sign out? at ${width}`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
          assert.equal(overflow, false, "no sideways scroll");
        });

        await t.step(`[e2e] sign out: its button signs out and lands on the home page (${width})`, async () => {
          await page.getByRole("button", { name: "Sign out" }).click();
          await page.waitForURL(`${base}/`);
          assert.equal(await signedIn(), false);
        });

        await t.step(`[e2e] sign out: the app's own Sign out link signs out at once (${width})`, async () => {
          await signInAsDemoAdmin(context); // The admin's cookie is Strict: the app's own link carries it.
          await page.goto(`${base}/home`);
          await page.getByRole("link", { name: "Sign out", exact: true }).click();
          await page.waitForURL(`${base}/`);
          assert.equal(await signedIn(), false);
          await problems.assertNone(`sign out at ${width}`, [/401/]);
        });
      }
    } finally {
      await other.shutdown();
    }
  },
);
