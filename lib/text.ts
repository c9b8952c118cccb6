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

/** A jersey as SPEC.md reads it: parsed as an integer, falling back to 0. */
export function parseJerseyInput(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value === "string") {
    const parsed = Number.parseInt(value.trim(), 10);
    return Number.isNaN(parsed) ? 0 : parsed;
  }
  return 0;
}

/** Accent- and case-insensitive form of a name, for matching. */
export const foldName = (name: string) =>
  cleanText(name).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
