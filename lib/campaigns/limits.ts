/**
 * The campaigns' numbers and choices (SPEC.md sections 5 and 9): types, snooze days, delays and
 * lengths. Dependency-free and apart from the checks in campaign_rules.ts, so the dashboard's
 * CampaignCards island loads only these.
 */
import type { CampaignType } from "../db/campaigns.ts";

export const CAMPAIGN_TYPES = ["poll", "question", "fun_fact", "newsflash"] as const satisfies readonly CampaignType[];
/** A team admin runs polls and questions; fun facts and newsflashes are the system administrator's. */
export const TEAM_CAMPAIGN_TYPES = ["poll", "question"] as const satisfies readonly CampaignType[];

/** SPEC.md section 9: snooze choices, the default, and what the dashboard's card sends. */
export const SNOOZE_CHOICES = [1, 3, 7, 14] as const;
export const DEFAULT_SNOOZE_DAYS = 3;
export const DASHBOARD_SNOOZE_DAYS = 1;
/** SPEC.md section 9: poll submit delay, slide refresh, and how long the client keeps the list. */
export const POLL_SUBMIT_DELAY_MS = 1500;
export const SLIDE_REFRESH_MS = 500;
export const CAMPAIGN_LIST_CACHE_MS = 60_000;

export const MAX_TITLE_LENGTH = 120;
export const MAX_CAMPAIGN_TEXT_LENGTH = 1000;
export const MAX_OPTION_LENGTH = 120;
export const MAX_ANSWER_LENGTH = 500;
/** A team keeps at most this many campaigns (old ones are deleted to make room). */
export const MAX_TEAM_CAMPAIGNS = 100;
