/**
 * The words the team admin's pages and islands share, in one small area an island can carry:
 * a team's numbers (the dashboard, the roster manager, the claims page, the system administrator's
 * team cards; lib/teams/team_numbers.ts counts them), how a claim is described in a list (the
 * dashboard's pending claims, the claims board: components/admin/format.ts), and copying a link
 * (components/admin/share.ts: Share Roster, the invite link, the family calendar's feed link).
 */
export const adminCommon = {
  numbers: {
    players: "Players",
    playersWithParent: "Players with a parent",
    parentsWithAccess: "Parents with access",
    /** A player's status on the roster. */
    hasParent: "Has a parent",
    noParentYet: "No parent yet",
    claims: { pending: "Pending claims", approved: "Approved claims", denied: "Denied claims" },
    /** Parents' requests to remove their child from the roster, waiting for a decision (issue 22). */
    removalRequests: "Removal requests",
    /** Coverage as counts, never a bare percent: "Players with a parent: 6 of 14". */
    coverage: "{part} of {whole}",
  },
  claimLine: {
    /** What a claim made by surname points at. */
    surname: "Surname {surname}",
    joinRequest: "Join request ({userType})",
    claim: "Claim",
    /** The kinds of member a join request asks to be. */
    userTypes: { parent: "parent", player: "player" },
    possiblePlayers: { one: "{count} possible player", other: "{count} possible players" },
    noMatch: "No player matched",
  },
  copy: {
    failed: "Copy failed",
    failedHint: "Select the link and copy it yourself.",
  },
};
