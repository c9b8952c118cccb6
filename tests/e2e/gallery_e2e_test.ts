/**
 * The Photo Gallery in Chromium, at 390 px: a parent opens Add Photos with the keyboard (the
 * island hydrates on that first use), the spec's refusals for too many, non-image and too large
 * files, then uploads a 3000 × 2000 photo and the 2400 × 1600 orientation-6 fixture with GPS,
 * each with a caption (the browser sends both shrunk to 2048 px, upright, without EXIF), sees a
 * progress bar per photo and cannot close the dialog while they are sent, and sees both at the
 * start of the carousel without a reload. A photo opens larger with its caption and uploader and
 * its uploader deletes it in place. A refused step shows the spec's text and keeps the photo to
 * try again. With more photos: next and previous, the prefetch of the next 10, a swipe and the
 * arrow keys, 'Failed to load photos'. A call after the session ended leads to the login. axe on
 * the dialogs and the section; no sideways scroll at 390 and 1280 px. Without JavaScript the
 * first photos show and View All pages through the rest.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { BrowserContext, Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible, hydrated, signedOutToLogin, toastWith } from "./page_checks.ts";
import { sniffImage } from "../../lib/images/mod.ts";
import { PROJECT_ROOT } from "./server.ts";
import { addPhotosThroughApi } from "./gallery_helpers.ts";

const PHONE = { width: 390, height: 844 };

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post("/api/dev/auto-login", { data: { email } });
  assert.equal(res.status(), 200, "dev auto-login");
}

const noSideScroll = async (page: Page) =>
  assert.ok(
    await page.evaluate(() => document.scrollingElement!.scrollWidth <= globalThis.innerWidth),
    "no sideways scroll",
  );

const markStay = (page: Page) => page.evaluate(() => ((globalThis as unknown as { stayed: boolean }).stayed = true));
const stayed = (page: Page) => page.evaluate(() => (globalThis as unknown as { stayed?: boolean }).stayed === true);

/** A JPEG the browser draws (a gradient with a label), `width` × `height`, as bytes. */
async function drawnJpeg(page: Page, width: number, height: number, label: string): Promise<Uint8Array> {
  const dataUrl = await page.evaluate(async ({ width, height, label }) => {
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d")!;
    const gradient = context.createLinearGradient(0, 0, width, height);
    gradient.addColorStop(0, "#0f5132");
    gradient.addColorStop(1, "#ffc233");
    context.fillStyle = gradient;
    context.fillRect(0, 0, width, height);
    context.fillStyle = "#fff";
    context.font = `${Math.round(height / 5)}px sans-serif`;
    context.fillText(label, width / 10, height / 2);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.8));
    return await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsDataURL(blob);
    });
  }, { width, height, label });
  return Uint8Array.from(atob(dataUrl.split(",")[1]), (c) => c.charCodeAt(0));
}

e2eTest("[gallery e2e] a parent adds photos with captions and sees them in the carousel; no JavaScript too", {}, async (
  e2e,
  t,
) => {
  const { base, newPage, newContext, axeSource } = e2e;
  const axe = await axeSource();
  const context = await newContext({ viewport: PHONE, bypassCSP: true });
  await signIn(context, "parent@example.com");
  // The refusals the story fakes (500) and a call after the session ended (401) are reported by the browser.
  const { page, islandsRequested, requests } = await newPage({ context, allow: [/status of (500|401)/] });
  const section = page.locator("#photos");
  const dialog = page.getByRole("dialog", { name: "Add Photos" });
  const carousel = section.locator(".gallery__grid");
  // What the dialog sends: each XMLHttpRequest body, kept in the page to be read back.
  await page.addInitScript(() => {
    const sent: Blob[] = ((globalThis as unknown as { sentBodies: Blob[] }).sentBodies = []);
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof Blob) sent.push(body);
      return send.call(this, body);
    };
  });
  let teamId = "";
  const bigCaption = `Team huddle before kickoff ${crypto.randomUUID().slice(0, 6)}`;
  const turnedCaption = "Sideways no more";

  await t.step("the section: heading, Add Photos, View All and the empty state; nothing hydrated yet", async () => {
    await page.goto("/family-dashboard/demo");
    await section.getByRole("heading", { name: "Photo Gallery" }).waitFor();
    const viewAll = section.getByRole("link", { name: "View All photos" });
    teamId = (await viewAll.getAttribute("href"))!.split("/")[2];
    assert.match(teamId, /^[0-9A-Z]{26}$/);
    assert.equal(
      await section.getByRole("link", { name: "Add Photos" }).getAttribute("href"),
      `/family-dashboard/${teamId}/photos#add-photos`,
    );
    await section.getByText("No photos yet").waitFor();
    assert.deepEqual(
      islandsRequested().filter((name) => name.startsWith("Photo")),
      [],
      "the gallery's islands wait for interaction",
    );
    await noSideScroll(page);
    await assertAccessible(page, axe, "the dashboard with an empty gallery");
    await markStay(page);
  });

  await t.step("Enter on Add Photos opens the dialog (the island hydrates on that first use); axe on it", async () => {
    await section.getByRole("link", { name: "Add Photos" }).focus();
    await page.keyboard.press("Enter");
    await hydrated(page, "PhotoUpload");
    await dialog.waitFor();
    assert.equal(page.url(), `${base}/family-dashboard/demo`, "the link did not navigate");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "upload-files", "the file field has the focus");
    assert.equal(await dialog.getByLabel("Choose photos").getAttribute("accept"), "image/*");
    await assertAccessible(page, axe, "the Add Photos dialog");
    await noSideScroll(page);
  });

  const input = dialog.getByLabel("Choose photos");
  /** A file for the file field. */
  const file = (name: string, mimeType: string, bytes: Uint8Array) => ({ name, mimeType, buffer: Buffer.from(bytes) });
  const jpeg = file("a.jpg", "image/jpeg", new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));

  await t.step("the spec's refusals: 'Too many photos', 'Invalid file type', 'File too large'", async () => {
    await input.setInputFiles([1, 2, 3, 4].map((n) => ({ ...jpeg, name: `p${n}.jpg` })));
    await toastWith(page, "Too many photos").waitFor();
    assert.ok(await dialog.locator(".toast").isVisible(), "the toast shows in the open dialog");
    await input.setInputFiles([file("notes.txt", "text/plain", new TextEncoder().encode("hi"))]);
    await toastWith(page, "Invalid file type").waitFor();
    assert.equal(await dialog.locator(".upload__item").count(), 0, "nothing was added");
    assert.ok(await dialog.getByRole("button", { name: "Upload" }).isDisabled(), "nothing to upload yet");
    // Over 10 MB is taken (a photo is shrunk before the limit applies: phone_photo_e2e_test.ts);
    // one the browser cannot read stays over it and is refused when sent, before any call.
    requests.length = 0;
    await input.setInputFiles([file("huge.jpg", "image/jpeg", new Uint8Array(10 * 1024 * 1024 + 1))]);
    await dialog.getByRole("button", { name: "Upload" }).click();
    await toastWith(page, "File too large").waitFor();
    await dialog.locator(".upload__status").filter({ hasText: "File too large: Each photo may be at most 10 MB." })
      .waitFor();
    assert.deepEqual(requests.filter((r) => r.url().includes("/api/")).map((r) => r.url()), [], "nothing was sent");
    await dialog.getByRole("button", { name: "Remove photo 1" }).click();
    assert.equal(await dialog.locator(".upload__item").count(), 0);
  });

  await t.step("two photos with captions: a progress bar each; closing is blocked while they are sent", async () => {
    const big = await drawnJpeg(page, 3000, 2000, "Huddle");
    const turned = await Deno.readFile(`${PROJECT_ROOT}/tests/fixtures/oriented_6_gps.jpg`);
    await input.setInputFiles([file("huddle.jpg", "image/jpeg", big)]);
    await dialog.locator(".upload__item").first().waitFor();
    assert.equal(
      await page.evaluate(() => document.activeElement?.id),
      await dialog.getByLabel("Caption for photo 1 (optional)").getAttribute("id"),
      "the new photo's caption has the focus",
    );
    await input.setInputFiles([file("sideways.jpg", "image/jpeg", turned)]);
    assert.equal(await dialog.locator(".upload__item").count(), 2);
    assert.ok(
      await dialog.locator(".upload__preview").first().evaluate((img: HTMLImageElement) => img.src.startsWith("blob:")),
    );
    await dialog.getByLabel("Caption for photo 1 (optional)").fill(bigCaption);
    await dialog.getByLabel("Caption for photo 2 (optional)").fill(turnedCaption);
    assert.equal(
      await dialog.locator(".upload__count").first().textContent(),
      `${bigCaption.length}/280 characters used`,
    );
    assert.equal(await dialog.getByLabel("Caption for photo 1 (optional)").getAttribute("maxlength"), "280");
    // A third photo could still be added: at most 3 in all.
    await input.setInputFiles([1, 2].map((n) => ({ ...jpeg, name: `more${n}.jpg` })));
    await toastWith(page, "Too many photos").waitFor();
    await assertAccessible(page, axe, "the Add Photos dialog with two photos");

    // Slow the byte uploads down, to look at the dialog while they are under way.
    await page.route("**/api/objects/upload/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.locator("progress").first().waitFor();
    await dialog.getByRole("button", { name: "Uploading…" }).waitFor();
    assert.ok(await dialog.getByRole("button", { name: "Cancel" }).isDisabled());
    assert.ok(await dialog.getByRole("button", { name: "Close" }).isDisabled());
    await page.keyboard.press("Escape");
    await page.waitForTimeout(100);
    assert.ok(await dialog.isVisible(), "Escape does not close the dialog while photos are sent");
    assert.equal(await dialog.locator("progress").count() >= 1, true);
    assert.ok(await dialog.getByLabel("Photo 1 upload progress").isVisible(), "a progress bar per photo");
    await dialog.waitFor({ state: "detached", timeout: 30_000 });
    await page.unroute("**/api/objects/upload/**");
    await toastWith(page, "2 photos added").waitFor();
    assert.ok(await stayed(page), "no reload");
  });

  await t.step("the browser shrank both photos to 2048 px, upright and without EXIF, before sending them", async () => {
    const bodies = await page.evaluate(async () => {
      const sent = (globalThis as unknown as { sentBodies: Blob[] }).sentBodies;
      return await Promise.all(sent.map(async (blob) => [...new Uint8Array(await blob.arrayBuffer())]));
    });
    assert.equal(bodies.length, 2, "one PUT per photo");
    const sent = bodies.map((bytes) => Uint8Array.from(bytes));
    const first = sniffImage(sent[0]);
    assert.equal(first.type, "jpeg");
    assert.deepEqual([first.width, first.height], [2048, 1365], "the long edge at 2048");
    // The fixture is 2400 × 1600 as stored with EXIF orientation 6: it went upright (portrait),
    // shrunk, and without its EXIF (GPS included) — re-encoded by the browser's canvas.
    const second = sniffImage(sent[1]);
    assert.deepEqual([second.type, second.width, second.height], ["jpeg", 1365, 2048]);
    const ascii = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);
    const original = await Deno.readFile(`${PROJECT_ROOT}/tests/fixtures/oriented_6_gps.jpg`);
    assert.ok(ascii(original).includes("Exif\0\0"), "the fixture has its EXIF block");
    for (const bytes of sent) assert.ok(!ascii(bytes).includes("Exif\0\0"), "no EXIF block sent");
  });

  await t.step("both photos are at the start of the carousel, newest first, with their captions", async () => {
    const tiles = carousel.locator(".photo-tile__img");
    await tiles.nth(1).waitFor();
    assert.equal(await tiles.nth(0).getAttribute("alt"), turnedCaption);
    assert.equal(await tiles.nth(1).getAttribute("alt"), bigCaption);
    assert.ok(!(await section.textContent())!.includes("No photos yet"));
    await tiles.nth(0).evaluate((img: HTMLImageElement) => img.decode());
    assert.ok(await tiles.nth(0).evaluate((img: HTMLImageElement) => img.naturalWidth > 0), "the thumbnail loads");
    const stored = await page.evaluate(async (id) => (await (await fetch(`/api/teams/${id}/photos`)).json()), teamId);
    assert.deepEqual(stored.photos.map((p: { caption: string }) => p.caption), [turnedCaption, bigCaption]);
    assert.equal(stored.photos[0].uploaderName, "Wei Chen");
    await noSideScroll(page);
    await assertAccessible(page, axe, "the carousel with two photos");
  });

  await t.step("a photo opens larger with its caption and uploader; Escape closes it", async () => {
    await carousel.getByRole("link", { name: bigCaption }).click();
    const viewer = page.getByRole("dialog", { name: "Team photo" });
    await viewer.waitFor();
    const img = viewer.getByRole("img", { name: bigCaption });
    assert.match((await img.getAttribute("src"))!, /^\/objects\//);
    await img.evaluate((el: HTMLImageElement) => el.decode());
    assert.ok(await img.evaluate((el: HTMLImageElement) => el.naturalWidth === 800), "the medium size (800 px)");
    await viewer.getByText(bigCaption, { exact: true }).waitFor();
    await viewer.getByText("Shared by Wei Chen").waitFor();
    await assertAccessible(page, axe, "the photo viewer");
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
  });

  await t.step("its uploader deletes a photo: it disappears without a reload", async () => {
    await carousel.getByRole("link", { name: turnedCaption }).click();
    const viewer = page.getByRole("dialog", { name: "Team photo" });
    await viewer.getByRole("button", { name: "Delete photo" }).click();
    await viewer.getByText("Delete this photo? This cannot be undone.").waitFor();
    await viewer.getByRole("button", { name: "Yes, delete" }).click();
    await viewer.waitFor({ state: "detached" });
    await toastWith(page, "Photo deleted").waitFor();
    assert.equal(await carousel.getByRole("link", { name: turnedCaption }).count(), 0);
    assert.ok(await stayed(page));
    const stored = await page.evaluate(async (id) => (await (await fetch(`/api/teams/${id}/photos`)).json()), teamId);
    assert.deepEqual(stored.photos.map((p: { caption: string }) => p.caption), [bigCaption], "gone from the server");
  });

  await t.step("a refused step: the spec's text, the photo kept with its message, then tried again", async () => {
    await section.getByRole("link", { name: "Add Photos" }).click();
    await dialog.waitFor();
    await input.setInputFiles([file("retry.jpg", "image/jpeg", await drawnJpeg(page, 300, 200, "Retry"))]);
    await dialog.getByLabel("Caption for photo 1 (optional)").fill("Second try");

    await page.route(
      "**/api/photos/process-gallery-photo",
      (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Boom" }) }),
    );
    await dialog.getByRole("button", { name: "Upload" }).click();
    await toastWith(page, "Failed to process photo resolutions").filter({ hasText: "Boom" }).waitFor();
    await dialog.locator(".upload__status").filter({ hasText: "Failed to process photo resolutions: Boom" }).waitFor();
    assert.ok(await dialog.isVisible(), "the dialog stays open");
    assert.equal(await dialog.getByLabel("Caption for photo 1 (optional)").inputValue(), "Second try", "kept");
    await page.unroute("**/api/photos/process-gallery-photo");

    // An upload URL call that answers without one.
    await page.route(
      "**/api/objects/upload",
      (route) => route.fulfill({ status: 200, contentType: "application/json", body: "{}" }),
    );
    await dialog.getByRole("button", { name: "Upload" }).click();
    await toastWith(page, "No upload URL received").waitFor();
    await page.unroute("**/api/objects/upload");

    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.waitFor({ state: "detached", timeout: 30_000 });
    await toastWith(page, "Photo added").waitFor();
    assert.equal(await carousel.locator(".photo-tile__img").first().getAttribute("alt"), "Second try");
    assert.ok(await stayed(page));
  });

  await t.step(
    "with 17 photos: 6 a page, next and previous, the next 10 fetched, a swipe, the arrow keys",
    async () => {
      await addPhotosThroughApi(page, teamId, 15);
      await page.reload();
      await markStay(page);
      const tiles = carousel.locator(".photo-tile__img");
      assert.equal(await tiles.count(), 6);
      assert.equal(await tiles.first().getAttribute("alt"), "Seeded 15", "newest first");
      assert.equal(await section.locator(".gallery__count").textContent(), "1–6 of 10+");
      requests.length = 0;
      // The first tap on Next wakes the island and is replayed once it is hydrated.
      await section.getByRole("link", { name: "Next photos" }).click();
      await hydrated(page, "PhotoGallery");
      await section.locator(".gallery__count").filter({ hasText: "7–12 of 17" }).waitFor();
      assert.equal(await tiles.first().getAttribute("alt"), "Seeded 9");
      const fetched = requests.map((r) => new URL(r.url())).filter((u) => u.pathname === `/api/teams/${teamId}/photos`);
      assert.deepEqual(fetched.map((u) => u.search), ["?limit=10&offset=10"], "the next 10, once");
      assert.ok(await stayed(page));

      // A swipe to the left: the next page (the last, with the oldest photos).
      await carousel.scrollIntoViewIfNeeded();
      const box = (await carousel.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + box.width - 20, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 20, y, { steps: 8 });
      await page.mouse.up();
      await section.locator(".gallery__count").filter({ hasText: "13–17 of 17" }).waitFor();
      assert.equal(await tiles.last().getAttribute("alt"), bigCaption, "the oldest photo last");
      assert.equal(
        await section.locator(".gallery__arrow").last().getAttribute("aria-disabled"),
        "true",
        "no next page",
      );

      // The arrow keys on a photo: the previous page, with its first photo focused.
      await tiles.first().locator("xpath=..").focus();
      await page.keyboard.press("ArrowLeft");
      await section.locator(".gallery__count").filter({ hasText: "7–12 of 17" }).waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.querySelector("img")?.alt), "Seeded 9");
      await section.getByRole("link", { name: "Previous photos" }).click();
      await section.locator(".gallery__count").filter({ hasText: "1–6 of 17" }).waitFor();
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent?.trim()),
        "Next photos ›",
        "at the first page the focus moves from Previous to Next",
      );
      await noSideScroll(page);
      await assertAccessible(page, axe, "the carousel with 17 photos");
    },
  );

  await t.step("photos that fail to load: 'Failed to load photos'; the next page tries again", async () => {
    await page.route("**/api/teams/*/photos?*", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.reload();
    await section.getByRole("link", { name: "Next photos" }).click();
    await hydrated(page, "PhotoGallery");
    await toastWith(page, "Failed to load photos").waitFor();
    await section.locator(".gallery__count").filter({ hasText: "7–10 of 10+" }).waitFor();
    await page.unroute("**/api/teams/*/photos?*");
    await section.getByRole("link", { name: "Next photos" }).click();
    await section.locator(".gallery__count").filter({ hasText: "13–17 of 17" }).waitFor();
  });

  await t.step("at 1280 px: 3 columns, no sideways scroll", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const columns = await carousel.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    assert.equal(columns, 3);
    await noSideScroll(page);
    await page.setViewportSize(PHONE);
    assert.equal(await carousel.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length), 2);
  });

  await t.step("View All at 390 and 1280 px: every photo, axe, no sideways scroll", async () => {
    await section.getByRole("link", { name: "View All photos" }).click();
    await page.waitForURL(`${base}/family-dashboard/${teamId}/photos`);
    assert.equal(await page.locator(".photo-tile").count(), 17);
    await noSideScroll(page);
    await assertAccessible(page, axe, "View All at 390 px");
    await page.setViewportSize({ width: 1280, height: 900 });
    await noSideScroll(page);
    await assertAccessible(page, axe, "View All at 1280 px");
    await page.setViewportSize(PHONE);
    await page.goto("/family-dashboard/demo");
  });

  await t.step("a delete after the session ended: the logged-out toast, then the team login", async () => {
    await page.reload();
    await carousel.getByRole("link", { name: "Seeded 15" }).click();
    const viewer = page.getByRole("dialog", { name: "Team photo" });
    await viewer.waitFor();
    await context.clearCookies();
    await viewer.getByRole("button", { name: "Delete photo" }).click();
    await signedOutToLogin(
      page,
      () => viewer.getByRole("button", { name: "Yes, delete" }).click(),
      (url) => url.pathname === "/team-login",
    );
    await signIn(context, "parent@example.com");
  });

  await t.step(
    "without JavaScript: the first photos show, each a link to its larger image; View All pages",
    async () => {
      const { page: p, context: noJs } = await newPage({ javaScriptEnabled: false, viewport: PHONE });
      await signIn(noJs, "parent@example.com");
      await p.goto(`/family-dashboard/${teamId}`);
      const plain = p.locator("#photos");
      const tiles = plain.locator(".photo-tile__link");
      assert.equal(await tiles.count(), 6);
      assert.match((await tiles.first().getAttribute("href"))!, /^\/objects\//);
      assert.ok(
        await plain.locator("img").first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      );
      await noSideScroll(p);

      // Next leads to View All from the 7th photo on.
      await plain.getByRole("link", { name: "Next photos" }).click();
      await p.waitForURL(`${base}/family-dashboard/${teamId}/photos?offset=6`);
      await p.getByText("Photos 7–17, newest first").waitFor();
      await p.getByRole("link", { name: "Newer photos" }).click();
      await p.waitForURL(`${base}/family-dashboard/${teamId}/photos`);
      await p.getByRole("heading", { name: /Photo Gallery/ }).waitFor();
      assert.equal(await p.locator(".photo-tile").count(), 17);
      await p.getByText("Shared by Wei Chen").first().waitFor();
      await noSideScroll(p);

      // A photo's link opens its medium image.
      const href = (await p.locator(".photo-tile__link").first().getAttribute("href"))!;
      const image = await noJs.request.get(href);
      assert.equal(image.status(), 200);
      assert.match(image.headers()["content-type"], /^image\//);

      // Add Photos without JavaScript: the View All page's note.
      await p.goto(`/family-dashboard/${teamId}`);
      await p.locator("#photos").getByRole("link", { name: "Add Photos" }).click();
      await p.waitForURL(`${base}/family-dashboard/${teamId}/photos#add-photos`);
      await p.getByText("Adding photos needs JavaScript").waitFor();
    },
  );
});
