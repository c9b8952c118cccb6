/**
 * Player headshots in Chromium at 390 px (issue 13, item 5): the demo parent opens their child's
 * member dialog on the family dashboard, changes the photo (a 2400×1600 JPEG with EXIF
 * orientation 6 and GPS: the browser sends it upright, shrunk to 2048 on its long edge, with no
 * EXIF) and sees it on the card and in the dialog without a reload; the dialog refuses a text
 * file and a file over 10 MB with SPEC.md's texts, keeps Tab inside, closes on Escape with the
 * focus back on its opener; the parent removes the photo after a confirmation and its files are
 * gone; the demo admin changes a photo from the roster table; a lost session signs out.
 * axe-core finds nothing serious on the dialog; nothing scrolls sideways.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page, Request } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible, signedOutToLogin, toastWith } from "./page_checks.ts";

const PHONE = { width: 390, height: 844 };
const FIXTURES = new URL("../fixtures/", import.meta.url);
const ORIENTED = new URL("oriented_6_gps.jpg", FIXTURES).pathname;
const SMALL_PNG = new URL("small.png", FIXTURES).pathname;

/** Chrome logs refused requests; these are the ones the story asks for. */
const EXPECTED_ERRORS = [/status of 401 \(Unauthorized\)/, /status of 404 \(Not Found\)/];

const noSidewaysScroll = async (page: Page, where: string) =>
  assert.ok(
    await page.evaluate(() => document.scrollingElement!.scrollWidth <= globalThis.innerWidth),
    `no sideways scroll: ${where}`,
  );

const markWindow = (page: Page) => page.evaluate(() => ((globalThis as unknown as { stayed: boolean }).stayed = true));
const windowSurvived = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { stayed?: boolean }).stayed === true);

const activeElement = (page: Page) =>
  page.evaluate(() => ({
    text: document.activeElement?.textContent?.trim() ?? "",
    player: (document.activeElement as HTMLElement | null)?.dataset.photoPlayer ?? "",
    id: document.activeElement?.id ?? "",
  }));

/** The JPEG's size from its SOF marker, and whether it carries an EXIF (APP1 "Exif") segment. */
function jpegFacts(bytes: Uint8Array): { width: number; height: number; exif: boolean } {
  assert.ok(bytes[0] === 0xff && bytes[1] === 0xd8, "a JPEG");
  let exif = false;
  for (let i = 2; i + 4 < bytes.length;) {
    if (bytes[i] !== 0xff) throw new Error(`no marker at ${i}`);
    const marker = bytes[i + 1];
    const length = (bytes[i + 2] << 8) | bytes[i + 3];
    if (marker === 0xe1 && String.fromCharCode(...bytes.subarray(i + 4, i + 8)) === "Exif") exif = true;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return {
        height: (bytes[i + 5] << 8) | bytes[i + 6],
        width: (bytes[i + 7] << 8) | bytes[i + 8],
        exif,
      };
    }
    i += 2 + length;
  }
  throw new Error("no SOF marker");
}

/** The first player card whose photo the viewer may change, from the FamilyExplorer island's props. */
function ownChild(page: Page) {
  return page.evaluate(() => {
    const island = document.querySelector<HTMLElement>('[data-island="FamilyExplorer"]')!;
    const props = JSON.parse(document.getElementById(island.dataset.props!)!.textContent!);
    const cards = props.family.players as {
      id: string;
      firstName: string;
      lastName: string;
      canChangePhoto: boolean;
    }[];
    const child = cards.find((c) => c.canChangePhoto)!;
    return {
      id: child.id,
      name: `${child.firstName} ${child.lastName}`,
      others: cards.filter((c) => !c.canChangePhoto).length,
    };
  });
}

e2eTest(
  "[headshot e2e] a parent changes and removes their child's photo; an admin from the roster",
  {},
  async (e2e, t) => {
    const { newContext, newPage, axeSource } = e2e;
    const axe = await axeSource();
    const context = await newContext({ viewport: PHONE, bypassCSP: true });
    const res = await context.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
    assert.equal(res.status(), 200, await res.text());
    const { page, problems } = await newPage({ context, allow: EXPECTED_ERRORS });
    const uploads: Request[] = [];
    page.on("request", (r) => r.method() === "PUT" && r.url().includes("/api/objects/upload/") && uploads.push(r));

    const team = await (await context.request.get("/api/teams/by-slug/demo")).json();
    const dashboard = `/family-dashboard/${team.id}`;
    let child = { id: "", name: "", others: 0 };
    let firstPhoto = "";
    let firstSmall = "";
    const photoDialog = () => page.getByRole("dialog", { name: `Photo of ${child.name}` });
    const memberDialog = () => page.getByRole("dialog", { name: child.name });
    const card = () => page.locator(`#family-card-player-${child.id}`);

    await t.step("the child's member dialog has 'Change photo'; it opens the photo dialog as a modal", async () => {
      await page.goto(dashboard);
      child = await ownChild(page);
      assert.ok(child.id && child.others > 0, "the demo parent has a child and the team other players");
      await markWindow(page);
      await card().click();
      await memberDialog().waitFor();
      const change = memberDialog().getByRole("button", { name: `Change photo of ${child.name}` });
      await change.click();
      await photoDialog().waitFor();
      assert.ok(await page.evaluate(() => document.querySelector(".player-photo__dialog")!.matches(":modal")));
      assert.equal((await activeElement(page)).id, "player-photo-file", "the file picker has the focus");
      assert.equal(await photoDialog().getByRole("button", { name: "Save photo" }).isDisabled(), true);
      await noSidewaysScroll(page, "the photo dialog");
      await assertAccessible(page, axe, "the player photo dialog");
    });

    await t.step("without JavaScript the dialog says a photo needs it, and shows no dead button", async () => {
      const plain = await newContext({ viewport: PHONE, javaScriptEnabled: false });
      const signed = await plain.request.post("/api/dev/auto-login", { data: { email: "parent@example.com" } });
      assert.equal(signed.status(), 200);
      const { page: noJs } = await newPage({ context: plain });
      await noJs.goto(`${dashboard}?member=player:${child.id}#family-dialog`);
      const dialog = noJs.getByRole("dialog", { name: child.name });
      await dialog.waitFor();
      // (Playwright's text search skips <noscript>: the line is found by its class.)
      const note = dialog.locator(".photo-change__nojs");
      await note.waitFor();
      assert.equal(await note.textContent(), "Changing a photo needs JavaScript.");
      assert.equal(await dialog.getByRole("button", { name: /Change photo/ }).isVisible(), false);
      await plain.close();
    });

    await t.step("Tab stays in the dialog; Escape closes it and the focus is back on 'Change photo'", async () => {
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press("Tab");
        assert.ok(
          await page.evaluate(() => !!document.activeElement?.closest(".player-photo__dialog")),
          `Tab ${i + 1}`,
        );
      }
      await page.keyboard.press("Shift+Tab");
      assert.ok(await page.evaluate(() => !!document.activeElement?.closest(".player-photo__dialog")), "Shift+Tab");
      await page.keyboard.press("Escape");
      await photoDialog().waitFor({ state: "hidden" });
      assert.equal((await activeElement(page)).player, child.id, "focus on the button that opened it");
      assert.ok(await memberDialog().isVisible(), "the member dialog is still open");
    });

    await t.step("a text file and a file over 10 MB are refused with the spec's texts", async () => {
      await memberDialog().getByRole("button", { name: /Change photo/ }).click();
      await photoDialog().waitFor();
      const picker = photoDialog().getByLabel("Choose a photo");
      await picker.setInputFiles({
        name: "notes.jpg.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("hi"),
      });
      await toastWith(page, "Invalid file type").waitFor();
      await photoDialog().locator(".field__error", { hasText: "Invalid file type" }).waitFor();
      await picker.setInputFiles({
        name: "huge.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
      });
      await toastWith(page, "File too large").waitFor();
      assert.equal(await photoDialog().getByRole("button", { name: "Save photo" }).isDisabled(), true);
      assert.equal(uploads.length, 0, "nothing was sent");
    });

    await t.step("a photo: previewed upright and shrunk, sent without EXIF, shown without a reload", async () => {
      await photoDialog().getByLabel("Choose a photo").setInputFiles(ORIENTED);
      const preview = photoDialog().getByRole("img", { name: `New photo of ${child.name}` });
      await preview.waitFor();
      const size = await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
      assert.deepEqual(size, [1365, 2048], "the 2400×1600 photo turned upright (orientation 6) and shrunk to 2048");
      // Keep a copy of the bytes the island PUTs (DevTools does not hand over a Blob body).
      await page.evaluate(() => {
        const g = globalThis as unknown as { sent?: number[] };
        const original = globalThis.fetch;
        globalThis.fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
          if (init?.method === "PUT" && String(url).includes("/api/objects/upload/") && init.body instanceof Blob) {
            g.sent = [...new Uint8Array(await init.body.arrayBuffer())];
          }
          return await original(url, init);
        };
      });
      await photoDialog().getByRole("button", { name: "Save photo" }).click();
      await photoDialog().waitFor({ state: "hidden" });
      await toastWith(page, "Photo updated").waitFor();

      assert.equal(uploads.length, 1, "one upload");
      const bytes = await page.evaluate(() => (globalThis as unknown as { sent: number[] }).sent);
      const sent = jpegFacts(new Uint8Array(bytes));
      assert.deepEqual(sent, { width: 1365, height: 2048, exif: false }, "upright, 2048 on the long edge, no EXIF");

      const big = memberDialog().getByRole("img", { name: `Photo of ${child.name}` });
      await big.waitFor();
      firstPhoto = (await big.getAttribute("src"))!;
      assert.match(firstPhoto, new RegExp(`^/objects/${team.id}/`), "the dialog shows the new (medium) photo");
      const small = (await card().locator("img").getAttribute("src"))!;
      assert.match(small, new RegExp(`^/objects/${team.id}/`), "the card too");
      assert.notEqual(small, firstPhoto, "the card its small size");
      firstSmall = small;
      for (const src of [firstPhoto, small]) {
        const image = await context.request.get(src);
        assert.equal(image.status(), 200, src);
        assert.match(image.headers()["content-type"], /^image\//);
      }
      assert.equal((await activeElement(page)).player, child.id, "focus back on 'Change photo'");
      assert.ok(await windowSurvived(page), "no reload");
    });

    await t.step("remove: a confirmation, then the photo and its files are gone", async () => {
      await memberDialog().getByRole("button", { name: /Change photo/ }).click();
      await photoDialog().waitFor();
      assert.equal(
        await photoDialog().getByRole("img", { name: `Photo of ${child.name}` }).getAttribute("src"),
        firstPhoto,
        "the dialog shows the current photo",
      );
      await photoDialog().getByRole("button", { name: "Remove photo" }).click();
      await photoDialog().getByText(`Remove the photo of ${child.name}? It is deleted for good.`).waitFor();
      assert.equal((await activeElement(page)).text, "Keep photo", "the safe answer has the focus");
      await assertAccessible(page, axe, "the remove confirmation");
      await page.keyboard.press("Enter");
      await photoDialog().getByRole("button", { name: "Remove photo" }).waitFor();
      assert.equal((await activeElement(page)).text, "Remove photo", "Keep photo gives the focus back");
      await photoDialog().getByRole("button", { name: "Remove photo" }).click();
      await photoDialog().getByRole("button", { name: "Yes, remove photo" }).click();
      await photoDialog().waitFor({ state: "hidden" });
      await toastWith(page, "Photo removed").waitFor();
      assert.equal(await memberDialog().getByRole("img", { name: `Photo of ${child.name}` }).count(), 0);
      assert.equal(await card().locator("img").count(), 0, "the card shows initials again");
      for (const src of [firstPhoto, firstSmall]) {
        assert.equal((await context.request.get(src)).status(), 404, `the removed photo's files are deleted: ${src}`);
      }
      assert.ok(await windowSurvived(page), "no reload");
      // After a reload the page still has no photo.
      await page.reload();
      assert.equal(await card().locator("img").count(), 0);
    });

    await t.step("a dialog opened by the address: one click on 'Change photo' wakes both islands", async () => {
      await page.goto(`${dashboard}?member=player:${child.id}#family-dialog`);
      await memberDialog().getByRole("button", { name: /Change photo/ }).click();
      await photoDialog().waitFor();
      assert.ok(await page.evaluate(() => document.querySelector(".player-photo__dialog")!.matches(":modal")));
    });

    await t.step("a lost session: the spec's toast and the way to the login", async () => {
      await photoDialog().getByLabel("Choose a photo").setInputFiles(SMALL_PNG);
      await photoDialog().getByRole("img", { name: `New photo of ${child.name}` }).waitFor();
      await context.clearCookies();
      await signedOutToLogin(
        page,
        () => photoDialog().getByRole("button", { name: "Save photo" }).click(),
        /\/team-login\?next=/,
      );
    });
    await problems.assertNone("the parent's story", EXPECTED_ERRORS);

    await t.step("the admin changes a photo from the roster table", async () => {
      const admin = await newContext({ viewport: PHONE, bypassCSP: true });
      await signInAsDemoAdmin(admin);
      const { page: roster, problems: rosterProblems } = await newPage({ context: admin });
      await roster.goto("/admin/demo/roster");
      await roster.locator(".roster-admin[data-hydrated]").waitFor();
      const before = Number(await roster.locator("dt", { hasText: "With photos" }).locator("+ dd").textContent());
      const withPhoto = await roster.locator("tbody tr").filter({ has: roster.locator("img.roster-admin__photo") })
        .count();
      assert.equal(withPhoto, before, "'With photos' counts the rows with a photo");
      const name = (await roster.locator("tbody th").first().textContent())!;
      const row = roster.locator("tbody tr").filter({ has: roster.getByRole("rowheader", { name, exact: true }) });
      const hadPhoto = await row.locator("img.roster-admin__photo").count() > 0;
      await markWindow(roster);
      await roster.getByRole("button", { name: `Change photo of ${name}` }).click();
      const dialog = roster.getByRole("dialog", { name: `Photo of ${name}` });
      await dialog.waitFor();
      await noSidewaysScroll(roster, "the roster's photo dialog");
      await assertAccessible(roster, axe, "the roster's photo dialog");
      await dialog.getByLabel("Choose a photo").setInputFiles(SMALL_PNG);
      await dialog.getByRole("img", { name: `New photo of ${name}` }).waitFor();
      await dialog.getByRole("button", { name: "Save photo" }).click();
      await dialog.waitFor({ state: "hidden" });
      const photo = row.getByRole("img", { name: `Photo of ${name}` });
      await photo.waitFor();
      assert.match((await photo.getAttribute("src"))!, /^\/objects\//);
      assert.equal(
        Number(await roster.locator("dt", { hasText: "With photos" }).locator("+ dd").textContent()),
        before + (hadPhoto ? 0 : 1),
        "'With photos' follows",
      );
      assert.equal(
        await roster.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.photoPlayer !== undefined),
        true,
        "focus back on the row's 'Change photo'",
      );
      assert.ok(await windowSurvived(roster), "no reload");
      await noSidewaysScroll(roster, "the roster at 390 px");
      await rosterProblems.assertNone("the admin's roster");
    });
  },
);
