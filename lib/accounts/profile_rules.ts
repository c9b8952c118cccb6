/**
 * A person's own profile on the server: the rules of profile_check.ts with the English
 * catalogue's messages (lib/ speaks English; the routes translate on the way out), and the
 * account's notices and refusals as PROFILE_MESSAGES. The island uses profile_check.ts itself.
 */
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import type { Checked } from "../validation.ts";
import {
  checkProfileWith,
  MAX_ABOUT_LENGTH,
  type ParentProfileInput,
  profileNameProblems,
  type ProfileWords,
} from "./profile_check.ts";

export {
  isValidPhone,
  MAX_ABOUT_ITEMS,
  MAX_ABOUT_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_PROFILE_NAME_LENGTH,
  PARENT_PROFILE_FIELDS,
  type ParentProfile,
  type ParentProfileInput,
} from "./profile_check.ts";

const RULES = messagesFor("en").accountSettings.rules;
const ACCOUNT = messagesFor("en").account.messages;
const ENGLISH: ProfileWords = { texts: RULES, lang: "en" };

export const PROFILE_MESSAGES = {
  firstName: RULES.firstName,
  lastName: RULES.lastName,
  email: RULES.email,
  phone: RULES.phone,
  occupation: format("en", RULES.occupation, { max: String(MAX_ABOUT_LENGTH) }),
  body: RULES.body,
  unknownField: (name: string) => format("en", RULES.unknownField, { name: name.slice(0, 100) }),
  nameSaved: ACCOUNT.nameSaved,
  profileSaved: ACCOUNT.profileSaved,
  emailChangeSent: (email: string) => format("en", ACCOUNT.emailChangeSent, { email }),
  tooManyEmailChanges: (minutes: number) => format("en", ACCOUNT.tooManyEmailChanges, { count: minutes }),
  confirmPassword: ACCOUNT.confirmPassword,
  passwordSet: ACCOUNT.passwordSet,
} as const;

/** First and last name: each required, at most 50 characters. Field → message for each that is wrong. */
export const nameProblems = (firstName: string, lastName: string): Record<string, string> =>
  profileNameProblems(ENGLISH, firstName, lastName);

/** Checks the profile form: the cleaned values, or the first message and each field's. */
export const checkParentProfile = (body: unknown): Checked<ParentProfileInput> => checkProfileWith(ENGLISH, body);
