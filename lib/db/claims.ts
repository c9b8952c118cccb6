import { keys } from "./keys.ts";
import { ConflictError } from "../errors.ts";
import type { Language } from "../i18n/languages.ts";
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
  /**
   * The language the request was made in (issue 24): the decision's mail is in it when the
   * claimant's account has chosen none (or there is no account yet). Absent on older claims.
   */
  language?: Language;
}

/** R18: how many claims and join requests one e-mail address may have waiting in one team. */
export const MAX_PENDING_CLAIMS_PER_EMAIL = 5;

/**
 * A per-team-and-address marker that every insert rewrites, so two inserts for the same
 * address cannot both pass the pending count (the second commit fails its check and counts
 * again). It sits beside the guards (no claim subject is "pending-count"), so deleting the
 * team sweeps it, and it expires on its own.
 */
const MARKER_SUBJECT = "pending-count";
const pendingCountMarker = (teamId: string, email: string) => keys.pendingClaimBySubject(teamId, MARKER_SUBJECT, email);
const MARKER_TTL_MS = 24 * 60 * 60 * 1000;

/** How many claims and join requests `email` has pending in the team (one guard key each). */
export async function countPendingClaimsOf(kv: Deno.Kv, teamId: string, email: string): Promise<number> {
  let count = 0;
  for await (const entry of kv.list({ prefix: keys.teamPendingClaimGuards(teamId) }, { batchSize: 500 })) {
    if (entry.key[3] === email && entry.key[2] !== MARKER_SUBJECT) count++;
  }
  return count;
}

export type PendingClaimInsert = "inserted" | "duplicate" | "limit";

/**
 * Stores a new pending claim with its status index and the guard that keeps one open claim
 * per e-mail and subject. "duplicate" when such a claim is already pending; "limit" when the
 * address already has `maxPending` claims waiting in the team.
 */
export async function insertPendingClaim(
  kv: Deno.Kv,
  claim: Claim,
  maxPending = MAX_PENDING_CLAIMS_PER_EMAIL,
): Promise<PendingClaimInsert> {
  const guard = keys.pendingClaimBySubject(claim.teamId, claim.subject, claim.email);
  const markerKey = pendingCountMarker(claim.teamId, claim.email);
  for (let attempt = 0; attempt < 10; attempt++) {
    const [guardEntry, marker] = await kv.getMany([guard, markerKey]);
    if (guardEntry.versionstamp !== null) return "duplicate";
    const pending = await countPendingClaimsOf(kv, claim.teamId, claim.email);
    if (pending >= maxPending) return "limit";
    const result = await kv.atomic()
      .check({ key: guard, versionstamp: null })
      .check(marker)
      .check({ key: keys.claim(claim.teamId, claim.id), versionstamp: null })
      .set(keys.claim(claim.teamId, claim.id), claim)
      .set(keys.claimByStatus(claim.teamId, claim.status, claim.id), claim.id)
      .set(guard, claim.id)
      .set(keys.pendingClaimByEmail(claim.email, claim.teamId, claim.subject), claim.id)
      .set(claimByEmailKey(claim), claim.id)
      .set(markerKey, pending + 1, { expireIn: MARKER_TTL_MS })
      .commit();
    if (result.ok) return "inserted";
  }
  throw new ConflictError();
}

export async function getClaimEntry(kv: Deno.Kv, teamId: string, claimId: string) {
  return await kv.get<Claim>(keys.claim(teamId, claimId));
}

/** A team's claims by id, in order (null where there is none). */
export async function getClaims(kv: Deno.Kv, teamId: string, claimIds: string[]): Promise<(Claim | null)[]> {
  return await getManyValues<Claim>(kv, claimIds.map((id) => keys.claim(teamId, id)));
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
    .delete(keys.pendingClaimBySubject(claim.teamId, claim.subject, claim.email))
    .delete(keys.pendingClaimByEmail(claim.email, claim.teamId, claim.subject));
}

/** Where an address has a claim or join request waiting: its team and claim id (a few, oldest team key first). */
export async function listPendingClaimsOfEmail(
  kv: Deno.Kv,
  email: string,
  limit = 10,
): Promise<{ teamId: string; claimId: string }[]> {
  const found: { teamId: string; claimId: string }[] = [];
  for await (const entry of kv.list<string>({ prefix: keys.pendingClaimsOfEmail(email) }, { limit })) {
    found.push({ teamId: entry.key[2] as string, claimId: entry.value });
  }
  return found;
}

/**
 * Writes the by-address twin of every open claim's guard that lacks one (claims made before the
 * twin existed). Safe to run again; returns how many it wrote.
 */
export async function indexPendingClaimsByEmail(kv: Deno.Kv): Promise<number> {
  let written = 0;
  for await (const entry of kv.list<string>({ prefix: keys.allPendingClaimGuards() }, { batchSize: 500 })) {
    const [, teamId, subject, email] = entry.key as string[];
    if (subject === MARKER_SUBJECT) continue;
    const twin = keys.pendingClaimByEmail(email, teamId, subject);
    // Only while the guard is unchanged (a decision deletes both) and the twin is still missing.
    const result = await kv.atomic().check(entry).check({ key: twin, versionstamp: null }).set(twin, entry.value)
      .commit();
    if (result.ok) written++;
  }
  return written;
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

/** Where an open claim or join request is, read from its one-open-claim guard (any team). */
export interface PendingClaimRef {
  teamId: string;
  claimId: string;
}

/**
 * A page of every team's open claims and join requests, through their guards, so the retention
 * sweep reads only what is still open and never walks the teams. A page may hold fewer than
 * `limit` (the pending-count markers beside the guards are skipped) and still have a cursor.
 */
export async function listPendingClaimRefs(
  kv: Deno.Kv,
  options: { cursor?: string; limit: number },
): Promise<Page<PendingClaimRef>> {
  const iter = kv.list<unknown>({ prefix: keys.allPendingClaimGuards() }, {
    limit: options.limit,
    cursor: options.cursor || undefined,
  });
  const values: PendingClaimRef[] = [];
  let read = 0;
  for await (const entry of iter) {
    read++;
    const [, teamId, subject] = entry.key as string[];
    if (subject !== MARKER_SUBJECT && typeof entry.value === "string") values.push({ teamId, claimId: entry.value });
  }
  return { values, cursor: read === options.limit ? iter.cursor : "" };
}

/**
 * Adds to `op` the removal of a claim or join request still pending (checked unchanged since
 * `entry` was read), with its status index and both of its guards.
 */
export function stagePendingClaimRemoval(op: Deno.AtomicOperation, entry: Deno.KvEntry<Claim>): Deno.AtomicOperation {
  const claim = entry.value;
  return op.check(entry)
    .delete(entry.key)
    .delete(keys.claimByStatus(claim.teamId, claim.status, claim.id))
    .delete(keys.pendingClaimBySubject(claim.teamId, claim.subject, claim.email))
    .delete(keys.pendingClaimByEmail(claim.email, claim.teamId, claim.subject))
    .delete(claimByEmailKey(claim));
}

/**
 * The claim's place in the by-address index of every status (written with the claim; a decision
 * keeps it, since the address does not change; removed with the claim, also by team deletion and
 * account erasure, which call this).
 */
export const claimByEmailKey = (claim: Pick<Claim, "email" | "teamId" | "id">): Deno.KvKey =>
  keys.claimByEmail(claim.email, claim.teamId, claim.id);

/** The most claims of one address listed (R18 keeps five waiting per team; decided ones are far fewer than this). */
export const CLAIMS_OF_EMAIL_LIMIT = 1_000;

/**
 * Every claim and join request made from `email`, in any team and of any status, through the
 * by-address index; `complete` is false when there were more than `limit`.
 */
export async function listClaimsOfEmail(
  kv: Deno.Kv,
  email: string,
  limit = CLAIMS_OF_EMAIL_LIMIT,
): Promise<{ values: Deno.KvEntry<Claim>[]; complete: boolean }> {
  const refs: Deno.KvKey[] = [];
  let complete = true;
  for await (const entry of kv.list<string>({ prefix: keys.claimsOfEmail(email) }, { limit: limit + 1 })) {
    if (refs.length === limit) {
      complete = false;
      break;
    }
    refs.push(keys.claim(entry.key[2] as string, entry.key[3] as string));
  }
  const values: Deno.KvEntry<Claim>[] = [];
  for (let i = 0; i < refs.length; i += 10) {
    const found = await kv.getMany<Claim[]>(refs.slice(i, i + 10));
    for (const entry of found) if (entry.value) values.push(entry as Deno.KvEntry<Claim>);
  }
  return { values, complete };
}

/** Writes the by-address index entry of every claim that lacks one (claims from before it). Returns how many. */
export async function indexClaimsByEmail(kv: Deno.Kv): Promise<number> {
  let written = 0;
  for await (const entry of kv.list<Claim>({ prefix: keys.allClaims() }, { batchSize: 500 })) {
    const key = claimByEmailKey(entry.value);
    // Only while the claim is unchanged (a removal deletes both) and its entry still missing.
    const result = await kv.atomic().check(entry).check({ key, versionstamp: null }).set(key, entry.value.id).commit();
    if (result.ok) written++;
  }
  return written;
}
