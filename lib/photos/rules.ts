/**
 * The photos feature's rules: object paths, captions, and an upload's type from its first
 * bytes. Server side (its refusals are the catalogue's); the islands use limits.ts.
 */
import type { Checked } from "../validation.ts";
import { captionLength, GALLERY_LIMITS } from "./limits.ts";
import { PHOTO_MESSAGES } from "./texts.ts";

/** An id in an object path: a ULID-like token (the path guard's shape, without dots). */
const OBJECT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const OBJECT_PATH = /^\/objects\/([^/]+)\/([^/]+)$/;

/** `/objects/<teamId>/<blobId>`: where a blob is served. */
export const objectPath = (teamId: string, blobId: string): string => `/objects/${teamId}/${blobId}`;

/** The team and blob an object path names, or null when it is not one. */
export function parseObjectPath(value: unknown): { teamId: string; blobId: string } | null {
  if (typeof value !== "string" || value.length > 300) return null;
  const match = OBJECT_PATH.exec(value);
  if (!match || !OBJECT_ID.test(match[1]) || !OBJECT_ID.test(match[2])) return null;
  return { teamId: match[1], blobId: match[2] };
}

// Counted the same way in the Add Photos dialog, which imports it from the pure limits.ts.
export { captionLength } from "./limits.ts";

/** A caption as stored: well-formed, NFC, line breaks as "\n", other control characters as spaces, trimmed. */
export function cleanCaption(value: string): string {
  const wellFormed = typeof value.toWellFormed === "function" ? value.toWellFormed() : value;
  return wellFormed.normalize("NFC").replace(/\r\n?/g, "\n")
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, " ").trim();
}

/** SPEC.md section 5: a caption is optional and at most 280 characters. */
export function checkCaption(value: unknown): Checked<string> {
  if (value === undefined || value === null) return { ok: true, value: "" };
  if (typeof value !== "string") {
    return { ok: false, message: PHOTO_MESSAGES.caption, fields: { caption: PHOTO_MESSAGES.caption } };
  }
  const caption = cleanCaption(value);
  if (captionLength(caption) > GALLERY_LIMITS.maxCaption) {
    return { ok: false, message: PHOTO_MESSAGES.captionTooLong, fields: { caption: PHOTO_MESSAGES.captionTooLong } };
  }
  return { ok: true, value: caption };
}

export type MagicType = "jpeg" | "png" | "webp";

/** The bytes an upload must start with to be looked at further. */
export const MAGIC_BYTES_NEEDED = 12;

/**
 * The type an upload's first bytes say it is: JPEG (FF D8 FF), PNG (its 8-byte signature) or
 * WebP (RIFF….WEBP); null for anything else (GIF, TIFF, SVG, HTML, a script named .jpg).
 */
export function magicType(head: Uint8Array): MagicType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((byte, i) => head[i] === byte)) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

/** The longest side an upload may have (R30), besides its 40 megapixels. */
export const MAX_SIDE = 8000;
