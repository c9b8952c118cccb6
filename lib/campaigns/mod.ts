/**
 * Campaigns: what a person of a team sees on the family dashboard and how they answer, snooze
 * or dismiss it (responses.ts); a team admin's team-scoped polls and questions, and global
 * campaigns (teamId null) through the same calls for the system administrator's console
 * (manage.ts); what the answers add up to (results.ts).
 */
export type { Campaign, CampaignResponse, CampaignType } from "../db/campaigns.ts";
export type { CampaignFields } from "./rules.ts";
export type { CampaignStatus } from "./display.ts";
export type { PollResults } from "./poll_results.ts";
export { CAMPAIGN_MESSAGES, CAMPAIGN_TEXTS, CAMPAIGN_TYPE_LABELS } from "./texts.ts";
export { CAMPAIGN_FIELDS, TEAM_CAMPAIGN_TYPES } from "./rules.ts";
export { CAMPAIGN_NOTICE_KINDS, displayStatus, localToIso } from "./display.ts";
export {
  type ActiveCampaign,
  listActiveCampaigns,
  type Responder,
  respondToCampaign,
  SNOOZE_FIELDS,
  snoozeCampaign,
} from "./responses.ts";
export {
  type AdminCampaign,
  type CampaignInput,
  createCampaign,
  createTeamCampaign,
  deleteCampaign,
  listScopeCampaigns,
  parseActivePatch,
  setCampaignActive,
} from "./manage.ts";
export {
  type CampaignResults,
  campaignResults,
  loadCampaignsPage,
  loadPollResults,
  MAX_LISTED_ANSWERS,
} from "./results.ts";
