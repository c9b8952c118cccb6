/**
 * Photos (SPEC.md section 7 'Photos', DECISIONS.md): upload URLs and their one PUT into the KV
 * blob store, processing on the image workers (lib/images), the team gallery, player
 * headshots, who may see an image, and the sweep of uploads that never finished. The public
 * face of `lib/photos/`.
 */
export { UploadError, type UploadProblem } from "./errors.ts";
export {
  mayChangePlayerPhoto,
  PENDING_MS,
  type ProcessedPaths,
  processUpload,
  receiveUpload,
  requestUpload,
  UPLOAD_URL_MS,
  type Uploader,
  type UploadRequest,
  UPLOADS_PER_DAY,
  type UploadUrl,
} from "./uploads.ts";
export {
  addGalleryPhoto,
  addGalleryPhotoFromBytes,
  canDeletePhoto,
  deleteGalleryPhoto,
  GALLERY_MAX_OFFSET,
  GALLERY_PAGE_MAX,
  GALLERY_PAGE_SIZE,
  listGalleryPhotos,
  uploaderTypeOf,
} from "./gallery.ts";
export { type PlayerPhoto, publicHeadshotPlayerIds, setHeadshotConsent, setPlayerPhoto } from "./headshots.ts";
export {
  consentIsCurrent,
  type HeadshotConsentAnswer,
  headshotConsentPaths,
  headshotIsPublic,
  type PublicPhotoChoice,
} from "./headshot_consent.ts";
export { findObject, readObjectBytes } from "./objects.ts";
export { objectPath, parseObjectPath } from "./rules.ts";
export { GALLERY_LIMITS, PHOTO_MESSAGES, UPLOAD_TEXTS } from "./texts.ts";
export type { GalleryPhoto, UploaderType } from "./types.ts";
export type { BlobManifest } from "../db/blobs.ts";
export { sweepExpiredUploads, UPLOAD_SWEEP_CRON, type UploadSweep, uploadSweepJob } from "./sweep.ts";
