/**
 * A person's own profile (the account page's name form, Account Settings → My Profile and
 * `PUT /api/teams/{teamId}/parents/{parentId}`): the rules, limits and words. Pure, so the
 * AccountSettings island checks a form with the same rules and words as the server.
 */
import { cleanText, isValidEmail, normalizeEmail } from "../text.ts";
import type { Checked } from "../validation.ts";

export const MAX_PROFILE_NAME_LENGTH = 50;
export const MAX_PHONE_LENGTH = 30;
/** Occupation, and each interest or fun fact. */
export const MAX_ABOUT_LENGTH = 100;
/** Interests, and fun facts. */
export const MAX_ABOUT_ITEMS = 10;

export const PROFILE_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  tooLong: (label: string) => `${label} must be at most ${MAX_PROFILE_NAME_LENGTH} characters`,
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  occupation: `Occupation must be at most ${MAX_ABOUT_LENGTH} characters`,
  list: (label: string) => `${label}: at most ${MAX_ABOUT_ITEMS}, each at most ${MAX_ABOUT_LENGTH} characters`,
  body: "Please send the profile as a JSON object",
  unknownField: (name: string) => `Unknown field: ${name.slice(0, 100)}`,
  nameSaved: "Your name was saved.",
  profileSaved: "Your profile was saved.",
  emailChangeSent: (email: string) => `We sent a confirmation link to ${email}. Your e-mail changes when you open it.`,
  tooManyEmailChanges: (minutes: number) =>
    `Too many e-mail changes requested. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  confirmPassword: "The two new passwords do not match.",
  passwordSet: "Password set. Other sessions were signed out.",
} as const;

/** The fields of `PUT /api/teams/{teamId}/parents/{parentId}`. */
export const PARENT_PROFILE_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "occupation",
  "interests",
  "funFacts",
] as const;

/** SPEC.md's Parent profile, with the optional "about" fields a person tells their team. */
export interface ParentProfile {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  photoUrl: string | null;
  occupation: string;
  interests: string[];
  funFacts: string[];
}

/** A checked profile form; the "about" fields are absent when the form left them out (kept as they are). */
export interface ParentProfileInput {
  firstName: string;
  lastName: string;
  /** Normalised (trimmed, lowercased). */
  email: string;
  phone: string;
  occupation?: string;
  interests?: string[];
  funFacts?: string[];
}

const PHONE = /^[0-9 +\-().]+$/;

/** Blank is fine (no phone); otherwise at most 30 digits, spaces and + - ( ) ., with a digit. */
export function isValidPhone(phone: string): boolean {
  return phone === "" || (phone.length <= MAX_PHONE_LENGTH && PHONE.test(phone) && /\d/.test(phone));
}

const text = (v: unknown) => typeof v === "string" ? cleanText(v) : "";

/** First and last name: each required, at most 50 characters. Field → message for each that is wrong. */
export function nameProblems(firstName: string, lastName: string): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!firstName) fields.firstName = PROFILE_MESSAGES.firstName;
  else if ([...firstName].length > MAX_PROFILE_NAME_LENGTH) fields.firstName = PROFILE_MESSAGES.tooLong("First name");
  if (!lastName) fields.lastName = PROFILE_MESSAGES.lastName;
  else if ([...lastName].length > MAX_PROFILE_NAME_LENGTH) fields.lastName = PROFILE_MESSAGES.tooLong("Last name");
  return fields;
}

/** A list of short texts (blank items dropped), or null when it breaks the limits. */
function aboutList(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) return null;
  const items = (value as string[]).map(cleanText).filter(Boolean);
  return items.length <= MAX_ABOUT_ITEMS && items.every((item) => [...item].length <= MAX_ABOUT_LENGTH) ? items : null;
}

/** Checks the profile form: the cleaned values, or the first message and each field's. */
export function checkParentProfile(body: unknown): Checked<ParentProfileInput> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, message: PROFILE_MESSAGES.body, fields: {} };
  }
  const raw = body as Record<string, unknown>;
  const unknown = Object.keys(raw).find((name) => !(PARENT_PROFILE_FIELDS as readonly string[]).includes(name));
  if (unknown !== undefined) return { ok: false, message: PROFILE_MESSAGES.unknownField(unknown), fields: {} };
  const value: ParentProfileInput = {
    firstName: text(raw.firstName),
    lastName: text(raw.lastName),
    email: typeof raw.email === "string" ? normalizeEmail(raw.email) : "",
    phone: raw.phone === undefined || raw.phone === null ? "" : text(raw.phone),
  };
  const fields = nameProblems(value.firstName, value.lastName);
  if (!isValidEmail(raw.email)) fields.email = PROFILE_MESSAGES.email;
  if (typeof raw.phone !== "string" && raw.phone !== undefined && raw.phone !== null) {
    fields.phone = PROFILE_MESSAGES.phone;
  } else if (!isValidPhone(value.phone)) fields.phone = PROFILE_MESSAGES.phone;
  if (raw.occupation !== undefined && raw.occupation !== null) {
    const occupation = text(raw.occupation);
    if (typeof raw.occupation !== "string" || [...occupation].length > MAX_ABOUT_LENGTH) {
      fields.occupation = PROFILE_MESSAGES.occupation;
    } else value.occupation = occupation;
  } else if (raw.occupation === null) value.occupation = "";
  for (const [name, label] of [["interests", "Interests"], ["funFacts", "Fun facts"]] as const) {
    if (raw[name] === undefined) continue;
    const items = raw[name] === null ? [] : aboutList(raw[name]);
    if (items) value[name] = items;
    else fields[name] = PROFILE_MESSAGES.list(label);
  }
  const first = Object.values(fields)[0];
  return first === undefined ? { ok: true, value } : { ok: false, message: first, fields };
}
