/**
 * Browser only: one gallery photo from the file a person picked to a saved Gallery photo, the
 * way SPEC.md section 7 and DECISIONS.md name the calls: the browser shrinks it first (long edge
 * 2048 px, orientation applied, JPEG at 0.9) when it is larger, heavier than 2 MB or of a type the
 * server does not take, checks the 10 MB limit on what it will send, then
 * `POST /api/objects/upload` → `PUT uploadURL` (with upload progress) →
 * `POST /api/photos/process-gallery-photo` → `POST /api/teams/{teamId}/photos`. Each failure is
 * an UploadError titled with SPEC.md section 8's text for its step, in the page's language
 * (`texts`: the photos area the island was given).
 */
import { api, type ApiResult } from "../../../lib/client/api.ts";
import { clientTexts } from "../../../lib/i18n/client_texts.ts";
import type {
  GalleryPhoto,
  ProcessedGalleryPhoto,
  UploadUrlAnswer,
  UploadUrlRequest,
} from "../../../lib/photos/types.ts";
import { type GalleryItem, MAX_UPLOAD_BYTES, type PhotoTexts, toGalleryItem } from "./gallery_rules.ts";
import { mustReencode, SERVER_IMAGE_TYPES } from "./upload_rules.ts";
import { decodeUpright, encodeShrunk, uprightSize } from "../../../lib/client/image_shrink.ts";

export class UploadError extends Error {
  constructor(readonly title: string, message: string, readonly status = 0) {
    super(message);
  }
}

/**
 * The bytes to send: the file as chosen, or shrunk and re-encoded as JPEG. Its size is read from
 * its header first, so a photo sent as it is is never decoded here.
 */
export async function preparePhoto(file: File, texts: PhotoTexts): Promise<Blob> {
  const size = await uprightSize(file);
  if (size && !mustReencode(file, size.width, size.height)) return file;
  const bitmap = size && await decodeUpright(file, size);
  if (!bitmap) {
    // A type the server reads itself goes as it is (the server has the last word on it).
    if (SERVER_IMAGE_TYPES.includes(file.type)) return file;
    throw new UploadError(texts.spec.invalidFileType, texts.upload.invalidTypeHint);
  }
  try {
    const blob = await encodeShrunk(bitmap);
    if (!blob) throw new UploadError(texts.spec.uploadFailed, texts.tryAgain);
    return blob;
  } finally {
    bitmap.close();
  }
}

/** `PUT` of the bytes to the upload URL through XMLHttpRequest, for its upload progress (0–1). */
export function putBytes(
  url: string,
  body: Blob,
  onProgress: (fraction: number) => void,
): Promise<{ status: number; message: string; data: Record<string, unknown> }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", body.type || "application/octet-stream");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let data: Record<string, unknown> = {};
      try {
        data = JSON.parse(xhr.responseText) ?? {};
      } catch {
        // Not JSON: the status tells.
      }
      resolve({ status: xhr.status, message: typeof data.message === "string" ? data.message : "", data });
    };
    xhr.onerror = xhr.onabort = xhr.ontimeout = () =>
      resolve({ status: 0, message: clientTexts().cannotConnect, data: {} });
    xhr.send(body);
  });
}

/** A refused call's message: the server's (in the page's language), else why there is none. */
const failureMessage = (reply: { status: number; message: string }, texts: PhotoTexts) =>
  reply.message || texts.tryAgain;

function check<R>(reply: ApiResult<R>, title: string, texts: PhotoTexts): R {
  if (!reply.ok) throw new UploadError(title, failureMessage(reply, texts), reply.status);
  return reply.data;
}

export type UploadStage = "preparing" | "uploading" | "processing" | "saving";

export interface GalleryUpload {
  teamId: string;
  file: File;
  caption: string;
  /** Sent as the spec's body has them; the server takes both from the session. */
  uploaderName: string;
  uploaderType: string;
}

/**
 * Sends one photo through the four calls; `onStage` follows it (with the PUT's progress). A
 * refusal's message comes from the server, in the page's language.
 */
export async function uploadGalleryPhoto(
  { teamId, file, caption, uploaderName, uploaderType }: GalleryUpload,
  onStage: (stage: UploadStage, fraction?: number) => void,
  texts: PhotoTexts,
): Promise<GalleryItem> {
  const { spec, tryAgain } = texts;
  onStage("preparing");
  const body = await preparePhoto(file, texts);
  // The limit is on what is sent: a photo over it was shrunk first, and is refused only if still over.
  if (body.size > MAX_UPLOAD_BYTES) throw new UploadError(spec.fileTooLarge, texts.upload.tooLargeHint);

  const ticket = check(
    await api<Partial<UploadUrlAnswer>>(
      "POST",
      "/api/objects/upload",
      {
        teamId,
        purpose: "gallery",
        size: body.size,
        contentType: body.type,
      } satisfies UploadUrlRequest,
    ),
    spec.failedToGetUploadUrl,
    texts,
  );
  if (typeof ticket.uploadURL !== "string" || !ticket.uploadURL) {
    throw new UploadError(spec.noUploadUrlReceived, tryAgain);
  }

  onStage("uploading", 0);
  const put = await putBytes(ticket.uploadURL, body, (fraction) => onStage("uploading", fraction));
  if (put.status < 200 || put.status > 299) {
    throw new UploadError(spec.failedToUploadPhoto, failureMessage(put, texts), put.status);
  }
  const originalPath = put.data.objectPath ?? ticket.objectPath;

  onStage("processing");
  const process = () =>
    api<ProcessedGalleryPhoto>(
      "POST",
      "/api/photos/process-gallery-photo",
      { originalPath },
    );
  let processed = await process();
  // The image workers are busy (503): the upload is kept, so the same call is tried again a little later.
  for (let attempt = 1; processed.status === 503 && attempt <= 4; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, attempt * 1500));
    processed = await process();
  }
  const sizes = check(processed, spec.failedToProcessPhotoResolutions, texts);

  onStage("saving");
  const saved = check(
    await api<GalleryPhoto>("POST", `/api/teams/${encodeURIComponent(teamId)}/photos`, {
      objectPath: sizes.objectPath,
      thumbnailPath: sizes.thumbnailPath,
      mediumPath: sizes.mediumPath,
      caption: caption.trim(),
      uploaderName,
      uploaderType,
    }),
    spec.failedToSavePhotoMetadata,
    texts,
  );
  if (!saved?.urls) throw new UploadError(spec.failedToSavePhotoMetadata, tryAgain);
  return toGalleryItem(saved);
}
