/**
 * A person's own profile (the account page's name form, Account Settings → My Profile and
 * `PUT /api/teams/{teamId}/parents/{parentId}`): the rules and limits. Pure and free of the
 * catalogues, so the AccountSettings island checks a form with the same rules as the server;
 * each caller hands it the rules' messages in its language (the island from its props, the
 * server the English catalogue's through profile_rules.ts).
 */
import { cleanText, isValidEmail, normalizeEmail } from "../text.ts";
import type { Checked } from "../validation.ts";
import { format } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import type { accountSettings } from "../i18n/en/accountSettings.ts";

export const MAX_PROFILE_NAME_LENGTH = 50;
export const MAX_PHONE_LENGTH = 30;
/** Occupation, and each interest or fun fact. */
export const MAX_ABOUT_LENGTH = 100;
/** Interests, and fun facts. */
export const MAX_ABOUT_ITEMS = 10;

/** The rules' messages, as the catalogue holds them (area `accountSettings`). */
export type ProfileRuleTexts = { readonly [K in keyof typeof accountSettings.rules]: string };

/** The rules' messages in one language, filled with the limits. */
export interface ProfileWords {
  texts: ProfileRuleTexts;
  lang: Language;
}

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

/** A rule's message with the limits in it. */
function say({ texts, lang }: ProfileWords, key: keyof ProfileRuleTexts, params: Record<string, string> = {}) {
  return format(lang, texts[key], {
    max: String(
      key === "occupation" || key === "interests" || key === "funFacts" ? MAX_ABOUT_LENGTH : MAX_PROFILE_NAME_LENGTH,
    ),
    items: String(MAX_ABOUT_ITEMS),
    ...params,
  });
}

/** First and last name: each required, at most 50 characters. Field → message for each that is wrong. */
export function profileNameProblems(words: ProfileWords, firstName: string, lastName: string): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!firstName) fields.firstName = say(words, "firstName");
  else if ([...firstName].length > MAX_PROFILE_NAME_LENGTH) fields.firstName = say(words, "firstNameTooLong");
  if (!lastName) fields.lastName = say(words, "lastName");
  else if ([...lastName].length > MAX_PROFILE_NAME_LENGTH) fields.lastName = say(words, "lastNameTooLong");
  return fields;
}

/** A list of short texts (blank items dropped), or null when it breaks the limits. */
function aboutList(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) return null;
  const items = (value as string[]).map(cleanText).filter(Boolean);
  return items.length <= MAX_ABOUT_ITEMS && items.every((item) => [...item].length <= MAX_ABOUT_LENGTH) ? items : null;
}

/** Checks the profile form: the cleaned values, or the first message and each field's. */
export function checkProfileWith(words: ProfileWords, body: unknown): Checked<ParentProfileInput> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, message: say(words, "body"), fields: {} };
  }
  const raw = body as Record<string, unknown>;
  const unknown = Object.keys(raw).find((name) => !(PARENT_PROFILE_FIELDS as readonly string[]).includes(name));
  if (unknown !== undefined) {
    return { ok: false, message: say(words, "unknownField", { name: unknown.slice(0, 100) }), fields: {} };
  }
  const value: ParentProfileInput = {
    firstName: text(raw.firstName),
    lastName: text(raw.lastName),
    email: typeof raw.email === "string" ? normalizeEmail(raw.email) : "",
    phone: raw.phone === undefined || raw.phone === null ? "" : text(raw.phone),
  };
  const fields = profileNameProblems(words, value.firstName, value.lastName);
  if (!isValidEmail(raw.email)) fields.email = say(words, "email");
  if (typeof raw.phone !== "string" && raw.phone !== undefined && raw.phone !== null) {
    fields.phone = say(words, "phone");
  } else if (!isValidPhone(value.phone)) fields.phone = say(words, "phone");
  if (raw.occupation !== undefined && raw.occupation !== null) {
    const occupation = text(raw.occupation);
    if (typeof raw.occupation !== "string" || [...occupation].length > MAX_ABOUT_LENGTH) {
      fields.occupation = say(words, "occupation");
    } else value.occupation = occupation;
  } else if (raw.occupation === null) value.occupation = "";
  for (const name of ["interests", "funFacts"] as const) {
    if (raw[name] === undefined) continue;
    const items = raw[name] === null ? [] : aboutList(raw[name]);
    if (items) value[name] = items;
    else fields[name] = say(words, name);
  }
  const first = Object.values(fields)[0];
  return first === undefined ? { ok: true, value } : { ok: false, message: first, fields };
}
