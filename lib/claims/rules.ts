import { cleanText, isValidEmail, normalizeEmail, parseJersey, unknownField, unknownFieldMessage } from "../text.ts";
import type { Checked } from "../validation.ts";
import { checkChildSurname, CHILD_SURNAME_MESSAGES, MAX_SURNAME_LENGTH } from "../child_surname.ts";

/**
 * The words `checkClaim` writes, in English (SPEC.md sections 5 and 8; the surname ones shared
 * with joining). This module runs in the claim dialog too, so it holds them itself rather than
 * reading the catalogue: the English catalogue's `claims.rules` has the same texts (roster_es_test
 * compares them), the server's CLAIM_MESSAGES (messages.ts) are the catalogue's, and the dialog
 * passes its page's language's texts instead.
 */
export const CLAIM_RULE_TEXTS = {
  jersey: "Jersey number must be between 0 and 99",
  email: "Please enter a valid email address",
  surname: CHILD_SURNAME_MESSAGES.required,
  surnameLength: CHILD_SURNAME_MESSAGES.tooLong,
  mode: CHILD_SURNAME_MESSAGES.mode,
  note: "Note must be at most 500 characters",
  body: "Please send the claim as a JSON object",
} as const;

export type ClaimRuleTexts = { readonly [K in keyof typeof CLAIM_RULE_TEXTS]: string };

export const MAX_NOTE_LENGTH = 500;
export { MAX_SURNAME_LENGTH };

/** The fields a claim may carry; any other is refused ('Unknown field: x'). */
export const CLAIM_FIELDS = ["mode", "jerseyNumber", "childSurname", "email", "note"] as const;

/**
 * A claim's jersey, read as every other form reads one (`parseJersey`): a whole number, or
 * digits as typed. Anything else ('12abc', '', null, true, [7], 7.5) is null and refused.
 * (This replaces SPEC.md's older "parsed as integer, falling back to 0", which let '12abc'
 * claim 12 and a blank claim 0.)
 */
export function parseClaimJersey(value: unknown): number | null {
  return parseJersey(value);
}

export type ClaimInput =
  | { mode: "jersey"; jerseyNumber: number; email: string; note: string }
  | { mode: "surname"; childSurname: string; email: string; note: string };

export type ClaimCheck = Checked<ClaimInput>;

/**
 * Checks a claim as the API receives it (or as the dialog is about to send it). Returns the
 * normalised claim, or every field's message (in `texts`' language) with the first as the summary.
 */
export function checkClaim(body: unknown, texts: ClaimRuleTexts = CLAIM_RULE_TEXTS): ClaimCheck {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, message: texts.body, fields: {} };
  }
  const raw = body as Record<string, unknown>;
  const unknown = unknownField(raw, CLAIM_FIELDS);
  if (unknown !== null) return { ok: false, message: unknownFieldMessage(unknown), fields: {} };
  if (raw.mode !== "jersey" && raw.mode !== "surname") {
    return { ok: false, message: texts.mode, fields: { mode: texts.mode } };
  }
  const fields: Record<string, string> = {};
  let jerseyNumber = 0;
  let childSurname = "";
  if (raw.mode === "jersey") {
    const parsed = parseClaimJersey(raw.jerseyNumber);
    if (parsed === null || parsed > 99) fields.jerseyNumber = texts.jersey;
    else jerseyNumber = parsed;
  } else {
    const surname = checkChildSurname(raw.childSurname);
    if (surname.ok) childSurname = surname.value;
    else {fields.childSurname = surname.message === CHILD_SURNAME_MESSAGES.required
        ? texts.surname
        : texts.surnameLength;}
  }
  if (!isValidEmail(raw.email)) fields.email = texts.email;
  const noteOk = raw.note === undefined || raw.note === null ||
    (typeof raw.note === "string" && raw.note.length <= MAX_NOTE_LENGTH * 4 &&
      cleanText(raw.note).length <= MAX_NOTE_LENGTH);
  if (!noteOk) fields.note = texts.note;

  const first = Object.values(fields)[0];
  if (first) return { ok: false, message: first, fields };
  const email = normalizeEmail(raw.email as string);
  const note = typeof raw.note === "string" ? cleanText(raw.note) : "";
  return {
    ok: true,
    value: raw.mode === "jersey"
      ? { mode: "jersey", jerseyNumber, email, note }
      : { mode: "surname", childSurname, email, note },
  };
}
