/**
 * A team's current invite link, its code → team index (unique), its use counter and the codes
 * it replaced. All are written and deleted only here.
 */
import { keys } from "./keys.ts";

/**
 * How long a replaced code still names its team (for 'This invite link has expired'). Generate
 * New is limited to 50 a day, so a team keeps at most a few thousand, each gone after this.
 */
export const REPLACED_CODE_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** A replaced code's record: when Generate New replaced it, and until when it names its team. */
export interface ReplacedJoinCode {
  replacedAt: number;
  until: number;
}

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

/** When Generate New replaced `code` of the team, while that still counts (null: never, or too long ago). */
export async function getReplacedJoinCode(
  kv: Deno.Kv,
  teamId: string,
  code: string,
  now: number,
): Promise<ReplacedJoinCode | null> {
  const record = (await kv.get<ReplacedJoinCode>(keys.replacedJoinCode(teamId, code))).value;
  // expireIn is the earliest a record may go, not a deadline: its own end is checked here.
  return record && record.until > now ? record : null;
}

/**
 * Adds to `op` a team's new invite link in place of `current` (checked unchanged). The old code
 * stops working at once and its counter goes; it is kept only as a replaced code (its code → team
 * entry and a team-keyed record, both expiring) for the 'expired' page. A code in use, or
 * replaced and still kept, makes the commit fail.
 */
export function stageJoinLink(
  op: Deno.AtomicOperation,
  current: Deno.KvEntryMaybe<JoinLink>,
  link: JoinLink,
  now: number,
): Deno.AtomicOperation {
  op.check(current)
    .check({ key: keys.joinCode(link.code), versionstamp: null })
    .set(keys.joinLink(link.teamId), link)
    .set(keys.joinCode(link.code), link.teamId);
  if (current.value) {
    const old = current.value.code;
    const expireIn = REPLACED_CODE_TTL_MS;
    const replaced: ReplacedJoinCode = { replacedAt: now, until: now + REPLACED_CODE_TTL_MS };
    op.set(keys.joinCode(old), link.teamId, { expireIn })
      .set(keys.replacedJoinCode(link.teamId, old), replaced, { expireIn })
      .delete(keys.joinLinkUses(link.teamId, old));
  }
  return op;
}

export async function getJoinLinkUses(kv: Deno.Kv, teamId: string, code: string): Promise<number> {
  return Number((await kv.get<Deno.KvU64>(keys.joinLinkUses(teamId, code))).value?.value ?? 0n);
}

/** One more join request sent through the invite code (opening the join page is not a use). */
export async function countJoinLinkUse(kv: Deno.Kv, teamId: string, code: string): Promise<void> {
  await kv.atomic().sum(keys.joinLinkUses(teamId, code), 1n).commit();
}
