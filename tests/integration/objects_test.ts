/**
 * Serving photos: `GET /objects/:teamId/:blobId` (R24, the contract's item 9). The re-encoded
 * bytes with their type, an ETag (304 on If-None-Match), `private, immutable` caching, nosniff,
 * a sandboxing CSP and a fixed Content-Disposition; only to the team's members and a system
 * administrator; a player's current headshot also to anyone while the team shows photos
 * publicly and a guardian of the player agreed (R41); everything else (another team's member, a visitor, a raw upload, a name the blob
 * store does not hold) the same 404. Image processing runs on the process's shared image pool,
 * closed by the last test.
 */
import assert from "node:assert/strict";
import { createTestApp, TEST_ORIGIN, type TestContext } from "../helpers.ts";
import { type AdminWorld, adminWorld, call } from "../admin_helpers.ts";
import { imagePool, sniffImage } from "../../lib/images/mod.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { getUserByEmail } from "../../lib/db/users.ts";
import { createAccount } from "../auth_helpers.ts";
import { signIn } from "../admin_helpers.ts";

const SMALL_PNG = Deno.readFileSync(new URL("../fixtures/small.png", import.meta.url));

type Who = keyof AdminWorld["cookies"];

interface World extends AdminWorld {
  t: TestContext;
}

async function world(): Promise<World & AsyncDisposable> {
  const t = await createTestApp();
  const w = await adminWorld(t);
  return { ...w, t, [Symbol.asyncDispose]: () => t[Symbol.asyncDispose]() };
}

async function uploadRaw(w: World, who: Who, body: Record<string, unknown> = {}): Promise<string> {
  const asked = await call(w.t.app, "POST", "/api/objects/upload", {
    cookie: w.cookies[who],
    body: { teamId: w.team.id, purpose: "gallery", size: SMALL_PNG.byteLength, contentType: "image/png", ...body },
  });
  const { uploadURL, objectPath } = await asked.json();
  const put = await call(w.t.app, "PUT", uploadURL, { cookie: w.cookies[who], raw: SMALL_PNG });
  assert.equal(put.status, 200);
  await put.body?.cancel();
  return objectPath;
}

async function galleryPhoto(w: World, who: Who) {
  const original = await uploadRaw(w, who);
  const processed = await call(w.t.app, "POST", "/api/photos/process-gallery-photo", {
    cookie: w.cookies[who],
    body: { originalPath: original },
  });
  const paths = await processed.json();
  const added = await call(w.t.app, "POST", `/api/teams/${w.team.id}/photos`, { cookie: w.cookies[who], body: paths });
  assert.equal(added.status, 201);
  return await added.json();
}

async function headshot(w: World, playerId: string) {
  const original = await uploadRaw(w, "admin", { purpose: "headshot", playerId });
  const processed = await call(w.t.app, "POST", "/api/players/process-headshot", {
    cookie: w.cookies.admin,
    body: { originalPath: original, playerId },
  });
  const { smallPath, mediumPath } = await processed.json();
  return { photoUrl: original, photoUrlSmall: smallPath, photoUrlMedium: mediumPath };
}

const get = (w: World, who: Who, path: string, headers: Record<string, string> = {}) =>
  call(w.t.app, "GET", path, { cookie: w.cookies[who], headers });

async function assertNotFound(res: Response, label: string) {
  assert.equal(res.status, 404, label);
  const body = await res.text();
  assert.ok(!body.includes("\xff\xd8"), `${label}: no image bytes`);
}

Deno.test("[objects] a photo is served with its type, ETag, private immutable caching and the sandbox headers", async () => {
  await using w = await world();
  const photo = await galleryPhoto(w, "parent");
  const res = await get(w, "player", photo.mediumPath);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "image/jpeg");
  assert.equal(res.headers.get("cache-control"), "private, max-age=31536000, immutable");
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  assert.equal(res.headers.get("content-security-policy"), "default-src 'none'; sandbox");
  assert.equal(res.headers.get("content-disposition"), 'inline; filename="photo.jpg"');
  assert.equal(res.headers.get("x-robots-tag"), "noindex, noimageindex");
  assert.equal(res.headers.get("x-frame-options"), "DENY", "and the app's usual headers");
  const etag = res.headers.get("etag")!;
  assert.match(etag, /^"[A-Za-z0-9_-]{43}"$/);
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.equal(res.headers.get("content-length"), String(bytes.byteLength));
  assert.deepEqual(sniffImage(bytes), { type: "jpeg", width: 300, height: 150 });
  // The ETag is the bytes' hash: the same bytes, the same tag; each size its own.
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hash = btoa(String.fromCharCode(...digest)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  assert.equal(etag, `"${hash}"`);
  for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
    const cached = await get(w, "parent", photo.mediumPath, { "if-none-match": ifNoneMatch });
    assert.equal(cached.status, 304, ifNoneMatch);
    assert.equal(cached.headers.get("etag"), etag);
    assert.equal(cached.headers.get("cache-control"), "private, max-age=31536000, immutable");
    assert.equal(await cached.text(), "");
  }
  const changed = await get(w, "parent", photo.mediumPath, { "if-none-match": '"something-else"' });
  assert.equal(changed.status, 200);
  await changed.body?.cancel();
  const head = await w.t.app.request(`${TEST_ORIGIN}${photo.thumbnailPath}`, {
    method: "HEAD",
    headers: { cookie: w.cookies.parent },
  });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get("content-type"), "image/jpeg");
  await head.body?.cancel();
});

Deno.test("[objects] a member of another team, a visitor, or any name the store does not hold gets the same 404", async () => {
  await using w = await world();
  const photo = await galleryPhoto(w, "parent");
  for (const who of ["parent", "player", "admin", "sysadmin"] as const) {
    const res = await get(w, who, photo.objectPath);
    assert.equal(res.status, 200, who);
    await res.body?.cancel();
  }
  await assertNotFound(await get(w, "otherAdmin", photo.objectPath), "another team's admin");
  await assertNotFound(await get(w, "anonymous", photo.objectPath), "a visitor");
  // The raw upload is never served, not even to its uploader.
  const raw = await uploadRaw(w, "parent");
  await assertNotFound(await get(w, "parent", raw), "a raw upload");
  const blobId = photo.objectPath.split("/")[3];
  const names = [
    `/objects/${w.team.id}/01ARZ3NDEKTSV4RRFFQ69G5FAV`, // no such blob
    `/objects/${w.otherTeam.id}/${blobId}`, // this team's blob under another team's name
    `/objects/${w.team.slug}/${blobId}`, // by slug: the path is the team's id only
    `/objects/${w.team.id}/${blobId}.jpg`,
    `/objects/${w.team.id}/..%2F..%2Fteams`,
    `/objects/${w.team.id}/%2e%2e`,
    `/objects/${w.team.id}`,
    `/objects/${w.team.id}/${blobId}/x`,
  ];
  for (const path of names) await assertNotFound(await get(w, "admin", path), path);
});

Deno.test("[objects] a player's headshot is public only while it is their photo, the team shows photos and a guardian agreed", async () => {
  await using w = await world();
  const maya = w.players[0];
  const parent = (await getUserByEmail(w.t.kv, "parent@example.com"))!;
  assert.ok((await stageGuardian(w.t.kv.atomic(), w.team.id, maya.id, parent.id).commit()).ok);
  const consent = async (on: boolean) => {
    const res = await call(w.t.app, "PUT", `/api/teams/${w.team.id}/players/${maya.id}/headshot-consent`, {
      cookie: w.cookies.parent,
      body: { public: on },
    });
    assert.equal(res.status, 200);
    await res.body?.cancel();
  };
  const first = await headshot(w, maya.id);
  const gallery = await galleryPhoto(w, "admin");
  const setPhoto = (body: unknown) =>
    call(w.t.app, "PUT", `/api/players/${maya.id}/photo`, { cookie: w.cookies.admin, body });
  const showPhotos = async (on: boolean) => {
    const res = await call(w.t.app, "PATCH", `/api/admin/${w.team.id}/settings`, {
      cookie: w.cookies.admin,
      body: { showPhotos: on },
    });
    assert.equal(res.status, 200);
    await res.body?.cancel();
  };
  assert.equal((await setPhoto(first)).status, 200);
  for (const path of Object.values(first)) await assertNotFound(await get(w, "anonymous", path), "photos hidden");
  await showPhotos(true);
  for (const path of Object.values(first)) await assertNotFound(await get(w, "anonymous", path), "no guardian consent");
  await consent(true);
  for (const path of Object.values(first)) {
    const res = await get(w, "anonymous", path);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers.get("cache-control"), "private, max-age=31536000, immutable");
    await res.body?.cancel();
  }
  // A gallery photo, and a processed headshot no player has, stay private.
  await assertNotFound(await get(w, "anonymous", gallery.thumbnailPath), "a gallery photo");
  await assertNotFound(await get(w, "otherAdmin", gallery.thumbnailPath), "a gallery photo, other team");
  const next = await headshot(w, maya.id);
  await assertNotFound(await get(w, "anonymous", next.photoUrlSmall), "a headshot not in use");
  const member = await get(w, "parent", next.photoUrlSmall);
  assert.equal(member.status, 200, "members see it");
  await member.body?.cancel();
  // Replaced: the old one is gone; the new one is public.
  assert.equal((await setPhoto(next)).status, 200);
  await assertNotFound(await get(w, "admin", first.photoUrl), "the replaced photo");
  const now = await get(w, "otherAdmin", next.photoUrlMedium);
  assert.equal(now.status, 200);
  await now.body?.cancel();
  // The guardian withdraws: the public URL is revoked at once; members still see it.
  await consent(false);
  await assertNotFound(await get(w, "anonymous", next.photoUrlMedium), "consent withdrawn");
  const stillMember = await get(w, "parent", next.photoUrlMedium);
  assert.equal(stillMember.status, 200);
  await stillMember.body?.cancel();
  await consent(true);
  await showPhotos(false);
  await assertNotFound(await get(w, "anonymous", next.photoUrl), "photos hidden again");
});

Deno.test("[objects] a headshot a parent hid is served only to the child's family and the team's admins", async () => {
  await using w = await world();
  const maya = w.players[0]; // player@example.com is Maya's own account
  const parent = (await getUserByEmail(w.t.kv, "parent@example.com"))!;
  const other = await createAccount(w.t.kv, { email: "other-parent@example.com", teamId: w.team.id });
  const op = stageGuardian(w.t.kv.atomic(), w.team.id, maya.id, parent.id);
  assert.ok((await stageGuardian(op, w.team.id, w.players[1].id, other.id).commit()).ok);
  const otherParent = await signIn(w.t, "other-parent@example.com");
  const photo = await headshot(w, maya.id);
  assert.equal(
    (await call(w.t.app, "PUT", `/api/players/${maya.id}/photo`, { cookie: w.cookies.admin, body: photo }))
      .status,
    200,
  );
  // Public while the team shows photos and her parent agreed (R41), so a visitor may already hold the address.
  const settings = await call(w.t.app, "PATCH", `/api/admin/${w.team.id}/settings`, {
    cookie: w.cookies.admin,
    body: { showPhotos: true },
  });
  assert.equal(settings.status, 200);
  await settings.body?.cancel();
  const consent = await call(w.t.app, "PUT", `/api/teams/${w.team.id}/players/${maya.id}/headshot-consent`, {
    cookie: w.cookies.parent,
    body: { public: true },
  });
  assert.equal(consent.status, 200);
  await consent.body?.cancel();
  const hide = async (hidePhoto: boolean) => {
    const res = await call(w.t.app, "PUT", `/api/players/${maya.id}/privacy`, {
      cookie: w.cookies.parent,
      body: { hideLastName: false, hidePhoto },
    });
    assert.equal(res.status, 200);
    await res.body?.cancel();
  };
  const viewers = { ...w.cookies, otherParent };
  const fetchAs = (who: keyof typeof viewers, path: string, headers: Record<string, string> = {}) =>
    call(w.t.app, "GET", path, { cookie: viewers[who], headers });
  const everyone = ["parent", "player", "admin", "sysadmin", "otherParent", "otherAdmin", "anonymous"] as const;
  const seenBy = async (path: string) => {
    const seen: string[] = [];
    for (const who of everyone) {
      const res = await fetchAs(who, path);
      if (res.status !== 200) await assertNotFound(res, `${who} ${path}`);
      else {
        seen.push(who);
        await res.body?.cancel();
      }
    }
    return seen;
  };
  // Seen by everyone before (the anonymous fetch also offers the answer to the public response cache).
  const etags: Record<string, string> = {};
  for (const path of Object.values(photo)) {
    assert.deepEqual(await seenBy(path), [...everyone], path);
    const res = await fetchAs("otherParent", path);
    etags[path] = res.headers.get("etag")!;
    await res.body?.cancel();
  }
  await hide(true);
  for (const path of Object.values(photo)) {
    assert.deepEqual(await seenBy(path), ["parent", "player", "admin", "sysadmin"], path);
    // A browser revalidating its copy learns it is gone, not "unchanged".
    await assertNotFound(await fetchAs("otherParent", path, { "if-none-match": etags[path] }), "revalidation");
  }
  // Her family still sees it on a kept copy's revalidation; shown again, everyone does.
  const mine = await fetchAs("parent", photo.photoUrlSmall, { "if-none-match": etags[photo.photoUrlSmall] });
  assert.equal(mine.status, 304);
  await hide(false);
  for (const path of Object.values(photo)) assert.deepEqual(await seenBy(path), [...everyone], path);
});

Deno.test("[objects] closing the shared image pool", () => {
  imagePool.close();
  assert.equal(imagePool.threads, 0);
});
