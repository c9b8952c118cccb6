/**
 * The weekly digest's bookkeeping (lib/notifications/weekly_digest.ts), written and deleted only
 * here (and erased with the account in account_deletions.ts):
 * - `["weekly_digests", userId, week]`: this person's digest of that week went. It is checked
 *   absent in the commit that stages the mail, so two instances, a retry or a restart mail once;
 * - `["weekly_digest_zones", zone, week]`: the Sunday-evening run for that zone is done, so the
 *   cron's later runs that evening read no one of its teams again.
 * Both are only bookkeeping: they expire once their week can no longer come back.
 */
import { keys } from "./keys.ts";
import { getManyEntries } from "./kv.ts";

export interface WeeklyDigestRecord {
  sentAt: string;
}

/** Three weeks: longer than any week a clock can still be in (or a zone change can bring back). */
const WEEKLY_DIGEST_TTL_MS = 21 * 24 * 60 * 60 * 1000;

export async function getWeeklyDigestEntry(
  kv: Deno.Kv,
  userId: string,
  week: string,
): Promise<Deno.KvEntryMaybe<WeeklyDigestRecord>> {
  return await kv.get<WeeklyDigestRecord>(keys.weeklyDigest(userId, week));
}

/** Adds to `op` the week's record, checked still absent as `entry` read it. */
export function stageWeeklyDigest(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntryMaybe<WeeklyDigestRecord>,
  record: WeeklyDigestRecord,
): Deno.AtomicOperation {
  return op.check({ key: entry.key, versionstamp: null }).set(entry.key, record, { expireIn: WEEKLY_DIGEST_TTL_MS });
}

/** Which of these zones' runs of the week are done (same order). */
export async function weeklyDigestZonesDone(kv: Deno.Kv, zones: { zone: string; week: string }[]): Promise<boolean[]> {
  const entries = await getManyEntries(kv, zones.map(({ zone, week }) => keys.weeklyDigestZone(zone, week)));
  return entries.map((entry) => entry.versionstamp !== null);
}

/** Records that the zone's run of the week finished (written again harmlessly by a second instance). */
export async function markWeeklyDigestZoneDone(kv: Deno.Kv, zone: string, week: string, at: Date): Promise<void> {
  await kv.set(keys.weeklyDigestZone(zone, week), { doneAt: at.toISOString() }, { expireIn: WEEKLY_DIGEST_TTL_MS });
}
