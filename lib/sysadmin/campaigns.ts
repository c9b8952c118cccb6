/**
 * Global campaigns (teamId null): the system administrator's console and `/api/admin/campaigns`.
 * Every rule, message and audit entry is lib/campaigns' own; here they are scoped to "global",
 * so a team's campaign id under these calls is 404.
 */
import {
  type AdminCampaign,
  type Campaign,
  CAMPAIGN_MESSAGES,
  type CampaignResults,
  campaignResults,
  createCampaign,
  deleteCampaign,
  displayStatus,
  listScopeCampaigns,
  setCampaignActive,
} from "../campaigns/mod.ts";
import { getCampaign } from "../db/campaigns.ts";
import type { Page, PageOptions } from "../db/kv.ts";
import { ValidationError } from "../errors.ts";

/** How many global campaigns the console lists at once (split into its active and inactive tables). */
export const CONSOLE_CAMPAIGNS_PAGE_SIZE = 25;

export const GLOBAL_TEAM_ID_MESSAGE = "A global campaign has no team: leave teamId out or send null.";

const withStatus = (campaign: Campaign, now: Date): AdminCampaign => ({
  ...campaign,
  status: displayStatus(campaign, now),
});

/** A global campaign with its display status, or null (none, or a team's). */
export async function getGlobalCampaign(kv: Deno.Kv, campaignId: string, now: Date): Promise<AdminCampaign | null> {
  const campaign = await getCampaign(kv, campaignId);
  return campaign && campaign.teamId === null ? withStatus(campaign, now) : null;
}

/** One page of the global campaigns, newest first, each with its display status at `now`. */
export async function listGlobalCampaignsPage(
  kv: Deno.Kv,
  now: Date,
  options: Omit<PageOptions, "reverse"> = {},
): Promise<Page<AdminCampaign>> {
  return await listScopeCampaigns(kv, null, now, options);
}

/**
 * A new global campaign from the create call's body (SPEC.md section 5's rules, section 9's
 * defaults; the other types' fields dropped), with its audit entry by `actor`.
 */
export async function createGlobalCampaign(
  kv: Deno.Kv,
  body: unknown,
  actor: string,
  now: Date,
): Promise<AdminCampaign> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ValidationError(CAMPAIGN_MESSAGES.body);
  }
  const { teamId, ...fields } = body as Record<string, unknown>;
  if (teamId !== undefined && teamId !== null) {
    throw new ValidationError(GLOBAL_TEAM_ID_MESSAGE, { teamId: GLOBAL_TEAM_ID_MESSAGE });
  }
  return withStatus(await createCampaign(kv, { ...fields, teamId: null }, now, actor), now);
}

/** Activates or deactivates a global campaign (404 for a team's or none). */
export async function setGlobalCampaignActive(
  kv: Deno.Kv,
  campaignId: string,
  isActive: boolean,
  actor: string,
  now: Date,
): Promise<AdminCampaign> {
  return withStatus(await setCampaignActive(kv, null, campaignId, isActive, actor, now), now);
}

/** Deletes a global campaign and every response to it (404 for a team's or none). */
export async function deleteGlobalCampaign(kv: Deno.Kv, campaignId: string, actor: string, now: Date): Promise<void> {
  await deleteCampaign(kv, null, campaignId, actor, now);
}

/** A global campaign's response counts and poll tallies (404 for a team's or none). */
export async function globalCampaignResults(kv: Deno.Kv, campaignId: string, now: Date): Promise<CampaignResults> {
  return await campaignResults(kv, null, campaignId, now);
}
