/** A team as its admins manage it: settings, access and co-admins, deletion, the admin area's data. The public face of `lib/teams/`. */
export {
  ACCESS_MESSAGES,
  getAccessOverview,
  inviteCoAdmin,
  removeCoAdmin,
  setTeamAccessCredentials,
} from "./access.ts";
export {
  leaveTeam,
  MEMBERSHIP_MESSAGES,
  type MembershipRemoval,
  type RemovedMembership,
  removeMembership,
  removeTeamMember,
} from "./membership_removal.ts";
export { listRemovableMembers, MEMBERS_PAGE_SIZE, type MemberView } from "./member_list.ts";
export { loadAccess, loadAdminFrame, loadClaims, loadDashboard, loadTeamNumbers } from "./admin_area.ts";
export { type TeamNumbers } from "./team_numbers.ts";
export { deleteTeam, parseDeleteConfirmation, resumeTeamDeletions } from "./deletion.ts";
export { getTeamOrThrow, parseSettingsPatch, settingsView, updateTeamSettings } from "./settings.ts";
