/**
 * The photos feature's words and limits (SPEC.md sections 5, 8 and 9), shared by the server and
 * the PhotoGallery, PhotoUpload and PlayerPhoto islands: dependency-free.
 */

/** SPEC.md section 8: the upload texts, and the gallery's load error. Verbatim. */
export const UPLOAD_TEXTS = {
  tooManyPhotos: "Too many photos",
  fileTooLarge: "File too large",
  invalidFileType: "Invalid file type",
  uploadFailed: "Upload failed",
  failedToGetUploadUrl: "Failed to get upload URL",
  noUploadUrlReceived: "No upload URL received",
  failedToUploadPhoto: "Failed to upload photo",
  failedToSavePhotoMetadata: "Failed to save photo metadata",
  failedToProcessPhotoResolutions: "Failed to process photo resolutions",
  failedToUpdatePhoto: "Failed to update photo",
  failedToLoadPhotos: "Failed to load photos",
} as const;

/** SPEC.md sections 5 and 9: the upload dialog's and the carousel's numbers. */
export const GALLERY_LIMITS = {
  /** Photos one upload may add (and uploads a person may have under way at once). */
  maxFiles: 3,
  /** Bytes per photo (10 MB). */
  maxBytes: 10 * 1024 * 1024,
  /** Caption length, in characters as a person counts them. */
  maxCaption: 280,
  /** Carousel: photos per page, in 3 columns. */
  perPage: 6,
  columns: 3,
  /** The first fetch, and each later one. */
  firstFetch: 10,
  nextFetch: 10,
  /** The next page is fetched when this few photos or fewer remain beyond the current page. */
  prefetchWhenRemaining: 6,
  /** A swipe longer than this (px) changes the page. */
  swipePx: 50,
} as const;

/** What the browser sends: these types only (the server reads the real type from the bytes). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** The server's own messages (each refusal's `{ message }`) beyond SPEC.md's texts. */
export const PHOTO_MESSAGES = {
  // A literal, not built from GALLERY_LIMITS: a computed value keeps this object (server words
  // only) in every island bundle that imports the texts.
  captionTooLong: "Caption must be at most 280 characters",
  caption: "Caption must be text",
  purpose: "Please say whether this is a gallery photo or a player photo",
  size: "Please send the file's size in bytes",
  playerNeeded: "Please choose the player this photo is of",
  teamNeeded: "You do not have access to this team.",
  notUploaded: "Please upload the photo first",
  uploadNotFound: "Upload not found",
  alreadyProcessed: "This photo was already processed",
  stillUploading: "This photo is still uploading",
  wrongPurpose: "This upload is not for this kind of photo",
  wrongPlayer: "This upload is a photo of another player",
  photoNotFound: "Photo not found",
  notYours: "You can only delete your own photos",
  readOnly: "A system administrator can look at photos but not change them",
  uploadLinkGone: "This upload link has expired or was already used. Please try again.",
  uploadLinkInvalid: "This upload link is not valid for you.",
  tooWide: "This image is too large: at most 8000 pixels on a side, please.",
  rateLimited: (minutes: number) =>
    `You have uploaded a lot of photos today. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
} as const;
