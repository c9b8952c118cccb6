/**
 * A guardian's consent to show a player's headshot on the public roster (R41: photos are hidden
 * from the public unless the guardian opted that child's photo in). At most one per player: the
 * guardian who agreed and when; withdrawing deletes it. The consent counts only while that
 * person is still a guardian of the player (lib/photos/headshot_consent.ts), so a guardian who
 * is unlinked takes it with them. Written and deleted only here.
 */
import { keys } from "./keys.ts";
import { listAll } from "./kv.ts";

export interface HeadshotConsent {
  teamId: string;
  playerId: string;
  /** The guardian (account id) who agreed. */
  userId: string;
  consentedAt: string;
}

export async function getHeadshotConsentEntry(
  kv: Deno.Kv,
  teamId: string,
  playerId: string,
): Promise<Deno.KvEntryMaybe<HeadshotConsent>> {
  return await kv.get<HeadshotConsent>(keys.headshotConsent(teamId, playerId));
}

/** A team's consents (at most one per player, and a team holds at most 500 players). */
export async function listHeadshotConsents(kv: Deno.Kv, teamId: string): Promise<HeadshotConsent[]> {
  return await listAll<HeadshotConsent>(kv, { prefix: keys.teamHeadshotConsents(teamId) });
}

/** Adds to `op` a consent given (`consent`) or withdrawn (null), checked unchanged since `entry` was read. */
export function stageHeadshotConsent(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntryMaybe<HeadshotConsent>,
  consent: HeadshotConsent | null,
): Deno.AtomicOperation {
  op.check(entry);
  return consent ? op.set(entry.key, consent) : op.delete(entry.key);
}

/** Adds to `op` the removal of a player's consent (the player is removed). */
export function stageHeadshotConsentRemoval(
  op: Deno.AtomicOperation,
  teamId: string,
  playerId: string,
): Deno.AtomicOperation {
  return op.delete(keys.headshotConsent(teamId, playerId));
}
