/**
 * The image pipeline (lib/images) on real files (tests/fixtures, made by
 * make_image_fixtures.ts): the type comes from the bytes, oversized images are refused from
 * their header, uploads come out upright in every size with no metadata at all (proved by
 * parsing the output bytes and by their pixels), sizes are never enlarged, and the worker pool
 * refuses work beyond its queue with BusyError.
 */
import assert from "node:assert/strict";
import { decode as decodeJpeg } from "@jsquash/jpeg";
import { decode as decodeWebp } from "@jsquash/webp";
import { BusyError, ValidationError } from "../../lib/errors.ts";
import {
  IMAGE_BUSY_MESSAGE,
  imageConcurrency,
  ImagePool,
  type ImagePoolOptions,
  INVALID_TYPE_MESSAGE,
  MAX_INPUT_BYTES,
  MAX_PIXELS,
  type ProcessedImage,
  type ProcessedImages,
  processImage,
  readExifOrientation,
  sniffImage,
  TOO_LARGE_MESSAGE,
  TOO_MANY_PIXELS_MESSAGE,
  UNREADABLE_MESSAGE,
} from "../../lib/images/mod.ts";

const fixture = (name: string) => Deno.readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
const ORIENTED = fixture("oriented_6_gps.jpg");
const HUGE_PNG = fixture("huge_header.png");
const FAKE_JPG = fixture("photo.jpg");
const SMALL_PNG = fixture("small.png");
const SMALL_WEBP = fixture("small.webp");
const DISPLAY_P3 = fixture("display_p3.jpg");

const poolOptions = (options: Partial<ImagePoolOptions> = {}): ImagePoolOptions => ({
  concurrency: 1,
  maxQueue: 8,
  queueTimeoutMs: 10_000,
  jobTimeoutMs: 30_000,
  retryAfterSeconds: 5,
  ...options,
});

/** One pool for the processing tests (its worker warms up once); closed by the last test. */
const pool = new ImagePool(poolOptions());

/** A pool that must never be reached: refusals happen before any decoding. */
const unreachablePool = {
  run: () => {
    throw new Error("the image reached the decoder");
  },
} as unknown as ImagePool;

function assertInvalid(error: unknown, message: string): true {
  assert.ok(error instanceof ValidationError, `expected ValidationError, got ${error}`);
  assert.equal(error.message, message);
  return true;
}

// ---- Reading the output bytes (independently of lib/images) ----

const latin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

function hasBytes(haystack: Uint8Array, needle: number[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** The markers of a JPEG's header segments, up to the start of scan. */
function jpegMarkers(bytes: Uint8Array): { marker: number; payload: Uint8Array }[] {
  assert.ok(bytes[0] === 0xff && bytes[1] === 0xd8, "not a JPEG");
  const markers = [];
  let at = 2;
  while (at < bytes.length) {
    assert.equal(bytes[at], 0xff, `segment at ${at} does not start with FF`);
    const marker = bytes[at + 1];
    if (marker === 0xda) break;
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    markers.push({ marker, payload: bytes.subarray(at + 4, at + 2 + length) });
    at += 2 + length;
  }
  return markers;
}

/** The chunk names of a WebP file. */
function webpChunks(bytes: Uint8Array): string[] {
  assert.equal(latin1(bytes.subarray(0, 4)), "RIFF");
  assert.equal(latin1(bytes.subarray(8, 12)), "WEBP");
  const chunks = [];
  for (let at = 12; at + 8 <= bytes.length;) {
    chunks.push(latin1(bytes.subarray(at, at + 4)));
    const size = new DataView(bytes.buffer, bytes.byteOffset + at + 4, 4).getUint32(0, true);
    at += 8 + size + (size % 2);
  }
  return chunks;
}

/** Words any trace of the fixtures' metadata would contain. */
const METADATA_TRACES = [
  "Exif",
  "GPS",
  "http://ns.adobe.com",
  "ICC_PROFILE",
  "Photoshop",
  "GoalMatesTestCam",
  "A Parent",
  "Match day",
  "taken at the pitch",
  "sRGB",
];

function assertNoMetadata(image: ProcessedImage, label: string) {
  const text = latin1(image.bytes);
  for (const trace of METADATA_TRACES) assert.ok(!text.includes(trace), `${label}: found "${trace}"`);
  if (image.type === "jpeg") {
    for (const { marker, payload } of jpegMarkers(image.bytes)) {
      const isApp = marker >= 0xe0 && marker <= 0xef;
      if (isApp) {
        // Only JFIF's APP0 is allowed: no APP1 (EXIF, XMP), APP2 (ICC), APP13 (IPTC)…
        assert.equal(marker, 0xe0, `${label}: APP${marker - 0xe0} segment`);
        assert.equal(latin1(payload.subarray(0, 5)), "JFIF\0", `${label}: APP0 that is not JFIF`);
      }
      assert.notEqual(marker, 0xfe, `${label}: comment segment`);
    }
  } else {
    for (const chunk of webpChunks(image.bytes)) {
      assert.ok(["VP8 ", "VP8L", "VP8X", "ALPH"].includes(chunk), `${label}: ${chunk} chunk`);
    }
  }
}

// ---- Decoding the output to check its pixels ----
// With other decoders than the pipeline's (mozjpeg and libwebp from @jsquash). wasm-vips must
// not be started on this thread: a Web Worker that starts it afterwards hangs (Deno 2.9.6).
// The outputs carry no orientation tag, so the pixels are as a browser shows them.

async function pixelAt(image: ProcessedImage, fx: number, fy: number): Promise<number[]> {
  const buffer = image.bytes.slice().buffer;
  const decoded = image.type === "jpeg" ? await decodeJpeg(buffer) : await decodeWebp(buffer);
  assert.deepEqual([decoded.width, decoded.height], [image.width, image.height]);
  const at = (Math.floor(decoded.height * fy) * decoded.width + Math.floor(decoded.width * fx)) * 4;
  return [...decoded.data.subarray(at, at + 3)];
}

function assertColour(actual: number[], expected: number[], label: string) {
  const close = expected.every((value, i) => Math.abs(actual[i] - value) <= 24);
  assert.ok(close, `${label}: expected about ${expected}, got ${actual}`);
}

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
const GREY = [128, 128, 128];
const WHITE = [255, 255, 255];

// ---- Sniffing ----

Deno.test("[images] sniff: the type and size come from the header of each format", () => {
  assert.deepEqual(sniffImage(ORIENTED), { type: "jpeg", width: 2400, height: 1600 });
  assert.deepEqual(sniffImage(SMALL_PNG), { type: "png", width: 300, height: 150 });
  assert.deepEqual(sniffImage(SMALL_WEBP), { type: "webp", width: 240, height: 160 }); // VP8X (it has EXIF)
  // A simple lossy WebP (VP8) and a lossless one (VP8L), headers only.
  const ascii = (text: string) => [...new TextEncoder().encode(text)];
  const riff = (chunk: string, payload: number[]) =>
    new Uint8Array([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WEBP" + chunk), payload.length, 0, 0, 0, ...payload]);
  assert.deepEqual(sniffImage(riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0x40, 0x01, 0xf0, 0x00])), {
    type: "webp",
    width: 320,
    height: 240,
  });
  // VP8L: 0x2F, then 14 bits width − 1 (639) and 14 bits height − 1 (479).
  const bits = 639 | (479 << 14);
  assert.deepEqual(sniffImage(riff("VP8L", [0x2f, bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, bits >>> 24])), {
    type: "webp",
    width: 640,
    height: 480,
  });
});

Deno.test("[images] sniff: a script named photo.jpg, and other non-images, are refused by their bytes", async () => {
  for (
    const bytes of [
      FAKE_JPG,
      new Uint8Array(),
      new TextEncoder().encode("GIF89a\x01\x00\x01\x00"),
      new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), // a JPEG with no frame
      ORIENTED.subarray(0, 200), // a JPEG cut before its SOF
      new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    ]
  ) {
    assert.throws(() => sniffImage(bytes), (e) => assertInvalid(e, INVALID_TYPE_MESSAGE));
  }
  await assert.rejects(
    processImage(FAKE_JPG, { pool: unreachablePool }),
    (e) => assertInvalid(e, INVALID_TYPE_MESSAGE),
  );
});

Deno.test("[images] sniff: a PNG declaring 20000×20000 is refused from its header, before decoding", async () => {
  assert.equal(HUGE_PNG.byteLength < 100, true); // nothing there to decode
  assert.throws(() => sniffImage(HUGE_PNG), (e) => assertInvalid(e, TOO_MANY_PIXELS_MESSAGE));
  await assert.rejects(
    processImage(HUGE_PNG, { pool: unreachablePool }),
    (e) => assertInvalid(e, TOO_MANY_PIXELS_MESSAGE),
  );
  // The limit is 40 megapixels: 8000×5000 passes, 8000×5001 does not.
  const png = (width: number, height: number) => {
    const bytes = HUGE_PNG.slice();
    new DataView(bytes.buffer).setUint32(16, width);
    new DataView(bytes.buffer).setUint32(20, height);
    return bytes;
  };
  assert.equal(MAX_PIXELS, 40_000_000);
  assert.deepEqual(sniffImage(png(8000, 5000)), { type: "png", width: 8000, height: 5000 });
  assert.throws(() => sniffImage(png(8000, 5001)), (e) => assertInvalid(e, TOO_MANY_PIXELS_MESSAGE));
  assert.throws(() => sniffImage(png(0, 100)), (e) => assertInvalid(e, INVALID_TYPE_MESSAGE));
});

Deno.test("[images] an upload over the byte limit is refused before anything else", async () => {
  const big = new Uint8Array(MAX_INPUT_BYTES + 1);
  big.set(ORIENTED.subarray(0, 1000));
  await assert.rejects(processImage(big, { pool: unreachablePool }), (e) => assertInvalid(e, TOO_LARGE_MESSAGE));
});

Deno.test("[images] readExifOrientation reads the tag in either byte order, 1 when absent", () => {
  assert.equal(readExifOrientation(ORIENTED), 6); // big-endian EXIF (exiftool's)
  // A minimal little-endian EXIF: TIFF header II*, one IFD entry 0x0112 SHORT = 8.
  const tiff = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0];
  const payload = [...new TextEncoder().encode("Exif\0\0"), ...tiff];
  const app1 = [0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 255, ...payload];
  assert.equal(readExifOrientation(new Uint8Array([0xff, 0xd8, ...app1, 0xff, 0xd9])), 8);
  assert.equal(readExifOrientation(SMALL_PNG), 1);
  assert.equal(readExifOrientation(FAKE_JPG), 1);
  assert.equal(readExifOrientation(new Uint8Array([0xff, 0xd8, 0xff, 0xd9])), 1);
  assert.equal(readExifOrientation(new Uint8Array([0xff, 0xd8, ...app1.slice(0, 20)])), 1); // cut short
});

// ---- Processing ----

let oriented: ProcessedImages;

Deno.test("[images] a JPEG with EXIF orientation 6 comes out upright in every size", async () => {
  oriented = await processImage(ORIENTED, { pool });
  assert.deepEqual(oriented.source, { type: "jpeg", width: 2400, height: 1600, byteLength: ORIENTED.byteLength });
  // Stored 2400×1600 (landscape); shown upright it is 1600×2400, so each size is portrait.
  assert.deepEqual(
    [oriented.full, oriented.medium, oriented.thumbnail].map(({ width, height, type }) => [width, height, type]),
    [[1365, 2048, "jpeg"], [533, 800, "jpeg"], [213, 320, "jpeg"]],
  );
  for (
    const [label, image] of Object.entries({ full: oriented.full, medium: oriented.medium, thumb: oriented.thumbnail })
  ) {
    assert.deepEqual(sniffImage(image.bytes), { type: "jpeg", width: image.width, height: image.height });
    // The stored top-left (red) is now top-right, the stored bottom-left (blue) top-left.
    assertColour(await pixelAt(image, 0.92, 0.06), RED, `${label} top-right`);
    assertColour(await pixelAt(image, 0.08, 0.06), BLUE, `${label} top-left`);
    assertColour(await pixelAt(image, 0.08, 0.94), GREY, `${label} bottom-left`);
    assertColour(await pixelAt(image, 0.92, 0.94), GREY, `${label} bottom-right`);
    assert.equal(readExifOrientation(image.bytes), 1);
  }
});

Deno.test("[images] no metadata survives in any size: no EXIF, GPS, XMP, IPTC, comment or ICC", () => {
  // The fixture has them all (so the check below means something).
  const input = latin1(ORIENTED);
  for (const trace of ["Exif", "http://ns.adobe.com", "ICC_PROFILE", "Photoshop", "taken at the pitch"]) {
    assert.ok(input.includes(trace), `the fixture lacks ${trace}`);
  }
  // Its EXIF (big-endian) points to a GPS IFD: tag 0x8825, type LONG.
  assert.ok(hasBytes(ORIENTED, [0x88, 0x25, 0x00, 0x04]), "the fixture lacks a GPS IFD");
  assertNoMetadata(oriented.full, "full");
  assertNoMetadata(oriented.medium, "medium");
  assertNoMetadata(oriented.thumbnail, "thumbnail");
});

Deno.test("[images] WebP in and out: sizes kept, no EXIF or XMP chunk", async () => {
  assert.ok(webpChunks(SMALL_WEBP).includes("EXIF") && webpChunks(SMALL_WEBP).includes("XMP "));
  const result = await processImage(SMALL_WEBP, { pool, format: "webp" });
  for (const [label, image] of Object.entries({ full: result.full, medium: result.medium, thumb: result.thumbnail })) {
    assert.deepEqual([image.width, image.height, image.type], [240, 160, "webp"], label);
    assert.deepEqual(sniffImage(image.bytes), { type: "webp", width: 240, height: 160 });
    assertNoMetadata(image, `webp ${label}`);
    assertColour(await pixelAt(image, 0.5, 0.5), [200, 120, 30], label);
  }
  // The oriented JPEG as WebP: upright and clean too.
  const webp = await processImage(ORIENTED, { pool, format: "webp", sizes: { full: 600 } });
  assert.deepEqual([webp.full.width, webp.full.height], [400, 600]);
  assertNoMetadata(webp.full, "webp from jpeg");
  assertColour(await pixelAt(webp.full, 0.92, 0.06), RED, "webp top-right");
});

Deno.test("[images] sizes are never enlarged; a PNG's transparency is flattened on white in JPEG", async () => {
  const result = await processImage(SMALL_PNG, { pool });
  for (const image of [result.full, result.medium, result.thumbnail]) {
    assert.deepEqual([image.width, image.height, image.type], [300, 150, "jpeg"]);
    assertNoMetadata(image, "png");
    assertColour(await pixelAt(image, 0.25, 0.5), [20, 160, 60], "opaque half");
    assertColour(await pixelAt(image, 0.75, 0.5), WHITE, "transparent half");
  }
  const custom = await processImage(SMALL_PNG, { pool, sizes: { full: 200, medium: 100, thumbnail: 40 } });
  assert.deepEqual(
    [custom.full, custom.medium, custom.thumbnail].map(({ width, height }) => [width, height]),
    [[200, 100], [100, 50], [40, 20]],
  );
});

Deno.test("[images] a Display P3 photo is converted to sRGB, and its profile dropped", async () => {
  assert.ok(latin1(DISPLAY_P3).includes("ICC_PROFILE"));
  const result = await processImage(DISPLAY_P3, { pool });
  for (const image of [result.full, result.medium, result.thumbnail]) {
    assertNoMetadata(image, "p3");
    // Stored (60, 160, 60) in P3 is about (0, 163, 42) in sRGB; copied unconverted it would look dull.
    assertColour(await pixelAt(image, 0.5, 0.5), [0, 163, 42], "p3 green in sRGB");
  }
});

Deno.test("[images] a truncated JPEG (header intact) is refused as unreadable", async () => {
  const truncated = ORIENTED.subarray(0, Math.floor(ORIENTED.byteLength * 0.6));
  assert.equal(sniffImage(truncated).type, "jpeg");
  await assert.rejects(processImage(truncated, { pool }), (e) => assertInvalid(e, UNREADABLE_MESSAGE));
  // The worker survives a bad upload.
  const again = await processImage(SMALL_PNG, { pool, sizes: { full: 100 } });
  assert.equal(again.full.width, 100);
});

// ---- The pool ----

async function assertBusy(promise: Promise<unknown>) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof BusyError, `expected BusyError, got ${error}`);
    assert.equal(error.message, IMAGE_BUSY_MESSAGE);
    assert.equal(error.retryAfterSeconds, 5);
    return true;
  });
}

Deno.test("[images] the pool refuses at once beyond its queue with BusyError, and finishes what it took", async () => {
  const busy = new ImagePool(poolOptions({ concurrency: 1, maxQueue: 2 }));
  try {
    const job = () => processImage(SMALL_PNG, { pool: busy, sizes: { full: 64 } });
    const accepted = [job(), job(), job()]; // one running, two waiting
    assert.equal(busy.running, 1);
    assert.equal(busy.waiting, 2);
    const started = performance.now();
    await assertBusy(job());
    assert.ok(performance.now() - started < 1000, "the refusal must not wait");
    const done = await Promise.all(accepted);
    assert.deepEqual(done.map((r) => r.full.width), [64, 64, 64]);
    assert.equal(busy.threads, 1); // never more threads than its concurrency
  } finally {
    busy.close();
  }
});

Deno.test("[images] a job that waits too long for a worker is refused with BusyError", async () => {
  const slow = new ImagePool(poolOptions({ concurrency: 1, maxQueue: 8, queueTimeoutMs: 50 }));
  try {
    const first = processImage(SMALL_PNG, { pool: slow }); // a cold worker takes a while to start
    await assertBusy(processImage(SMALL_PNG, { pool: slow }));
    assert.equal((await first).full.width, 300);
  } finally {
    slow.close();
  }
});

Deno.test("[images] a job over its time limit has its worker stopped and its slot freed", async () => {
  const strict = new ImagePool(poolOptions({ jobTimeoutMs: 1 }));
  try {
    for (let i = 0; i < 2; i++) {
      await assert.rejects(processImage(SMALL_PNG, { pool: strict }), /took longer than 1 ms/);
      assert.equal(strict.threads, 0);
      assert.equal(strict.running, 0);
    }
  } finally {
    strict.close();
  }
});

Deno.test("[images] closing the shared test pool", () => {
  assert.equal(pool.threads, 1);
  pool.close();
  assert.equal(pool.threads, 0);
});

Deno.test("[images] the process pool runs at most 2 images at once, one per core beyond the event loop's (R32)", () => {
  assert.deepEqual([1, 2, 3, 4, 16].map(imageConcurrency), [1, 1, 2, 2, 2]);
});
