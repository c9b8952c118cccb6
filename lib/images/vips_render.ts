/**
 * The image work itself, with wasm-vips (libvips compiled to WebAssembly: no FFI, no native
 * add-on). Runs inside an image worker (`image_worker.ts`), never on the request thread.
 *
 * One job: decode the upload once while shrinking it to the largest size (libvips' `thumbnail`
 * streams the decode, lets the JPEG decoder shrink by 2/4/8 on load when it can, and reduces
 * with a Lanczos-3 kernel), turn it upright by its EXIF orientation, convert it to sRGB when it
 * embeds an ICC profile (Adobe RGB, Display P3; CMYK is always converted), then shrink each
 * smaller size from the previous one, and encode every size with `keep: none`: no EXIF, GPS,
 * XMP, IPTC, maker notes, comments or ICC profile in the output (browsers take it as sRGB).
 */
import type Vips from "wasm-vips";
import type { ImageType } from "./sniff.ts";

export type VipsModule = Awaited<ReturnType<typeof Vips>>;
export type OutputFormat = "jpeg" | "webp";

export interface RenderSize {
  name: string;
  /** The longest edge allowed; smaller images are never enlarged. */
  longEdge: number;
}

export interface RenderJob {
  bytes: Uint8Array;
  sizes: RenderSize[];
  format: OutputFormat;
  /** Encoder quality, 1–100. */
  quality: number;
}

export interface RenderedImage {
  name: string;
  bytes: Uint8Array;
  width: number;
  height: number;
  type: OutputFormat;
}

/** Loaders libvips may use: the three types `sniff.ts` accepts, nothing else. */
const ALLOWED_LOADERS = ["VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadWebp"];

/** libvips' own settings for this worker: one thread per job, no cache, only the loaders we accept. */
export function configureVips(vips: VipsModule): void {
  vips.concurrency(1); // The pool bounds the jobs; one libvips thread each keeps a job to one core.
  vips.Cache.max(0); // Every upload is new: a cache would only hold memory.
  vips.blockUntrusted(true);
  vips.operationBlock("VipsForeignLoad", true);
  for (const loader of ALLOWED_LOADERS) vips.operationBlock(loader, false);
}

/** An error from libvips itself: the bytes could not be decoded (corrupt or truncated). */
export function isVipsError(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return Array.isArray(message) && message[0] === "vips::Error";
}

/** libvips' text of an error thrown by wasm-vips, for logs. */
export function vipsErrorText(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  if (Array.isArray(message)) return String(message[1] ?? message[0]).trim();
  return error instanceof Error ? error.message : String(error);
}

/** White, for flattening transparency into a JPEG. */
const WHITE = [255, 255, 255];

/** Renders every size of `job` (largest first in the answer's order of `job.sizes`). */
export function renderImage(vips: VipsModule, job: RenderJob): RenderedImage[] {
  const order = [...job.sizes].sort((a, b) => b.longEdge - a.longEdge);
  const rendered = new Map<string, RenderedImage>();
  let previous: InstanceType<VipsModule["Image"]> | null = null;
  try {
    for (const size of order) {
      const box = { height: size.longEdge, size: "down" as const };
      let image: InstanceType<VipsModule["Image"]>;
      if (previous === null) {
        const streamed = vips.Image.thumbnailBuffer(job.bytes, size.longEdge, {
          ...box,
          // Only an embedded profile needs converting; without one the pixels are taken as sRGB
          // already (asking anyway costs a useless colour transform: +580 ms on 12 MP).
          ...(hasIccProfile(vips, job.bytes) ? { output_profile: "srgb" } : {}),
          // A truncated upload is refused rather than served with a grey bottom half.
          option_string: "fail_on=truncated",
        });
        try {
          image = streamed.copyMemory(); // Decoded once; the smaller sizes shrink from it.
        } finally {
          streamed.delete();
        }
      } else {
        image = previous.thumbnailImage(size.longEdge, box);
        previous.delete();
      }
      previous = image;
      rendered.set(size.name, encode(image, size.name, job));
    }
  } finally {
    previous?.delete();
  }
  return job.sizes.map((size) => rendered.get(size.name)!);
}

/** Whether the image embeds an ICC profile (read from its header only: loading is lazy). */
function hasIccProfile(vips: VipsModule, bytes: Uint8Array): boolean {
  const header = vips.Image.newFromBuffer(bytes);
  try {
    return header.getTypeof("icc-profile-data") !== 0;
  } finally {
    header.delete();
  }
}

function encode(image: InstanceType<VipsModule["Image"]>, name: string, job: RenderJob): RenderedImage {
  const flat = job.format === "jpeg" && image.hasAlpha() ? image.flatten({ background: WHITE }) : null;
  try {
    const source = flat ?? image;
    const bytes = job.format === "jpeg"
      ? source.jpegsaveBuffer({ Q: job.quality, keep: 0, optimize_coding: true })
      : source.webpsaveBuffer({ Q: job.quality, keep: 0, effort: 2 });
    return { name, bytes, width: source.width, height: source.height, type: job.format };
  } finally {
    flat?.delete();
  }
}

/** A tiny image of `type`, made by libvips, to warm a new worker up (its first job compiles much code). */
export function warmUp(vips: VipsModule): void {
  const tile = vips.Image.black(16, 12, { bands: 3 });
  try {
    const types: ImageType[] = ["jpeg", "png", "webp"];
    for (const type of types) {
      const bytes = type === "jpeg"
        ? tile.jpegsaveBuffer()
        : type === "png"
        ? tile.pngsaveBuffer()
        : tile.webpsaveBuffer();
      renderImage(vips, { bytes, sizes: [{ name: "warm", longEdge: 8 }], format: "jpeg", quality: 80 });
    }
  } finally {
    tile.delete();
  }
}
