/**
 * One rule set per player form, built from one rule per field, so the parent's edit form
 * (`PATCH /api/players/{id}`, the EditPlayer island) and the team admin's add and edit forms
 * (`/api/admin/{teamId}/players`, the roster page and RosterManager island, CSV rows) accept
 * and refuse the same input with the same words.
 *
 * Hand-written rather than zod/mini: zod/mini added 7.6 KB gzip to each island that checks a
 * player, taking EditPlayer and RosterManager past their 8 KB budget. Browser-safe: pure
 * functions only.
 */
import { cleanText, parseJersey } from "../text.ts";
import { type Checked, checkForm, fail, pass, type Rule } from "../validation.ts";
import {
  MAX_JERSEY,
  MAX_PLAYER_NAME_LENGTH,
  MAX_POSITION_LENGTH,
  MAX_STAT,
  MAX_YEARS_PLAYING,
  MIN_BIRTH_YEAR,
  photoProblem,
  PLAYER_MESSAGES as M,
} from "./player_rules.ts";

/** The edit form's answer: every field, blanks as null. */
export interface PlayerEdit {
  firstName: string;
  lastName: string;
  jerseyNumber: number;
  position: string | null;
  photoUrl: string | null;
}

export interface NewPlayerInput {
  firstName: string;
  lastName: string;
  jerseyNumber: number;
  position: string | null;
}

export interface SeasonStatsInput {
  gamesPlayed: number;
  goals: number;
  assists: number;
}

export interface PlayerPatch extends Partial<NewPlayerInput> {
  stats?: SeasonStatsInput | null;
  birthYear?: number | null;
  yearsPlaying?: number | null;
}

// ---- Fields ----

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

/** A whole number from `min` to `max`; anything else (a string, 7.5, NaN) gets `message`. */
const int = (min: number, max: number, message: string): Rule<number> => (v) =>
  isInt(v, min, max) ? pass(v) : fail(message);

const orNull = <T>(rule: Rule<T>): Rule<T | null> => (v) => v === null ? pass(null) : rule(v);

/** Names are NFC, without control characters, single-spaced (a line break in a CSV cell is not part of a name). */
const name = (required: string, label: string): Rule<string> => (v) => {
  const text = typeof v === "string" ? cleanText(v).replace(/\s+/g, " ") : "";
  if (!text) return fail(required);
  return text.length > MAX_PLAYER_NAME_LENGTH ? fail(M.tooLong(label, MAX_PLAYER_NAME_LENGTH)) : pass(text);
};

const firstName = name(M.firstName, "First name");
const lastName = name(M.lastName, "Last name");

/** A whole number, or digits with spaces around them (form fields, CSV cells): '7abc', '7.5' and '-1' are refused. */
const jerseyNumber: Rule<number> = (v) => {
  const n = parseJersey(v);
  return isInt(n, 0, MAX_JERSEY) ? pass(n) : fail(M.jersey);
};

/** Text; blank, null or left out means no position. */
const position: Rule<string | null> = (v) => {
  if (v === undefined || v === null) return pass(null);
  if (typeof v !== "string") return fail(M.position);
  const text = cleanText(v);
  return text.length > MAX_POSITION_LENGTH ? fail(M.tooLong("Position", MAX_POSITION_LENGTH)) : pass(text || null);
};

/** A photo on this site (see `photoProblem`); blank, null or left out means none. */
const photoUrl = (appOrigin: string): Rule<string | null> => (v) => {
  if (v === undefined || v === null) return pass(null);
  if (typeof v !== "string") return fail(M.photoUrl);
  const url = cleanText(v);
  const problem = photoProblem(url, appOrigin);
  return problem ? fail(problem) : pass(url || null);
};

const STAT_NAMES = ["gamesPlayed", "goals", "assists"] as const;

/** All three counts, 0–999; null clears them. */
const stats: Rule<SeasonStatsInput | null> = orNull((v) => {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return fail(M.stats);
  const counts: Record<string, unknown> = { ...v };
  const unknown = Object.keys(counts).find((k) => !STAT_NAMES.some((n) => n === k));
  if (unknown) return fail(M.unknownField(`stats.${unknown}`));
  const { gamesPlayed, goals, assists } = counts;
  return isInt(gamesPlayed, 0, MAX_STAT) && isInt(goals, 0, MAX_STAT) && isInt(assists, 0, MAX_STAT)
    ? pass({ gamesPlayed, goals, assists })
    : fail(M.stats);
});

const birthYear = (maxYear: number) => orNull(int(MIN_BIRTH_YEAR, maxYear, M.birthYear(maxYear)));
const yearsPlaying = orNull(int(0, MAX_YEARS_PLAYING, M.yearsPlaying));

// ---- Forms ----

/** The admin's Add Player form, the API's POST and each CSV row. */
export const NEW_PLAYER_RULES = { firstName, lastName, jerseyNumber, position };

/** The parent's edit form: every field is sent. SPEC.md reads a blank jersey as 0. */
export const playerEditRules = (appOrigin: string) => ({
  firstName,
  lastName,
  jerseyNumber: (v: unknown) => jerseyNumber(typeof v === "string" && !v.trim() ? 0 : v),
  position,
  photoUrl: photoUrl(appOrigin),
});

/** The admin's edit form and PATCH: any subset, plus the details only admins keep. */
export const playerPatchRules = (maxBirthYear: number) => ({
  ...NEW_PLAYER_RULES,
  stats,
  birthYear: birthYear(maxBirthYear),
  yearsPlaying,
});

// ---- Checks: the cleaned value, or the first message and each field's ----

/** Photo URLs must be on `appOrigin` (the server's configured origin; `location.origin` in the browser). */
export const checkPlayerEdit = (body: unknown, appOrigin: string): Checked<PlayerEdit> =>
  checkForm(body, playerEditRules(appOrigin), M);

export const checkNewPlayer = (body: unknown): Checked<NewPlayerInput> => checkForm(body, NEW_PLAYER_RULES, M);

/** Birth years run to `maxBirthYear`, the current (UTC) year. */
export const checkPlayerPatch = (body: unknown, maxBirthYear: number): Checked<PlayerPatch> =>
  checkForm(body, playerPatchRules(maxBirthYear), M, true);
