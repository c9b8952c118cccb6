/**
 * The claim messages lib/claims refuses or answers with: the English catalogue's (claims.rules),
 * the ones with a number or a list filled in English. The routes put them into the request's
 * language on the way out (lib/i18n/translate.ts). Server only: the dialog reads its texts from
 * its page (rules.ts keeps the browser's copy of what `checkClaim` writes).
 */
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { MAX_SURNAME_LENGTH } from "../child_surname.ts";
import { MAX_NOTE_LENGTH } from "./rules.ts";

const rules = messagesFor("en").claims.rules;

export const CLAIM_MESSAGES = {
  jersey: rules.jersey,
  email: rules.email,
  surname: rules.surname,
  surnameLength: format("en", rules.surnameLength, { max: String(MAX_SURNAME_LENGTH) }),
  mode: rules.mode,
  note: format("en", rules.note, { max: String(MAX_NOTE_LENGTH) }),
  body: rules.body,
  submitted: rules.submitted,
  closed: rules.closed,
  jerseyOnly: rules.jerseyOnly,
  duplicate: rules.duplicate,
  tooManyPending: (max: number) => format("en", rules.tooManyPending, { max: String(max) }),
  rateLimited: (minutes: number) => format("en", rules.rateLimited, { count: minutes }),
  noJersey: (n: number) => format("en", rules.noJersey, { number: String(n) }),
  domain: (domains: string[]) => format("en", rules.domain, { domains: domains.join(", ") }),
} as const;
