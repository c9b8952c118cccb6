/**
 * Layout in a real browser: on a 390 px phone the claims and roster tables are cards whose
 * actions are on screen without sideways scrolling; the roster's claim bar is centred on a
 * desktop; toasts never cover the site header; hub cards keep their actions aligned.
 * The real app (development mode, demo team) and Debian's Chromium, through the e2e harness.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { type E2E, e2eTest, signInAsDemoAdmin } from "./harness.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A page in a context of its own at `viewport`, signed in as the demo team's admin. */
async function adminPage(newPage: E2E["newPage"], newContext: E2E["newContext"], viewport: typeof PHONE) {
  const context = await newContext({ viewport });
  await signInAsDemoAdmin(context);
  return (await newPage({ context })).page;
}

async function scrollWidth(page: Page): Promise<number> {
  return await page.evaluate(() => document.scrollingElement!.scrollWidth);
}

async function boxesOf(page: Page, selector: string): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const element of await page.locator(selector).all()) {
    const box = await element.boundingBox();
    assert.ok(box, `${selector} is rendered`);
    boxes.push(box);
  }
  return boxes;
}

function assertOnScreen(boxes: Box[], width: number, what: string) {
  assert.ok(boxes.length > 0, `${what}: some on the page`);
  for (const box of boxes) {
    assert.ok(box.x >= 0 && box.x + box.width <= width, `${what} at x=${box.x} w=${box.width} is off-screen`);
  }
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Shows a toast the way lib/client/toast.tsx renders one, in the page's live region. */
async function showToast(page: Page): Promise<Box> {
  await page.evaluate(() => {
    const region = document.getElementById("toast-region")!;
    region.innerHTML = '<div class="toast" role="status"><div class="toast__body"><p class="toast__title">Saved</p>' +
      '<p class="toast__description">A toast long enough to reach across the top of the page.</p></div></div>';
  });
  const box = await page.locator("#toast-region .toast").boundingBox();
  assert.ok(box, "the toast is visible");
  return box;
}

e2eTest(
  "[layout e2e] phones, the claim bar, toasts and hub cards",
  {},
  async ({ base, newPage, newContext }, t) => {
    const signedInPage = (viewport: typeof PHONE) => adminPage(newPage, newContext, viewport);

    // Two pending claims: one by jersey, one by a surname nobody has (the admin chooses the player).
    for (
      const body of [
        { mode: "jersey", jerseyNumber: 4, email: "mum@example.com", note: "Sofia's mum, happy to drive." },
        { mode: "surname", childSurname: "Nobodyhere", email: "dad@example.com" },
      ]
    ) {
      const res = await fetch(`${base}/api/teams/demo/claims`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify(body),
      });
      assert.ok(res.ok, await res.text());
    }

    await t.step("390 px: Approve and Deny are on screen; the claims page does not scroll sideways", async () => {
      const page = await signedInPage(PHONE);
      await page.goto("/admin/demo/claims");
      const approve = await boxesOf(page, 'button:text-is("Approve")');
      const deny = await boxesOf(page, 'button:text-is("Deny")');
      assert.equal(approve.length, 2);
      assertOnScreen(approve, PHONE.width, "Approve");
      assertOnScreen(deny, PHONE.width, "Deny");
      assertOnScreen(await boxesOf(page, ".claim-actions__select"), PHONE.width, "the player choice");
      assert.ok(await scrollWidth(page) <= PHONE.width, `scrollWidth ${await scrollWidth(page)}`);
      // Each cell says what it is.
      const label = await page.locator('.admin-table td[data-label="Email"]').first().evaluate((td) =>
        getComputedStyle(td, "::before").content
      );
      assert.equal(label, '"Email"');
    });

    await t.step("390 px: roster management's Edit and Remove are on screen, no sideways scrolling", async () => {
      const page = await signedInPage(PHONE);
      await page.goto("/admin/demo/roster");
      const edit = await boxesOf(page, '.roster-admin__actions a[data-panel="edit"]');
      const remove = await boxesOf(page, '.roster-admin__actions a[data-panel="remove"]');
      assert.ok(edit.length >= 12, "every player has Edit");
      assertOnScreen(edit, PHONE.width, "Edit");
      assertOnScreen(remove, PHONE.width, "Remove");
      for (const box of [...edit, ...remove]) assert.ok(box.height >= 44, "tap-sized");
      assert.ok(await scrollWidth(page) <= PHONE.width, `scrollWidth ${await scrollWidth(page)}`);
    });

    await t.step("390 px: the hub, the dashboard and the account page do not scroll sideways", async () => {
      const page = await signedInPage(PHONE);
      for (const path of ["/home", "/admin/demo", "/account", "/t/demo/roster", "/t/demo/roster?mode=detail"]) {
        await page.goto(path);
        assert.ok(await scrollWidth(page) <= PHONE.width, `${path}: scrollWidth ${await scrollWidth(page)}`);
      }
    });

    await t.step("1280 px: the claim bar is centred", async () => {
      const { page } = await newPage({ viewport: DESKTOP });
      await page.goto("/t/demo/roster");
      const bar = await page.locator(".claim-bar > *").first().boundingBox();
      assert.ok(bar);
      const centre = bar.x + bar.width / 2;
      assert.ok(Math.abs(centre - DESKTOP.width / 2) <= 2, `claim bar centre ${centre}`);
    });

    await t.step("toasts never cover the site header (1280 and 390 px) nor the claim bar", async () => {
      for (const viewport of [DESKTOP, PHONE]) {
        const page = await signedInPage(viewport);
        await page.goto("/home");
        const header = await page.locator(".site-header").boundingBox();
        assert.ok(header);
        const toast = await showToast(page);
        assert.ok(!overlaps(toast, header), `${viewport.width} px: the toast covers the header`);
        assert.ok(toast.x >= 0 && toast.x + toast.width <= viewport.width, "the toast fits the screen");

        await page.goto("/t/demo/roster");
        const rosterHeader = await page.locator(".roster-header").boundingBox();
        const bar = await page.locator(".claim-bar").boundingBox();
        assert.ok(rosterHeader && bar);
        const rosterToast = await showToast(page);
        assert.ok(!overlaps(rosterToast, rosterHeader), `${viewport.width} px: toast over the roster header`);
        assert.ok(!overlaps(rosterToast, bar), `${viewport.width} px: toast over the claim bar`);
      }
    });

    await t.step("hub cards: actions aligned at 1280 px, full width at 390 px", async () => {
      let page = await signedInPage(DESKTOP);
      await page.goto("/home");
      const actions = await boxesOf(page, ".hub-grid .hub-stat__action");
      assert.equal(actions.length, 3);
      const bottoms = actions.map((b) => Math.round(b.y + b.height));
      assert.ok(Math.max(...bottoms) - Math.min(...bottoms) <= 1, `card actions not aligned: ${bottoms}`);
      const heights = actions.map((b) => Math.round(b.height));
      assert.ok(Math.max(...heights) - Math.min(...heights) <= 1, `uneven buttons: ${heights}`);

      page = await signedInPage(PHONE);
      await page.goto("/home");
      const panel = await page.locator(".hub-panel").first().boundingBox();
      assert.ok(panel);
      for (const box of await boxesOf(page, ".hub-panel .button")) {
        assert.ok(box.width >= panel.width - 2 * 24 - 4, `a hub button is not full width (${box.width})`);
      }
    });
  },
);
