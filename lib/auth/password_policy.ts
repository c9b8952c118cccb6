/**
 * What a new password must be (R7): 12 to 128 characters, any Unicode, never trimmed or
 * truncated, and not one of the commonly breached passwords long enough to pass the minimum.
 */
import { COMMON_PASSWORDS } from "./common_passwords.ts";

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

/** The problem with a proposed password, or null when it is acceptable. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== "string" || password.length === 0) return "Please enter a new password.";
  // Checked on UTF-16 length first so an enormous string is refused before anything else runs.
  if (password.length > MAX_PASSWORD_LENGTH * 2 || codePoints(password) > MAX_PASSWORD_LENGTH) {
    return `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  }
  if (codePoints(password) < MIN_PASSWORD_LENGTH) {
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  if (COMMON_LONG_PASSWORDS.has(password.toLowerCase())) {
    return "This password is too common. Please choose another.";
  }
  return null;
}
