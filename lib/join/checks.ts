/**
 * The join page's checks (SPEC.md section 5), written once for the server and the JoinFlow
 * island, with the words of whichever language they are given: the server's are the English
 * catalogue's (rules.ts), the island's come with its props in the page's language. It reads no
 * catalogue itself, so it stays small and safe in the browser.
 */
import type { join } from "../i18n/en/join.ts";
import { format } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { cleanText, foldName, isValidEmail, normalizeEmail, parseJersey } from "../text.ts";
import type { Checked } from "../validation.ts";
import { checkChildSurname, CHILD_SURNAME_MESSAGES, MAX_SURNAME_LENGTH } from "../child_surname.ts";

/** The catalogue's join rules (`join.rules`), in any language. */
export type JoinRuleTexts = typeof join.rules;

export const MAX_NAME = 50;

/** What the checks and the join calls say, with their numbers and addresses filled in. */
export function joinMessages(lang: Language, texts: JoinRuleTexts) {
  const max = String(MAX_NAME);
  return {
    userType: texts.userType,
    jersey: texts.jersey,
    jerseyRange: texts.jerseyRange,
    lastName: texts.lastName,
    firstName: texts.firstName,
    firstNameTooLong: format(lang, texts.firstNameTooLong, { max }),
    lastNameTooLong: format(lang, texts.lastNameTooLong, { max }),
    email: texts.email,
    emailsDiffer: texts.emailsDiffer,
    childSurname: texts.childSurname,
    childSurnameTooLong: format(lang, texts.childSurnameTooLong, { max: String(MAX_SURNAME_LENGTH) }),
    mode: texts.mode,
    playerNotFound: texts.playerNotFound,
    submitted: (email: string) => format(lang, texts.submitted, { email }),
    linkExpired: texts.linkExpired,
    duplicate: texts.duplicate,
    adminWillCheck: texts.adminWillCheck,
    tooManyPending: (max: number) => format(lang, texts.tooManyPending, { max: String(max) }),
    domain: (domains: string[]) => format(lang, texts.domain, { domains: domains.join(", ") }),
    // The minutes go in as written ("1440 minutes"), never grouped.
    rateLimited: (minutes: number) => format(lang, texts.rateLimited, { count: String(minutes) }),
  } as const;
}

export type JoinMessages = ReturnType<typeof joinMessages>;

export type UserType = "player" | "parent";
/** By jersey number and last name, or ("I don't know the jersey number") by the child's surname alone. */
export type JoinMode = "jersey" | "surname";

export interface PlayerIdentity {
  userType: UserType;
  mode: JoinMode;
  /** Null when the jersey number is not known (mode surname). */
  jerseyNumber: number | null;
  /** The player's last name as typed (by surname: the child's surname, checked as claims check it). */
  lastName: string;
}

export interface JoinRequestInput {
  userType: UserType;
  mode: JoinMode;
  jerseyNumber: number | null;
  playerLastName: string;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The fields each call accepts; any other is refused ('Unknown field: x'). By surname (`mode:
 * "surname"`) the child's surname comes as `childSurname`, as in a claim, and no jersey is read.
 */
export const IDENTITY_FIELDS = ["userType", "mode", "jerseyNumber", "lastName", "childSurname"] as const;
export const JOIN_REQUEST_FIELDS = [
  "userType",
  "mode",
  "childSurname",
  "jerseyNumber",
  "playerLastName",
  "firstName",
  "lastName",
  "email",
  "confirmEmail",
] as const;

/** Bounded before normalising (so a huge value is not normalised at all), then checked normalised. */
const text = (value: unknown) =>
  typeof value === "string" ? (value.length > MAX_NAME * 4 ? value : cleanText(value)) : "";
/** Too long as typed, or once folded for matching (compatibility characters such as U+FDFA grow). */
const tooLong = (name: string) => name.length > MAX_NAME || foldName(name).length > MAX_NAME * 2;
const blank = (value: unknown) => value === undefined || value === null || text(String(value)) === "";

function result<T>(fields: Record<string, string>, value: () => T): Checked<T> {
  const first = Object.values(fields)[0];
  return first ? { ok: false, message: first, fields } : { ok: true, value: value() };
}

/** The way the player is named; absent means by jersey number, as before the surname choice existed. */
function modeOf(raw: Record<string, unknown>): JoinMode | null {
  if (raw.mode === undefined || raw.mode === null || raw.mode === "" || raw.mode === "jersey") return "jersey";
  return raw.mode === "surname" ? "surname" : null;
}

/** Step 1: who you are and which player (by jersey and last name, or by the child's surname). */
export function checkIdentityWith(raw: Record<string, unknown>, M: JoinMessages): Checked<PlayerIdentity> {
  const fields: Record<string, string> = {};
  const mode = modeOf(raw);
  if (mode === null) fields.mode = M.mode;
  if (raw.userType !== "player" && raw.userType !== "parent") fields.userType = M.userType;
  if (mode === "surname") {
    // The roster claim's rule: the same surname is refused or kept alike on both.
    const surname = checkChildSurname(raw.childSurname);
    if (!surname.ok) {
      fields.childSurname = surname.message === CHILD_SURNAME_MESSAGES.required
        ? M.childSurname
        : M.childSurnameTooLong;
    }
    return result(fields, () => ({
      userType: raw.userType as UserType,
      mode: "surname",
      jerseyNumber: null,
      lastName: (surname as { value: string }).value,
    }));
  }
  const parsed = parseJersey(raw.jerseyNumber);
  const jerseyNumber = parsed ?? 0;
  if (blank(raw.jerseyNumber)) fields.jerseyNumber = M.jersey;
  else if (parsed === null || parsed > 99) fields.jerseyNumber = M.jerseyRange;
  const lastName = text(raw.lastName ?? raw.playerLastName);
  if (!lastName) fields.lastName = M.lastName;
  else if (tooLong(lastName)) fields.lastName = M.lastNameTooLong;
  return result(fields, () => ({ userType: raw.userType as UserType, mode: "jersey", jerseyNumber, lastName }));
}

/** Step 2: the requester's own details (confirmEmail is checked only when sent, as the form does). */
export function checkJoinRequestWith(raw: Record<string, unknown>, M: JoinMessages): Checked<JoinRequestInput> {
  const identity = checkIdentityWith({ ...raw, lastName: raw.playerLastName }, M);
  const fields: Record<string, string> = identity.ok ? {} : { ...identity.fields };
  if (fields.lastName) {
    fields.playerLastName = fields.lastName;
    delete fields.lastName;
  }
  const firstName = text(raw.firstName);
  const lastName = text(raw.lastName);
  if (!firstName) fields.firstName = M.firstName;
  else if (tooLong(firstName)) fields.firstName = M.firstNameTooLong;
  if (!lastName) fields.lastName = M.lastName;
  else if (tooLong(lastName)) fields.lastName = M.lastNameTooLong;
  if (!isValidEmail(raw.email)) fields.email = M.email;
  if (raw.confirmEmail !== undefined) {
    if (!isValidEmail(raw.confirmEmail)) fields.confirmEmail = M.email;
    else if (isValidEmail(raw.email) && normalizeEmail(raw.confirmEmail) !== normalizeEmail(raw.email)) {
      fields.confirmEmail = M.emailsDiffer;
    }
  }
  return result(fields, () => {
    const who = (identity as { ok: true; value: PlayerIdentity }).value;
    return {
      userType: who.userType,
      mode: who.mode,
      jerseyNumber: who.jerseyNumber,
      playerLastName: who.lastName,
      firstName,
      lastName,
      email: normalizeEmail(raw.email as string),
    };
  });
}
