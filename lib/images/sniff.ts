/**
 * What an uploaded file really is, read from its bytes and never from its name or declared
 * type: JPEG, PNG or WebP by their magic bytes, and the pixel size from the header (JPEG's
 * SOFn marker, PNG's IHDR chunk, WebP's VP8/VP8L/VP8X chunk) without decoding anything, so an
 * image too large to decode safely is refused before a decoder sees it. Pure: no I/O, no
 * dependencies; `readExifOrientation` reads the EXIF orientation tag of a JPEG the same way.
 */
import { ValidationError } from "../errors.ts";

export type ImageType = "jpeg" | "png" | "webp";

export interface SniffedImage {
  type: ImageType;
  /** Pixel size as stored (before any EXIF orientation is applied). */
  width: number;
  height: number;
}

/** The most pixels an upload may have (40 megapixels): decoding more could exhaust memory. */
export const MAX_PIXELS = 40_000_000;

export const INVALID_TYPE_MESSAGE = "Invalid file type";
export const TOO_MANY_PIXELS_MESSAGE = "This image is too large: at most 40 megapixels, please.";

/** Refuses `bytes` unless they are a JPEG, PNG or WebP of at most `MAX_PIXELS`; reads only the header. */
export function sniffImage(bytes: Uint8Array): SniffedImage {
  const found = readHeader(bytes);
  if (!found || found.width < 1 || found.height < 1) throw new ValidationError(INVALID_TYPE_MESSAGE);
  if (found.width * found.height > MAX_PIXELS) throw new ValidationError(TOO_MANY_PIXELS_MESSAGE);
  return found;
}

/** The type and stored size, or null when the bytes are not a JPEG, PNG or WebP with a readable header. */
function readHeader(bytes: Uint8Array): SniffedImage | null {
  if (isJpeg(bytes)) return readJpegSize(bytes);
  if (isPng(bytes)) return readPngSize(bytes);
  if (isWebp(bytes)) return readWebpSize(bytes);
  return null;
}

// ---- Reading bytes ----

const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);
const u32le = (b: Uint8Array, at: number) => ((b[at + 3] << 24) >>> 0) + ((b[at + 2] << 16) | (b[at + 1] << 8) | b[at]);
const ascii = (b: Uint8Array, at: number, length: number) =>
  at + length <= b.length ? String.fromCharCode(...b.subarray(at, at + length)) : "";

// ---- JPEG ----

const isJpeg = (b: Uint8Array) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** Start-of-frame markers (C0–CF but DHT C4, JPG C8 and DAC CC): they carry the frame's size. */
const isSof = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

interface JpegSegment {
  marker: number;
  /** Where the segment's payload starts (after its two length bytes). */
  start: number;
  /** The payload's length. */
  length: number;
}

/**
 * The marker segments of a JPEG from after SOI up to (not including) the first SOS, in order.
 * Stops quietly at anything malformed; a caller that needs a segment and does not find it
 * treats the file as unreadable.
 */
function* jpegSegments(b: Uint8Array): Generator<JpegSegment> {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return;
    let marker = b[at + 1];
    while (marker === 0xff && at + 2 < b.length) marker = b[++at + 1]; // fill bytes
    at += 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no payload
    if (marker === 0xd9 || marker === 0xda || at + 2 > b.length) return; // EOI, SOS: the header is over
    const length = u16be(b, at);
    if (length < 2 || at + length > b.length) return;
    yield { marker, start: at + 2, length: length - 2 };
    at += length;
  }
}

function readJpegSize(b: Uint8Array): SniffedImage | null {
  for (const segment of jpegSegments(b)) {
    if (!isSof(segment.marker)) continue;
    if (segment.length < 6) return null;
    // SOFn: precision (1), height (2), width (2), components (1)…
    return { type: "jpeg", width: u16be(b, segment.start + 3), height: u16be(b, segment.start + 1) };
  }
  return null;
}

/**
 * The EXIF orientation (1–8) of a JPEG: how the stored pixels must be turned to stand upright
 * (6: a quarter turn clockwise). 1 when there is no EXIF, no tag, or anything unreadable.
 */
export function readExifOrientation(jpegBytes: Uint8Array): number {
  if (!isJpeg(jpegBytes)) return 1;
  for (const segment of jpegSegments(jpegBytes)) {
    if (segment.marker !== 0xe1 || ascii(jpegBytes, segment.start, 6) !== "Exif\0\0") continue;
    const tiff = jpegBytes.subarray(segment.start + 6, segment.start + segment.length);
    const orientation = tiffOrientation(tiff);
    if (orientation !== null) return orientation;
  }
  return 1;
}

/** The Orientation tag (0x0112) of a TIFF structure's first IFD, or null. */
function tiffOrientation(t: Uint8Array): number | null {
  if (t.length < 8) return null;
  const order = ascii(t, 0, 2);
  if (order !== "II" && order !== "MM") return null;
  const u16 = order === "II" ? u16le : u16be;
  const u32 = order === "II" ? u32le : u32be;
  if (u16(t, 2) !== 42) return null;
  const ifd = u32(t, 4);
  if (ifd + 2 > t.length) return null;
  const count = u16(t, ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > t.length) return null;
    if (u16(t, entry) !== 0x0112) continue;
    const type = u16(t, entry + 2);
    // SHORT (3) as the standard says; LONG (4) from the odd writer.
    const value = type === 3 ? u16(t, entry + 8) : type === 4 ? u32(t, entry + 8) : 0;
    return value >= 1 && value <= 8 ? value : null;
  }
  return null;
}

// ---- PNG ----

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const isPng = (b: Uint8Array) => b.length >= 8 && PNG_SIGNATURE.every((byte, i) => b[i] === byte);

function readPngSize(b: Uint8Array): SniffedImage | null {
  // The first chunk must be IHDR (length 13): width (4), height (4), …
  if (b.length < 24 || u32be(b, 8) !== 13 || ascii(b, 12, 4) !== "IHDR") return null;
  return { type: "png", width: u32be(b, 16), height: u32be(b, 20) };
}

// ---- WebP ----

const isWebp = (b: Uint8Array) => b.length >= 16 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP";

function readWebpSize(b: Uint8Array): SniffedImage | null {
  const chunk = ascii(b, 12, 4);
  const at = 20; // the first chunk's payload
  if (chunk === "VP8X") {
    // Flags (1), reserved (3), canvas width − 1 (3), canvas height − 1 (3).
    if (b.length < at + 10) return null;
    return { type: "webp", width: u24le(b, at + 4) + 1, height: u24le(b, at + 7) + 1 };
  }
  if (chunk === "VP8 ") {
    // Lossy: frame tag (3), start code 9D 01 2A, width (14 bits), height (14 bits).
    if (b.length < at + 10 || b[at + 3] !== 0x9d || b[at + 4] !== 0x01 || b[at + 5] !== 0x2a) return null;
    return { type: "webp", width: u16le(b, at + 6) & 0x3fff, height: u16le(b, at + 8) & 0x3fff };
  }
  if (chunk === "VP8L") {
    // Lossless: signature 2F, then width − 1 (14 bits) and height − 1 (14 bits), little-endian.
    if (b.length < at + 5 || b[at] !== 0x2f) return null;
    const bits = u32le(b, at + 1);
    return { type: "webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}
