/**
 * The join page's rules (SPEC.md section 5), dependency-free so the join island and the
 * server use the same checks and words.
 */
import { cleanText, foldName, isValidEmail, normalizeEmail, parseJersey } from "../text.ts";
import type { Checked } from "../validation.ts";
import { checkChildSurname, CHILD_SURNAME_MESSAGES } from "../child_surname.ts";

export const JOIN_MESSAGES = {
  userType: "Please select if you are a player or parent",
  jersey: "Jersey number is required",
  jerseyRange: "Jersey number must be between 0 and 99",
  lastName: "Last name is required",
  firstName: "First name is required",
  email: "Please enter a valid email",
  emailsDiffer: "Emails don't match",
  playerNotFound: "We couldn't find a player with that jersey number and last name.",
  /** What happens next, said plainly: nothing to sign in to until the admin approves. */
  submitted: (email: string) => `We'll e-mail you at ${email} when the team admin approves your request.`,
  /** A page opened on an invite link that has since expired or been replaced. */
  linkExpired: "This invite link has expired",
  duplicate: "You already have a pending join request for this player.",
  /** Opened by slug, not by invite code: nothing is said about whether the player is on the roster. */
  adminWillCheck: "A team admin will check this player against the roster when they review your request.",
  tooManyPending: (max: number) =>
    `You already have ${max} requests waiting for the team admin's review. Please wait until they are reviewed.`,
  domain: (domains: string[]) => `Please use an email address at ${domains.join(", ")} to join this team.`,
  tooLong: (label: string) => `${label} must be at most 50 characters`,
  rateLimited: (minutes: number) =>
    `Too many attempts from here. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
} as const;

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

export type { Checked };

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

const MAX_NAME = 50;
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
export function checkIdentity(raw: Record<string, unknown>): Checked<PlayerIdentity> {
  const fields: Record<string, string> = {};
  const mode = modeOf(raw);
  if (mode === null) fields.mode = CHILD_SURNAME_MESSAGES.mode;
  if (raw.userType !== "player" && raw.userType !== "parent") fields.userType = JOIN_MESSAGES.userType;
  if (mode === "surname") {
    // The roster claim's rule and words: the same surname is refused or kept alike on both.
    const surname = checkChildSurname(raw.childSurname);
    if (!surname.ok) fields.childSurname = surname.message;
    return result(fields, () => ({
      userType: raw.userType as UserType,
      mode: "surname",
      jerseyNumber: null,
      lastName: (surname as { value: string }).value,
    }));
  }
  const parsed = parseJersey(raw.jerseyNumber);
  const jerseyNumber = parsed ?? 0;
  if (blank(raw.jerseyNumber)) fields.jerseyNumber = JOIN_MESSAGES.jersey;
  else if (parsed === null || parsed > 99) fields.jerseyNumber = JOIN_MESSAGES.jerseyRange;
  const lastName = text(raw.lastName ?? raw.playerLastName);
  if (!lastName) fields.lastName = JOIN_MESSAGES.lastName;
  else if (tooLong(lastName)) fields.lastName = JOIN_MESSAGES.tooLong("Last name");
  return result(fields, () => ({ userType: raw.userType as UserType, mode: "jersey", jerseyNumber, lastName }));
}

/** Step 2: the requester's own details (confirmEmail is checked only when sent, as the form does). */
export function checkJoinRequest(raw: Record<string, unknown>): Checked<JoinRequestInput> {
  const identity = checkIdentity({ ...raw, lastName: raw.playerLastName });
  const fields: Record<string, string> = identity.ok ? {} : { ...identity.fields };
  if (fields.lastName) {
    fields.playerLastName = fields.lastName;
    delete fields.lastName;
  }
  const firstName = text(raw.firstName);
  const lastName = text(raw.lastName);
  if (!firstName) fields.firstName = JOIN_MESSAGES.firstName;
  else if (tooLong(firstName)) fields.firstName = JOIN_MESSAGES.tooLong("First name");
  if (!lastName) fields.lastName = JOIN_MESSAGES.lastName;
  else if (tooLong(lastName)) fields.lastName = JOIN_MESSAGES.tooLong("Last name");
  if (!isValidEmail(raw.email)) fields.email = JOIN_MESSAGES.email;
  if (raw.confirmEmail !== undefined) {
    if (!isValidEmail(raw.confirmEmail)) fields.confirmEmail = JOIN_MESSAGES.email;
    else if (isValidEmail(raw.email) && normalizeEmail(raw.confirmEmail) !== normalizeEmail(raw.email)) {
      fields.confirmEmail = JOIN_MESSAGES.emailsDiffer;
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
