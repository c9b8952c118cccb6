/**
 * A parent's request that their child be removed from a team's roster, and the admin's
 * decision. Written and deleted only here. A request sits under its player, so removing the
 * player (lib/db/player_removal.ts) removes its requests too; the open-request key is unique per
 * player, so one request at a time waits.
 */
import { monotonicFactory } from "ulid";
import { keys } from "./keys.ts";
import { countKeys, getManyValues, listAll } from "./kv.ts";

const nextRequestId = monotonicFactory();

export type RemovalRequestStatus = "pending" | "denied";

export interface RemovalRequest {
  id: string;
  teamId: string;
  playerId: string;
  /** The parent who asked (an account id; their name is read when shown, never copied here). */
  requestedBy: string;
  /** What the parent wrote, possibly empty. */
  reason: string;
  status: RemovalRequestStatus;
  createdAt: string;
  /** Set once denied (an approved request goes with its player). */
  decidedAt: string | null;
  /** Why the admin said no, as the parent is told. */
  denyReason: string | null;
}

export function buildRemovalRequest(
  input: Pick<RemovalRequest, "teamId" | "playerId" | "requestedBy" | "reason">,
  now: Date,
): RemovalRequest {
  return {
    id: nextRequestId(now.getTime()),
    ...input,
    status: "pending",
    createdAt: now.toISOString(),
    decidedAt: null,
    denyReason: null,
  };
}

/** The waiting request of a player, as an entry (its key holds the request id), for a check. */
export async function getOpenRemovalRequestEntry(kv: Deno.Kv, teamId: string, playerId: string) {
  return await kv.get<string>(keys.openRemovalRequest(teamId, playerId));
}

export async function getRemovalRequestEntry(kv: Deno.Kv, teamId: string, playerId: string, requestId: string) {
  return await kv.get<RemovalRequest>(keys.removalRequest(teamId, playerId, requestId));
}

/** A team's waiting requests, oldest first (one per player at most, so bounded by the roster). */
export async function listOpenRemovalRequests(kv: Deno.Kv, teamId: string): Promise<RemovalRequest[]> {
  const open = await Array.fromAsync(kv.list<string>({ prefix: keys.teamOpenRemovalRequests(teamId) }));
  const requests = await getManyValues<RemovalRequest>(
    kv,
    open.map((entry) => keys.removalRequest(teamId, entry.key[2] as string, entry.value)),
  );
  return requests.filter((r): r is RemovalRequest => r !== null).sort((a, b) => a.id < b.id ? -1 : 1);
}

/** The waiting request whose id is `requestId`, or null (the id alone does not name its player). */
export async function findOpenRemovalRequest(kv: Deno.Kv, teamId: string, requestId: string) {
  for await (const entry of kv.list<string>({ prefix: keys.teamOpenRemovalRequests(teamId) })) {
    if (entry.value === requestId) return await getRemovalRequestEntry(kv, teamId, entry.key[2] as string, requestId);
  }
  return null;
}

export async function countOpenRemovalRequests(kv: Deno.Kv, teamId: string): Promise<number> {
  return await countKeys(kv, keys.teamOpenRemovalRequests(teamId));
}

/** Every request of one player (the waiting one and denied ones), oldest first. */
export async function listPlayerRemovalRequests(kv: Deno.Kv, teamId: string, playerId: string) {
  return await listAll<RemovalRequest>(kv, { prefix: keys.playerRemovalRequests(teamId, playerId) });
}

/** Adds a new waiting request to `op`, checked that none waits for the player. */
export function stageRemovalRequest(op: Deno.AtomicOperation, request: RemovalRequest): Deno.AtomicOperation {
  const open = keys.openRemovalRequest(request.teamId, request.playerId);
  return op.check({ key: open, versionstamp: null })
    .set(keys.removalRequest(request.teamId, request.playerId, request.id), request)
    .set(open, request.id);
}

/** Adds a denial to `op`: the request as decided (checked unchanged since read), and its player free to ask again. */
export function stageRemovalDenial(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<RemovalRequest>,
  denyReason: string,
  now: Date,
): Deno.AtomicOperation {
  const denied: RemovalRequest = { ...entry.value, status: "denied", decidedAt: now.toISOString(), denyReason };
  return op.check(entry).set(entry.key, denied).delete(
    keys.openRemovalRequest(entry.value.teamId, entry.value.playerId),
  );
}

/** Adds to `op` the removal of every request of a player (when the player is removed). */
export async function stagePlayerRemovalRequestRemovals(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  teamId: string,
  playerId: string,
): Promise<void> {
  for await (const entry of kv.list({ prefix: keys.playerRemovalRequests(teamId, playerId) })) op.delete(entry.key);
  op.delete(keys.openRemovalRequest(teamId, playerId));
}
