/** What the admin layout around the roster and settings pages needs: the team and the Claims badge. */
import { keys } from "../db/keys.ts";
import { countKeys } from "../db/kv.ts";
import type { Team } from "../db/teams.ts";
import { getTeamOrThrow } from "./settings.ts";

/** Above this the badge reads the same to a person (and the count stays cheap). */
const PENDING_COUNT_LIMIT = 999;

export async function loadAdminFrame(kv: Deno.Kv, teamId: string): Promise<{ team: Team; pendingCount: number }> {
  const [team, pendingCount] = await Promise.all([
    getTeamOrThrow(kv, teamId),
    countKeys(kv, keys.claimsWithStatus(teamId, "pending"), PENDING_COUNT_LIMIT),
  ]);
  return { team, pendingCount };
}
