/**
 * A player's headshot from the browser (the PlayerPhoto island): the file checks of SPEC.md
 * section 5, the shrink to a long edge of 2048 px with the orientation applied (so a parent on
 * mobile data never pushes 10 MB), and the four calls of section 7 in order, each failure named
 * by its section 8 text. The checks and the size computation are pure (unit-tested); the rest
 * runs only when called.
 */
import { api, type ApiResult } from "./api.ts";

/** SPEC.md section 5: each photo at most 10 MB. */
export const MAX_HEADSHOT_BYTES = 10 * 1024 * 1024;
/** The long edge the browser shrinks a photo to (the server's full size). */
export const SHRINK_LONG_EDGE = 2048;
const JPEG_QUALITY = 0.9;

/** SPEC.md section 8's upload texts this dialog can show. */
export const HEADSHOT_TEXTS = {
  tooLarge: "File too large",
  invalidType: "Invalid file type",
  noUploadUrlCall: "Failed to get upload URL",
  noUploadUrl: "No upload URL received",
  uploadFailed: "Failed to upload photo",
  processFailed: "Failed to process photo resolutions",
  updateFailed: "Failed to update photo",
} as const;

/** Why a chosen file cannot be a headshot, or null when it may be. */
export function checkHeadshotFile(file: { size: number; type: string }): string | null {
  if (!/^image\/[a-z0-9.+-]+$/i.test(file.type)) return HEADSHOT_TEXTS.invalidType;
  if (file.size > MAX_HEADSHOT_BYTES) return HEADSHOT_TEXTS.tooLarge;
  if (file.size === 0) return HEADSHOT_TEXTS.invalidType;
  return null;
}

/** The size to draw an image of `width` × `height` at: its long edge at most `max`, proportions kept. */
export function shrinkSize(width: number, height: number, max = SHRINK_LONG_EDGE): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= max || long <= 0) return { width, height };
  const scale = max / long;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * The photo as the server should get it: decoded with its EXIF orientation applied, drawn at
 * most 2048 px on its long edge and encoded as JPEG (which also leaves the camera's metadata,
 * GPS included, on the device). A file the browser cannot decode is not an image it can send.
 */
export async function shrinkImage(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new Error(HEADSHOT_TEXTS.invalidType);
  }
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
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
  if (!blob) throw new Error(HEADSHOT_TEXTS.invalidType);
  return blob;
}

/** A player's photo as `PUT /api/players/{id}/photo` stores it (all null: no photo). */
export interface HeadshotUrls {
  photoUrl: string | null;
  photoUrlSmall: string | null;
  photoUrlMedium: string | null;
}

export type HeadshotResult =
  | { ok: true; urls: HeadshotUrls }
  /** `title`: SPEC.md's text; `message`: the server's own words, when it gave any. */
  | { ok: false; status: number; title: string; message: string };

type Call = typeof api;

const failed = (reply: ApiResult<unknown> & { ok: false }, title: string): HeadshotResult => ({
  ok: false,
  status: reply.status,
  title,
  message: reply.message,
});

/**
 * The headshot calls of SPEC.md section 7, in order: an upload URL, the bytes PUT to it, the
 * small and medium sizes made from them, and the player's photo set to the three paths.
 * Stops at the first refusal (a 401 too: the caller signs the person out).
 */
export async function changeHeadshot(
  { teamId, playerId, photo }: { teamId: string; playerId: string; photo: Blob },
  call: Call = api,
): Promise<HeadshotResult> {
  const asked = await call<{ uploadURL?: unknown; objectPath?: unknown }>("POST", "/api/objects/upload", {
    teamId,
    purpose: "headshot",
    playerId,
    size: photo.size,
    contentType: photo.type || "image/jpeg",
  });
  if (!asked.ok) return failed(asked, HEADSHOT_TEXTS.noUploadUrlCall);
  const { uploadURL } = asked.data;
  // Only a path of this site: the bytes of a child's photo go nowhere else ("//host" is another site).
  if (typeof uploadURL !== "string" || !/^\/[^/\\]/.test(uploadURL)) {
    return { ok: false, status: asked.status, title: HEADSHOT_TEXTS.noUploadUrl, message: "" };
  }
  const put = await call<{ objectPath?: unknown }>("PUT", uploadURL, photo);
  if (!put.ok) return failed(put, HEADSHOT_TEXTS.uploadFailed);
  const originalPath = typeof put.data.objectPath === "string"
    ? put.data.objectPath
    : typeof asked.data.objectPath === "string"
    ? asked.data.objectPath
    : "";
  if (!originalPath) return { ok: false, status: put.status, title: HEADSHOT_TEXTS.uploadFailed, message: "" };
  const sizes = await call<{ smallPath?: unknown; mediumPath?: unknown }>(
    "POST",
    "/api/players/process-headshot",
    { originalPath, playerId },
  );
  if (!sizes.ok) return failed(sizes, HEADSHOT_TEXTS.processFailed);
  const { smallPath, mediumPath } = sizes.data;
  if (typeof smallPath !== "string" || typeof mediumPath !== "string") {
    return { ok: false, status: sizes.status, title: HEADSHOT_TEXTS.processFailed, message: "" };
  }
  return await setHeadshot(
    playerId,
    { photoUrl: originalPath, photoUrlSmall: smallPath, photoUrlMedium: mediumPath },
    call,
  );
}

/** `PUT /api/players/{id}/photo`: the three paths, or three nulls to remove the photo (and its files). */
export async function setHeadshot(playerId: string, urls: HeadshotUrls, call: Call = api): Promise<HeadshotResult> {
  const saved = await call<{ photoUrlSmall?: unknown }>(
    "PUT",
    `/api/players/${encodeURIComponent(playerId)}/photo`,
    urls,
  );
  if (!saved.ok) return failed(saved, HEADSHOT_TEXTS.updateFailed);
  return { ok: true, urls };
}
