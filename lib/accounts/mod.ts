/** People beyond sign-in: the hub's data and co-parents (parent e-mails that become accounts). The public face of `lib/accounts/`. */
export { acceptParentInvites, addParentEmail, hasParentInvites, parseParentEmail, playerEmails } from "./co_parents.ts";
export { loadHubData } from "./hub.ts";
export {
  checkProfileName,
  MAX_PROFILE_NAME_LENGTH,
  PROFILE_MESSAGES,
  type ProfileName,
  saveProfileName,
  setOwnPassword,
  signOutEverywhere,
} from "./profile.ts";
