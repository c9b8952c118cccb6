/**
 * The Add Photos dialog's checks (SPEC.md sections 5, 8 and 9), pure: at most 3 images, which
 * photos the browser shrinks before it sends them, and which words a refusal has. The 10 MB limit
 * applies to what is sent, so it is checked after the shrink (upload_client.ts): a phone's
 * 20 MB, 48-megapixel photo is shrunk, not refused.
 */
import { ACCEPTED_IMAGE_TYPES } from "../../../lib/photos/limits.ts";
import { MAX_UPLOAD_FILES, type PhotoTexts, UPLOAD_MAX_EDGE } from "./gallery_rules.ts";

/** The types the server takes as they are; any other image the browser can read is sent as JPEG. */
export const SERVER_IMAGE_TYPES: readonly string[] = ACCEPTED_IMAGE_TYPES;

/** A file as the checks see it (a browser `File` fits). */
export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

/** A file is an image by its type, or by its name when the browser gave no type. SVG never is. */
export function isImageFile(file: PickedFile): boolean {
  const type = file.type.toLowerCase();
  if (type) return type.startsWith("image/") && !type.includes("svg");
  return /\.(jpe?g|png|webp|heic|heif|avif|gif|bmp)$/i.test(file.name);
}

export type FileCheck = { ok: true } | { ok: false; title: string; description: string };

/**
 * The checks on files added to `already` chosen ones (SPEC.md section 8's texts, from `texts`):
 * at most 3 in all, images only. Their size is checked once they are shrunk.
 */
export function checkFiles(already: number, files: readonly PickedFile[], texts: PhotoTexts): FileCheck {
  const { spec, upload } = texts;
  if (already + files.length > MAX_UPLOAD_FILES) {
    return { ok: false, title: spec.tooManyPhotos, description: upload.tooManyHint };
  }
  if (files.some((f) => !isImageFile(f))) {
    return { ok: false, title: spec.invalidFileType, description: upload.invalidTypeHint };
  }
  return { ok: true };
}

/** Bytes above which a photo that fits in 2048 px is re-encoded all the same (mobile data). */
export const REENCODE_ABOVE_BYTES = 2 * 1024 * 1024;

/**
 * The browser re-encodes a photo when it is larger than 2048 px (upright), heavier than 2 MB (so
 * always when over the 10 MB limit), or of a type the server does not take.
 */
export const mustReencode = (file: PickedFile, width: number, height: number): boolean =>
  Math.max(width, height) > UPLOAD_MAX_EDGE || file.size > REENCODE_ABOVE_BYTES ||
  !SERVER_IMAGE_TYPES.includes(file.type.toLowerCase());
