/** Invite links and the join requests they lead to. The public face of `lib/join/`. */
export {
  currentJoinLink,
  JOIN_CODE_PATTERN,
  type JoinLinkView,
  openJoinCode,
  peekJoinCode,
  peekJoinLink,
  regenerateJoinLink,
  teamForJoinKey,
} from "./links.ts";
export {
  findPlayer,
  type JoinAccess,
  shortName,
  submitJoinRequest,
  type Verification,
  verifyPlayer,
} from "./requests.ts";
export {
  checkIdentity,
  checkJoinRequest,
  IDENTITY_FIELDS,
  JOIN_MESSAGES,
  JOIN_REQUEST_FIELDS,
  type PlayerIdentity,
} from "./rules.ts";
