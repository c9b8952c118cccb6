/**
 * Images: what an upload really is (`sniffImage`), and its served sizes (`processImage`),
 * decoded and resized on a bounded pool of worker threads with wasm-vips, upright, in sRGB,
 * re-encoded without any metadata. No HTTP and no KV here: the photos feature stores the
 * bytes and serves them.
 */
export {
  type ImageType,
  INVALID_TYPE_MESSAGE,
  MAX_PIXELS,
  readExifOrientation,
  type SniffedImage,
  sniffImage,
  TOO_MANY_PIXELS_MESSAGE,
} from "./sniff.ts";
export {
  DEFAULT_SIZES,
  MAX_INPUT_BYTES,
  type ProcessedImage,
  type ProcessedImages,
  processImage,
  type ProcessOptions,
  type SizeName,
  TOO_LARGE_MESSAGE,
} from "./process.ts";
export {
  IMAGE_BUSY_MESSAGE,
  IMAGE_CONCURRENCY,
  imageConcurrency,
  ImagePool,
  imagePool,
  type ImagePoolOptions,
  UNREADABLE_MESSAGE,
} from "./pool.ts";
export type { OutputFormat } from "./vips_render.ts";
