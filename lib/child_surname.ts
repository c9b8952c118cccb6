/**
 * Finding a child by surname when the jersey number is not known: the rule and the words the
 * roster claim and the join page share (CLAIM_MESSAGES carries them; lib/claims/rules.ts).
 * Dependency-free but for the text helpers: it ends up in the claim and join islands.
 */
import { cleanText, foldName } from "./text.ts";

export const MAX_SURNAME_LENGTH = 60;

export const CHILD_SURNAME_MESSAGES = {
  required: "Child's surname is required",
  tooLong: `Child's surname must be at most ${MAX_SURNAME_LENGTH} characters`,
  mode: "Please choose to claim by jersey number or by child surname",
  jerseyOnly: "This team accepts claims by jersey number only.",
} as const;

/**
 * A surname as typed: bounded before it is normalised, then checked in the normalised form it
 * is matched and keyed by (a compatibility character such as U+FDFA folds into 18).
 */
export function checkChildSurname(value: unknown): { ok: true; value: string } | { ok: false; message: string } {
  const typed = typeof value === "string" ? value : "";
  const surname = typed.length > MAX_SURNAME_LENGTH * 4 ? typed : cleanText(typed);
  if (!surname) return { ok: false, message: CHILD_SURNAME_MESSAGES.required };
  if (surname.length > MAX_SURNAME_LENGTH || foldName(surname).length > MAX_SURNAME_LENGTH * 2) {
    return { ok: false, message: CHILD_SURNAME_MESSAGES.tooLong };
  }
  return { ok: true, value: surname };
}
