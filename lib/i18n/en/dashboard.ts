/**
 * The family dashboard's heading and page titles (its header reuses the layout area), the Photo
 * Gallery's View All page, and the photos calls' refusals (lib/photos PHOTO_MESSAGES): texts
 * only the server renders or answers with, so no island carries them.
 */
export const dashboard = {
  title: "{team} · Family Dashboard",
  heading: "Family Dashboard",
  viewAll: {
    title: "{team} · Photo Gallery",
    back: "← Back to the Family Dashboard",
    noMore: "No more photos",
    range: "Photos {from}–{to}, newest first",
    photoLabel: "Photo {n}",
    delete: "Delete",
    deleteThis: "Delete this photo",
    pager: "More photos",
    newer: "Newer photos",
    older: "Older photos",
    /** "… use Add Photos in the [Family Dashboard's Photo Gallery]." around the link. */
    needsJavaScript:
      "Adding photos needs JavaScript: your browser makes large photos smaller before they are sent. With JavaScript on, use Add Photos in the",
    needsJavaScriptLink: "Family Dashboard's Photo Gallery",
    needsJavaScriptEnd: ".",
    badOffset: "offset must be a whole number from 0 to {max}",
  },
  /** The photos calls' refusals beyond SPEC.md's texts (each answer's `{ message }`). */
  photoRefusals: {
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
    playerNotFound: "Player not found",
    notYours: "You can only delete your own photos",
    readOnly: "A system administrator can look at photos but not change them",
    uploadLinkGone: "This upload link has expired or was already used. Please try again.",
    uploadLinkInvalid: "This upload link is not valid for you.",
    tooWide: "This image is too large: at most 8000 pixels on a side, please.",
    rateLimited: {
      one: "You have uploaded a lot of photos today. Please try again in {count} minute.",
      other: "You have uploaded a lot of photos today. Please try again in {count} minutes.",
    },
  },
};
