/** Claims from the public roster: the rules, submitting one, the admin's review and decisions. The public face of `lib/claims/`. */
export { approveClaim, DECISION_MESSAGES, denyClaim, type EditGrant } from "./decisions.ts";
export {
  type ClaimCounts,
  claimsOverview,
  type ClaimView,
  claimView,
  countClaims,
  exportClaimsCsv,
  listClaimViews,
} from "./review.ts";
export { checkClaim } from "./rules.ts";
export { CLAIM_MESSAGES } from "./messages.ts";
export { acceptClaim, parseClaimInput } from "./submit.ts";
export {
  type DigestItem,
  type DigestJobOutcome,
  dueRequestDigestJobs,
  isRequestDigestJob,
  type RequestDigestJob,
  runRequestDigestJob,
  tellTeamAdmins,
} from "./admin_digest.ts";
