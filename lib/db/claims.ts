import { keys } from "./keys.ts";

export type ClaimMode = "jersey" | "surname";
export type ClaimStatus = "pending" | "approved" | "denied";

export interface Claim {
  id: string;
  teamId: string;
  /** A claim from the public roster, or a join request from an invite link (same review queue). */
  kind?: "claim" | "join";
  /** For join requests: who is joining. */
  userType?: "player" | "parent";
  requesterFirstName?: string;
  requesterLastName?: string;
  mode: ClaimMode;
  jerseyNumber: number | null;
  childSurname: string | null;
  /** Lowercased and trimmed. */
  email: string;
  note: string;
  status: ClaimStatus;
  /** Players the claim matched when it was made (none, one, or several for a shared surname). */
  playerIds: string[];
  playerName: string | null;
  parentName: string | null;
  /** What the pending-claim guard is keyed on: one matched player, else the jersey or surname. */
  subject: string;
  createdAt: string;
  decidedAt: string | null;
}

/**
 * Stores a new pending claim with its status index and the guard that keeps one open claim
 * per e-mail and subject. Returns false when such a claim is already pending.
 */
export async function insertPendingClaim(kv: Deno.Kv, claim: Claim): Promise<boolean> {
  const guard = keys.pendingClaimBySubject(claim.teamId, claim.subject, claim.email);
  const result = await kv.atomic()
    .check({ key: guard, versionstamp: null })
    .check({ key: keys.claim(claim.teamId, claim.id), versionstamp: null })
    .set(keys.claim(claim.teamId, claim.id), claim)
    .set(keys.claimByStatus(claim.teamId, claim.status, claim.id), claim.id)
    .set(guard, claim.id)
    .commit();
  return result.ok;
}

/** Every claim and join request of a team, newest first. */
export async function listClaims(kv: Deno.Kv, teamId: string, limit = 2000): Promise<Claim[]> {
  const claims: Claim[] = [];
  for await (const entry of kv.list<Claim>({ prefix: keys.teamClaims(teamId) }, { reverse: true, limit })) {
    claims.push(entry.value);
  }
  return claims;
}
