/**
 * A guardian's consent to a public headshot (R41) in Chromium at 390 px: the demo admin turns
 * on 'Show photos', the demo parent gives their child a photo — and the public roster still
 * shows none. The parent ticks "Show {child}'s photo on the public roster" in the child's member
 * dialog and saves: the dialog says so without a reload and the public roster shows the photo
 * (its image served to a visitor); unticked with the keyboard, it is gone from the roster and
 * its public URL answers 404. Without JavaScript the same form posts and comes back to the
 * dialog with the choice. axe-core finds nothing serious on the dialog.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible, toastWith } from "./page_checks.ts";

const PHONE = { width: 390, height: 844 };
const SMALL_PNG = new URL("../fixtures/small.png", import.meta.url).pathname;

const markWindow = (page: Page) => page.evaluate(() => ((globalThis as unknown as { stayed: boolean }).stayed = true));
const windowSurvived = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { stayed?: boolean }).stayed === true);

/** The parent's own child: the player card that carries the public-photo choice (FamilyExplorer's props). */
function ownChild(page: Page) {
  return page.evaluate(() => {
    const island = document.querySelector<HTMLElement>('[data-island="FamilyExplorer"]')!;
    const props = JSON.parse(document.getElementById(island.dataset.props!)!.textContent!);
    const cards = props.family.players as {
      id: string;
      firstName: string;
      lastName: string;
      publicPhoto: { consented: boolean } | null;
    }[];
    const child = cards.find((c) => c.publicPhoto !== null)!;
    return { id: child.id, firstName: child.firstName, name: `${child.firstName} ${child.lastName}` };
  });
}

/** The photo the public roster's card shows for a player, or null (read as a visitor with no session). */
async function publicPhoto(visitor: BrowserContext, playerId: string): Promise<string | null> {
  const res = await visitor.request.get(`/t/demo/roster?player=${playerId}`);
  assert.equal(res.status(), 200);
  const html = await res.text();
  return /<img class="player-card__photo" src="([^"]+)"/.exec(html)?.[1] ?? null;
}

e2eTest(
  "[headshot consent e2e] the guardian ticks the box and the public roster shows the photo; unticked, it is gone",
  {},
  async (e2e, t) => {
    const { newContext, newPage, axeSource } = e2e;
    const axe = await axeSource();
    const team = await (await (await newContext()).request.get("/api/teams/by-slug/demo")).json();
    const dashboard = `/family-dashboard/${team.id}`;
    const visitor = await newContext();

    const admin = await newContext();
    await signInAsDemoAdmin(admin);
    const switched = await admin.request.patch(`/api/admin/${team.id}/settings`, { data: { showPhotos: true } });
    assert.equal(switched.status(), 200, await switched.text());

    const context = await newContext({ viewport: PHONE, bypassCSP: true });
    const signed = await context.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
    assert.equal(signed.status(), 200, await signed.text());
    const { page, problems } = await newPage({ context });
    let child = { id: "", firstName: "", name: "" };
    const memberDialog = () => page.getByRole("dialog", { name: child.name });
    const consentBox = () => memberDialog().getByLabel(`Show ${child.firstName}'s photo on the public roster`);
    const status = () => memberDialog().getByRole("status");
    let photo = "";

    await t.step("the team shows photos and the child has one: still not on the public roster", async () => {
      await page.goto(dashboard);
      child = await ownChild(page);
      assert.ok(child.id, "the demo parent has a child");
      await page.locator(`#family-card-player-${child.id}`).click();
      await memberDialog().getByRole("button", { name: `Change photo of ${child.name}` }).click();
      const photoDialog = page.getByRole("dialog", { name: `Photo of ${child.name}` });
      await photoDialog.getByLabel("Choose a photo").setInputFiles(SMALL_PNG);
      await photoDialog.getByRole("img", { name: `New photo of ${child.name}` }).waitFor();
      await photoDialog.getByRole("button", { name: "Save photo" }).click();
      await photoDialog.waitFor({ state: "hidden" });
      await toastWith(page, "Photo updated").waitFor();
      assert.equal(await consentBox().isChecked(), false, "off by default");
      await status().filter({ hasText: `${child.firstName}'s photo is hidden from the public roster.` }).waitFor();
      assert.equal(await publicPhoto(visitor, child.id), null, "the team's switch alone shows nothing");
      await assertAccessible(page, axe, "the member dialog with the public-photo choice");
    });

    await t.step("ticked and saved: the dialog says so without a reload; the public roster shows it", async () => {
      await markWindow(page);
      await consentBox().check();
      await memberDialog().getByRole("button", { name: "Save photo choice" }).click();
      await status().filter({ hasText: `${child.firstName}'s photo is shown on the public roster.` }).waitFor();
      assert.ok(await windowSurvived(page), "no reload");
      photo = (await publicPhoto(visitor, child.id)) ?? "";
      assert.match(photo, new RegExp(`^/objects/${team.id}/`), "the public roster shows the photo");
      const image = await visitor.request.get(photo);
      assert.equal(image.status(), 200, "a visitor may load it");
      assert.match(image.headers()["content-type"], /^image\//);
    });

    await t.step("closed and opened again, the dialog remembers; unticked with the keyboard, it is gone", async () => {
      await memberDialog().getByRole("link", { name: "Close" }).click();
      await memberDialog().waitFor({ state: "hidden" });
      await page.locator(`#family-card-player-${child.id}`).click();
      assert.equal(await consentBox().isChecked(), true, "the saved choice");
      await consentBox().focus();
      await page.keyboard.press("Space");
      assert.equal(await consentBox().isChecked(), false);
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await status().filter({ hasText: `${child.firstName}'s photo is hidden from the public roster.` }).waitFor();
      assert.ok(await windowSurvived(page), "no reload");
      assert.equal(await publicPhoto(visitor, child.id), null, "gone from the public roster at once");
      assert.equal((await visitor.request.get(photo)).status(), 404, "its public URL is revoked");
      const member = await context.request.get(photo);
      assert.equal(member.status(), 200, "the team still sees it");
    });
    await problems.assertNone("the guardian's story");

    await t.step("without JavaScript the form posts and comes back to the dialog with the choice", async () => {
      const plain = await newContext({ viewport: PHONE, javaScriptEnabled: false });
      const again = await plain.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
      assert.equal(again.status(), 200);
      const { page: noJs } = await newPage({ context: plain });
      await noJs.goto(`${dashboard}?member=player:${child.id}#family-dialog`);
      const dialog = noJs.getByRole("dialog", { name: child.name });
      const box = dialog.getByLabel(`Show ${child.firstName}'s photo on the public roster`);
      assert.equal(await box.isChecked(), false);
      await box.check();
      await dialog.getByRole("button", { name: "Save photo choice" }).click();
      await noJs.waitForURL(new RegExp(`\\?member=player:${child.id}#family-dialog$`));
      assert.equal(await dialog.getByLabel(`Show ${child.firstName}'s photo on the public roster`).isChecked(), true);
      await dialog.getByText(`${child.firstName}'s photo is shown on the public roster.`).waitFor();
      assert.match((await publicPhoto(visitor, child.id)) ?? "", new RegExp(`^/objects/${team.id}/`));
      await plain.close();
    });
  },
);
