/**
 * When each team was last active (a member's sign-in or a post): `["team_activity", teamId]`,
 * written at most once an hour per team and only here; swept with the team (`teamScopedKeys`).
 * The system administrator's Teams tab and Analytics read it.
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
    // A failed check means another request (or a team change) got in first: nothing to add.
    if ((await kv.atomic().check(activity).check(team).set(activity.key, record).commit()).ok) written.push(teamId);
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
