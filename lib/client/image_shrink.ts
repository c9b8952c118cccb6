/**
 * Making a photo smaller in the browser before it is sent (the gallery's and the headshot's
 * uploads): its long edge at most 2048 px (the server's full size), the EXIF orientation
 * applied, encoded as JPEG, which also leaves the camera's metadata, GPS included, on the device.
 */

/** The long edge the browser shrinks a photo to. */
export const SHRINK_LONG_EDGE = 2048;
const JPEG_QUALITY = 0.9;

/** The size to draw `width` × `height` at: its long edge at most `max`, proportions kept, never enlarged. */
export function shrinkSize(width: number, height: number, max = SHRINK_LONG_EDGE): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= max || long <= 0) return { width, height };
  const scale = max / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface PixelSize {
  width: number;
  height: number;
}

/**
 * A photo's size as it is seen (its EXIF orientation applied), from its header: an `<img>` has
 * it at `load` without decoding the pixels. Null when the browser cannot read the file.
 */
export function uprightSize(file: Blob): Promise<PixelSize | null> {
  const url = URL.createObjectURL(file);
  const img = new Image();
  return new Promise<PixelSize | null>((resolve) => {
    img.onload = () => resolve(img.naturalWidth ? { width: img.naturalWidth, height: img.naturalHeight } : null);
    img.onerror = () => resolve(null);
    img.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

/**
 * A file decoded upright (its EXIF orientation applied), or null when the browser cannot decode
 * it. A photo larger than SHRINK_LONG_EDGE is asked for at its shrunk size, so the page never
 * holds a full-size bitmap of a 48-megapixel phone photo (about 200 MB).
 */
export async function decodeUpright(file: Blob, size?: PixelSize | null): Promise<ImageBitmap | null> {
  size ??= await uprightSize(file);
  let shrink: ImageBitmapOptions = {};
  if (size) {
    const to = shrinkSize(size.width, size.height);
    if (to.width !== size.width) shrink = { resizeWidth: to.width, resizeHeight: to.height, resizeQuality: "high" };
  }
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image", ...shrink });
  } catch {
    return null;
  }
}

/** `bitmap` drawn at `shrinkSize` and encoded as JPEG (null when the browser could not encode it). */
export async function encodeShrunk(bitmap: ImageBitmap): Promise<Blob | null> {
  const { width, height } = shrinkSize(bitmap.width, bitmap.height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d")!;
  // JPEG has no transparency: a PNG's clear pixels become white, not black.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
}
