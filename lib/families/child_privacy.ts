/**
 * A parent's privacy controls for their child (issue 22): asking for the child's removal from the
 * roster, and hiding the child's last name and photo from the team's other families. The rules,
 * the words and the addresses, pure and dependency-free: the server, the pages and the islands
 * share them.
 */

/** The most a parent may write about why, and the most an admin may write about a denial. */
export const MAX_REMOVAL_REASON = 500;
export const MAX_DENY_REASON = 500;

/** What a parent chose to hide of their child from the team's other families. */
export interface ChildPrivacy {
  hideLastName: boolean;
  hidePhoto: boolean;
}

/** The fields a player record carries for it (absent: shown). */
export interface HideableChild {
  lastName: string;
  photoUrl: string | null;
  photoUrlSmall: string | null;
  photoUrlMedium: string | null;
  hideLastName?: boolean;
  hidePhoto?: boolean;
}

/** A waiting removal request as the claims page shows it to the team's admins. */
export interface RemovalRequestView {
  id: string;
  playerId: string;
  childName: string;
  jerseyNumber: number;
  requesterName: string;
  reason: string;
  createdAt: string;
}

export const childPrivacyOf = (player: Pick<HideableChild, "hideLastName" | "hidePhoto">): ChildPrivacy => ({
  hideLastName: player.hideLastName === true,
  hidePhoto: player.hidePhoto === true,
});

/** A last name as its initial ("R."), as the public roster shows it. */
export function lastNameInitial(lastName: string): string {
  const first = [...lastName.trim()][0];
  return first ? `${first.toUpperCase()}.` : "";
}

/**
 * The child as the team's other families see them: the last name as an initial and no photo,
 * each only when the parent hid it. The same object when nothing is hidden.
 */
export function asOtherFamiliesSee<P extends HideableChild>(player: P): P {
  if (!player.hideLastName && !player.hidePhoto) return player;
  const seen = { ...player };
  if (player.hideLastName) seen.lastName = lastNameInitial(player.lastName);
  if (player.hidePhoto) {
    seen.photoUrl = null;
    seen.photoUrlSmall = null;
    seen.photoUrlMedium = null;
  }
  return seen;
}

/** Checks `{"hideLastName": boolean, "hidePhoto": boolean}` (both required). */
export function checkChildPrivacy(body: unknown): { ok: true; value: ChildPrivacy } | { ok: false; message: string } {
  const input = body && typeof body === "object" ? body as Record<string, unknown> : {};
  if (typeof input.hideLastName !== "boolean" || typeof input.hidePhoto !== "boolean") {
    return { ok: false, message: CHILD_PRIVACY_TEXTS.badPrivacy };
  }
  return { ok: true, value: { hideLastName: input.hideLastName, hidePhoto: input.hidePhoto } };
}

/** A parent's optional reason (absent or a string of at most MAX_REMOVAL_REASON characters, trimmed). */
export function checkRemovalReason(value: unknown): { ok: true; value: string } | { ok: false; message: string } {
  if (value === undefined || value === null) return { ok: true, value: "" };
  if (typeof value !== "string") return { ok: false, message: CHILD_PRIVACY_TEXTS.badReason };
  const reason = value.trim();
  if (reason.length > MAX_REMOVAL_REASON) return { ok: false, message: CHILD_PRIVACY_TEXTS.reasonTooLong };
  return { ok: true, value: reason };
}

/** The admin's reason for a denial: required, at most MAX_DENY_REASON characters. */
export function checkDenyReason(value: unknown): { ok: true; value: string } | { ok: false; message: string } {
  const reason = typeof value === "string" ? value.trim() : "";
  if (!reason) return { ok: false, message: CHILD_PRIVACY_TEXTS.denyReasonRequired };
  if (reason.length > MAX_DENY_REASON) return { ok: false, message: CHILD_PRIVACY_TEXTS.denyReasonTooLong };
  return { ok: true, value: reason };
}

export const childPrivacyPaths = {
  removalApi: (playerId: string) => `/api/players/${playerId}/removal-request`,
  privacyApi: (playerId: string) => `/api/players/${playerId}/privacy`,
  /** The plain forms' posts (post/redirect/get back to /account/privacy, or to the family dashboard). */
  removalForm: (playerId: string) => `/account/privacy/children/${playerId}/removal-request`,
  privacyForm: (playerId: string) => `/account/privacy/children/${playerId}/privacy`,
  /** The admin's decisions (both admin prefixes, as the claims page's). */
  approve: (claimsPath: string, requestId: string) =>
    `${claimsPath.replace(/\/claims$/, "")}/removal-requests/${requestId}/approve`,
  deny: (claimsPath: string, requestId: string) =>
    `${claimsPath.replace(/\/claims$/, "")}/removal-requests/${requestId}/deny`,
};

/**
 * The plain forms' fields: `reason` (removal request); `hideLastName` and `hidePhoto` as
 * checkboxes ("on" when ticked, absent otherwise); `back=dashboard` returns to the child's card
 * on the family dashboard instead of /account/privacy. The admin's deny form: `reason`.
 */
export const CHILD_PRIVACY_FIELDS = {
  reason: "reason",
  hideLastName: "hideLastName",
  hidePhoto: "hidePhoto",
  back: "back",
} as const;

/**
 * What /account/privacy shows after a plain form came back: `?child=<code>` (success) or
 * `?child-error=<code>`, by code (the URL never carries the words).
 */
export const CHILD_NOTICES = {
  requested: "Request sent. The team admin will decide, and we'll e-mail you either way.",
  alreadyRequested: "You already asked for this. The team admin has not decided yet.",
  saved: "Saved. Other families now see your child as you chose.",
  reasonTooLong: `Please keep the reason under ${MAX_REMOVAL_REASON} characters.`,
  notFound: "Player not found",
} as const;
export type ChildNoticeCode = keyof typeof CHILD_NOTICES;

export const CHILD_PRIVACY_TEXTS = {
  heading: "Who sees your child",
  hideLastName: (firstName: string) => `Show ${firstName}'s last name only as an initial to other families`,
  hidePhoto: (firstName: string) => `Hide ${firstName}'s photo from other families`,
  hint: "You and the team admin always see everything. The public roster never shows more than a last initial.",
  save: "Save privacy choice",
  moreChoices: "Asking for removal from the roster and your other privacy choices",
  removalHeading: "Remove from the roster",
  removalLabel: "Why? (optional)",
  removalButton: (firstName: string) => `Ask to remove ${firstName}`,
  removalHint:
    "The team admin decides. If they agree, your child's record, photo, stats and links are deleted for good.",
  removalPending: (date: string) => `You asked on ${date}. The team admin has not decided yet.`,
  badPrivacy: "hideLastName and hidePhoto must both be true or false",
  badReason: "reason must be text",
  reasonTooLong: CHILD_NOTICES.reasonTooLong,
  alreadyRequested: CHILD_NOTICES.alreadyRequested,
  notGuardian: "Only a parent of this player can do this.",
  playerNotFound: CHILD_NOTICES.notFound,
  // The team admin's side.
  adminHeading: "Removal requests",
  adminIntro: "A parent asked to take their child off the roster. Approving deletes the player for good.",
  requestedBy: (name: string, date: string) => `Asked by ${name} on ${date}`,
  noReason: "No reason given.",
  approve: "Approve and remove",
  deny: "Deny",
  denyReasonLabel: "Reason for the parent (required)",
  denyReasonRequired: "Please tell the parent why.",
  denyReasonTooLong: `Please keep the reason under ${MAX_DENY_REASON} characters.`,
  approved: "Request approved. The player is removed and we e-mailed the parent.",
  denied: "Request denied. We e-mailed the parent your reason.",
  requestNotFound: "This removal request was already decided or no longer exists.",
  tile: "Removal requests",
} as const;
