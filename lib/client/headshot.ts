/**
 * A player's headshot from the browser (the PlayerPhoto island): the file checks of SPEC.md
 * section 5, the shrink to a long edge of 2048 px with the orientation applied (so a parent on
 * mobile data never pushes 10 MB), and the four calls of section 7 in order, each failure named
 * by its section 8 text. The checks and the size computation are pure (unit-tested); the rest
 * runs only when called. It names a failure by its key in the catalogue's `headshots.errors`
 * (SPEC.md's English there): the dialog shows that entry in the page's language.
 */
import { api, type ApiResult } from "./api.ts";
import { decodeUpright, encodeShrunk } from "./image_shrink.ts";

export { SHRINK_LONG_EDGE, shrinkSize } from "./image_shrink.ts";

/** SPEC.md section 5: each photo at most 10 MB. */
export const MAX_HEADSHOT_BYTES = 10 * 1024 * 1024;
/** SPEC.md section 8's upload failures this dialog can show, by their catalogue key. */
export type HeadshotProblem =
  | "tooLarge"
  | "invalidType"
  | "noUploadUrlCall"
  | "noUploadUrl"
  | "uploadFailed"
  | "processFailed"
  | "updateFailed";

/** Why a chosen file cannot be a headshot, or null when it may be. */
export function checkHeadshotFile(file: { size: number; type: string }): HeadshotProblem | null {
  if (!/^image\/[a-z0-9.+-]+$/i.test(file.type)) return "invalidType";
  if (file.size > MAX_HEADSHOT_BYTES) return "tooLarge";
  if (file.size === 0) return "invalidType";
  return null;
}

/**
 * The photo as the server should get it: upright, at most 2048 px, JPEG (see image_shrink.ts);
 * null when the browser cannot read it as an image.
 */
export async function shrinkImage(file: Blob): Promise<Blob | null> {
  const bitmap = await decodeUpright(file);
  if (!bitmap) return null;
  try {
    return await encodeShrunk(bitmap);
  } finally {
    bitmap.close();
  }
}

/** A player's photo as `PUT /api/players/{id}/photo` stores it (all null: no photo). */
export interface HeadshotUrls {
  photoUrl: string | null;
  photoUrlSmall: string | null;
  photoUrlMedium: string | null;
}

export type HeadshotResult =
  | { ok: true; urls: HeadshotUrls }
  /** `problem`: SPEC.md's text, by its key; `message`: the server's own words, when it gave any. */
  | { ok: false; status: number; problem: HeadshotProblem; message: string };

type Call = typeof api;

const failed = (reply: ApiResult<unknown> & { ok: false }, problem: HeadshotProblem): HeadshotResult => ({
  ok: false,
  status: reply.status,
  problem,
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
  if (!asked.ok) return failed(asked, "noUploadUrlCall");
  const { uploadURL } = asked.data;
  // Only a path of this site: the bytes of a child's photo go nowhere else ("//host" is another site).
  if (typeof uploadURL !== "string" || !/^\/[^/\\]/.test(uploadURL)) {
    return { ok: false, status: asked.status, problem: "noUploadUrl", message: "" };
  }
  const put = await call<{ objectPath?: unknown }>("PUT", uploadURL, photo);
  if (!put.ok) return failed(put, "uploadFailed");
  const originalPath = typeof put.data.objectPath === "string"
    ? put.data.objectPath
    : typeof asked.data.objectPath === "string"
    ? asked.data.objectPath
    : "";
  if (!originalPath) return { ok: false, status: put.status, problem: "uploadFailed", message: "" };
  const sizes = await call<{ smallPath?: unknown; mediumPath?: unknown }>(
    "POST",
    "/api/players/process-headshot",
    { originalPath, playerId },
  );
  if (!sizes.ok) return failed(sizes, "processFailed");
  const { smallPath, mediumPath } = sizes.data;
  if (typeof smallPath !== "string" || typeof mediumPath !== "string") {
    return { ok: false, status: sizes.status, problem: "processFailed", message: "" };
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
  if (!saved.ok) return failed(saved, "updateFailed");
  return { ok: true, urls };
}
