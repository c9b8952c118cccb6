/** 'Your GoalMates Hub' (/home): what the signed-in person can do, by their role in the selected team. */
export const hub = {
  title: "Your GoalMates Hub",
  welcome: "Welcome, {name}",
  welcomeTeam: "Welcome, {name} · {team}",
  yourAccount: "Your Account",
  signOut: "Sign out",
  switcher: {
    label: "Team",
    option: "{team} ({season})",
    submit: "Switch team",
  },
  admin: {
    claims: { title: "Pending Claims", label: "Waiting for review", action: "Review Claims" },
    roster: { title: "Roster Management", label: { one: "Player", other: "Players" }, action: "Manage Roster" },
    settings: { title: "Team Settings", label: "Name, claims, visibility", action: "Open Settings" },
    actions: {
      title: "Quick Actions",
      addPlayer: "Add Player",
      importCsv: "Import CSV",
      exportRoster: "Export Roster",
      pdf: "Generate PDF",
      dashboard: "Family Dashboard",
    },
  },
  member: {
    playerTitle: "Player Access",
    parentTitle: "Parent Access",
    playerText: "See your teammates on the public roster, and share posts and photos on your family dashboard.",
    parentText:
      "To connect to your child's player record, use the claim system on your team's public roster page: choose 'Claim or update this player' and a team admin will review it.",
    openDashboard: "Open Family Dashboard",
    viewRosters: "View Public Rosters",
  },
  sysadmin: {
    campaigns: {
      title: "Global Campaign Management",
      label: "Polls, questions, fun facts and news for every team",
      action: "Manage Campaigns",
    },
    teams: { title: "Teams Overview", label: { one: "Team", other: "Teams" }, action: "View Teams" },
    logs: { title: "System Logs", label: "Who did what, in every team", action: "View Logs" },
    outbox: { title: "Email Outbox", label: "Who the app mailed, and about what", action: "Open Outbox" },
  },
  none: {
    title: "No team yet",
    text: "You are not part of a team yet. Create one, or ask your team admin for an invite link.",
    create: "Create a Team",
  },
  community: {
    title: "Team Community Builder",
    text: "Bring the parents of your team together: one shared link, a roster parents can claim, and a feed.",
    connect: "Connect Your Team",
    seeHowItWorks: "See How It Works",
    devHint:
      "Development mode: sign in as the demo admin coach@example.com (password rockets-demo-2026), the parent parent@example.com or the player player@example.com; sign-in links appear at {link}.",
  },
};
