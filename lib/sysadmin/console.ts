/**
 * The console's header and stat cards: real counts, read at `now` (the injected clock decides
 * which teams are active).
 */
import { listScopeCampaigns } from "../campaigns/mod.ts";
import { countTeams } from "../db/teams.ts";
import { MAX_PAGE_SIZE } from "../db/kv.ts";
import { countActiveTeams } from "./analytics.ts";

export interface ConsoleStats {
  /** Global campaigns switched on (whatever their dates say: Live, Scheduled or Expired). */
  activeCampaigns: number;
  /** Global campaigns switched off (Inactive): waiting to be activated. */
  pendingCampaigns: number;
  totalCampaigns: number;
  totalTeams: number;
  /** Teams with a member's sign-in or a post within the last 30 days. */
  activeTeams: number;
}

/**
 * Counts the global campaigns (a page of 500 at a time: the system administrator writes them by
 * hand, so there are few), and reads the kept counts of teams and of teams active in the last 30
 * days, so the header costs the same with ten teams or ten thousand.
 */
export async function loadConsoleStats(kv: Deno.Kv, now: Date): Promise<ConsoleStats> {
  const countCampaigns = async () => {
    const counts = { active: 0, total: 0 };
    let cursor = "";
    do {
      const page = await listScopeCampaigns(kv, null, now, { cursor, limit: MAX_PAGE_SIZE });
      counts.total += page.values.length;
      counts.active += page.values.filter((c) => c.isActive).length;
      cursor = page.cursor;
    } while (cursor);
    return counts;
  };
  const [campaigns, totalTeams, activeTeams] = await Promise.all([
    countCampaigns(),
    countTeams(kv),
    countActiveTeams(kv, now),
  ]);
  return {
    activeCampaigns: campaigns.active,
    pendingCampaigns: campaigns.total - campaigns.active,
    totalCampaigns: campaigns.total,
    totalTeams,
    activeTeams: activeTeams.last30Days,
  };
}
