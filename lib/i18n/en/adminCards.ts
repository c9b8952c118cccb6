/**
 * The team admin dashboard's cards that hydrate (islands/PendingClaimsCard.tsx, InviteLinkCard.tsx,
 * also on the Access page): a small area of their own, so their props carry only these words.
 */
export const adminCards = {
  pending: {
    heading: "Pending Claims",
    viewAll: "View All",
    /** After View All, for a screen reader. */
    viewAllCount: { one: "{count} pending claim", other: "{count} pending claims" },
    empty: "No pending claims. New claims from the roster and join requests appear here.",
    choosePlayer: "Choose Player",
  },
  invite: {
    heading: "Invite Link",
    intro: "Share one link with your team's families: they ask to join and you approve.",
    urlLabel: "Team invite link",
    expired: "Expired",
    expiresIn: "Expires in {time}",
    used: { one: "Used {count} time", other: "Used {count} times" },
    preview: "Preview",
    opensInNewTab: "(opens in a new tab)",
    share: "Share",
    copy: "Copy",
    /** The share sheet's title. */
    shareTitle: "Join {team} on GoalMates",
    copied: "Invite Link Copied!",
    regenerateWarning: "Generating a new link stops the current one from working at once.",
    regenerateConfirm: "Generate a new invite link?",
    generate: "Generate New",
    generating: "Generating...",
    errorTitle: "Error",
    regenerateFailed: "Failed to generate a new link",
    regeneratedTitle: "New Invite Link",
    regeneratedText: "The old link no longer works.",
  },
};
