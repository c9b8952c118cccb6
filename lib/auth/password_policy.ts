/**
 * What a new password must be (R7): 12 to 128 characters, any Unicode, never trimmed or
 * truncated, and not one of the commonly breached passwords long enough to pass the minimum.
 */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Breached-password lists are dominated by short strings the length rule already refuses;
 * these are the frequent ones of 12 characters or more.
 */
const COMMON_LONG_PASSWORDS = new Set([
  "123456789012",
  "1234567890123",
  "12345678901234",
  "123456789123",
  "111111111111",
  "000000000000",
  "password1234",
  "password12345",
  "password123456",
  "passwordpassword",
  "qwertyuiop123",
  "qwertyuiopasdf",
  "qwerty123456",
  "1q2w3e4r5t6y",
  "1qaz2wsx3edc",
  "iloveyou1234",
  "abcdefghijkl",
  "abc123456789",
  "letmein12345",
  "welcome12345",
  "football1234",
  "soccer123456",
  "goalmates123",
  "goalmates1234",
  "administrator",
  "changeme1234",
  "trustno11234",
  "sunshine1234",
  "princess1234",
  "baseball1234",
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
