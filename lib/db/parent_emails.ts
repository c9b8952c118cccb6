/**
 * Parent e-mails an admin listed for a player (CSV import) that are not yet linked to an
 * account. Each is stored under the player and indexed by address; the sign-in rule for
 * co-parents ("become parents of that player when they sign in by magic link") reads the
 * index, links the account as a guardian and removes the invite in the same commit.
 */
import { keys } from "./keys.ts";
import { listValues } from "./kv.ts";
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
  return await listValues<ParentEmailInvite>(kv, { prefix });
}

/** Every player, in any team, an address was listed for. */
export async function listInvitesForEmail(kv: Deno.Kv, email: string): Promise<ParentEmailInvite[]> {
  return await listValues<ParentEmailInvite>(kv, { prefix: keys.parentEmailInvites(email) });
}
