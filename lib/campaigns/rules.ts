/**
 * The campaigns' rules with their messages in English, for the server (lib/, routes, tests):
 * the rules themselves are campaign_rules.ts, which the system administrator's
 * GlobalCampaignForm island shares; the messages are the English catalogue's, put into the
 * request's language by the routes.
 */
import type { Campaign, CampaignType } from "../db/campaigns.ts";
import type { Checked } from "../validation.ts";
import { type CampaignFields, checkCampaignWith, checkResponseWith, type ResponseAction } from "./campaign_rules.ts";
import { CAMPAIGN_MESSAGES } from "./texts.ts";
import { CAMPAIGN_TYPES } from "./limits.ts";

export * from "./campaign_rules.ts";
// The numbers live in limits.ts so that the dashboard's island loads them without the checks;
// the server's modules keep finding them here.
export * from "./limits.ts";

/** campaign_rules.ts's campaign check with the English messages. */
export const checkCampaign = (
  body: unknown,
  types: readonly CampaignType[] = CAMPAIGN_TYPES,
): Checked<CampaignFields> => checkCampaignWith(CAMPAIGN_MESSAGES, body, types);

/** campaign_rules.ts's response check with the English messages. */
export const checkResponse = (
  campaign: Pick<Campaign, "type">,
  body: Record<string, unknown>,
): Checked<ResponseAction> => checkResponseWith(CAMPAIGN_MESSAGES, campaign, body);
