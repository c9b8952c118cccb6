/**
 * The Photo Gallery as the server renders it: the dashboard's section (Add Photos, View All,
 * the carousel's first photos, the empty state, 'Failed to load photos') and the View All page
 * (`/family-dashboard/{teamId}/photos?offset=`, which is how the gallery pages without
 * JavaScript): who gets it, what it shows, its paging and its refusals.
 */
import assert from "node:assert/strict";
import { islandDataIn } from "../i18n_helpers.ts";
import { createElement } from "react";
import { adminWorld } from "../admin_helpers.ts";
import { createTestApp, get, kvValues, postFormAs, TEST_ASSETS } from "../helpers.ts";
import { newPhotoId, type PhotoRecord, stagePhoto } from "../../lib/db/gallery.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { PhotosPage } from "../../components/dashboard/photos/PhotosPage.tsx";
import { PhotoGallerySection } from "../../components/dashboard/PhotoGallerySection.tsx";

/**
 * Saves `count` gallery photos through the gallery repository, oldest first (photo 1 is the
 * oldest); by the team's shared login unless `uploaderId` names an account.
 */
async function savePhotos(
  kv: Deno.Kv,
  teamId: string,
  count: number,
  caption = (n: number) => `Caption ${n}`,
  uploaderId = (_n: number): string | null => null,
) {
  const saved: PhotoRecord[] = [];
  const start = Date.UTC(2026, 0, 1);
  for (let n = 1; n <= count; n++) {
    const id = newPhotoId(start + n * 1000);
    const path = (size: string) => `/objects/${teamId}/${id}${size}`;
    const photo: PhotoRecord = {
      id,
      objectPath: path(""),
      thumbnailPath: path("t"),
      mediumPath: path("m"),
      urls: { thumbnail: path("t"), medium: path("m"), full: path("") },
      caption: caption(n),
      uploaderType: "parent",
      uploaderId: uploaderId(n),
      createdAt: new Date(start + n * 1000).toISOString(),
    };
    const result = await stagePhoto(kv.atomic(), teamId, photo).commit();
    assert.ok(result.ok);
    saved.push(photo);
  }
  return saved;
}

/** The Photo Gallery section of a page. */
const section = (html: string) => {
  const match = /<section[^>]*id="photos"[\s\S]*?<\/section>/.exec(html);
  assert.ok(match, "the Photo Gallery section");
  return match[0];
};

Deno.test("[gallery pages] an empty gallery: heading, Add Photos, View All, the empty state, islands on interaction", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const html = await (await get(t.app, `/family-dashboard/${world.team.id}`, world.cookies.parent)).text();
  const photos = section(html);
  assert.match(photos, /<h2 id="photos-title"[^>]*>Photo Gallery<\/h2>/);
  // Add Photos: a link to View All's note until the island opens its dialog.
  assert.match(
    photos,
    new RegExp(
      `<a class="button button--primary button--sm" href="/family-dashboard/${world.team.id}/photos#add-photos"` +
        `[^>]*aria-haspopup="dialog"[^>]*>Add Photos</a>`,
    ),
  );
  assert.match(photos, new RegExp(`href="/family-dashboard/${world.team.id}/photos">View All<`));
  assert.ok(photos.includes("No photos yet"));
  assert.ok(photos.includes("Share the first photo of the team with Add Photos."));
  for (const name of ["PhotoUpload", "PhotoGallery"]) {
    assert.match(photos, new RegExp(`data-island="${name}"[^>]*data-hydrate="interaction"`), name);
  }
  const gallery = islandDataIn(html, "PhotoGallery").props;
  const { userId } = gallery.viewer as { userId: string };
  assert.match(userId, /^[0-9A-Z]{26}$/, "the parent's account");
  assert.deepEqual(gallery, {
    teamId: world.team.id,
    photos: [],
    hasMore: false,
    failed: false,
    viewer: { userId, isAdmin: false, canWrite: true },
  });
  const upload = islandDataIn(html, "PhotoUpload").props;
  assert.equal(upload.teamId, world.team.id);
  assert.equal(upload.uploaderType, "parent");
  // The dialog itself is rendered only once opened: no file field before JavaScript.
  assert.ok(!photos.includes('type="file"'));
});

Deno.test("[gallery pages] the carousel shows the 6 newest of the first 10; the rest wait for JavaScript or View All", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const saved = await savePhotos(t.kv, world.team.id, 14);
  const newest = saved.toReversed();
  const html = await (await get(t.app, `/family-dashboard/${world.team.id}`, world.cookies.parent)).text();
  const photos = section(html);
  // Each shown photo: its thumbnail, with its caption as text, inside a link to its medium image.
  for (const photo of newest.slice(0, 6)) {
    assert.match(
      photos,
      new RegExp(
        `<a class="photo-tile__link" href="${photo.urls.medium}"[^>]*><img[^>]*src="${photo.urls.thumbnail}"` +
          `[^>]*alt="${photo.caption}"`,
      ),
      photo.caption,
    );
  }
  for (const photo of newest.slice(6)) {
    assert.ok(!photos.includes(photo.urls.thumbnail), `${photo.caption} not shown yet`);
  }
  assert.ok(photos.includes("1–6 of 10+"), "the page counter");
  // Next leads to View All after the shown photos (without JavaScript); Previous is disabled.
  assert.match(photos, new RegExp(`href="/family-dashboard/${world.team.id}/photos\\?offset=6"[^>]*>Next`));
  assert.match(photos, /<a class="button button--ghost button--sm gallery__arrow" role="link" aria-disabled="true">/);
  const props = islandDataIn(html, "PhotoGallery").props;
  assert.equal((props.photos as unknown[]).length, 10, "the first fetch: 10");
  assert.equal(props.hasMore, true);
  assert.deepEqual(
    (props.photos as { id: string }[]).map((p) => p.id),
    newest.slice(0, 10).map((p) => p.id),
    "newest first",
  );
  assert.deepEqual(Object.keys((props.photos as object[])[0]).sort(), [
    "caption",
    "id",
    "uploaderId",
    "uploaderName",
    "uploaderType",
    "urls",
  ]);
  assert.ok(!photos.includes("No photos yet"));
});

Deno.test("[gallery pages] captions are text, never markup", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  await savePhotos(t.kv, world.team.id, 1, () => `<img src=x onerror=alert(1)> & "quotes"`);
  for (const path of [`/family-dashboard/${world.team.id}`, `/family-dashboard/${world.team.id}/photos`]) {
    const html = await (await get(t.app, path, world.cookies.parent)).text();
    assert.ok(!html.includes("<img src=x"), path);
    assert.ok(html.includes("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;"), path);
  }
});

Deno.test("[gallery pages] a system administrator sees the photos but gets no Add Photos", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  await savePhotos(t.kv, world.team.id, 2);
  const html = await (await get(t.app, `/family-dashboard/${world.team.id}`, world.cookies.sysadmin)).text();
  const photos = section(html);
  assert.ok(!photos.includes('data-island="PhotoUpload"'));
  assert.ok(photos.includes("View All"));
  assert.ok(photos.includes("Caption 2"));
  assert.equal((islandDataIn(html, "PhotoGallery").props.viewer as { canWrite: boolean }).canWrite, false);
  const all = await (await get(t.app, `/family-dashboard/${world.team.id}/photos`, world.cookies.sysadmin)).text();
  assert.ok(!all.includes('id="add-photos"'), "no note about adding");
  for (const who of ["parent", "player", "admin"] as const) {
    const html = await (await get(t.app, `/family-dashboard/${world.team.id}`, world.cookies[who])).text();
    assert.ok(section(html).includes('data-island="PhotoUpload"'), who);
  }
});

Deno.test("[gallery pages] View All: members only, private, 24 a page newest first, newer and older by ?offset=", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const saved = await savePhotos(t.kv, world.team.id, 30);
  const newest = saved.toReversed();
  const path = `/family-dashboard/${world.team.id}/photos`;

  const anonymous = await get(t.app, path);
  assert.equal(anonymous.status, 303);
  assert.equal(
    anonymous.headers.get("location"),
    `/team-login?next=${encodeURIComponent(path)}&reason=logged-out`,
  );
  const other = await get(t.app, path, world.cookies.otherAdmin);
  assert.equal(other.status, 403);
  assert.ok(!(await other.text()).includes("Caption"), "nothing of the team");
  // By slug too.
  assert.equal((await get(t.app, `/family-dashboard/${world.team.slug}/photos`, world.cookies.player)).status, 200);

  const res = await get(t.app, path, world.cookies.parent);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const html = await res.text();
  assert.match(html, /<meta name="robots" content="noindex/);
  assert.match(html, /<h1[^>]*>.*Photo Gallery<\/h1>/);
  assert.ok(html.includes(world.team.name));
  assert.ok(html.includes("Photos 1–24, newest first"));
  const shown = [...html.matchAll(/<a class="photo-tile__link" href="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(shown, newest.slice(0, 24).map((p) => p.urls.medium), "links to the medium images, newest first");
  // Each with its caption and uploader (the shared login's photos: "Team admin"), describing the link.
  const first = newest[0];
  assert.match(html, new RegExp(`aria-describedby="photo-${first.id}-caption"`));
  assert.match(
    html,
    new RegExp(
      `<figcaption class="photo-tile__caption" id="photo-${first.id}-caption"><span class="photo-tile__text">Caption 30</span>` +
        `<span class="photo-tile__by">Shared by Team admin</span></figcaption>`,
    ),
  );
  assert.match(html, /alt="Photo 1"/);
  assert.ok(!html.includes("Newer photos"));
  assert.match(html, new RegExp(`rel="next" href="${path}\\?offset=24">Older photos<`));
  assert.match(html, new RegExp(`href="/family-dashboard/${world.team.id}#photos">← Back to the Family Dashboard<`));
  assert.ok(html.includes('id="add-photos"'), "the note on adding (the Add Photos link's target without JavaScript)");
  assert.ok(html.includes("Adding photos needs JavaScript"));
  assert.ok(!html.includes('type="module"'), "a page without islands sends no JavaScript");

  const older = await (await get(t.app, `${path}?offset=24`, world.cookies.parent)).text();
  assert.ok(older.includes("Photos 25–30, newest first"));
  const olderShown = [...older.matchAll(/<a class="photo-tile__link" href="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(olderShown, newest.slice(24).map((p) => p.urls.medium));
  assert.match(older, /alt="Photo 25"/);
  assert.match(older, new RegExp(`rel="prev" href="${path}">Newer photos<`));
  assert.ok(!older.includes("Older photos"));

  // Where the carousel's Next leads without JavaScript: from the 7th photo on.
  const fromCarousel = await (await get(t.app, `${path}?offset=6`, world.cookies.parent)).text();
  assert.ok(fromCarousel.includes("Photos 7–30, newest first"));
  assert.match(fromCarousel, new RegExp(`rel="prev" href="${path}">Newer photos<`));

  const past = await (await get(t.app, `${path}?offset=90`, world.cookies.parent)).text();
  assert.ok(past.includes("No more photos"));
});

Deno.test("[gallery pages] View All: an empty gallery, and a malformed offset is refused", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const path = `/family-dashboard/${world.team.id}/photos`;
  const html = await (await get(t.app, path, world.cookies.parent)).text();
  assert.ok(html.includes("No photos yet"));
  assert.ok(!html.includes("Older photos"));
  for (const bad of ["-1", "abc", "1.5", "10001", "1e3"]) {
    const res = await get(t.app, `${path}?offset=${bad}`, world.cookies.parent);
    assert.equal(res.status, 400, bad);
    assert.ok((await res.text()).includes("offset must be a whole number"), bad);
  }
});

Deno.test("[gallery pages] photos that could not be read: 'Failed to load photos'", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const viewer = {
    teamId: world.team.id,
    userId: "u1",
    role: "TEAM_STANDARD" as const,
    isAdmin: false,
    displayName: "Ana",
  };
  const section = renderPage(
    TEST_ASSETS,
    createElement(PhotoGallerySection, { teamId: world.team.id, photos: null, viewer }),
    {
      title: "t",
    },
  ).html("n");
  assert.ok(section.includes("Failed to load photos"));
  assert.match(section, new RegExp(`href="/family-dashboard/${world.team.id}#photos"[^>]*>Try again<`));
  const page = renderPage(
    TEST_ASSETS,
    createElement(PhotosPage, {
      team: { id: world.team.id, name: "Rockets" },
      photos: null,
      offset: 0,
      account: null,
      canAdd: true,
      viewer: { userId: null, isAdmin: false, canWrite: true },
    }),
    { title: "t" },
  ).html("n");
  assert.match(page, /<p class="notice notice--error" role="status">Failed to load photos<\/p>/);
});

Deno.test("[gallery pages] View All without JavaScript: the uploader or an admin deletes a photo; nobody else", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const { getUserByEmail } = await import("../../lib/db/users.ts");
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  const [mine, theirs] = await savePhotos(t.kv, world.team.id, 2, undefined, (n) => n === 1 ? parent.id : null);
  const path = `/family-dashboard/${world.team.id}/photos`;
  const deleteAction = (id: string) => `action="${path}/${id}/delete"`;

  const asParent = await (await get(t.app, path, world.cookies.parent)).text();
  assert.ok(asParent.includes(deleteAction(mine.id)), "Delete on the parent's own photo");
  assert.ok(!asParent.includes(deleteAction(theirs.id)), "none on someone else's");
  const asAdmin = await (await get(t.app, path, world.cookies.admin)).text();
  assert.ok(asAdmin.includes(deleteAction(mine.id)) && asAdmin.includes(deleteAction(theirs.id)), "an admin: both");

  const deletePhoto = (id: string, cookie: string) =>
    postFormAs(t.app, `${path}/${id}/delete`, { offset: "0" }, cookie);
  const refused = await deletePhoto(theirs.id, world.cookies.parent);
  assert.equal(refused.status, 403);
  await refused.body?.cancel();
  const photos = () => kvValues<PhotoRecord>(t.kv, { prefix: ["gallery_photos", world.team.id] });
  assert.equal((await photos()).length, 2, "a refused delete changes nothing");

  const deleted = await deletePhoto(mine.id, world.cookies.parent);
  assert.equal(deleted.status, 303);
  assert.equal(deleted.headers.get("location"), path);
  assert.deepEqual((await photos()).map((p) => p.id), [theirs.id]);
  const byAdmin = await deletePhoto(theirs.id, world.cookies.admin);
  assert.equal(byAdmin.status, 303);
  assert.deepEqual(await photos(), []);
});
