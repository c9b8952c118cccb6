/** People beyond sign-in: the hub's data and co-parents (parent e-mails that become accounts). The public face of `lib/accounts/`. */
export { addParentEmail, parseParentEmail, playerEmails } from "./co_parents.ts";
export { loadHubData } from "./hub.ts";
export {
  checkParentProfile,
  checkProfileName,
  isValidPhone,
  loadOwnProfile,
  MAX_PROFILE_NAME_LENGTH,
  PARENT_PROFILE_FIELDS,
  type ParentProfile,
  parentProfileOf,
  PROFILE_MESSAGES,
  type ProfileName,
  type SavedProfile,
  saveParentProfile,
  saveProfileName,
  setOwnPassword,
  signOutEverywhere,
} from "./profile.ts";
export {
  type AccountContext,
  confirmEmailChange,
  EMAIL_CHANGE_LIMIT,
  EMAIL_CHANGE_MESSAGES,
  EMAIL_CHANGE_TTL_MS,
  type EmailChangeOutcome,
  peekEmailChange,
} from "./email_change.ts";
export { type AccountExport, exportAccount } from "./export.ts";
export { setAccountLanguage } from "./language.ts";
export {
  loadPrivacyPage,
  PRIVACY_MESSAGES,
  type PrivacyChild,
  type PrivacyPageData,
  type PrivacyTeam,
} from "./privacy.ts";
export {
  type AccountDeletionContext,
  DELETE_ACCOUNT_MESSAGES,
  deleteAccount,
  parseAccountDeleteConfirmation,
  resumeAccountDeletions,
  startAccountDeletion,
} from "./deletion.ts";
