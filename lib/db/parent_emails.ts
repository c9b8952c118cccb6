/**
 * Parent e-mails an admin listed for a player (CSV import) that are not yet linked to an
 * account. Each is stored under the player and indexed by address; the sign-in rule for
 * co-parents ("become parents of that player when they sign in by magic link") reads the
 * index, links the account as a guardian and removes the invite in the same commit.
 */
import { keys } from "./keys.ts";
import { listAll } from "./kv.ts";
import type { KvWrite } from "./commit_batches.ts";

export interface ParentEmailInvite {
  teamId: string;
  playerId: string;
  /** Lowercased and trimmed. */
  email: string;
  invitedAt: string;
}

/** The writes that store an invite under both of its keys. */
export function parentEmailInviteWrites(invite: ParentEmailInvite): KvWrite[] {
  return [
    { type: "set", key: keys.playerParentEmail(invite.teamId, invite.playerId, invite.email), value: invite },
    { type: "set", key: keys.parentEmailInvite(invite.email, invite.teamId, invite.playerId), value: invite },
  ];
}

/** The keys that remove an invite everywhere. */
export function parentEmailInviteKeys(invite: Pick<ParentEmailInvite, "teamId" | "playerId" | "email">) {
  return [
    keys.playerParentEmail(invite.teamId, invite.playerId, invite.email),
    keys.parentEmailInvite(invite.email, invite.teamId, invite.playerId),
  ];
}

/** Every invite of a team (or of one player). */
export async function listParentEmailInvites(
  kv: Deno.Kv,
  teamId: string,
  playerId?: string,
): Promise<ParentEmailInvite[]> {
  const prefix = playerId ? keys.playerParentEmails(teamId, playerId) : keys.teamParentEmails(teamId);
  return await listAll<ParentEmailInvite>(kv, { prefix });
}

/** Every player, in any team, an address was listed for. */
export async function listInvitesForEmail(kv: Deno.Kv, email: string): Promise<ParentEmailInvite[]> {
  return await listAll<ParentEmailInvite>(kv, { prefix: keys.parentEmailInvites(email) });
}

/** Adds to `op` the removal of every invite listed for a player (when the player is removed). */
export async function stagePlayerInviteRemovals(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  teamId: string,
  playerId: string,
): Promise<void> {
  // The e-mail comes from the key itself, so a record with a damaged value still goes.
  for await (const invite of kv.list({ prefix: keys.playerParentEmails(teamId, playerId) })) {
    for (const key of parentEmailInviteKeys({ teamId, playerId, email: invite.key[3] as string })) op.delete(key);
  }
}

/** Adds a new invite to `op` under both of its keys (the commit fails if it is already listed). */
export function stageParentEmailInvite(op: Deno.AtomicOperation, invite: ParentEmailInvite): Deno.AtomicOperation {
  const [playerKey, indexKey] = parentEmailInviteKeys(invite);
  return op.check({ key: playerKey, versionstamp: null }).set(playerKey, invite).set(indexKey, invite);
}

/** Adds to `op` the removal of an invite under both of its keys (it became a guardian link). */
export function stageParentEmailInviteRemoval(
  op: Deno.AtomicOperation,
  invite: Pick<ParentEmailInvite, "teamId" | "playerId" | "email">,
): Deno.AtomicOperation {
  for (const key of parentEmailInviteKeys(invite)) op.delete(key);
  return op;
}
