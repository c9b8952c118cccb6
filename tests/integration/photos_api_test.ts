/**
 * The photo calls (SPEC.md section 7, DECISIONS.md, docs/features.md "Photos"), through `app.request()` on real
 * files from tests/fixtures: upload URLs (signed, single-use, short-lived, bound to the session
 * and team; at most 3 under way, 30 a day), the PUT (size on Content-Length then while
 * streaming, type from the bytes, pixels from the header before any decoding), processing
 * (upright, no metadata in any size, the bytes as uploaded deleted, only the uploader, only
 * once, 503 when the workers are full), the gallery, headshots, and what deleting a photo, a
 * player or a team leaves behind (nothing: all of KV is scanned). Image processing runs on the
 * process's shared image pool, closed by the last test.
 */
import assert from "node:assert/strict";
import { decode as decodeJpeg } from "@jsquash/jpeg";
import { createTestApp, dumpKv, kvJson, TEST_ORIGIN, type TestContext } from "../helpers.ts";
import { type AdminWorld, adminWorld, call } from "../admin_helpers.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { getPlayer } from "../../lib/db/players.ts";
import { newPhotoId, stagePhoto } from "../../lib/db/gallery.ts";
import { imagePool, processImage, sniffImage, TOO_MANY_PIXELS_MESSAGE } from "../../lib/images/mod.ts";
import { PHOTO_MESSAGES, sweepExpiredUploads, UPLOAD_TEXTS } from "../../lib/photos/mod.ts";

const fixture = (name: string) => Deno.readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
const ORIENTED = fixture("oriented_6_gps.jpg");
const HUGE_PNG = fixture("huge_header.png");
const FAKE_JPG = fixture("photo.jpg");
const SMALL_PNG = fixture("small.png");
const SMALL_WEBP = fixture("small.webp");

const START = Date.parse("2026-11-23T01:00:00Z");
const MINUTE = 60_000;
/** Everything the photo calls write. */
const PHOTO_PREFIXES = ["blobs", "blob_chunks", "upload_tickets", "pending_uploads", "gallery_photos", "upload_slots"];

interface World extends AdminWorld {
  t: TestContext;
  clock: { now: number };
}

async function world(): Promise<World & AsyncDisposable> {
  const clock = { now: START };
  const t = await createTestApp({ now: () => new Date(clock.now) });
  const w = await adminWorld(t);
  return { ...w, t, clock, [Symbol.asyncDispose]: () => t[Symbol.asyncDispose]() };
}

type Who = keyof AdminWorld["cookies"];

async function json(res: Response) {
  return await res.json();
}

/** POST /api/objects/upload; the body defaults to a gallery photo of `bytes`. */
async function askUpload(w: World, who: Who, bytes: Uint8Array, body: Record<string, unknown> = {}) {
  return await call(w.t.app, "POST", "/api/objects/upload", {
    cookie: w.cookies[who],
    body: { teamId: w.team.id, purpose: "gallery", size: bytes.byteLength, contentType: "image/jpeg", ...body },
  });
}

/** PUT raw bytes (or a stream, which sends no Content-Length) to an upload URL. */
async function put(
  w: World,
  who: Who,
  url: string,
  body: Uint8Array | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) {
  return await w.t.app.request(`${TEST_ORIGIN}${url}`, {
    method: "PUT",
    headers: { origin: TEST_ORIGIN, cookie: w.cookies[who], "content-type": "image/jpeg", ...headers },
    body: body as BodyInit,
  });
}

/** An endless body of JPEG-looking 64 KiB pieces, counting what was read of it. */
function endlessBody(): { stream: ReadableStream<Uint8Array>; read: () => number } {
  let sent = 0;
  const piece = new Uint8Array(64 * 1024);
  piece.set(ORIENTED.subarray(0, piece.length));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      sent += piece.byteLength;
      controller.enqueue(piece.slice());
      if (sent > 50 * 1024 * 1024) controller.close();
    },
  });
  return { stream, read: () => sent };
}

/** An upload URL and its PUT; returns the object path. */
async function uploadRaw(w: World, who: Who, bytes: Uint8Array, body: Record<string, unknown> = {}) {
  const asked = await askUpload(w, who, bytes, body);
  assert.equal(asked.status, 200, JSON.stringify(await asked.clone().json()));
  const { uploadURL, objectPath } = await json(asked);
  const stored = await put(w, who, uploadURL, bytes);
  assert.equal(stored.status, 200, JSON.stringify(await stored.clone().json()));
  assert.deepEqual(await json(stored), { objectPath });
  return objectPath as string;
}

async function processGallery(w: World, who: Who, originalPath: string) {
  return await call(w.t.app, "POST", "/api/photos/process-gallery-photo", {
    cookie: w.cookies[who],
    body: { originalPath },
  });
}

/** The whole gallery flow: upload, process, add. */
async function addPhoto(w: World, who: Who, bytes: Uint8Array, caption = "") {
  const original = await uploadRaw(w, who, bytes);
  const processed = await processGallery(w, who, original);
  assert.equal(processed.status, 200);
  const paths = await json(processed);
  const added = await call(w.t.app, "POST", `/api/teams/${w.team.id}/photos`, {
    cookie: w.cookies[who],
    body: { ...paths, caption, uploaderName: "Somebody Else", uploaderType: "admin" },
  });
  assert.equal(added.status, 201, JSON.stringify(await added.clone().json()));
  return await json(added);
}

async function getObject(w: World, who: Who, path: string, headers: Record<string, string> = {}) {
  return await call(w.t.app, "GET", path, { cookie: w.cookies[who], headers });
}

/** Every key and value in the database, as text (for "nothing is left" scans). */
async function scanAll(kv: Deno.Kv): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of kv.list({ prefix: [] })) {
    const value = entry.value instanceof Uint8Array ? "<bytes>" : kvJson(entry.value);
    found.push(`${JSON.stringify(entry.key)} ${value}`);
  }
  return found;
}

const blobIdOf = (path: string) => path.split("/")[3];

// ---- Reading the served bytes (independently of lib/images) ----

const latin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

/** Only JFIF's APP0 before the scan: no APP1 (EXIF, XMP), APP2 (ICC), APP13 (IPTC), no comment. */
function assertCleanJpeg(bytes: Uint8Array, label: string) {
  assert.ok(bytes[0] === 0xff && bytes[1] === 0xd8, `${label}: not a JPEG`);
  let at = 2;
  while (at < bytes.length) {
    assert.equal(bytes[at], 0xff, `${label}: segment at ${at}`);
    const marker = bytes[at + 1];
    if (marker === 0xda) break;
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (marker >= 0xe0 && marker <= 0xef) {
      assert.equal(marker, 0xe0, `${label}: APP${marker - 0xe0} segment`);
      assert.equal(latin1(bytes.subarray(at + 4, at + 9)), "JFIF\0", `${label}: APP0 that is not JFIF`);
    }
    assert.notEqual(marker, 0xfe, `${label}: comment segment`);
    at += 2 + length;
  }
  const text = latin1(bytes);
  for (
    const trace of ["Exif", "GPS", "http://ns.adobe.com", "ICC_PROFILE", "GoalMatesTestCam", "A Parent", "<script"]
  ) {
    assert.ok(!text.includes(trace), `${label}: found "${trace}"`);
  }
}

async function pixelAt(bytes: Uint8Array, fx: number, fy: number): Promise<number[]> {
  const decoded = await decodeJpeg(bytes.slice().buffer);
  const at = (Math.floor(decoded.height * fy) * decoded.width + Math.floor(decoded.width * fx)) * 4;
  return [...decoded.data.subarray(at, at + 3)];
}

function assertColour(actual: number[], expected: number[], label: string) {
  assert.ok(expected.every((value, i) => Math.abs(actual[i] - value) <= 24), `${label}: ${actual} ≠ ${expected}`);
}

// ---- Upload URLs ----

Deno.test("[photos] an upload URL: refused signed out, to another team, to a sysadmin, and for bad input", async () => {
  await using w = await world();
  const before = await dumpKv(w.t.kv, PHOTO_PREFIXES);
  const cases: [Who, Record<string, unknown>, number, string | null][] = [
    ["anonymous", {}, 401, null],
    ["otherAdmin", {}, 403, PHOTO_MESSAGES.teamNeeded],
    ["sysadmin", {}, 403, PHOTO_MESSAGES.readOnly],
    ["parent", { teamId: undefined }, 403, PHOTO_MESSAGES.teamNeeded],
    ["parent", { purpose: "avatar" }, 400, PHOTO_MESSAGES.purpose],
    ["parent", { size: 0 }, 400, PHOTO_MESSAGES.size],
    ["parent", { size: "12" }, 400, PHOTO_MESSAGES.size],
    ["parent", { size: 10 * 1024 * 1024 + 1 }, 413, UPLOAD_TEXTS.fileTooLarge],
    ["parent", { contentType: "image/gif" }, 415, UPLOAD_TEXTS.invalidFileType],
    ["parent", { contentType: "image/svg+xml" }, 415, UPLOAD_TEXTS.invalidFileType],
    ["parent", { purpose: "headshot" }, 400, PHOTO_MESSAGES.playerNeeded],
    // The parent is no parent of this player; the other team's player is not of this team.
    ["parent", { purpose: "headshot", playerId: w.players[1].id }, 404, "Player not found"],
    ["admin", { purpose: "headshot", playerId: w.otherPlayers[0].id }, 404, "Player not found"],
    ["player", { purpose: "headshot", playerId: w.players[0].id }, 404, "Player not found"],
    ["parent", { extra: 1 }, 400, "Unknown field: extra"],
  ];
  for (const [who, body, status, message] of cases) {
    const res = await askUpload(w, who, SMALL_PNG, body);
    assert.equal(res.status, status, `${who} ${JSON.stringify(body)}`);
    const answer = await json(res);
    if (message) assert.equal(answer.message, message);
  }
  assert.deepEqual(await dumpKv(w.t.kv, PHOTO_PREFIXES), before, "a refused request stored nothing");
  // By slug works as by id; the URL is /api/objects/upload/<teamId>/<token>.
  const res = await askUpload(w, "player", SMALL_PNG, { teamId: w.team.slug });
  assert.equal(res.status, 200);
  const { uploadURL, objectPath } = await json(res);
  assert.match(
    uploadURL,
    new RegExp(`^/api/objects/upload/${w.team.id}/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`),
  );
  assert.match(objectPath, new RegExp(`^/objects/${w.team.id}/[0-9A-Z]{26}$`));
  assert.equal(res.headers.get("cache-control"), "no-store");
});

Deno.test("[photos] four files at once are refused: at most 3 uploads under way per person", async () => {
  await using w = await world();
  // Four asked for together: three URLs, one 'Too many photos'.
  const answers = await Promise.all([0, 1, 2, 3].map(() => askUpload(w, "parent", SMALL_PNG)));
  const statuses = answers.map((res) => res.status).sort();
  assert.deepEqual(statuses, [200, 200, 200, 400]);
  const refused = answers.find((res) => res.status === 400)!;
  assert.deepEqual(await json(refused), { message: UPLOAD_TEXTS.tooManyPhotos });
  const urls = await Promise.all(answers.filter((res) => res.status === 200).map(json));
  // Another person is not held up by them.
  assert.equal((await askUpload(w, "admin", SMALL_PNG)).status, 200);
  // An upload under way still counts; a processed one no longer does.
  const stored = await put(w, "parent", urls[0].uploadURL, SMALL_PNG);
  assert.equal(stored.status, 200);
  assert.equal((await askUpload(w, "parent", SMALL_PNG)).status, 400);
  assert.equal((await processGallery(w, "parent", urls[0].objectPath)).status, 200);
  assert.equal((await askUpload(w, "parent", SMALL_PNG)).status, 200);
  assert.equal((await askUpload(w, "parent", SMALL_PNG)).status, 400);
  // A URL never used stops counting when it expires (5 minutes).
  w.clock.now += 5 * MINUTE + 1;
  assert.equal((await askUpload(w, "parent", SMALL_PNG)).status, 200);
});

Deno.test("[photos] at most 30 upload URLs a person a day (429 with Retry-After)", async () => {
  await using w = await world();
  for (let round = 0; round < 10; round++) {
    for (let i = 0; i < 3; i++) assert.equal((await askUpload(w, "parent", SMALL_PNG)).status, 200);
    w.clock.now += 6 * MINUTE; // the unused URLs expire and free their slots
  }
  const limited = await askUpload(w, "parent", SMALL_PNG);
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  assert.match((await json(limited)).message, /uploaded a lot of photos today/);
  assert.equal((await askUpload(w, "player", SMALL_PNG)).status, 200, "counted per person");
});

// ---- The PUT ----

Deno.test("[photos] an expired or reused upload URL is refused, and so is another session's or team's", async () => {
  await using w = await world();
  const first = await json(await askUpload(w, "parent", SMALL_PNG));
  assert.equal((await put(w, "parent", first.uploadURL, SMALL_PNG)).status, 200);
  const reused = await put(w, "parent", first.uploadURL, SMALL_PNG);
  assert.equal(reused.status, 410);
  assert.deepEqual(await json(reused), { message: PHOTO_MESSAGES.uploadLinkGone });

  const late = await json(await askUpload(w, "parent", SMALL_PNG));
  w.clock.now += 5 * MINUTE + 1000;
  const expired = await put(w, "parent", late.uploadURL, SMALL_PNG);
  assert.equal(expired.status, 410);
  assert.deepEqual(await json(expired), { message: PHOTO_MESSAGES.uploadLinkGone });

  const admins = await json(await askUpload(w, "admin", SMALL_PNG));
  const before = await dumpKv(w.t.kv, PHOTO_PREFIXES);
  // The parent holds the admin's URL: signed for another session.
  const stolen = await put(w, "parent", admins.uploadURL, SMALL_PNG);
  assert.equal(stolen.status, 403);
  assert.deepEqual(await json(stolen), { message: PHOTO_MESSAGES.uploadLinkInvalid });
  assert.equal((await put(w, "otherAdmin", admins.uploadURL, SMALL_PNG)).status, 403);
  assert.equal((await put(w, "anonymous", admins.uploadURL, SMALL_PNG)).status, 401);
  assert.equal((await put(w, "sysadmin", admins.uploadURL, SMALL_PNG)).status, 403);
  // The same token under another team's path does not verify either.
  const elsewhere = admins.uploadURL.replace(w.team.id, w.otherTeam.id);
  assert.equal((await put(w, "otherAdmin", elsewhere, SMALL_PNG)).status, 403);
  const forged = admins.uploadURL.slice(0, -4) + "AAAA";
  assert.equal((await put(w, "admin", forged, SMALL_PNG)).status, 403);
  assert.deepEqual(await dumpKv(w.t.kv, PHOTO_PREFIXES), before, "the ticket is still unspent");
  assert.equal((await put(w, "admin", admins.uploadURL, SMALL_PNG)).status, 200);
});

Deno.test("[photos] the type comes from the bytes: a text file named .jpg is refused, PNG and WebP are taken", async () => {
  await using w = await world();
  const before = await dumpKv(w.t.kv, ["blobs", "blob_chunks", "pending_uploads"]);
  for (
    const bytes of [FAKE_JPG, new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), new Uint8Array()]
  ) {
    const asked = await json(await askUpload(w, "parent", bytes, { size: Math.max(1, bytes.byteLength) }));
    const res = await put(w, "parent", asked.uploadURL, bytes);
    assert.equal(res.status, 415);
    assert.deepEqual(await json(res), { message: UPLOAD_TEXTS.invalidFileType });
  }
  assert.deepEqual(await dumpKv(w.t.kv, ["blobs", "blob_chunks", "pending_uploads"]), before, "nothing kept");
  assert.equal((await askUpload(w, "parent", SMALL_PNG)).status, 200, "refused uploads free their slots");
  // The Content-Type sent is ignored: a PNG and a WebP sent as image/jpeg are taken as what they are.
  for (const bytes of [SMALL_PNG, SMALL_WEBP]) {
    const path = await uploadRaw(w, "admin", bytes);
    const manifest = (await w.t.kv.get<{ contentType: string }>(["blobs", w.team.id, blobIdOf(path)])).value!;
    assert.equal(manifest.contentType, bytes === SMALL_PNG ? "image/png" : "image/webp");
  }
});

Deno.test("[photos] a PNG declaring 20000×20000 is refused at the PUT, before any decoding", async () => {
  await using w = await world();
  const asked = await json(await askUpload(w, "parent", HUGE_PNG));
  const started = performance.now();
  const res = await put(w, "parent", asked.uploadURL, HUGE_PNG);
  assert.equal(res.status, 422);
  assert.deepEqual(await json(res), { message: TOO_MANY_PIXELS_MESSAGE });
  assert.ok(performance.now() - started < 500);
  assert.equal(imagePool.running + imagePool.waiting, 0, "nothing reached the image workers");
  // 9000×10 is few pixels but too wide (R30: at most 8000 a side).
  const wide = HUGE_PNG.slice();
  new DataView(wide.buffer).setUint32(16, 9000);
  new DataView(wide.buffer).setUint32(20, 10);
  const second = await json(await askUpload(w, "parent", wide));
  const tooWide = await put(w, "parent", second.uploadURL, wide);
  assert.equal(tooWide.status, 422);
  assert.deepEqual(await json(tooWide), { message: PHOTO_MESSAGES.tooWide });
  assert.deepEqual(await dumpKv(w.t.kv, ["blobs", "blob_chunks", "pending_uploads"]), []);
});

Deno.test("[photos] the size: Content-Length first, then while streaming; over the declared size is 413", async () => {
  await using w = await world();
  // Declared 100 bytes; the PUT says (Content-Length) it sends 20 MB: refused before reading the body.
  const small = await json(await askUpload(w, "parent", SMALL_PNG, { size: 100 }));
  const declared = endlessBody();
  const byLength = await put(w, "parent", small.uploadURL, declared.stream, { "content-length": "20971520" });
  assert.equal(byLength.status, 413);
  assert.deepEqual(await json(byLength), { message: UPLOAD_TEXTS.fileTooLarge });
  assert.ok(declared.read() <= 2 * 64 * 1024, `read ${declared.read()} bytes after a Content-Length over the size`);
  // Without a Content-Length the body is cut off once it passes the size, and nothing is kept.
  const limit = 2 * 1024 * 1024;
  const asked = await json(await askUpload(w, "parent", SMALL_PNG, { size: limit }));
  const endless = endlessBody();
  const streamed = await put(w, "parent", asked.uploadURL, endless.stream);
  assert.equal(streamed.status, 413);
  assert.ok(endless.read() < limit + 10 * 64 * 1024, `read ${endless.read()} bytes of an endless body`);
  // A Content-Length that understates the body does not help.
  const lying = await json(await askUpload(w, "parent", SMALL_PNG, { size: limit }));
  const understated = endlessBody();
  const res = await put(w, "parent", lying.uploadURL, understated.stream, { "content-length": "1000" });
  assert.equal(res.status, 413);
  assert.deepEqual(await dumpKv(w.t.kv, ["blobs", "blob_chunks", "pending_uploads"]), []);
  // A file of exactly the declared size (over 1 MB, the app's usual limit) is taken.
  const big = new Uint8Array(3 * 1024 * 1024);
  big.set(ORIENTED);
  const path = await uploadRaw(w, "parent", big);
  const manifest = (await w.t.kv.get<{ size: number; chunks: number }>(["blobs", w.team.id, blobIdOf(path)])).value!;
  assert.deepEqual([manifest.size, manifest.chunks], [big.byteLength, Math.ceil(big.byteLength / (60 * 1024))]);
  // The bytes as uploaded are never served.
  assert.equal((await getObject(w, "parent", path)).status, 404);
});

// ---- Processing and the gallery ----

Deno.test("[photos] a JPEG with EXIF orientation 6 and GPS comes out upright with no metadata in every served size", async () => {
  await using w = await world();
  const original = await uploadRaw(w, "parent", ORIENTED);
  const rawChunks = await dumpKv(w.t.kv, ["blob_chunks"]);
  const processed = await processGallery(w, "parent", original);
  assert.equal(processed.status, 200);
  const paths = await json(processed);
  assert.deepEqual(Object.keys(paths).sort(), ["mediumPath", "objectPath", "thumbnailPath"]);
  assert.equal(paths.objectPath, original, "the full size is served at the upload's path");
  // The bytes as uploaded are gone: none of their chunks is left.
  const chunksNow = await dumpKv(w.t.kv, ["blob_chunks"]);
  for (const [key] of rawChunks) assert.ok(!chunksNow.some(([k]) => k === key), `raw chunk ${key} left`);

  const sizes: [string, number, number][] = [[paths.objectPath, 1365, 2048], [paths.mediumPath, 533, 800], [
    paths.thumbnailPath,
    213,
    320,
  ]];
  for (const [path, width, height] of sizes) {
    const res = await getObject(w, "parent", path);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "image/jpeg");
    const bytes = new Uint8Array(await res.arrayBuffer());
    assertCleanJpeg(bytes, path);
    assert.deepEqual(sniffImage(bytes), { type: "jpeg", width, height }, "portrait: turned upright");
    // Stored top-left red and bottom-left blue; upright, red is top-right and blue top-left.
    assertColour(await pixelAt(bytes, 0.92, 0.06), [255, 0, 0], `${path} top-right`);
    assertColour(await pixelAt(bytes, 0.08, 0.06), [0, 0, 255], `${path} top-left`);
  }
  // Only once, only the uploader.
  const again = await processGallery(w, "parent", original);
  assert.equal(again.status, 409);
  assert.deepEqual(await json(again), { message: PHOTO_MESSAGES.alreadyProcessed });
  assert.equal((await processGallery(w, "admin", original)).status, 404);
});

Deno.test("[photos] a JPEG/HTML polyglot is served re-encoded: no <script> in any size", async () => {
  await using w = await world();
  const html = new TextEncoder().encode("<html><script>alert(document.cookie)</script></html>");
  const comment = new Uint8Array([0xff, 0xfe, (html.length + 2) >> 8, (html.length + 2) & 255, ...html]);
  const polyglot = new Uint8Array([...ORIENTED.subarray(0, 2), ...comment, ...ORIENTED.subarray(2), ...html]);
  assert.ok(latin1(polyglot).includes("<script>"));
  const photo = await addPhoto(w, "parent", polyglot, "Polyglot");
  for (const path of [photo.objectPath, photo.mediumPath, photo.thumbnailPath]) {
    const res = await getObject(w, "parent", path);
    assert.equal(res.headers.get("content-security-policy"), "default-src 'none'; sandbox");
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(res.headers.get("content-disposition"), 'inline; filename="photo.jpg"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.ok(!latin1(bytes).toLowerCase().includes("<script"), path);
    assertCleanJpeg(bytes, path);
  }
});

Deno.test("[photos] processing: the wrong purpose, a raw upload that cannot be decoded, and a concurrent second call", async () => {
  await using w = await world();
  // A headshot upload cannot be made a gallery photo.
  const headshot = await uploadRaw(w, "admin", SMALL_PNG, { purpose: "headshot", playerId: w.players[0].id });
  const wrong = await processGallery(w, "admin", headshot);
  assert.equal(wrong.status, 400);
  assert.deepEqual(await json(wrong), { message: PHOTO_MESSAGES.wrongPurpose });
  // Paths that name nothing of theirs are 404, whatever they are.
  for (const originalPath of [undefined, "/objects/x", `/objects/${w.otherTeam.id}/01ARZ3NDEKTSV4RRFFQ69G5FAV`, 7]) {
    const res = await processGallery(w, "parent", originalPath as string);
    assert.equal(res.status, 404, String(originalPath));
  }
  // A JPEG whose header is fine but whose data is cut: refused, and the upload is gone.
  const truncated = ORIENTED.slice(0, Math.floor(ORIENTED.byteLength * 0.6));
  const broken = await uploadRaw(w, "parent", truncated);
  const refused = await processGallery(w, "parent", broken);
  assert.equal(refused.status, 400);
  assert.match((await json(refused)).message, /could not be read/);
  assert.equal((await w.t.kv.get(["pending_uploads", w.team.id, blobIdOf(broken)])).value, null);
  assert.equal((await w.t.kv.get(["blobs", w.team.id, blobIdOf(broken)])).value, null);
  // Two calls at once: one processes, the other is told it is under way.
  const original = await uploadRaw(w, "parent", SMALL_PNG);
  const both = await Promise.all([processGallery(w, "parent", original), processGallery(w, "parent", original)]);
  assert.deepEqual(both.map((res) => res.status).sort(), [200, 409]);
  for (const res of both) await res.body?.cancel();
});

Deno.test("[photos] when the image workers are full the call is 503 with Retry-After, and can be repeated", async () => {
  await using w = await world();
  const original = await uploadRaw(w, "parent", SMALL_PNG);
  // One long job on each worker and a full queue behind them.
  const busy = [
    ...Array.from({ length: imagePool.concurrency }, () => processImage(ORIENTED)),
    ...Array.from({ length: 8 }, () => processImage(SMALL_PNG, { sizes: { full: 32, medium: 16, thumbnail: 8 } })),
  ];
  const refused = await processGallery(w, "parent", original);
  assert.equal(refused.status, 503);
  assert.ok(Number(refused.headers.get("retry-after")) > 0);
  assert.match((await json(refused)).message, /Too many photos are being processed/);
  await Promise.all(busy);
  const again = await processGallery(w, "parent", original);
  assert.equal(again.status, 200, "the upload was kept");
});

Deno.test("[photos] the gallery: added with the session's name and type, listed newest first by offset", async () => {
  await using w = await world();
  const photo = await addPhoto(w, "parent", SMALL_PNG, "  Match day ⚽ ");
  assert.equal(photo.caption, "Match day ⚽");
  assert.equal(photo.uploaderName, "Test Person");
  assert.equal(photo.uploaderType, "parent", "the request's uploaderType is not trusted");
  assert.deepEqual(photo.urls, { thumbnail: photo.thumbnailPath, medium: photo.mediumPath, full: photo.objectPath });
  // Seeded records beyond it, to page through.
  for (let i = 0; i < 11; i++) {
    const seeded = { ...photo, id: newPhotoId(START + 1000 + i), caption: `seeded ${i}` };
    await stagePhoto(w.t.kv.atomic(), w.team.id, seeded).commit();
  }
  const first = await json(await call(w.t.app, "GET", `/api/teams/${w.team.id}/photos`, { cookie: w.cookies.player }));
  assert.equal(first.photos.length, 10);
  assert.equal(first.hasMore, true);
  assert.equal(first.photos[0].caption, "seeded 10", "newest first");
  const rest = await json(
    await call(w.t.app, "GET", `/api/teams/${w.team.id}/photos?offset=10&limit=10`, { cookie: w.cookies.sysadmin }),
  );
  assert.deepEqual(rest.photos.map((p: { caption: string }) => p.caption), ["seeded 0", "Match day ⚽"]);
  assert.equal(rest.hasMore, false);
  for (const query of ["limit=0", "limit=51", "offset=-1", "offset=10001", "limit=abc"]) {
    const res = await call(w.t.app, "GET", `/api/teams/${w.team.id}/photos?${query}`, { cookie: w.cookies.parent });
    assert.equal(res.status, 400, query);
  }
  assert.equal(
    (await call(w.t.app, "GET", `/api/teams/${w.team.id}/photos`, { cookie: w.cookies.otherAdmin })).status,
    403,
  );
  assert.equal((await call(w.t.app, "GET", `/api/teams/${w.team.id}/photos`, {})).status, 401);
});

Deno.test("[photos] adding a photo: only the uploader's processed gallery upload, once; caption ≤ 280", async () => {
  await using w = await world();
  const original = await uploadRaw(w, "parent", SMALL_PNG);
  const early = await call(w.t.app, "POST", `/api/teams/${w.team.id}/photos`, {
    cookie: w.cookies.parent,
    body: { objectPath: original, thumbnailPath: original, mediumPath: original },
  });
  assert.equal(early.status, 400, "not processed yet");
  assert.equal((await json(early)).message, PHOTO_MESSAGES.notUploaded);
  const paths = await json(await processGallery(w, "parent", original));
  const add = (who: Who, body: Record<string, unknown>) =>
    call(w.t.app, "POST", `/api/teams/${w.team.id}/photos`, { cookie: w.cookies[who], body });
  const before = await dumpKv(w.t.kv, PHOTO_PREFIXES);
  const cases: [Who, Record<string, unknown>, number, string][] = [
    ["parent", { ...paths, caption: "x".repeat(281) }, 400, PHOTO_MESSAGES.captionTooLong],
    ["parent", { ...paths, caption: 5 }, 400, PHOTO_MESSAGES.caption],
    ["parent", { ...paths, thumbnailPath: paths.mediumPath }, 400, PHOTO_MESSAGES.notUploaded],
    ["parent", { ...paths, objectPath: paths.mediumPath }, 400, PHOTO_MESSAGES.notUploaded],
    ["admin", paths, 400, PHOTO_MESSAGES.notUploaded], // someone else's upload
    ["sysadmin", paths, 403, "You do not have access to this team."],
  ];
  for (const [who, body, status, message] of cases) {
    const res = await add(who, body);
    assert.equal(res.status, status, JSON.stringify(body).slice(0, 80));
    assert.equal((await json(res)).message, message);
  }
  assert.deepEqual(await dumpKv(w.t.kv, PHOTO_PREFIXES), before);
  assert.equal((await add("parent", { ...paths, caption: "⚽".repeat(280) })).status, 201);
  assert.equal((await add("parent", paths)).status, 400, "used once");
});

Deno.test("[photos] deleting a photo: the uploader or an admin; its three sizes go with it", async () => {
  await using w = await world();
  const mine = await addPhoto(w, "parent", SMALL_PNG);
  const admins = await addPhoto(w, "admin", SMALL_PNG);
  const del = (who: Who, id: string) =>
    call(w.t.app, "DELETE", `/api/teams/${w.team.id}/photos/${id}`, { cookie: w.cookies[who] });
  assert.equal((await del("parent", admins.id)).status, 403);
  assert.equal((await del("player", mine.id)).status, 403);
  assert.equal((await del("sysadmin", mine.id)).status, 403);
  assert.equal((await del("otherAdmin", mine.id)).status, 403);
  assert.equal((await del("parent", "01ARZ3NDEKTSV4RRFFQ69G5FAV")).status, 404);
  const res = await del("parent", mine.id);
  assert.equal(res.status, 200);
  assert.deepEqual(await json(res), { success: true });
  assert.equal((await del("admin", admins.id)).status, 200);
  const left = (await scanAll(w.t.kv)).filter((line) => !line.startsWith('["rate_limits"'));
  for (const photo of [mine, admins]) {
    for (const id of [photo.id, ...[photo.objectPath, photo.mediumPath, photo.thumbnailPath].map(blobIdOf)]) {
      assert.deepEqual(left.filter((line) => line.includes(id)), [], `${id} is gone`);
    }
  }
  assert.deepEqual(await dumpKv(w.t.kv, ["blobs", "blob_chunks", "gallery_photos", "pending_uploads"]), []);
  assert.equal((await getObject(w, "parent", mine.objectPath)).status, 404);
});

// ---- Headshots ----

Deno.test("[photos] a headshot: only the player's parent or an admin; replacing or removing it deletes the old blobs", async () => {
  await using w = await world();
  const parent = (await w.t.kv.get<string>(["users_by_email", "parent@example.com"])).value!;
  const maya = w.players[0];
  await stageGuardian(w.t.kv.atomic(), w.team.id, maya.id, parent).commit();
  const headshot = async (who: Who) => {
    const original = await uploadRaw(w, who, SMALL_PNG, { purpose: "headshot", playerId: maya.id });
    const res = await call(w.t.app, "POST", "/api/players/process-headshot", {
      cookie: w.cookies[who],
      body: { originalPath: original, playerId: maya.id },
    });
    assert.equal(res.status, 200);
    const { smallPath, mediumPath } = await json(res);
    return { photoUrl: original, photoUrlSmall: smallPath, photoUrlMedium: mediumPath };
  };
  const setPhoto = (who: Who, body: unknown, playerId = maya.id) =>
    call(w.t.app, "PUT", `/api/players/${playerId}/photo`, { cookie: w.cookies[who], body });

  const first = await headshot("parent");
  // Processing it as another player's is refused.
  const other = await uploadRaw(w, "parent", SMALL_PNG, { purpose: "headshot", playerId: maya.id });
  const wrongPlayer = await call(w.t.app, "POST", "/api/players/process-headshot", {
    cookie: w.cookies.parent,
    body: { originalPath: other, playerId: w.players[1].id },
  });
  assert.equal(wrongPlayer.status, 400);
  // Only the player's parents and the team's admins; others learn nothing (404).
  assert.equal((await setPhoto("anonymous", first)).status, 401);
  assert.equal((await setPhoto("player", first)).status, 404);
  assert.equal((await setPhoto("otherAdmin", first)).status, 404);
  assert.equal((await setPhoto("sysadmin", first)).status, 404);
  assert.equal((await setPhoto("parent", first, w.players[1].id)).status, 404);
  assert.equal((await setPhoto("admin", first)).status, 400, "not the admin's upload");
  assert.equal((await setPhoto("parent", { ...first, photoUrlSmall: first.photoUrlMedium })).status, 400);
  const revision = (await w.t.kv.get(["team_revisions", w.team.id])).versionstamp;
  const saved = await setPhoto("parent", first);
  assert.equal(saved.status, 200);
  assert.deepEqual(await json(saved), first);
  const player = await getPlayer(w.t.kv, w.team.id, maya.id);
  assert.deepEqual([player!.photoUrl, player!.photoUrlSmall, player!.photoUrlMedium], Object.values(first));
  assert.notEqual((await w.t.kv.get(["team_revisions", w.team.id])).versionstamp, revision, "public pages refresh");

  // The admin replaces it: the parent's three blobs are deleted.
  const second = await headshot("admin");
  assert.equal((await setPhoto("admin", second)).status, 200);
  const scan = await scanAll(w.t.kv);
  for (const path of Object.values(first)) {
    assert.deepEqual(scan.filter((line) => line.includes(blobIdOf(path))), [], `${path} is gone`);
  }
  // The parent removes it: gone too.
  const removed = await setPhoto("parent", { photoUrl: null, photoUrlSmall: null, photoUrlMedium: null });
  assert.deepEqual(await json(removed), { photoUrl: null, photoUrlSmall: null, photoUrlMedium: null });
  const after = await scanAll(w.t.kv);
  for (const path of Object.values(second)) {
    assert.deepEqual(after.filter((line) => line.includes(blobIdOf(path))), [], `${path} is gone`);
  }
});

// ---- What deleting leaves behind ----

Deno.test("[photos] removing a player deletes their headshot and their headshot uploads under way", async () => {
  await using w = await world();
  const maya = w.players[0];
  const original = await uploadRaw(w, "admin", SMALL_PNG, { purpose: "headshot", playerId: maya.id });
  const processed = await json(
    await call(w.t.app, "POST", "/api/players/process-headshot", {
      cookie: w.cookies.admin,
      body: { originalPath: original, playerId: maya.id },
    }),
  );
  const body = { photoUrl: original, photoUrlSmall: processed.smallPath, photoUrlMedium: processed.mediumPath };
  assert.equal(
    (await call(w.t.app, "PUT", `/api/players/${maya.id}/photo`, { cookie: w.cookies.admin, body })).status,
    200,
  );
  const inFlight = await uploadRaw(w, "admin", SMALL_PNG, { purpose: "headshot", playerId: maya.id });
  const unused = await json(await askUpload(w, "admin", SMALL_PNG, { purpose: "headshot", playerId: maya.id }));
  const removed = await call(w.t.app, "DELETE", `/api/admin/${w.team.id}/players/${maya.id}`, {
    cookie: w.cookies.admin,
  });
  assert.equal(removed.status, 200);
  const scan = await scanAll(w.t.kv);
  const ids = [...Object.values(body), inFlight, unused.objectPath].map(blobIdOf);
  for (const id of ids) assert.deepEqual(scan.filter((line) => line.includes(id)), [], `${id} is gone`);
  assert.deepEqual(await dumpKv(w.t.kv, ["blobs", "blob_chunks", "pending_uploads", "upload_tickets"]), []);
});

Deno.test("[photos] deleting a team deletes every photo, blob, chunk, upload and ticket of it (all of KV scanned)", async () => {
  await using w = await world();
  const photo = await addPhoto(w, "parent", SMALL_PNG, "Team photo");
  const raw = await uploadRaw(w, "player", SMALL_PNG);
  const ticket = await json(await askUpload(w, "admin", SMALL_PNG));
  const deleted = await call(w.t.app, "DELETE", `/api/admin/${w.team.id}`, {
    cookie: w.cookies.admin,
    body: { confirm: w.team.name },
  });
  assert.equal(deleted.status, 200);
  // The global audit log keeps one line that a team (its id, no names) was deleted.
  const scan = (await scanAll(w.t.kv)).filter((line) => !/^\["audit",.*"action":"team\.deleted"/.test(line));
  assert.deepEqual(scan.filter((line) => line.includes(w.team.id)), [], "nothing keyed by or naming the team");
  const ids = [photo.id, photo.objectPath, photo.mediumPath, photo.thumbnailPath, raw, ticket.objectPath];
  for (const id of ids.map((value) => value.startsWith("/") ? blobIdOf(value) : value)) {
    assert.deepEqual(scan.filter((line) => line.includes(id)), [], `${id} is gone`);
  }
  assert.deepEqual(await dumpKv(w.t.kv, PHOTO_PREFIXES), []);
});

Deno.test("[photos] uploads never processed, or processed and never used, are swept after an hour", async () => {
  await using w = await world();
  const raw = await uploadRaw(w, "parent", SMALL_PNG);
  const processed = await json(await processGallery(w, "parent", await uploadRaw(w, "parent", SMALL_PNG)));
  const kept = await addPhoto(w, "parent", SMALL_PNG, "kept");
  assert.deepEqual(await sweepExpiredUploads(w.t.kv, new Date(w.clock.now)), { uploads: 0, tickets: 0, slots: 0 });
  const swept = await sweepExpiredUploads(w.t.kv, new Date(w.clock.now + 61 * MINUTE));
  assert.equal(swept.uploads, 2);
  const scan = await scanAll(w.t.kv);
  for (const path of [raw, processed.objectPath, processed.mediumPath, processed.thumbnailPath]) {
    assert.deepEqual(scan.filter((line) => line.includes(blobIdOf(path))), [], `${path} swept`);
  }
  assert.equal((await getObject(w, "parent", kept.objectPath)).status, 200, "a used photo stays");
  assert.deepEqual(await dumpKv(w.t.kv, ["pending_uploads", "upload_slots"]), []);
});

Deno.test("[photos] closing the shared image pool", () => {
  imagePool.close();
  assert.equal(imagePool.threads, 0);
});
