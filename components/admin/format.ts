import type { AdminClaim } from "../../lib/teams/admin_views.ts";

const DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** A stored ISO time as "Mar 5, 2026" (UTC, so every server renders the same text). */
export const formatDate = (iso: string) => DATE.format(new Date(iso));

/** Who asked: the parent's name when known, else the requester's name, else the e-mail. */
export function requesterOf(claim: AdminClaim): string {
  const requester = [claim.requesterFirstName, claim.requesterLastName].filter(Boolean).join(" ");
  return claim.parentName || requester || claim.email;
}

/** What the claim points at: the jersey number, or the surname it was made by. */
export function claimTarget(claim: AdminClaim): string {
  if (claim.mode === "surname") return `Surname ${claim.childSurname ?? ""}`.trim();
  return claim.jerseyNumber === null ? "—" : `#${claim.jerseyNumber}`;
}

export function claimKind(claim: AdminClaim): string {
  return claim.kind === "join" ? `Join request (${claim.userType ?? "parent"})` : "Claim";
}

/**
 * The player a claim is for, or why it needs the admin to pick one: the same words on the
 * dashboard and the claims page.
 */
export function matchedPlayer(claim: AdminClaim): string | null {
  if (claim.playerName) return claim.playerName;
  return claim.playerIds.length > 1 ? `${claim.playerIds.length} possible players` : null;
}

export const NO_MATCH = "No player matched";
