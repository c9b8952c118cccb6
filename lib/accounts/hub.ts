import { countClaims } from "../db/claims.ts";
import { countPlayers } from "../db/players.ts";
import { countTeams } from "../db/teams.ts";
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
  const [claims, players, teams] = await Promise.all([
    isAdmin ? countClaims(kv, team.id) : null,
    team ? countPlayers(kv, team.id) : 0,
    sysadminEmail ? countTeams(kv) : 0,
  ]);
  return {
    user,
    team,
    sysadminEmail,
    counts: { pendingClaims: claims?.pending ?? 0, players, approvedClaims: claims?.approved ?? 0, teams },
  };
}
