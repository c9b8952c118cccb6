/**
 * The Photo Gallery: the dashboard's section, its carousel and photo viewer (the PhotoGallery
 * island) and the Add Photos dialog (the PhotoUpload island). Both islands get this whole area
 * as props, so it holds only what they and the section show; the View All page's texts and the
 * server's refusals are in dashboard.ts.
 */
export const photos = {
  title: "Photo Gallery",
  addPhotos: "Add Photos",
  viewAll: "View All",
  /** Read after View All by a screen reader: "View All photos". */
  viewAllHidden: "photos",
  tryAgain: "Please try again.",
  /** SPEC.md section 8, word for word: the upload's texts and the gallery's load error. */
  spec: {
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
  },
  /** A photo's text alternative without a caption. */
  alt: {
    sharedBy: "Photo shared by {name}",
    teamPhoto: "Team photo",
  },
  sharedBy: "Shared by {name}",
  carousel: {
    label: "Team photos",
    /** The grid's name: "Photos 1–6 of 10". */
    gridLabel: "Photos {range}",
    /** "1–6 of 10", or "7–12 of 20+" with more on the server. */
    range: "{start}–{end} of {total}",
    loading: "Loading photos…",
    previous: "Previous",
    next: "Next",
    /** Read after Previous and Next by a screen reader. */
    arrowsHidden: "photos",
    empty: "No photos yet",
    emptyHint: "Share the first photo of the team with Add Photos.",
    emptyReadOnly: "The team has not shared any photos yet.",
    retry: "Try again",
    retrying: "Loading…",
    deleteFailed: "Failed to delete photo",
    deleted: "Photo deleted",
    added: { one: "{count} photo added", other: "{count} photos added" },
  },
  viewer: {
    title: "Team photo",
    close: "Close",
    /** "3 of 12": where the open photo is among those loaded. */
    position: "{index} of {total}",
    previousLabel: "Previous photo",
    previous: "‹ Previous",
    nextLabel: "Next photo",
    next: "Next ›",
    download: "Download",
    delete: "Delete photo",
    confirm: "Delete this photo? This cannot be undone.",
    keep: "Keep it",
    deleting: "Deleting…",
    yesDelete: "Yes, delete",
  },
  upload: {
    close: "Close",
    lead:
      "Up to {maxFiles} photos at a time, each with a caption of up to {maxCaption} characters. Large photos are made smaller before they are sent.",
    choose: "Choose photos",
    list: "Photos to upload",
    name: "Photo {n}: {file}",
    caption: "Caption for photo {n} (optional)",
    charactersUsed: "characters used",
    progress: "Photo {n} upload progress",
    remove: "Remove",
    /** Read after Remove by a screen reader: "Remove photo 2". */
    removeHidden: "photo {n}",
    cancel: "Cancel",
    upload: "Upload",
    uploadingButton: "Uploading…",
    uploadingPercent: "Uploading {percent}%",
    added: { one: "Photo added", other: "{count} photos added" },
    status: {
      ready: "Ready",
      preparing: "Preparing…",
      uploading: "Uploading",
      processing: "Processing…",
      saving: "Saving…",
      done: "Uploaded",
    },
    tooManyHint: "Choose at most 3 photos at a time.",
    tooLargeHint: "Each photo may be at most 10 MB.",
    invalidTypeHint: "Choose a photo (JPEG, PNG or WebP).",
  },
};
