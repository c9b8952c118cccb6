/**
 * Dependency-free text rules shared by the server and the islands (so the browser bundle
 * never carries a validation library).
 */

/**
 * A simple address pattern: no spaces, quotes, commas, brackets or CR/LF, one `@`, a dotted
 * domain. Length is capped before the pattern runs.
 */
const EMAIL_PATTERN = /^[^\s@"(),:;<>[\]\\]+@[^\s@"(),:;<>[\]\\]+\.[^\s@"(),:;<>[\]\\.]{2,}$/;
export const MAX_EMAIL_LENGTH = 254;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function isValidEmail(value: unknown): value is string {
  return typeof value === "string" && value.trim().length <= MAX_EMAIL_LENGTH &&
    EMAIL_PATTERN.test(value.trim());
}

/** Text a person typed: NFC, control characters replaced by spaces, trimmed. */
export function cleanText(value: string): string {
  // deno-lint-ignore no-control-regex
  return value.normalize("NFC").replace(/[\u0000-\u001f\u007f]/g, " ").trim();
}

/**
 * A jersey number as typed or sent: a whole number, or digits with spaces around them (form
 * fields, CSV cells). Anything else ('7abc', '7.5', '', '-1') is null. The one parser every
 * form and call uses, so a number is read the same everywhere.
 */
export function parseJersey(value: unknown): number | null {
  const n = typeof value === "string" && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : null;
}

/** Accent- and case-insensitive form of a name, for matching. */
export const foldName = (name: string) =>
  cleanText(name).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
