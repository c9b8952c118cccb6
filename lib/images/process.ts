/**
 * `processImage`: an upload's bytes in, its served sizes out. The type and pixel size are read
 * from the header first (`sniff.ts`), so a file that is not a JPEG, PNG or WebP, or one over
 * 40 megapixels, is refused before any decoder runs; the decoding, orienting, resizing and
 * re-encoding then happen on the image workers (`pool.ts`), and what comes back carries no
 * metadata at all.
 */
import { ValidationError } from "../errors.ts";
import { type ImagePool, imagePool } from "./pool.ts";
import { type ImageType, sniffImage } from "./sniff.ts";
import type { OutputFormat } from "./vips_render.ts";

/** The largest upload accepted (a 40-megapixel JPEG from a camera is around 20 MB). */
export const MAX_INPUT_BYTES = 30 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = "This file is too large: at most 30 MB, please.";

/** Longest edges of the served sizes (docs/features.md "Photos"): full, medium and thumbnail. */
export const DEFAULT_SIZES = { full: 2048, medium: 800, thumbnail: 320 } as const;

export type SizeName = keyof typeof DEFAULT_SIZES;

export interface ProcessOptions {
  /** Longest edge of each size; a smaller image is never enlarged. */
  sizes?: Partial<Record<SizeName, number>>;
  /** The served format: JPEG (default; transparency is flattened on white) or WebP. */
  format?: OutputFormat;
  /** Encoder quality, 1–100 (default 80). */
  quality?: number;
  /** The pool to run on (default: the process's `imagePool`). */
  pool?: ImagePool;
}

export interface ProcessedImage {
  /** Re-encoded bytes: no EXIF, GPS, XMP, IPTC, comments or ICC profile. */
  bytes: Uint8Array;
  /** Pixel size, upright. */
  width: number;
  height: number;
  type: OutputFormat;
}

export interface ProcessedImages {
  full: ProcessedImage;
  medium: ProcessedImage;
  thumbnail: ProcessedImage;
  /** What was uploaded: its real type and stored pixel size. */
  source: { type: ImageType; width: number; height: number; byteLength: number };
}

const SIZE_NAMES: SizeName[] = ["full", "medium", "thumbnail"];

/**
 * Checks `bytes` (type from the bytes, at most 40 megapixels, at most `MAX_INPUT_BYTES`) and
 * renders the full, medium and thumbnail sizes on the image workers. Rejects with
 * `ValidationError` ('Invalid file type', too many pixels, too large, unreadable) or
 * `BusyError` (the workers' queue is full: 503 with Retry-After).
 */
export async function processImage(bytes: Uint8Array, options: ProcessOptions = {}): Promise<ProcessedImages> {
  if (bytes.byteLength > MAX_INPUT_BYTES) throw new ValidationError(TOO_LARGE_MESSAGE);
  const source = sniffImage(bytes); // Refuses before any decoding.
  const longEdges = { ...DEFAULT_SIZES, ...options.sizes };
  for (const name of SIZE_NAMES) {
    const edge = longEdges[name];
    if (!Number.isInteger(edge) || edge < 1 || edge > 8192) throw new RangeError(`sizes.${name} must be 1–8192`);
  }
  const quality = options.quality ?? 80;
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) throw new RangeError("quality must be 1–100");
  const images = await (options.pool ?? imagePool).run({
    bytes,
    sizes: SIZE_NAMES.map((name) => ({ name, longEdge: longEdges[name] })),
    format: options.format ?? "jpeg",
    quality,
  });
  const byName = new Map(images.map(({ name, ...image }) => [name, image]));
  return {
    full: byName.get("full")!,
    medium: byName.get("medium")!,
    thumbnail: byName.get("thumbnail")!,
    source: { ...source, byteLength: bytes.byteLength },
  };
}
