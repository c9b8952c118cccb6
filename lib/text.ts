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
/** What is read of a typed address at all: longer input is refused before it is normalised. */
const MAX_EMAIL_INPUT = 1000;

/**
 * `value.toWellFormed()` (a lone surrogate becomes U+FFFD), also in browsers older than the
 * method: this module runs in the islands too.
 */
export function wellFormed(value: string): string {
  if (typeof value.toWellFormed === "function") return value.toWellFormed();
  let out = "";
  for (const char of value) out += char.length === 1 && char >= "\uD800" && char <= "\uDFFF" ? "\uFFFD" : char;
  return out;
}

/**
 * The one form of an address that is stored and keyed: well-formed Unicode (a lone surrogate
 * becomes U+FFFD, as a KV key would store it anyway), NFC, trimmed, lowercased.
 */
export const normalizeEmail = (email: string) => wellFormed(email).normalize("NFC").trim().toLowerCase();

/**
 * A usable address: well-formed text whose normalised form is at most 254 characters and
 * matches the simple pattern (so normalising cannot grow a checked value).
 */
export function isValidEmail(value: unknown): value is string {
  if (typeof value !== "string" || value.length > MAX_EMAIL_INPUT || wellFormed(value) !== value) return false;
  const email = normalizeEmail(value);
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

/** Text a person typed: well-formed, NFC, control characters replaced by spaces, trimmed. */
export function cleanText(value: string): string {
  // deno-lint-ignore no-control-regex
  return wellFormed(value).normalize("NFC").replace(/[\u0000-\u001f\u007f]/g, " ").trim();
}

/** The first field of `body` that is not in `allowed` (calls refuse it: 'Unknown field: x'), or null. */
export function unknownField(body: Record<string, unknown>, allowed: readonly string[]): string | null {
  return Object.keys(body).find((name) => !allowed.includes(name)) ?? null;
}

export const unknownFieldMessage = (name: string) => `Unknown field: ${name.slice(0, 100)}`;

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
