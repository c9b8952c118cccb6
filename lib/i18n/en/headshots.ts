/**
 * A player's headshot: the 'Change photo' button, the photo dialog (islands/PlayerPhoto.tsx) and
 * its SPEC.md section 8 upload texts (lib/client/headshot.ts names a failure by its key here),
 * and a guardian's choice to show the photo on the public roster (R41). An area of its own: the family dashboard's and the
 * admin roster's islands carry these buttons too, and get only this.
 */
export const headshots = {
  change: "Change photo",
  changeOf: "of {name}",
  needsJavaScript: "Changing a photo needs JavaScript.",
  dialog: {
    title: "Photo of {name}",
    current: "Current photo",
    none: "No photo yet",
    newAlt: "New photo of {name}",
    newPhoto: "New photo",
    choose: "Choose a photo",
    hint: "One image, up to 10 MB.",
    confirmRemove: "Remove the photo of {name}? It is deleted for good.",
    removing: "Removing…",
    yesRemove: "Yes, remove photo",
    keep: "Keep photo",
    remove: "Remove photo",
    cancel: "Cancel",
    saving: "Saving…",
    save: "Save photo",
    removed: "Photo removed",
    updated: "Photo updated",
  },
  errors: {
    tooLarge: "File too large",
    invalidType: "Invalid file type",
    noUploadUrlCall: "Failed to get upload URL",
    noUploadUrl: "No upload URL received",
    uploadFailed: "Failed to upload photo",
    processFailed: "Failed to process photo resolutions",
    updateFailed: "Failed to update photo",
  },
  consent: {
    label: "Show {name}'s photo on the public roster",
    // Inside the team the admins always see the photo; the other families only while the parent
    // has not hidden it (lib/families/child_privacy.ts, the next form in the same dialog).
    hint:
      "Off unless you agree. Inside the team, the admins see the photo, and so do the other families unless you hide it from them below.",
    hidden: "{name}'s photo is hidden from the public roster.",
    shown: "{name}'s photo is shown on the public roster.",
    waiting: "You agreed. {name}'s photo stays hidden until the team shows photos on its public roster.",
    save: "Save photo choice",
    saving: "Saving…",
    failed: "Failed to save the photo choice",
  },
  /** The consent call's refusals (server side: not in the islands that show the form). */
  consentRefusals: {
    notGuardian: "Only a parent of this player can choose whether their photo is on the public roster.",
    badValue: "public must be true or false",
  },
};
