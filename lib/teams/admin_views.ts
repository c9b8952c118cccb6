/**
 * What the admin area's pages compute from data they were given: dashboard numbers, the
 * players an admin may pick for a claim. No storage here, so components may import it.
 */
import type { ClaimCounts, ClaimView } from "../claims/review.ts";
import type { Player } from "../db/players.ts";

/** SPEC.md section 9: the dashboard previews 3 pending claims. */
export const PENDING_PREVIEW = 3;

export type AdminClaim = ClaimView;
export type { ClaimCounts };

/** A player as the approve form's select lists it. */
export interface PlayerChoice {
  id: string;
  label: string;
}

export interface DashboardStats {
  pending: number;
  players: number;
  /** Approved claims and join requests: families who reached their player. */
  parentAccess: number;
  /** Players with at least one parent linked, as a whole percent of all players (0 without players). */
  coveragePercent: number;
}

export function dashboardStats(counts: ClaimCounts, playerCount: number, playersWithParents: number): DashboardStats {
  return {
    pending: counts.pending,
    players: playerCount,
    parentAccess: counts.approved,
    coveragePercent: playerCount === 0
      ? 0
      : Math.round((Math.min(playersWithParents, playerCount) / playerCount) * 100),
  };
}

/** Roster order for the approve form's select: by jersey, then name. */
export function playerChoices(players: Player[]): PlayerChoice[] {
  return [...players]
    .sort((a, b) => a.jerseyNumber - b.jerseyNumber || a.lastName.localeCompare(b.lastName))
    .map((p) => ({ id: p.id, label: `#${p.jerseyNumber} ${p.firstName} ${p.lastName}` }));
}

/** A claim matched no player or several: approving it needs the admin to pick one. */
export const needsPlayerChoice = (claim: AdminClaim) => claim.playerIds.length !== 1;

/**
 * The players an admin may pick for a claim: those a shared surname matched, else (a claim
 * that matched nobody) the whole roster; null when the claim names one player.
 */
export function playerChoicesFor(claim: AdminClaim, roster: PlayerChoice[]): PlayerChoice[] | null {
  if (!needsPlayerChoice(claim)) return null;
  return claim.playerIds.length > 1 ? roster.filter((p) => claim.playerIds.includes(p.id)) : roster;
}
