/**
 * The team admin's area on the server: its frame (side navigation, header), the dashboard (its
 * hydrated cards are adminCards'), the pages `/teams/{teamId}` shows to someone who is not its
 * admin, and the page titles and notices routes/pages/team_admin/render.tsx writes.
 */
export const admin = {
  titles: {
    dashboard: "{team} Dashboard",
    claims: "Claims · {team}",
    access: "Access · {team}",
    teamLogin: "Team Login · {team}",
    invalidTeam: "Invalid Team",
    dashboardMoved: "Dashboard Moved",
  },
  nav: {
    label: "Team admin",
    dashboard: "Dashboard",
    claims: "Claims",
    /** After the Claims link's count, for a screen reader. */
    pending: "pending",
    roster: "Roster",
    campaigns: "Campaigns",
    access: "Access",
    settings: "Settings",
    backToRoster: "Back to Roster",
    account: "Your Account",
    signOut: "Sign out",
    familyDashboard: "Family Dashboard",
  },
  dashboard: {
    numbersLabel: "Team numbers",
    quickActions: "Quick Actions",
    addPlayer: "Add Player",
    shareRoster: "Share Roster",
    /** The share sheet's title. */
    shareTitle: "{team} roster",
    rosterCopied: "Roster Link Copied!",
  },
  /** `/teams/{teamId}` for someone who is not (yet) an admin of the team. */
  door: {
    loginLead: "Sign in to manage {team}.",
    ownEmail: "Sign in with your own email instead",
    movedText: "The team dashboard is for team admins. Your team's page is now the Family Dashboard.",
    systemAdmin: "System Admin",
    viewRoster: "View Team Roster",
    invalidText: "We could not find this team. Check the link, or sign in to see your teams.",
  },
  /** The Access page's notices after a form without JavaScript (the others are lib/teams' messages). */
  accessNotices: {
    invited: "Invitation sent: they are now an admin of this team and got a sign-in link.",
    regenerated: "New invite link generated. The old link no longer works.",
  },
};
