/**
 * Families: a team's households (SPEC.md section 3), Meet Your Soccer Family's data
 * (soccer_family.ts), and the `/api/public/teams/{id}…` and `/api/public/families/{familyId}/members`
 * answers (directory.ts); linking parents and players into families (linking.ts); a parent's
 * privacy controls for their child and the admin's decision on a removal request (removal_requests.ts).
 */
export type * from "./types.ts";
export { familyHref, NEW_MEMBER_DAYS } from "./rules.ts";
export { FAMILY_TEXTS } from "./texts.ts";
export { loadSoccerFamily, loadTeamFamilyView } from "./soccer_family.ts";
export {
  familyTeamId,
  getPublicTeam,
  listFamilyMembers,
  listTeamFamilies,
  listTeamParents,
  listTeamPlayers,
} from "./directory.ts";
export { backfillAllFamilies, backfillFamilies, linkParentToPlayer } from "./linking.ts";
export { stageFamilyLink } from "../db/families.ts";
export {
  approveRemovalRequest,
  countOpenRemovalRequests,
  denyRemovalRequest,
  guardianTeamOf,
  listOwnChildren,
  listRemovalRequestViews,
  type OwnChild,
  type ParentAct,
  type RemovalRequestAnswer,
  type RemovalRequestView,
  requestChildRemoval,
  setChildPrivacy,
} from "./removal_requests.ts";
export { CHILD_PRIVACY_FIELDS, type ChildPrivacy, childPrivacyPaths } from "./child_privacy.ts";
export { CHILD_NOTICES, CHILD_PRIVACY_TEXTS, type ChildNoticeCode } from "./child_privacy_rules.ts";
