/**
 * What the system administrator's Teams and Analytics tabs show (the loaders in
 * lib/sysadmin/teams_overview.ts and lib/sysadmin/analytics.ts build them; the tab components
 * get them as props). Pure types and constants: components may import this file.
 */
import type { CampaignStatus, CampaignType } from "../campaigns/mod.ts";

/** A team counts as active when a member signed in or someone posted within this long. */
export const ACTIVE_WINDOW_DAYS = 30;
/** The shorter window Analytics also counts. */
export const RECENT_WINDOW_DAYS = 7;
/** Team cards a page of the Teams tab (and `GET /api/admin/teams` by default) shows. */
export const TEAMS_PAGE_SIZE = 24;
/** Campaigns a page of Analytics shows. */
export const ANALYTICS_PAGE_SIZE = 20;

/** One team's card in the Teams tab and one value of `GET /api/admin/teams`. */
export interface TeamSummary {
  id: string;
  name: string;
  slug: string;
  season: string;
  ageGroup: string;
  orgName: string;
  playerCount: number;
  /** Distinct parents (guardian accounts) linked to the team's players. */
  parentCount: number;
  /** A sign-in of a member or a post within the last 30 days (`ACTIVE_WINDOW_DAYS`). */
  isActive: boolean;
  /** The latest recorded sign-in or post (recorded at most once an hour), or null when none is known. */
  lastActiveAt: string | null;
  createdAt: string;
}

/**
 * One page of the Teams tab: teams in slug (alphabetical) order, those whose slug starts with
 * the search's slug when there is one. `cursor` continues the same search ("" on the last page).
 */
export interface TeamsOverview {
  values: TeamSummary[];
  cursor: string;
  /** The slug prefix searched for ("" when listing every team). */
  prefix: string;
  /** Whether this is the first page (no cursor was given): the tab offers 'First page' otherwise. */
  isFirstPage: boolean;
}

/** A poll's votes per option, in the option order. */
export interface PollTally {
  question: string;
  options: { label: string; votes: number }[];
}

/** One campaign's line in Analytics: its responses and, for a poll, its tally. */
export interface CampaignAnalytics {
  id: string;
  title: string;
  type: CampaignType;
  /** Null for a global campaign. */
  teamId: string | null;
  /** "Global", or the team's name (the team id when the team is gone). */
  scope: string;
  status: CampaignStatus;
  createdAt: string;
  /** People who voted or answered. */
  answered: number;
  dismissed: number;
  /** People whose snooze has not ended yet (and who have not answered). */
  snoozed: number;
  /** Null unless the campaign is a poll. */
  poll: PollTally | null;
}

/** The Analytics tab: teams active lately and a page of campaigns (global and teams'), newest first. */
export interface Analytics {
  /** The clock the numbers were computed at (ISO). */
  generatedAt: string;
  totalTeams: number;
  /** Teams with a sign-in or a post within the last 7 days. */
  activeLast7Days: number;
  /** Teams with a sign-in or a post within the last 30 days. */
  activeLast30Days: number;
  /**
   * A page of campaigns, newest first (`ANALYTICS_PAGE_SIZE`); `cursor` is the next page's
   * (`loadAnalytics(kv, now, { cursor })`, the page's `?tab=analytics&cursor=`), "" on the last.
   */
  campaigns: { values: CampaignAnalytics[]; cursor: string; isFirstPage: boolean };
}
