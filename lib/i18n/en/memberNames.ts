/** How a person without a name of their own is named to the team (lib/names/display_name.ts). */
export const memberNames = {
  parentOf: "{child}'s parent",
  teamAdmin: "Team admin",
  member: "A team member",
  /** A system administrator reading a team's family space (their label in its header). */
  sysadmin: "System administrator",
};
