/**
 * The team admin's Claims page: its counts, the pending and processed tables (islands/ClaimsBoard.tsx),
 * Approve and Deny (components/admin/ClaimActions.tsx, also on the dashboard's pending claims card),
 * and the claims API's own refusal.
 */
export const adminClaims = {
  title: "Claims",
  countsLabel: "Claim counts",
  export: "Export Claims",
  empty: {
    heading: "No claims yet",
    text: "When parents claim a player on the public roster, or ask to join with your invite link, they appear here.",
  },
  pendingHeading: "Pending Claims",
  nothingPending: "Nothing waiting for review.",
  morePending: "More pending claims",
  processedHeading: "Processed Claims",
  noDecisions: "No decisions yet.",
  olderProcessed: "Older processed claims",
  columns: {
    type: "Type",
    parent: "Parent",
    email: "Email",
    player: "Player",
    target: "Jersey / Surname",
    note: "Note",
    date: "Date",
    actions: "Actions",
    status: "Status",
    decided: "Decided",
  },
  /** A decided claim's status, and what its buttons give way to once decided. */
  status: { approved: "Approved", denied: "Denied" },
  actions: {
    approve: "Approve",
    deny: "Deny",
    approveFrom: "Approve claim from {requester}",
    denyFrom: "Deny claim from {requester}",
    playerFor: "Player for the claim from {requester}",
    choosePlayer: "Choose a player",
    approvedTitle: "Claim Approved",
    deniedTitle: "Claim Denied",
    errorTitle: "Error",
    /** Someone else decided first (409). */
    alreadyDecided: "Already decided",
  },
  /** `GET …/claims?status=` with a status that is none of the list. */
  statusQuery: "status must be one of {statuses}",
};
