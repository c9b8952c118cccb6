/**
 * A team's current invite link, its code → team index (unique) and its open counter. All
 * three are written and deleted only here.
 */
import { keys } from "./keys.ts";

export interface JoinLink {
  teamId: string;
  code: string;
  createdAt: string;
  expiresAt: number;
}

export async function getJoinLinkEntry(kv: Deno.Kv, teamId: string): Promise<Deno.KvEntryMaybe<JoinLink>> {
  return await kv.get<JoinLink>(keys.joinLink(teamId));
}

/** The team an invite code was issued for (it may since have been replaced or expired). */
export async function getTeamIdByJoinCode(kv: Deno.Kv, code: string): Promise<string | null> {
  return (await kv.get<string>(keys.joinCode(code))).value;
}

/**
 * Adds to `op` a team's new invite link in place of `current` (checked unchanged): the old
 * code and its counter go in the same commit; a code already in use makes the commit fail.
 */
export function stageJoinLink(
  op: Deno.AtomicOperation,
  current: Deno.KvEntryMaybe<JoinLink>,
  link: JoinLink,
): Deno.AtomicOperation {
  op.check(current)
    .check({ key: keys.joinCode(link.code), versionstamp: null })
    .set(keys.joinLink(link.teamId), link)
    .set(keys.joinCode(link.code), link.teamId);
  if (current.value) {
    op.delete(keys.joinCode(current.value.code)).delete(keys.joinLinkUses(link.teamId, current.value.code));
  }
  return op;
}

export async function getJoinLinkUses(kv: Deno.Kv, teamId: string, code: string): Promise<number> {
  return Number((await kv.get<Deno.KvU64>(keys.joinLinkUses(teamId, code))).value?.value ?? 0n);
}

export async function countJoinLinkOpen(kv: Deno.Kv, teamId: string, code: string): Promise<void> {
  await kv.atomic().sum(keys.joinLinkUses(teamId, code), 1n).commit();
}
