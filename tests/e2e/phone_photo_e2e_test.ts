/**
 * Photos from today's phones, in Chromium: a 20 MB, 48-megapixel JPEG (8000 × 6000, EXIF
 * orientation 6, drawn with noise in the page so it does not compress small) is taken by Add
 * Photos, shrunk in the browser and sent under 10 MB, upright, and shows in the gallery. The photo
 * viewer moves through the photos with Previous and Next, the arrow keys and a swipe, at 1280 and
 * 390 px: "3 of 8", disabled at both ends, the focus kept inside the dialog and given back to the
 * thumbnail of the photo shown last. The two islands' own code stays under 8 KB gzip.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { assertAccessible, hydrated, toastWith } from "./page_checks.ts";
import { addPhotosThroughApi } from "./gallery_helpers.ts";
import { ISLAND_OWN_GZIP, islandOwnGzip } from "../../bench/island_size.ts";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const MAX_BYTES = 10 * 1024 * 1024;

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post("/api/dev/auto-login", { data: { email } });
  assert.equal(res.status(), 200, "dev auto-login");
}

const noSideScroll = async (page: Page) =>
  assert.ok(
    await page.evaluate(() => document.scrollingElement!.scrollWidth <= globalThis.innerWidth),
    "no sideways scroll",
  );

/**
 * Draws an 8000 × 6000 photo with noise in the page, encodes it as JPEG with an EXIF block saying
 * "turn 90° clockwise" (orientation 6, as a phone held upright writes), and chooses it in the
 * dialog's file field. Answers its size in bytes.
 */
function choosePhonePhoto(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const [width, height] = [8000, 6000];
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d")!;
    const gradient = context.createLinearGradient(0, 0, width, height);
    gradient.addColorStop(0, "#0f5132");
    gradient.addColorStop(1, "#ffc233");
    context.fillStyle = gradient;
    context.fillRect(0, 0, width, height);
    // Sensor-like grain over it (a tile of random pixels, repeated): JPEG keeps noise, so the file
    // is as heavy as a phone's (about 20 MB).
    const grain = document.createElement("canvas");
    grain.width = grain.height = 512;
    const tile = new ImageData(512, 512);
    for (let i = 0; i < tile.data.length; i += 65536) crypto.getRandomValues(tile.data.subarray(i, i + 65536));
    for (let i = 3; i < tile.data.length; i += 4) tile.data[i] = 255;
    grain.getContext("2d")!.putImageData(tile, 0, 0);
    context.globalAlpha = 0.2;
    context.fillStyle = context.createPattern(grain, "repeat")!;
    context.fillRect(0, 0, width, height);
    context.globalAlpha = 1;
    // A marker in the top-left corner: upright (turned clockwise) it is in the top-right one.
    context.fillStyle = "#e00";
    context.fillRect(0, 0, 1000, 1000);
    const jpeg = new Uint8Array(
      await (await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.92)))
        .arrayBuffer(),
    );
    canvas.width = canvas.height = 0;
    // APP1 "Exif": a big-endian TIFF header and one IFD entry, Orientation (0x0112) = 6.
    const tiff = [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0];
    const exif = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    const app1 = [0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 0xff, ...exif];
    const file = new File([new Uint8Array([0xff, 0xd8, ...app1]), jpeg.subarray(2)], "PXL_20260412_48MP.jpg", {
      type: "image/jpeg",
    });
    const input = document.getElementById("upload-files") as HTMLInputElement;
    const chosen = new DataTransfer();
    chosen.items.add(file);
    input.files = chosen.files;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    return file.size;
  });
}

/** A mouse drag across `target` (the pointer events a swipe makes), from one side to the other. */
async function swipe(page: Page, target: Locator, direction: "left" | "right", distance = 0.7) {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const [from, to] = [box.x + box.width * (1 - distance) / 2, box.x + box.width * (1 + distance) / 2];
  await page.mouse.move(direction === "left" ? to : from, y);
  await page.mouse.down();
  await page.mouse.move(direction === "left" ? from : to, y, { steps: 6 });
  await page.mouse.up();
}

e2eTest("[phone photo e2e] a 48-megapixel photo over 10 MB is shrunk and sent; the viewer pages through", {}, async (
  { newContext, newPage, axeSource },
  t,
) => {
  const axe = await axeSource();
  const context = await newContext({ viewport: DESKTOP, bypassCSP: true });
  await signIn(context, "parent@example.com");
  const { page, requests } = await newPage({ context });
  const section = page.locator("#photos");
  const carousel = section.locator(".gallery__grid");
  const dialog = page.getByRole("dialog", { name: "Add Photos" });
  const viewer = page.getByRole("dialog", { name: "Team photo" });
  const count = viewer.locator(".gallery__count");
  /** The carousel's count once the viewer is closed. The viewer's own count can outlive its frame by a render on a
   * loaded machine (CI saw both at once), so wait until the carousel's is alone. */
  const carouselCount = async () => {
    await page.waitForFunction(() => document.querySelectorAll("#photos .gallery__count").length === 1);
    return await section.locator(".gallery__count").textContent();
  };
  const prev = viewer.getByRole("button", { name: "Previous photo" });
  const next = viewer.getByRole("button", { name: "Next photo" });
  const shownAlt = () => viewer.locator(".gallery-viewer__img").getAttribute("alt");
  const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
  let teamId = "";

  await t.step("the gallery's islands keep their own code under 8 KB gzip", async () => {
    for (const name of ["PhotoGallery", "PhotoUpload"]) {
      const bytes = await islandOwnGzip(name);
      assert.ok(bytes < ISLAND_OWN_GZIP, `${name}: ${bytes} B gzip of its own`);
    }
  });

  await t.step("a 20 MB, 48-megapixel photo is taken, shrunk and sent under 10 MB, upright", async () => {
    await page.goto("/family-dashboard/demo");
    teamId = (await section.getByRole("link", { name: "View All photos" }).getAttribute("href"))!.split("/")[2];
    await section.getByRole("link", { name: "Add Photos" }).click();
    await hydrated(page, "PhotoUpload");
    await dialog.waitFor();
    await dialog.getByText("Large photos are made smaller before they are sent.").waitFor();

    const size = await choosePhonePhoto(page);
    assert.ok(size > MAX_BYTES, `the phone photo is ${(size / 2 ** 20).toFixed(1)} MB`);
    await dialog.locator(".upload__item").waitFor();
    assert.equal(await toastWith(page, "File too large").count(), 0, "not refused for its size");
    await dialog.getByLabel("Caption for photo 1 (optional)").fill("Straight from the phone");
    requests.length = 0;
    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.waitFor({ state: "detached", timeout: 60_000 });
    await toastWith(page, "Photo added").waitFor();

    const asked = requests.find((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/objects/upload");
    const declared = JSON.parse(asked!.postData()!);
    assert.equal(declared.contentType, "image/jpeg");
    assert.ok(declared.size > 0 && declared.size <= MAX_BYTES, `sent ${declared.size} bytes`);

    await carousel.getByRole("link", { name: "Straight from the phone" }).waitFor();
    const stored = await page.evaluate(async (id) => (await (await fetch(`/api/teams/${id}/photos`)).json()), teamId);
    assert.equal(stored.photos[0].caption, "Straight from the phone");
    // Upright: the 8000 × 6000 photo turned clockwise stands 2048 high; its red corner went top-right.
    const full = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement("canvas");
      [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
      const context = canvas.getContext("2d")!;
      context.drawImage(img, 0, 0);
      const red = (x: number, y: number) => {
        const [r, g, b] = context.getImageData(x, y, 1, 1).data;
        return r > 180 && g < 80 && b < 80;
      };
      return {
        size: [img.naturalWidth, img.naturalHeight],
        topRight: red(img.naturalWidth - 20, 20),
        topLeft: red(20, 20),
      };
    }, stored.photos[0].urls.full);
    assert.deepEqual(full, { size: [1536, 2048], topRight: true, topLeft: false });
  });

  await t.step("at 1280 px the viewer pages through with Next, Previous, the arrow keys and a swipe", async () => {
    await addPhotosThroughApi(page, teamId, 7);
    await page.reload();
    assert.equal(await section.locator(".gallery__count").textContent(), "1–6 of 8");
    await carousel.getByRole("link", { name: "Seeded 7" }).click();
    await hydrated(page, "PhotoGallery");
    await viewer.waitFor();
    assert.equal(await count.textContent(), "1 of 8");
    assert.equal(await prev.getAttribute("aria-disabled"), "true", "nothing before the newest photo");
    await prev.click({ force: true }); // Playwright waits for an aria-disabled button to be enabled otherwise.
    assert.equal(await count.textContent(), "1 of 8");

    await next.click();
    await count.filter({ hasText: "2 of 8" }).waitFor();
    assert.equal(await shownAlt(), "Seeded 6");
    assert.equal(await focusedLabel(), "Next photo", "the focus stays on Next");
    await page.keyboard.press("ArrowRight");
    await count.filter({ hasText: "3 of 8" }).waitFor();
    await page.keyboard.press("ArrowLeft");
    await count.filter({ hasText: "2 of 8" }).waitFor();

    const img = viewer.locator(".gallery-viewer__img");
    await img.evaluate((el: HTMLImageElement) => el.decode());
    await swipe(page, img, "left");
    await count.filter({ hasText: "3 of 8" }).waitFor();
    assert.equal(await shownAlt(), "Seeded 5");
    await swipe(page, img, "right");
    await count.filter({ hasText: "2 of 8" }).waitFor();
    await swipe(page, img, "left", 0.04); // A tap-sized move is not a swipe.
    await page.waitForTimeout(100);
    assert.equal(await count.textContent(), "2 of 8");

    // To the last (the oldest, on the carousel's second page): Next is disabled there and keeps the focus.
    await next.focus();
    for (let n = 3; n <= 8; n++) {
      await page.keyboard.press("ArrowRight");
      await count.filter({ hasText: `${n} of 8` }).waitFor();
    }
    assert.equal(await shownAlt(), "Straight from the phone");
    assert.equal(await next.getAttribute("aria-disabled"), "true");
    await page.keyboard.press("Enter");
    assert.equal(await count.textContent(), "8 of 8");
    assert.equal(await focusedLabel(), "Next photo");
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      assert.ok(await page.evaluate(() => !!document.activeElement?.closest(".gallery-viewer")), `Tab ${i + 1}`);
    }
    await assertAccessible(page, axe, "the photo viewer at 1280 px");
    await noSideScroll(page);

    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
    assert.equal(await carouselCount(), "7–8 of 8", "the carousel followed");
    assert.equal(
      await page.evaluate(() => document.activeElement?.querySelector("img")?.alt),
      "Straight from the phone",
      "the focus is on the thumbnail of the photo shown last",
    );
  });

  await t.step("at 390 px: a swipe, the arrow keys and the buttons", async () => {
    await page.setViewportSize(PHONE);
    await carousel.getByRole("link", { name: "Seeded 1" }).click();
    await viewer.waitFor();
    assert.equal(await count.textContent(), "7 of 8");
    const img = viewer.locator(".gallery-viewer__img");
    await img.evaluate((el: HTMLImageElement) => el.decode());
    await swipe(page, img, "left");
    await count.filter({ hasText: "8 of 8" }).waitFor();
    await swipe(page, img, "left");
    await page.waitForTimeout(100);
    assert.equal(await count.textContent(), "8 of 8", "nothing after the oldest photo");
    await swipe(page, img, "right");
    await count.filter({ hasText: "7 of 8" }).waitFor();
    await page.keyboard.press("ArrowLeft");
    await count.filter({ hasText: "6 of 8" }).waitFor();
    assert.equal(await shownAlt(), "Seeded 2");
    await prev.click();
    await count.filter({ hasText: "5 of 8" }).waitFor();
    assert.ok(await next.isVisible() && await prev.isVisible());
    await noSideScroll(page);
    await assertAccessible(page, axe, "the photo viewer at 390 px");
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
    assert.equal(await carouselCount(), "1–6 of 8");
  });
});
