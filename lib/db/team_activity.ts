/**
 * When each team was last active (a member's sign-in or a post): `["team_activity", teamId]`,
 * written at most once an hour per team and only here; swept with the team (`teamScopedKeys`,
 * after `removeTeamActivity`). The system administrator's Teams tab and Analytics read it.
 * Each record is indexed by its day and time, with a count per day, in the same commit, so
 * `countTeamsActiveSince` reads a month's counters and one day's entries whatever the team count.
 */
import { keys } from "./keys.ts";
import { getManyValues, listPage, type Page, type PageOptions } from "./kv.ts";
import { listMemberships } from "./users.ts";
import { redactLogText } from "../log.ts";

export interface TeamActivity {
  teamId: string;
  /** ISO time of the latest recorded sign-in or post (at most an hour older than the real latest). */
  lastActiveAt: string;
}

/** A team's record is rewritten only when the stored time is at least this old. */
export const ACTIVITY_WRITE_INTERVAL_MS = 60 * 60 * 1000;

/** The activity of each team asked for, in order (null where none was recorded). */
export async function getTeamActivities(kv: Deno.Kv, teamIds: readonly string[]): Promise<(TeamActivity | null)[]> {
  return await getManyValues<TeamActivity>(kv, teamIds.map((id) => keys.teamActivity(id)));
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** KvU64 `sum` wraps at 2^64, so adding 2^64 - 1 takes one away. */
const MINUS_ONE = (1n << 64n) - 1n;

/** The UTC day (days since 1970) and the time of a record: where its index entry and count are. */
function placeOf(activity: TeamActivity): { day: number; atMs: number } {
  const atMs = Date.parse(activity.lastActiveAt);
  return { day: Math.floor(atMs / DAY_MS), atMs };
}

/** Adds to `op` the index entry and the day's count of a record being written. */
function stageIndexed(op: Deno.AtomicOperation, activity: TeamActivity): Deno.AtomicOperation {
  const { day, atMs } = placeOf(activity);
  return op.set(keys.teamActivityAt(day, atMs, activity.teamId), true).sum(keys.teamActivityDayCount(day), 1n);
}

/** Adds to `op` the removal of a stored record's index entry and its place in its day's count. */
function stageUnindexed(op: Deno.AtomicOperation, activity: TeamActivity): Deno.AtomicOperation {
  const { day, atMs } = placeOf(activity);
  return op.delete(keys.teamActivityAt(day, atMs, activity.teamId)).sum(keys.teamActivityDayCount(day), MINUS_ONE);
}

/** Whether a stored record is recent enough that writing `now` would add nothing. */
const isFresh = (activity: TeamActivity | null, now: Date) =>
  activity !== null && now.getTime() - Date.parse(activity.lastActiveAt) < ACTIVITY_WRITE_INTERVAL_MS;

/**
 * Records that these teams were active at `now`: one read per team, and a write only where the
 * stored time is an hour old or more (or absent). Each write is checked against the team's
 * record, so a team deleted meanwhile gets no record back. Returns the teams written.
 */
export async function recordTeamActivity(kv: Deno.Kv, teamIds: readonly string[], now: Date): Promise<string[]> {
  const written: string[] = [];
  for (const teamId of new Set(teamIds)) {
    const [activity, team] = await kv.getMany<[TeamActivity, unknown]>([keys.teamActivity(teamId), keys.team(teamId)]);
    if (team.versionstamp === null || isFresh(activity.value, now)) continue;
    const record: TeamActivity = { teamId, lastActiveAt: now.toISOString() };
    const op = kv.atomic().check(activity).check(team).set(activity.key, record);
    if (activity.value) stageUnindexed(op, activity.value);
    stageIndexed(op, record);
    // A failed check means another request (or a team change) got in first: nothing to add.
    if ((await op.commit()).ok) written.push(teamId);
  }
  return written;
}

/** Activity is a hint: recording it never fails the sign-in or post it follows (the error is logged). */
async function quietly(record: () => Promise<unknown>): Promise<void> {
  try {
    await record();
  } catch (error) {
    console.error(JSON.stringify({ event: "team_activity_failed", error: redactLogText(String(error)) }));
  }
}

/**
 * A sign-in: marks every team of the person (their memberships), or the one team of a team's
 * shared login. Never throws.
 */
export async function recordSignInActivity(
  kv: Deno.Kv,
  who: { userId: string | null; teamAccess: { teamId: string } | null },
  now: Date,
): Promise<void> {
  await quietly(async () => {
    const teamIds = who.teamAccess
      ? [who.teamAccess.teamId]
      : who.userId
      ? (await listMemberships(kv, who.userId)).map((m) => m.teamId)
      : [];
    await recordTeamActivity(kv, teamIds, now);
  });
}

/** A post: marks its team. Never throws. */
export async function recordPostActivity(kv: Deno.Kv, teamId: string, now: Date): Promise<void> {
  await quietly(() => recordTeamActivity(kv, [teamId], now));
}

/** One page of every team's activity record (by team id). */
export async function listTeamActivity(
  kv: Deno.Kv,
  options: Omit<PageOptions, "reverse"> = {},
): Promise<Page<TeamActivity>> {
  return await listPage<TeamActivity>(kv, { prefix: keys.allTeamActivity() }, options);
}

/**
 * How many teams were last active at `fromMs` or later (the boundary included): the counts of
 * the days after `fromMs`'s day, and that day's entries from `fromMs` on.
 */
export async function countTeamsActiveSince(kv: Deno.Kv, fromMs: number): Promise<number> {
  const fromDay = Math.floor(fromMs / DAY_MS);
  const laterDays = async () => {
    let total = 0;
    const counts = kv.list<Deno.KvU64>({
      prefix: keys.teamActivityDayCounts(),
      start: keys.teamActivityDayCount(fromDay + 1),
    });
    for await (const { value } of counts) total += Number(value.value);
    return total;
  };
  const firstDay = async () => {
    let total = 0;
    const entries = kv.list(
      { prefix: keys.teamActivityOfDay(fromDay), start: keys.teamActivityAt(fromDay, fromMs, "") },
      { batchSize: 500 },
    );
    for await (const _ of entries) total++;
    return total;
  };
  const [later, first] = await Promise.all([laterDays(), firstDay()]);
  return later + first;
}

/**
 * Removes a team's activity record with its index entry and count (a team being deleted): checked
 * against the record read, retried when a sign-in rewrote it meanwhile.
 */
export async function removeTeamActivity(kv: Deno.Kv, teamId: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<TeamActivity>(keys.teamActivity(teamId));
    if (!entry.value) return;
    const op = stageUnindexed(kv.atomic().check(entry).delete(entry.key), entry.value);
    if ((await op.commit()).ok) return;
  }
}

/**
 * Writes the index entries and day counts of every activity record (the migration of a database
 * with records from before they were indexed); returns how many records it indexed.
 */
export async function indexAllTeamActivity(kv: Deno.Kv): Promise<number> {
  const perDay = new Map<number, number>();
  let indexed = 0;
  let cursor = "";
  do {
    const page = await listTeamActivity(kv, { cursor, limit: 500 });
    const op = kv.atomic();
    for (const activity of page.values) {
      const { day, atMs } = placeOf(activity);
      op.set(keys.teamActivityAt(day, atMs, activity.teamId), true);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    await op.commit();
    indexed += page.values.length;
    cursor = page.cursor;
  } while (cursor);
  for (const [day, count] of perDay) await kv.set(keys.teamActivityDayCount(day), new Deno.KvU64(BigInt(count)));
  return indexed;
}
