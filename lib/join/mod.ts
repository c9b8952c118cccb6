/** Invite links and the join requests they lead to. The public face of `lib/join/`. */
export {
  currentJoinLink,
  JOIN_CODE_PATTERN,
  type JoinLinkView,
  openJoinCode,
  peekJoinCode,
  regenerateJoinLink,
} from "./links.ts";
export { findPlayer, shortName, submitJoinRequest, verifyPlayer } from "./requests.ts";
export { checkIdentity, checkJoinRequest, JOIN_MESSAGES, type PlayerIdentity } from "./rules.ts";
