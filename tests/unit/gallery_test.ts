/**
 * The Photo Gallery's pure rules (components/dashboard/photos/ gallery_rules.ts, carousel.ts,
 * upload_rules.ts): the carousel's pages, prefetch and swipe (SPEC.md section 9), the checks on
 * picked files with section 8's texts, the size a photo is shrunk to in the browser, and the
 * View All page's offset.
 */
import assert from "node:assert/strict";
import {
  CAROUSEL_PAGE_SIZE,
  GALLERY_FETCH_SIZE,
  type GalleryItem,
  MAX_UPLOAD_BYTES,
  parseOffset,
  photoAlt,
  toGalleryItem,
  uploaderTypeOf,
  viewAllHref,
} from "../../components/dashboard/photos/gallery_rules.ts";
import {
  clampPage,
  hasNextPage,
  loadedPages,
  mayDeletePhoto,
  mergePhotos,
  pageLabel,
  pageRange,
  shouldPrefetch,
  swipeDirection,
} from "../../components/dashboard/photos/carousel.ts";
import { checkFiles, isImageFile, mustReencode } from "../../components/dashboard/photos/upload_rules.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";

/** The gallery's words, as an English page hands them to its islands. */
const EN = messagesFor("en").photos;

Deno.test("[gallery] the spec's numbers: 6 a page, 10 a fetch, 3 files of 10 MB", async () => {
  const { MAX_UPLOAD_FILES, CAPTION_MAX_LENGTH, PREFETCH_REMAINING, SWIPE_MIN_PX } = await import(
    "../../components/dashboard/photos/gallery_rules.ts"
  );
  assert.equal(CAROUSEL_PAGE_SIZE, 6);
  assert.equal(GALLERY_FETCH_SIZE, 10);
  assert.equal(PREFETCH_REMAINING, 6);
  assert.equal(SWIPE_MIN_PX, 50);
  assert.equal(MAX_UPLOAD_FILES, 3);
  assert.equal(MAX_UPLOAD_BYTES, 10 * 1024 * 1024);
  assert.equal(CAPTION_MAX_LENGTH, 280);
});

Deno.test("[gallery] pages: ranges, count, label, next, clamping", () => {
  assert.deepEqual(pageRange(0, 10), [0, 6]);
  assert.deepEqual(pageRange(1, 10), [6, 10]);
  assert.deepEqual(pageRange(2, 10), [12, 10], "past the loaded photos: empty");
  assert.equal(loadedPages(0), 1);
  assert.equal(loadedPages(6), 1);
  assert.equal(loadedPages(7), 2);
  assert.equal(pageLabel({ loaded: 10, page: 0, hasMore: true }, "en", EN), "1–6 of 10+");
  assert.equal(pageLabel({ loaded: 10, page: 1, hasMore: false }, "en", EN), "7–10 of 10");
  assert.equal(pageLabel({ loaded: 0, page: 0, hasMore: false }, "en", EN), "");
  assert.equal(pageLabel({ loaded: 1500, page: 1, hasMore: true }, "es", messagesFor("es").photos), "7–12 de 1500+");
  assert.equal(hasNextPage({ loaded: 10, page: 0, hasMore: false }), true);
  assert.equal(hasNextPage({ loaded: 10, page: 1, hasMore: false }), false);
  assert.equal(hasNextPage({ loaded: 12, page: 1, hasMore: true }), true, "more on the server");
  assert.equal(hasNextPage({ loaded: 6, page: 0, hasMore: false }), false);
  assert.equal(clampPage(3, 10), 1, "after deletions: the last page left");
  assert.equal(clampPage(1, 0), 0);
  assert.equal(clampPage(-1, 10), 0);
});

Deno.test("[gallery] prefetch when 6 or fewer remain beyond the current page, while the server has more", () => {
  assert.equal(shouldPrefetch({ loaded: 10, page: 0, hasMore: true }), true, "4 beyond the first page");
  assert.equal(shouldPrefetch({ loaded: 10, page: 0, hasMore: false }), false, "nothing more to fetch");
  assert.equal(shouldPrefetch({ loaded: 20, page: 0, hasMore: true }), false, "14 beyond");
  assert.equal(shouldPrefetch({ loaded: 20, page: 1, hasMore: true }), false, "8 beyond");
  assert.equal(shouldPrefetch({ loaded: 18, page: 1, hasMore: true }), true, "exactly 6 beyond");
  assert.equal(shouldPrefetch({ loaded: 19, page: 1, hasMore: true }), false, "7 beyond");
  assert.equal(shouldPrefetch({ loaded: 20, page: 2, hasMore: true }), true, "2 beyond");
});

Deno.test("[gallery] paging through 47 photos with the prefetch rule: every next page is there in time", () => {
  const total = 47;
  let loaded = 10; // the server render's first fetch
  let fetches = 0;
  const offsets: number[] = [];
  const fetchMore = () => {
    offsets.push(loaded);
    loaded = Math.min(total, loaded + GALLERY_FETCH_SIZE);
    fetches++;
  };
  let page = 0;
  const settle = () => {
    while (shouldPrefetch({ loaded, page, hasMore: loaded < total })) fetchMore();
  };
  settle();
  while (hasNextPage({ loaded, page, hasMore: loaded < total })) {
    const [start, end] = pageRange(page + 1, loaded);
    assert.ok(end > start, `page ${page + 2} has its photos before it is shown (loaded ${loaded})`);
    page++;
    settle();
  }
  assert.equal(loaded, total);
  assert.equal(page, Math.ceil(total / CAROUSEL_PAGE_SIZE) - 1);
  assert.deepEqual(offsets, [10, 20, 30, 40], "10 at a time, each from where the last ended");
  assert.equal(fetches, 4);
});

Deno.test("[gallery] a swipe is over 50 px and more sideways than up or down", () => {
  assert.equal(swipeDirection(-51), 1, "to the left: the next page");
  assert.equal(swipeDirection(51), -1, "to the right: the previous page");
  assert.equal(swipeDirection(50), 0);
  assert.equal(swipeDirection(-50), 0);
  assert.equal(swipeDirection(10), 0, "a tap");
  assert.equal(swipeDirection(-80, 120), 0, "a scroll");
  assert.equal(swipeDirection(-80, 40), 1);
});

const photo = (id: string, extra: Partial<GalleryItem> = {}): GalleryItem => ({
  id,
  urls: { thumbnail: `/objects/t/${id}-s`, medium: `/objects/t/${id}-m`, full: `/objects/t/${id}` },
  caption: "",
  uploaderName: "Ana Diaz",
  uploaderId: "u1",
  ...extra,
});

Deno.test("[gallery] photos are merged once, new ones first or fetched ones last", () => {
  const list = [photo("c"), photo("b")];
  assert.deepEqual(mergePhotos(list, [photo("d"), photo("c")], "start").map((p) => p.id), ["d", "c", "b"]);
  assert.deepEqual(mergePhotos(list, [photo("b"), photo("a"), photo("a")], "end").map((p) => p.id), ["c", "b", "a"]);
});

Deno.test("[gallery] who may delete: the uploader or an admin, never a read-only viewer", () => {
  const p = photo("a", { uploaderId: "u1" });
  assert.equal(mayDeletePhoto({ userId: "u1", isAdmin: false, canWrite: true }, p), true);
  assert.equal(mayDeletePhoto({ userId: "u2", isAdmin: false, canWrite: true }, p), false);
  assert.equal(mayDeletePhoto({ userId: "u2", isAdmin: true, canWrite: true }, p), true);
  assert.equal(mayDeletePhoto({ userId: null, isAdmin: true, canWrite: false }, p), false, "a system administrator");
  assert.equal(
    mayDeletePhoto({ userId: null, isAdmin: false, canWrite: true }, photo("b", { uploaderId: null })),
    false,
  );
});

Deno.test("[gallery] a photo's props keep what the gallery shows; its text alternative", () => {
  const item = toGalleryItem({
    id: "p1",
    urls: { thumbnail: "/objects/t/s", medium: "/objects/t/m", full: "/objects/t/f" },
    caption: null,
    uploaderName: "Ana Diaz",
    uploaderType: "parent",
    uploaderId: "u1",
    // The API's other fields are left out.
    ...{ objectPath: "/objects/t/f", createdAt: "2026-01-01T00:00:00.000Z" },
  });
  assert.deepEqual(item, {
    id: "p1",
    urls: { thumbnail: "/objects/t/s", medium: "/objects/t/m", full: "/objects/t/f" },
    caption: "",
    uploaderName: "Ana Diaz",
    uploaderType: "parent",
    uploaderId: "u1",
  });
  assert.equal(photoAlt(item, "en", EN), "Photo shared by Ana Diaz");
  assert.equal(photoAlt({ ...item, caption: "Goal!" }, "en", EN), "Goal!");
  assert.equal(photoAlt({ ...item, uploaderName: "" }, "en", EN), "Team photo");
  assert.equal(photoAlt(item, "es", messagesFor("es").photos), "Foto compartida por Ana Diaz");
  assert.equal(uploaderTypeOf("TEAM_ADMIN"), "admin");
  assert.equal(uploaderTypeOf("TEAM_STANDARD"), "parent");
  assert.equal(uploaderTypeOf("PLAYER"), "player");
});

const file = (name: string, size: number, type: string) => ({ name, size, type });
/** The refusal's title, or "ok". */
const verdict = (already: number, files: ReturnType<typeof file>[]) => {
  const checked = checkFiles(already, files, EN);
  return checked.ok ? "ok" : checked.title;
};

Deno.test("[gallery] picked files: at most 3 in all, images only, of any size (shrunk before the 10 MB check)", () => {
  const jpeg = file("a.jpg", 1000, "image/jpeg");
  assert.equal(verdict(0, [jpeg, jpeg, jpeg]), "ok");
  assert.equal(verdict(0, [jpeg, jpeg, jpeg, jpeg]), "Too many photos");
  assert.equal(verdict(2, [jpeg, jpeg]), "Too many photos", "with the ones already chosen");
  assert.equal(verdict(0, [file("notes.txt", 10, "text/plain")]), "Invalid file type");
  assert.equal(verdict(0, [file("logo.svg", 10, "image/svg+xml")]), "Invalid file type", "SVG never");
  // A phone's 20 MB, 48-megapixel photo is taken: the browser shrinks it, and the limit applies to what it sends.
  assert.equal(verdict(0, [file("phone.jpg", 2 * MAX_UPLOAD_BYTES, "image/jpeg")]), "ok");
  assert.equal(verdict(0, [file("edge.jpg", MAX_UPLOAD_BYTES, "image/jpeg")]), "ok");
  assert.equal(verdict(0, [file("IMG_1.HEIC", 10, "")]), "ok", "no type: the name tells");
  const refused = checkFiles(0, [jpeg, jpeg, jpeg, jpeg], EN);
  assert.deepEqual(refused, { ok: false, title: "Too many photos", description: "Choose at most 3 photos at a time." });
  assert.deepEqual(checkFiles(0, [file("notes.txt", 10, "text/plain")], messagesFor("es").photos), {
    ok: false,
    title: "Tipo de archivo no válido",
    description: "Elija una foto (JPEG, PNG o WebP).",
  });
  assert.equal(isImageFile(file("script.jpg.exe", 10, "")), false);
  assert.equal(isImageFile(file("photo.webp", 10, "image/webp")), true);
});

Deno.test("[gallery] the browser sends at most 2048 px on the long edge, re-encoded when heavy or of another type", () => {
  const picked = (type: string, size = 500_000) => file("p", size, type);
  assert.equal(
    mustReencode(picked("image/jpeg"), 1600, 1200),
    false,
    "sent as it is; the server applies the orientation",
  );
  assert.equal(mustReencode(picked("image/jpeg"), 4032, 3024), true);
  assert.equal(mustReencode(picked("image/jpeg", 2 * 1024 * 1024 + 1), 1600, 1200), true, "heavy: re-encoded");
  assert.equal(mustReencode(picked("image/jpeg", 2 * 1024 * 1024), 1600, 1200), false);
  assert.equal(mustReencode(picked("image/jpeg", MAX_UPLOAD_BYTES + 1), 2048, 1536), true, "over 10 MB: always");
  assert.equal(mustReencode(picked("image/heic"), 800, 600), true);
  assert.equal(mustReencode(picked("image/gif"), 800, 600), true);
  assert.equal(mustReencode(picked("image/png"), 800, 600), false);
});

Deno.test("[gallery] the View All page's offset and address", () => {
  assert.equal(parseOffset(undefined), 0);
  assert.equal(parseOffset(""), 0);
  assert.equal(parseOffset("24"), 24);
  for (const bad of ["-1", "1.5", "abc", "1e3", " 1", "9999999", "10001"]) assert.equal(parseOffset(bad), null, bad);
  assert.equal(viewAllHref("T1"), "/family-dashboard/T1/photos");
  assert.equal(viewAllHref("T1", 6), "/family-dashboard/T1/photos?offset=6");
  assert.equal(viewAllHref("T1", -18), "/family-dashboard/T1/photos");
});
