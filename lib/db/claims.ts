import { keys } from "./keys.ts";
import { countKeys, getManyValues, listPage, listPageWhere, type Page, type PageOptions } from "./kv.ts";

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

export async function getClaimEntry(kv: Deno.Kv, teamId: string, claimId: string) {
  return await kv.get<Claim>(keys.claim(teamId, claimId));
}

/**
 * Adds a decision to `op`: the claim as decided (checked unchanged since `entry` was read),
 * its move in the status index, and the end of its one-open-claim guard.
 */
export function stageClaimDecision(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<Claim>,
  decided: Claim,
): Deno.AtomicOperation {
  const claim = entry.value;
  return op.check(entry)
    .set(entry.key, decided)
    .delete(keys.claimByStatus(claim.teamId, claim.status, claim.id))
    .set(keys.claimByStatus(claim.teamId, decided.status, claim.id), claim.id)
    .delete(keys.pendingClaimBySubject(claim.teamId, claim.subject, claim.email));
}

export interface ClaimListOptions extends Omit<PageOptions, "reverse"> {
  /** Only claims in this state (read through the status index), or only decided ones. */
  status?: ClaimStatus | "decided";
}

/** A page of a team's claims and join requests, newest first. */
export async function listClaims(kv: Deno.Kv, teamId: string, options: ClaimListOptions = {}): Promise<Page<Claim>> {
  const { status, ...paging } = options;
  const all = { prefix: keys.teamClaims(teamId) };
  if (!status) return await listPage<Claim>(kv, all, { ...paging, reverse: true });
  if (status === "decided") {
    return await listPageWhere<Claim>(kv, all, (c) => c.status !== "pending", { ...paging, reverse: true });
  }
  const ids = await listPage<string>(kv, { prefix: keys.claimsWithStatus(teamId, status) }, {
    reverse: true,
    ...paging,
  });
  const claims = await getManyValues<Claim>(kv, ids.values.map((id) => keys.claim(teamId, id)));
  return { values: claims.filter((c): c is Claim => c !== null), cursor: ids.cursor };
}

/** Every claim of a team, oldest first, page by page (for the CSV export, which streams them all). */
export async function* eachClaim(kv: Deno.Kv, teamId: string): AsyncGenerator<Claim> {
  for await (const entry of kv.list<Claim>({ prefix: keys.teamClaims(teamId) }, { batchSize: 500 })) yield entry.value;
}

/** How many of a team's claims are in each state: the one count every page shows. */
export async function countClaims(kv: Deno.Kv, teamId: string): Promise<Record<ClaimStatus, number>> {
  const [pending, approved, denied] = await Promise.all(
    (["pending", "approved", "denied"] as const).map((status) => countKeys(kv, keys.claimsWithStatus(teamId, status))),
  );
  return { pending, approved, denied };
}

/** How many claims of a team wait for a decision (the Claims badge). */
export async function countPendingClaims(kv: Deno.Kv, teamId: string): Promise<number> {
  return await countKeys(kv, keys.claimsWithStatus(teamId, "pending"));
}
