/** Invite links and the join requests they lead to. The public face of `lib/join/`. */
export {
  currentJoinLink,
  describeTimeLeft,
  JOIN_CODE_PATTERN,
  type JoinLinkView,
  peekJoinCode,
  peekJoinLink,
  regenerateJoinLink,
  teamForJoinKey,
  teamOfDeadJoinCode,
} from "./links.ts";
export { askForNewJoinLink, checkLinkAsk, LINK_ASK_MESSAGES, type LinkAsk } from "./link_asks.ts";
export { indexPendingRequests } from "./pending_notice.ts";
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
  type JoinMode,
  type PlayerIdentity,
} from "./rules.ts";
