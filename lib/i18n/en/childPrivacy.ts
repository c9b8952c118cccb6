/**
 * A parent's privacy controls for their child (lib/families/child_privacy.ts): the family
 * dashboard's card, /account/privacy and the team admin's removal requests read them.
 */
export const childPrivacy = {
  /** What /account/privacy shows after a plain form came back (`?child=` / `?child-error=` codes). */
  notices: {
    requested: "Request sent. The team admin will decide, and we'll e-mail you either way.",
    alreadyRequested: "You already asked for this. The team admin has not decided yet.",
    saved: "Saved. Other families now see your child as you chose.",
    reasonTooLong: "Please keep the reason under {max} characters.",
    notFound: "Player not found",
  },
  heading: "Who sees your child",
  hideLastName: "Show {firstName}'s last name only as an initial to other families",
  hidePhoto: "Hide {firstName}'s photo from other families",
  hint: "You and the team admin always see everything. The public roster never shows more than a last initial.",
  save: "Save privacy choice",
  moreChoices: "Asking for removal from the roster and your other privacy choices",
  removalHeading: "Remove from the roster",
  removalLabel: "Why? (optional)",
  removalButton: "Ask to remove {firstName}",
  removalHint:
    "The team admin decides. If they agree, your child's record, photo, stats and links are deleted for good.",
  removalPending: "You asked on {date}. The team admin has not decided yet.",
  badPrivacy: "hideLastName and hidePhoto must both be true or false",
  badReason: "reason must be text",
  notGuardian: "Only a parent of this player can do this.",
  // The team admin's side.
  adminHeading: "Removal requests",
  adminIntro: "A parent asked to take their child off the roster. Approving deletes the player for good.",
  requestedBy: "Asked by {name} on {date}",
  noReason: "No reason given.",
  approve: "Approve and remove",
  deny: "Deny",
  denyReasonLabel: "Reason for the parent (required)",
  denyReasonRequired: "Please tell the parent why.",
  denyReasonTooLong: "Please keep the reason under {max} characters.",
  approved: "Request approved. The player is removed and we e-mailed the parent.",
  denied: "Request denied. We e-mailed the parent your reason.",
  requestNotFound: "This removal request was already decided or no longer exists.",
  tile: "Removal requests",
};
