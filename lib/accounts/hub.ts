import { keys } from "../db/keys.ts";
import { countKeys } from "../db/kv.ts";
import type { SessionTeam, SessionUser } from "../auth/session_user.ts";

/** What the hub shows for the selected team, with real counts. */
export interface HubData {
  user: SessionUser | null;
  team: SessionTeam | null;
  sysadminEmail: string | null;
  counts: { pendingClaims: number; players: number; approvedClaims: number; teams: number };
}

export async function loadHubData(
  kv: Deno.Kv,
  user: SessionUser | null,
  sysadminEmail: string | null,
): Promise<HubData> {
  const team = user?.teams.find((t) => t.id === user.selectedTeamId) ?? null;
  const isAdmin = team?.role === "TEAM_ADMIN";
  const [pendingClaims, players, approvedClaims, teams] = await Promise.all([
    isAdmin ? countKeys(kv, keys.claimsWithStatus(team.id, "pending")) : 0,
    team ? countKeys(kv, keys.teamPlayers(team.id)) : 0,
    isAdmin ? countKeys(kv, keys.claimsWithStatus(team.id, "approved")) : 0,
    sysadminEmail ? countKeys(kv, keys.allTeams()) : 0,
  ]);
  return { user, team, sysadminEmail, counts: { pendingClaims, players, approvedClaims, teams } };
}
