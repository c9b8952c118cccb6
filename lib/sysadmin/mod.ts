/**
 * The system administrator's console: global campaigns, the teams overview, analytics and the
 * audit log across every team.
 */
// Global campaigns and the console's numbers
export {
  CONSOLE_CAMPAIGNS_PAGE_SIZE,
  createGlobalCampaign,
  deleteGlobalCampaign,
  getGlobalCampaign,
  GLOBAL_TEAM_ID_MESSAGE,
  globalCampaignResults,
  listGlobalCampaignsPage,
  setGlobalCampaignActive,
} from "./campaigns.ts";
export { loadConsoleStats } from "./console.ts";
export type { ConsoleStats } from "./console.ts";
// Teams overview and analytics
export { isActiveWithin, loadTeamsOverview, MAX_TEAMS_PAGE, searchPrefix } from "./teams_overview.ts";
export type { TeamsOverviewOptions } from "./teams_overview.ts";
export { countActiveTeams, loadAnalytics } from "./analytics.ts";
export type { AnalyticsOptions } from "./analytics.ts";
export type { Analytics, CampaignAnalytics, PollTally, TeamsOverview, TeamSummary } from "./types.ts";
export { ACTIVE_WINDOW_DAYS, ANALYTICS_PAGE_SIZE, RECENT_WINDOW_DAYS, TEAMS_PAGE_SIZE } from "./types.ts";
// /admin, the audit log's filters and Dev Tools
export { type AuditQuery, listAuditLog, loadActivity } from "./activity.ts";
export {
  kvKind,
  loadAdminStats,
  loadAdminTeams,
  mailTransport,
  regenerateTeamInviteLink,
  systemFacts,
} from "./admin_home.ts";
export { DEMO_TEAM_SLUG, DEV_TOOLS_MESSAGES, type DevSignIn, devSignIn, devSyncCalendars } from "./dev_tools.ts";
export { ADMIN_HOME_TABS, AUDIT_ACTIONS, AUDIT_PAGE_SIZE } from "./admin_home_types.ts";
export type { AdminHomeData, AdminHomeTab, AuditEntry } from "./admin_home_types.ts";
