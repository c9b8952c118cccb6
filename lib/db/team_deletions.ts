/**
 * Removing a team's records: the marker that survives a crash mid-way, and the sweep of
 * every team-scoped prefix (`teamScopedPrefixes` in keys.ts).
 */
import { keys, teamScopedKeys, teamScopedPrefixes } from "./keys.ts";
import { deleteKeys } from "./commit_batches.ts";
import { type SessionKind, sessionRecordKey } from "./sessions.ts";
import { stageTeamCount, type Team } from "./teams.ts";
import { teamCampaignRecordKeys } from "./campaigns.ts";
import { removeTeamActivity } from "./team_activity.ts";
import { type Claim, claimByEmailKey } from "./claims.ts";
import { type AuditEntry, auditIndexKeys } from "./audit.ts";

/** A team whose deletion has started; its records may not all be gone yet. */
export interface TeamDeletion {
  teamId: string;
  name: string;
  slug: string;
  startedAt: string;
}

/** The team's slug entry, read before its deletion is staged. */
export async function getSlugEntry(kv: Deno.Kv, slug: string) {
  return await kv.get<string>(keys.teamBySlug(slug));
}

/**
 * Adds to `op` the end of a team (checked unchanged since read) and the marker that lets a
 * restart finish the sweep.
 */
export function stageTeamDeletion(
  op: Deno.AtomicOperation,
  teamEntry: Deno.KvEntry<Team>,
  slugEntry: Deno.KvEntryMaybe<string>,
  marker: TeamDeletion,
): Deno.AtomicOperation {
  op.check(teamEntry).check(slugEntry).delete(teamEntry.key).set(keys.teamDeletion(marker.teamId), marker);
  stageTeamCount(op, -1);
  if (slugEntry.value === marker.teamId) op.delete(slugEntry.key);
  return op;
}

/** Records keyed by team elsewhere in their key, found through their team-keyed twin. */
function twinsOf(key: Deno.KvKey): Deno.KvKey[] {
  const [prefix, teamId] = key as string[];
  if (prefix === "team_members") return [keys.membership(key[2] as string, teamId)];
  if (prefix === "team_former_members") return [keys.formerMembership(key[2] as string, teamId)];
  if (prefix === "player_parent_emails") return [keys.parentEmailInvite(key[3] as string, teamId, key[2] as string)];
  // The global audit log's copy of a team's entry (it names children and parents, R43).
  if (prefix === "team_audit") return [keys.auditEntry(key[2] as string)];
  // The team's shared-login and edit sessions, and its unspent edit links.
  if (prefix === "team_sessions") return [sessionRecordKey(key[2] as SessionKind, key[3] as string)];
  if (prefix === "team_edit_tokens") return [keys.editToken(key[2] as string)];
  // An open claim's guard and its by-address twin; a replaced invite code and its code → team entry.
  if (prefix === "pending_claims_by_subject") {
    return [keys.pendingClaimByEmail(key[3] as string, teamId, key[2] as string)];
  }
  if (prefix === "replaced_join_codes") return [keys.joinCode(key[2] as string)];
  return [];
}

/** Index entries derived from a record's value: a claim's by-address entry, an audit entry's by-subject ones. */
function valueTwinsOf(entry: Deno.KvEntry<unknown>): Deno.KvKey[] {
  if (entry.key[0] === "claims") return [claimByEmailKey(entry.value as Claim)];
  if (entry.key[0] === "team_audit") return auditIndexKeys(entry.value as AuditEntry);
  return [];
}

async function teamKeys(kv: Deno.Kv, teamId: string): Promise<Deno.KvKey[]> {
  const found: Deno.KvKey[] = [];
  for (const prefix of teamScopedPrefixes(teamId)) {
    // Twins first: a sweep cut short between the two still finds the team-keyed record next time.
    for await (const entry of kv.list({ prefix }, { batchSize: 500 })) {
      // A team campaign's record and its responses are keyed by campaign, not by team.
      const campaignRecords = entry.key[0] === "team_campaigns" ? await teamCampaignRecordKeys(kv, entry.key) : [];
      found.push(...twinsOf(entry.key), ...valueTwinsOf(entry), ...campaignRecords, entry.key);
    }
  }
  return found;
}

/**
 * Deletes every record of a team. Runs again while a pass still finds records, so something
 * committed during the sweep (a claim submitted a moment before the team vanished) goes too.
 */
export async function sweepTeam(kv: Deno.Kv, teamId: string): Promise<void> {
  for (let pass = 0; pass < 3; pass++) {
    const found = await teamKeys(kv, teamId);
    if (found.length === 0) break;
    await deleteKeys(kv, found);
  }
  // The activity record goes with its index entry and its day's count (the record is among teamScopedKeys).
  await removeTeamActivity(kv, teamId);
  const joinLink = await kv.get<{ code: string }>(keys.joinLink(teamId));
  await deleteKeys(kv, [
    ...(joinLink.value ? [keys.joinCode(joinLink.value.code), joinLink.key] : []),
    ...teamScopedKeys(teamId),
    keys.teamDeletion(teamId),
  ]);
}

/** Deletions that started and may not have finished (a crash), each swept again. */
export async function sweepUnfinishedDeletions(kv: Deno.Kv): Promise<number> {
  let resumed = 0;
  for await (const entry of kv.list<TeamDeletion>({ prefix: keys.teamDeletions() })) {
    await sweepTeam(kv, entry.value.teamId);
    resumed++;
  }
  return resumed;
}
