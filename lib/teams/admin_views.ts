/**
 * What the admin area's pages compute from data they were given: the players an admin may
 * pick for a claim (the team's numbers are team_numbers.ts). No storage here, so components
 * may import it.
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
