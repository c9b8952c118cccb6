/**
 * A team's numbers, defined once, with the words every screen uses for them: the team admin's
 * dashboard, the roster page, the claims page and the system administrator's team cards. Pure
 * (no storage), so components and islands may import it; `loadTeamNumbers` in admin_area.ts
 * reads what it counts from.
 */

/** Claims and join requests by status, as the claims index counts them. */
export interface ClaimStatusCounts {
  pending: number;
  approved: number;
  denied: number;
}

export interface TeamNumbers {
  players: number;
  /** Players with at least one parent account linked (a claim approved, the signup, a co-parent's sign-in). */
  playersWithParent: number;
  /** Distinct parent accounts linked to at least one player of the team. */
  parentsWithAccess: number;
  claims: ClaimStatusCounts;
}

/** One parent linked to one player (a guardian link). */
export interface ParentLink {
  playerId: string;
  userId: string;
}

/** "6 of 14" in a page's language: `(part, whole) => t(m.adminCommon.numbers.coverage, { part, whole })`. */
export type Coverage = (part: number, whole: number) => string;
const ENGLISH_COVERAGE: Coverage = (part, whole) => `${part} of ${whole}`;

type NumberValue = (numbers: TeamNumbers, coverage?: Coverage) => string;

/** The numbers a page shows and a claim decision refreshes in place (`data-number` on the element). */
export const NUMBER_VALUES: {
  readonly players: NumberValue;
  readonly "players-with-parent": NumberValue;
  readonly "parents-with-access": NumberValue;
  readonly "claims-pending": NumberValue;
  readonly "claims-approved": NumberValue;
  readonly "claims-denied": NumberValue;
} = {
  players: (n) => String(n.players),
  /** Coverage as counts, never a bare percent: "Players with a parent: 6 of 14". */
  "players-with-parent": (n, coverage = ENGLISH_COVERAGE) => coverage(n.playersWithParent, n.players),
  "parents-with-access": (n) => String(n.parentsWithAccess),
  "claims-pending": (n) => String(n.claims.pending),
  "claims-approved": (n) => String(n.claims.approved),
  "claims-denied": (n) => String(n.claims.denied),
};
export type NumberName = keyof typeof NUMBER_VALUES;

/** A player "has a parent" once at least one parent account is linked to them. */
export const countPlayersWithParent = (players: readonly { hasParent: boolean }[]): number =>
  players.filter((p) => p.hasParent).length;

/**
 * The numbers from the team's player ids, its guardian links and its claim counts. A link to a
 * player no longer on the roster counts for nothing.
 */
export function teamNumbers(playerIds: readonly string[], links: readonly ParentLink[], claims: ClaimStatusCounts) {
  const onRoster = new Set(playerIds);
  const current = links.filter((l) => onRoster.has(l.playerId));
  const linked = new Set(current.map((l) => l.playerId));
  const numbers: TeamNumbers = {
    players: onRoster.size,
    playersWithParent: countPlayersWithParent([...onRoster].map((id) => ({ hasParent: linked.has(id) }))),
    parentsWithAccess: new Set(current.map((l) => l.userId)).size,
    claims: { pending: claims.pending, approved: claims.approved, denied: claims.denied },
  };
  return numbers;
}
