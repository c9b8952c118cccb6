/**
 * The join page's rules (SPEC.md section 5) with the English catalogue's words: what the server
 * checks and answers with. lib/ knows no request; the routes put these messages in the request's
 * language on the way out (lib/i18n/translate.ts). Server only: it reads the catalogue, so the
 * JoinFlow island runs the same checks (checks.ts) with its page's words instead.
 */
import { messagesFor } from "../i18n/catalog.ts";
import type { Checked } from "../validation.ts";
import {
  checkIdentityWith,
  checkJoinRequestWith,
  joinMessages,
  type JoinRequestInput,
  type PlayerIdentity,
} from "./checks.ts";

export const JOIN_MESSAGES = joinMessages("en", messagesFor("en").join.rules);

export {
  IDENTITY_FIELDS,
  JOIN_REQUEST_FIELDS,
  type JoinMode,
  type JoinRequestInput,
  type PlayerIdentity,
  type UserType,
} from "./checks.ts";
export type { Checked };

/** Step 1: who you are and which player (by jersey and last name, or by the child's surname). */
export const checkIdentity = (raw: Record<string, unknown>): Checked<PlayerIdentity> =>
  checkIdentityWith(raw, JOIN_MESSAGES);

/** Step 2: the requester's own details (confirmEmail is checked only when sent, as the form does). */
export const checkJoinRequest = (raw: Record<string, unknown>): Checked<JoinRequestInput> =>
  checkJoinRequestWith(raw, JOIN_MESSAGES);
