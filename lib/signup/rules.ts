/**
 * The signup wizard's rules (SPEC.md section 5) with the English catalogue's words: what the
 * server checks and answers with. lib/ knows no request; the routes put these messages in the
 * request's language on the way out (lib/i18n/translate.ts). Server only: it reads the
 * catalogue, so the SignupWizard island runs the same checks (checks.ts) with its page's words.
 */
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import {
  checkSignupStepWith,
  checkSignupWith,
  type FormStep,
  type SignupCheck,
  type SignupProblem,
  signupRules,
} from "./checks.ts";

export {
  AGE_GROUPS,
  CHILD_ON_TEAM_CHOICES,
  type FormStep,
  MAX_NAME_LENGTH,
  MAX_TEAM_NAME_LENGTH,
  readHasChildOnTeam,
  SIGNUP_FIELDS,
  SIGNUP_STEPS,
  type SignupCheck,
  type SignupPayload,
  type SignupProblem,
  type SignupStep,
  TEAM_TYPES,
  type TeamType,
} from "./checks.ts";

const english = messagesFor("en").signup;

/** The checks' messages in English. */
export const SIGNUP_RULES = signupRules("en", english.rules);

/** Checks one step's fields as typed (strings from inputs, or JSON values). */
export const checkSignupStep = (step: FormStep, values: Record<string, unknown>): SignupProblem | null =>
  checkSignupStepWith(step, values, SIGNUP_RULES);

/** Checks a whole signup payload, step by step, and returns it normalised. */
export const checkSignup = (values: Record<string, unknown>): SignupCheck => checkSignupWith(values, SIGNUP_RULES);

/** The season a team created on `date` plays: Fall (Aug–Dec), Spring (Jan–May) or Summer. */
export function seasonFor(date: Date): string {
  const month = date.getUTCMonth() + 1;
  const name = month >= 8 ? "Fall" : month <= 5 ? "Spring" : "Summer";
  return `${name} ${date.getUTCFullYear()}`;
}

const messages = english.messages;
const pageMessages = messagesFor("en").signupPages.messages;

export const SIGNUP_MESSAGES = {
  verificationFailed: pageMessages.verificationFailed,
  invalidLink: pageMessages.invalidLink,
  alreadyVerified: pageMessages.alreadyVerified,
  emailSent: messages.emailSent,
  emailResent: messages.emailResent,
  emailVerified: pageMessages.emailVerified,
  teamCreated: pageMessages.teamCreated,
  sentTo: (email: string) => format("en", messages.sentTo, { email }),
  resent: messages.resent,
  // The minutes go in as written ("1440 minutes"), never grouped.
  rateLimited: (minutes: number) => format("en", messages.rateLimited, { count: String(minutes) }),
  notAnObject: messages.notAnObject,
} as const;
