/**
 * A parent's privacy controls for their child (issue 22): asking for the child's removal from the
 * roster, and hiding the child's last name and photo from the team's other families. The rules,
 * the limits and the addresses, pure and free of the catalogues: the server, the pages and the
 * islands share them. The checks and their words (English, from the catalogue) are the server's,
 * in child_privacy_rules.ts.
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
