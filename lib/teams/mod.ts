/** A team as its admins manage it: settings, access and co-admins, deletion, the admin area's data. The public face of `lib/teams/`. */
export {
  ACCESS_MESSAGES,
  getAccessOverview,
  inviteCoAdmin,
  removeCoAdmin,
  setTeamAccessCredentials,
} from "./access.ts";
export { loadAccess, loadAdminFrame, loadClaims, loadDashboard, loadTeamNumbers } from "./admin_area.ts";
export { type TeamNumbers } from "./team_numbers.ts";
export { deleteTeam, parseDeleteConfirmation, resumeTeamDeletions } from "./deletion.ts";
export { getTeamOrThrow, parseSettingsPatch, settingsView, updateTeamSettings } from "./settings.ts";
