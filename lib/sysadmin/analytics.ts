/**
 * The system administrator's Analytics tab: how many teams were active in the last 7 and 30
 * days (from the kept counts per day, lib/db/team_activity.ts) and a page of campaigns, global
 * and every team's, newest first, with their responses and a poll's tally.
 */
import { campaignResults, displayStatus } from "../campaigns/mod.ts";
import { type Campaign, listAllCampaigns } from "../db/campaigns.ts";
import { countTeams, getTeams } from "../db/teams.ts";
import { countTeamsActiveSince } from "../db/team_activity.ts";
import { NotFoundError } from "../errors.ts";
import {
  ACTIVE_WINDOW_DAYS,
  type Analytics,
  ANALYTICS_PAGE_SIZE,
  type CampaignAnalytics,
  RECENT_WINDOW_DAYS,
} from "./types.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Teams active within 7 and within 30 days at `now`, the boundary included as `isActiveWithin`
 * has it: a month of kept day counts and one day's entries, however many teams there are.
 */
export async function countActiveTeams(kv: Deno.Kv, now: Date): Promise<{ last7Days: number; last30Days: number }> {
  const [last7Days, last30Days] = await Promise.all([
    countTeamsActiveSince(kv, now.getTime() - RECENT_WINDOW_DAYS * DAY_MS),
    countTeamsActiveSince(kv, now.getTime() - ACTIVE_WINDOW_DAYS * DAY_MS),
  ]);
  return { last7Days, last30Days };
}

/** One campaign's line, or null when it was deleted while the page was read. */
async function analyticsOf(
  kv: Deno.Kv,
  campaign: Campaign,
  teamNames: Map<string, string>,
  now: Date,
): Promise<CampaignAnalytics | null> {
  let results;
  try {
    results = await campaignResults(kv, campaign.teamId, campaign.id, now);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
  const poll = results.poll;
  return {
    id: campaign.id,
    title: campaign.title,
    type: campaign.type,
    teamId: campaign.teamId,
    scope: campaign.teamId === null ? "Global" : teamNames.get(campaign.teamId) ?? campaign.teamId,
    status: displayStatus(campaign, now),
    createdAt: campaign.createdAt,
    answered: results.answered,
    dismissed: results.dismissed,
    snoozed: results.snoozed,
    poll: poll
      ? {
        question: campaign.pollQuestion ?? "",
        options: [
          { label: campaign.pollOption1 ?? "Option 1", votes: poll.option1 },
          { label: campaign.pollOption2 ?? "Option 2", votes: poll.option2 },
        ],
      }
      : null,
  };
}

export interface AnalyticsOptions {
  /** The campaigns page's cursor (from a previous `campaigns.cursor`). */
  cursor?: string;
  limit?: number;
}

/** The Analytics tab at `now` (the injected clock decides 'active' and each campaign's status). */
export async function loadAnalytics(kv: Deno.Kv, now: Date, options: AnalyticsOptions = {}): Promise<Analytics> {
  const limit = Math.max(1, Math.min(options.limit ?? ANALYTICS_PAGE_SIZE, ANALYTICS_PAGE_SIZE * 5));
  const [totalTeams, active, page] = await Promise.all([
    countTeams(kv),
    countActiveTeams(kv, now),
    listAllCampaigns(kv, { cursor: options.cursor, limit, reverse: true }),
  ]);
  const teamIds = [...new Set(page.values.flatMap((c) => c.teamId === null ? [] : [c.teamId]))];
  const teams = await getTeams(kv, teamIds);
  const teamNames = new Map(teams.flatMap((t) => t ? [[t.id, t.name] as const] : []));
  const lines = await Promise.all(page.values.map((c) => analyticsOf(kv, c, teamNames, now)));
  return {
    generatedAt: now.toISOString(),
    totalTeams,
    activeLast7Days: active.last7Days,
    activeLast30Days: active.last30Days,
    campaigns: {
      values: lines.filter((line): line is CampaignAnalytics => line !== null),
      cursor: page.cursor,
      isFirstPage: !options.cursor,
    },
  };
}
