/**
 * What a campaign's answers add up to: a scope's response counts and tallies for the admin
 * areas, and a poll's results as the person who voted in it sees them.
 */
import { type Campaign, getCampaign, getResponseEntry, listResponses } from "../db/campaigns.ts";
import { MAX_PAGE_SIZE, type Page, type PageOptions } from "../db/kv.ts";
import { appliesTo, isVisibleTo } from "./rules.ts";
import type { PollResults } from "./poll_results.ts";
import { type AdminCampaign, listScopeCampaigns, scopedEntry } from "./manage.ts";
import type { Responder } from "./responses.ts";

/** How many answered a campaign and how: response counts and a poll's tallies. */
export interface CampaignResults {
  campaignId: string;
  /** People who answered (a vote or a text). */
  answered: number;
  dismissed: number;
  /** People whose snooze has not ended (and who have not answered). */
  snoozed: number;
  /** A poll's votes per option; null for the other types. */
  poll: { option1: number; option2: number } | null;
  /** A question's answers, newest first (at most `MAX_LISTED_ANSWERS`); null for the other types. */
  answers: { text: string; respondedAt: string }[] | null;
}

export const MAX_LISTED_ANSWERS = 200;

async function resultsOf(kv: Deno.Kv, campaign: Campaign, now: Date): Promise<CampaignResults> {
  const results: CampaignResults = {
    campaignId: campaign.id,
    answered: 0,
    dismissed: 0,
    snoozed: 0,
    poll: campaign.type === "poll" ? { option1: 0, option2: 0 } : null,
    answers: campaign.type === "question" ? [] : null,
  };
  let cursor = "";
  do {
    const page = await listResponses(kv, campaign.id, { cursor, limit: MAX_PAGE_SIZE });
    for (const r of page.values) {
      if (r.pollResponse !== null || r.questionResponse !== null) results.answered++;
      else if (r.isDismissed) results.dismissed++;
      else if (!isVisibleTo(r, now)) results.snoozed++;
      if (results.poll && r.pollResponse !== null) results.poll[r.pollResponse === 1 ? "option1" : "option2"]++;
      if (results.answers && r.questionResponse !== null) {
        results.answers.push({ text: r.questionResponse, respondedAt: r.respondedAt ?? "" });
      }
    }
    cursor = page.cursor;
  } while (cursor);
  if (results.answers) {
    results.answers.sort((a, b) => b.respondedAt.localeCompare(a.respondedAt));
    results.answers = results.answers.slice(0, MAX_LISTED_ANSWERS);
  }
  return results;
}

/** `GET …/campaigns/{id}/results`: a campaign of the scope's response counts and tallies. */
export async function campaignResults(
  kv: Deno.Kv,
  scope: string | null,
  campaignId: string,
  now: Date,
): Promise<CampaignResults> {
  const entry = await scopedEntry(kv, scope, campaignId);
  return await resultsOf(kv, entry.value, now);
}

/** A campaign id as the dashboard's `?voted=` may carry it (a ULID); anything else is no poll at all. */
const CAMPAIGN_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * The results of a poll for the person who voted in it, as the family dashboard shows them after
 * the vote: each option's count and the person's own choice, never who else chose what. Null
 * (nothing to show) unless the campaign is a poll of one of the person's teams and they voted.
 */
export async function loadPollResults(kv: Deno.Kv, who: Responder, campaignId: string): Promise<PollResults | null> {
  if (who.userId === null || !CAMPAIGN_ID.test(campaignId)) return null;
  const [campaign, own] = await Promise.all([
    getCampaign(kv, campaignId),
    getResponseEntry(kv, campaignId, who.userId),
  ]);
  const choice = own.value?.pollResponse ?? null;
  if (!campaign || campaign.type !== "poll" || !appliesTo(campaign, who.teamIds) || choice === null) return null;
  const votes = [0, 0];
  let cursor = "";
  do {
    const page = await listResponses(kv, campaign.id, { cursor, limit: MAX_PAGE_SIZE });
    for (const r of page.values) if (r.pollResponse !== null) votes[r.pollResponse - 1]++;
    cursor = page.cursor;
  } while (cursor);
  return {
    campaignId: campaign.id,
    title: campaign.title,
    question: campaign.pollQuestion ?? "",
    options: [
      { label: campaign.pollOption1 ?? "", votes: votes[0] },
      { label: campaign.pollOption2 ?? "", votes: votes[1] },
    ],
    total: votes[0] + votes[1],
    choice,
  };
}

/** The admin page's list: each campaign with its status and results. */
export async function loadCampaignsPage(
  kv: Deno.Kv,
  teamId: string,
  now: Date,
  options: Omit<PageOptions, "reverse"> = {},
): Promise<Page<AdminCampaign & { results: CampaignResults }>> {
  const page = await listScopeCampaigns(kv, teamId, now, options);
  const values = await Promise.all(page.values.map(async (c) => ({ ...c, results: await resultsOf(kv, c, now) })));
  return { values, cursor: page.cursor };
}
