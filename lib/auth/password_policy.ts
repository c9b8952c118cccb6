/**
 * What a new password must be (R7): 12 to 128 characters, any Unicode, never trimmed or
 * truncated, and not one of the commonly breached passwords long enough to pass the minimum.
 */
import { COMMON_PASSWORDS } from "./common_passwords.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

/** The breached list, plus passwords people pick for this app in particular. */
const COMMON_LONG_PASSWORDS = new Set([
  ...COMMON_PASSWORDS,
  "password1234",
  "password12345",
  "password123456",
  "soccer123456",
  "goalmates123",
  "goalmates1234",
  "changeme1234",
]);

const codePoints = (s: string) => [...s].length;

/** The problem with a proposed password (in English: the routes answer it in the request's language), or null when it is acceptable. */
export function passwordProblem(password: unknown): string | null {
  const texts = messagesFor("en").auth.password;
  if (typeof password !== "string" || password.length === 0) return texts.missing;
  // Checked on UTF-16 length first so an enormous string is refused before anything else runs.
  if (password.length > MAX_PASSWORD_LENGTH * 2 || codePoints(password) > MAX_PASSWORD_LENGTH) {
    return format("en", texts.tooLong, { max: String(MAX_PASSWORD_LENGTH) });
  }
  if (codePoints(password) < MIN_PASSWORD_LENGTH) {
    return format("en", texts.tooShort, { min: String(MIN_PASSWORD_LENGTH) });
  }
  if (COMMON_LONG_PASSWORDS.has(password.toLowerCase())) return texts.common;
  return null;
}
