/**
 * The admin area's links. One implementation answers under two prefixes (DECISIONS.md):
 * `/admin/{teamId}/…` and `/teams/{teamId}/…`; links stay under the prefix the request used.
 * The Access page exists only under /admin.
 */
export type AdminPrefix = "admin" | "teams";

export type AdminSection = "dashboard" | "claims" | "roster" | "campaigns" | "access" | "settings";

export interface AdminPaths {
  dashboard: string;
  claims: string;
  roster: string;
  /** The team's campaigns; `campaign(id)` is where one campaign's forms post (add `/status` or `/delete`). */
  campaigns: string;
  campaign(campaignId: string): string;
  access: string;
  /** False for a team's shared login, which may not manage access (the link would lead to a 403). */
  showAccess: boolean;
  settings: string;
  /** Where the no-JavaScript approve/deny forms of one claim post (add `/approve` or `/deny`). */
  claim(claimId: string): string;
  familyDashboard: string;
  /** The CSV download of Export Claims. */
  claimsExport: string;
}

export function adminPaths(teamId: string, prefix: AdminPrefix, options: { sharedLogin?: boolean } = {}): AdminPaths {
  const id = encodeURIComponent(teamId);
  const base = `/${prefix}/${id}`;
  return {
    dashboard: base,
    claims: `${base}/claims`,
    roster: `${base}/roster`,
    campaigns: `${base}/campaigns`,
    campaign: (campaignId) => `${base}/campaigns/${encodeURIComponent(campaignId)}`,
    access: `/admin/${id}/access`,
    showAccess: !options.sharedLogin,
    settings: `${base}/settings`,
    claim: (claimId) => `${base}/claims/${encodeURIComponent(claimId)}`,
    familyDashboard: `/family-dashboard/${id}`,
    claimsExport: `/api/admin/${id}/claims/export`,
  };
}

/** The public roster a parent opens; 'Back to Roster' and Share Roster lead here. */
export const publicRosterPath = (slug: string) => `/t/${encodeURIComponent(slug)}/roster`;
