/**
 * The teams a person left or was removed from (issue 22). Their posts, photos and essentials stay
 * in such a team until they delete them or the account, so the export and the erasure of the
 * account visit these teams beside the current ones. Written in the commit that ends the
 * membership (lib/teams/membership_removal.ts); removed with the team (through the team-keyed
 * twin, lib/db/team_deletions.ts) or with the account (lib/db/account_deletions.ts).
 */
import { keys } from "./keys.ts";

export interface FormerMembership {
  teamId: string;
  leftAt: string;
}

/** The most former teams read for one person (far above real use; each one is a left team). */
export const FORMER_TEAMS_LIMIT = 200;

/** Adds to `op` the record that the person left `teamId` (a later leave rewrites it). */
export function stageFormerMembership(
  op: Deno.AtomicOperation,
  userId: string,
  teamId: string,
  now: Date,
): Deno.AtomicOperation {
  const record: FormerMembership = { teamId, leftAt: now.toISOString() };
  return op.set(keys.formerMembership(userId, teamId), record).set(keys.teamFormerMember(teamId, userId), userId);
}

/** The teams the person left, oldest team key first. */
export async function listFormerMemberships(kv: Deno.Kv, userId: string): Promise<FormerMembership[]> {
  const found: FormerMembership[] = [];
  const iter = kv.list<FormerMembership>({ prefix: keys.userFormerMemberships(userId) }, { limit: FORMER_TEAMS_LIMIT });
  for await (const entry of iter) found.push(entry.value);
  return found;
}

/** Both keys of a former membership (the erasure deletes them). */
export const formerMembershipKeys = (userId: string, teamId: string): Deno.KvKey[] => [
  keys.formerMembership(userId, teamId),
  keys.teamFormerMember(teamId, userId),
];
