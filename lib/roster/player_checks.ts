/**
 * One rule set per player form, built from one rule per field, so the parent's edit form
 * (`PATCH /api/players/{id}`, the EditPlayer island) and the team admin's add and edit forms
 * (`/api/admin/{teamId}/players`, the roster page and RosterManager island, CSV rows) accept
 * and refuse the same input with the same words, in the language they are given: the server's
 * are the English catalogue's (player_schema.ts), an island's come with its props.
 *
 * Hand-written rather than zod/mini: zod/mini added 7.6 KB gzip to each island that checks a
 * player, taking EditPlayer and RosterManager past their 8 KB budget. Browser-safe: pure
 * functions only, and no catalogue.
 */
import type { players } from "../i18n/en/players.ts";
import { format } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { cleanText, parseJersey } from "../text.ts";
import { type Checked, checkForm, fail, pass, type Rule } from "../validation.ts";

export const MAX_PLAYER_NAME_LENGTH = 50;
export const MAX_POSITION_LENGTH = 30;
export const MAX_JERSEY = 99;
export const MIN_BIRTH_YEAR = 1990;
export const MAX_YEARS_PLAYING = 30;
export const MAX_STAT = 999;

/** The catalogue's player rules (the `players` area), in any language. */
export type PlayerRuleTexts = typeof players;

/** The player forms' words with their limits filled in (SPEC.md section 5). */
export function playerMessages(lang: Language, texts: PlayerRuleTexts) {
  const upTo = (message: string, max: number) => format(lang, message, { max: String(max) });
  return {
    firstName: texts.firstName,
    lastName: texts.lastName,
    jersey: texts.jersey,
    position: texts.position,
    photoUrl: texts.photoUrl,
    photoElsewhere: texts.photoElsewhere,
    photoThroughDialog: texts.photoThroughDialog,
    birthYear: (maxYear: number) =>
      format(lang, texts.birthYear, { min: String(MIN_BIRTH_YEAR), max: String(maxYear) }),
    yearsPlaying: texts.yearsPlaying,
    stats: texts.stats,
    firstNameTooLong: upTo(texts.firstNameTooLong, MAX_PLAYER_NAME_LENGTH),
    lastNameTooLong: upTo(texts.lastNameTooLong, MAX_PLAYER_NAME_LENGTH),
    positionTooLong: upTo(texts.positionTooLong, MAX_POSITION_LENGTH),
    unknownField: (name: string) => format(lang, texts.unknownField, { name }),
    body: texts.body,
  } as const;
}

export type PlayerMessages = ReturnType<typeof playerMessages>;

/**
 * Photos are shown from this site only (the page's CSP allows no other image host, and a
 * foreign host would learn who looks at a child's photo): a path under /objects/, or a URL
 * on `appOrigin`. Null when `value` is fine ("" is: no photo).
 */
export function photoProblemIn(value: string, appOrigin: string, M: PlayerMessages): string | null {
  if (value === "") return null;
  let url: URL;
  try {
    url = new URL(value, appOrigin);
  } catch {
    return M.photoUrl;
  }
  if (!/^https?:$/.test(url.protocol) || (!value.startsWith("/") && !/^https?:\/\//i.test(value))) {
    return M.photoUrl;
  }
  return url.origin === appOrigin && url.pathname.startsWith("/objects/") ? null : M.photoElsewhere;
}

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
const name = (required: string, tooLong: string): Rule<string> => (v) => {
  const text = typeof v === "string" ? cleanText(v).replace(/\s+/g, " ") : "";
  if (!text) return fail(required);
  return text.length > MAX_PLAYER_NAME_LENGTH ? fail(tooLong) : pass(text);
};

/** A whole number, or digits with spaces around them (form fields, CSV cells): '7abc', '7.5' and '-1' are refused. */
const jerseyNumber = (M: PlayerMessages): Rule<number> => (v) => {
  const n = parseJersey(v);
  return isInt(n, 0, MAX_JERSEY) ? pass(n) : fail(M.jersey);
};

/** Text; blank, null or left out means no position. */
const position = (M: PlayerMessages): Rule<string | null> => (v) => {
  if (v === undefined || v === null) return pass(null);
  if (typeof v !== "string") return fail(M.position);
  const text = cleanText(v);
  return text.length > MAX_POSITION_LENGTH ? fail(M.positionTooLong) : pass(text || null);
};

/** A photo on this site (see `photoProblemIn`); blank, null or left out means none. */
const photoUrl = (appOrigin: string, M: PlayerMessages): Rule<string | null> => (v) => {
  if (v === undefined || v === null) return pass(null);
  if (typeof v !== "string") return fail(M.photoUrl);
  const url = cleanText(v);
  const problem = photoProblemIn(url, appOrigin, M);
  return problem ? fail(problem) : pass(url || null);
};

const STAT_NAMES = ["gamesPlayed", "goals", "assists"] as const;

/** All three counts, 0–999; null clears them. */
const stats = (M: PlayerMessages): Rule<SeasonStatsInput | null> =>
  orNull((v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return fail(M.stats);
    const counts: Record<string, unknown> = { ...v };
    const unknown = Object.keys(counts).find((k) => !STAT_NAMES.some((n) => n === k));
    if (unknown) return fail(M.unknownField(`stats.${unknown}`));
    const { gamesPlayed, goals, assists } = counts;
    return isInt(gamesPlayed, 0, MAX_STAT) && isInt(goals, 0, MAX_STAT) && isInt(assists, 0, MAX_STAT)
      ? pass({ gamesPlayed, goals, assists })
      : fail(M.stats);
  });

// ---- Forms ----

/** The admin's Add Player form, the API's POST and each CSV row. */
export const newPlayerRules = (M: PlayerMessages) => ({
  firstName: name(M.firstName, M.firstNameTooLong),
  lastName: name(M.lastName, M.lastNameTooLong),
  jerseyNumber: jerseyNumber(M),
  position: position(M),
});

/** The parent's edit form: every field is sent. SPEC.md reads a blank jersey as 0. */
export const playerEditRules = (appOrigin: string, M: PlayerMessages) => {
  const { firstName, lastName, jerseyNumber, position } = newPlayerRules(M);
  return {
    firstName,
    lastName,
    jerseyNumber: (v: unknown) => jerseyNumber(typeof v === "string" && !v.trim() ? 0 : v),
    position,
    photoUrl: photoUrl(appOrigin, M),
  };
};

/** The admin's edit form and PATCH: any subset, plus the details only admins keep. */
export const playerPatchRules = (maxBirthYear: number, M: PlayerMessages) => ({
  ...newPlayerRules(M),
  stats: stats(M),
  birthYear: orNull(int(MIN_BIRTH_YEAR, maxBirthYear, M.birthYear(maxBirthYear))),
  yearsPlaying: orNull(int(0, MAX_YEARS_PLAYING, M.yearsPlaying)),
});

// ---- Checks: the cleaned value, or the first message and each field's ----

/** Photo URLs must be on `appOrigin` (the server's configured origin; `location.origin` in the browser). */
export const checkPlayerEditWith = (body: unknown, appOrigin: string, M: PlayerMessages): Checked<PlayerEdit> =>
  checkForm(body, playerEditRules(appOrigin, M), M);

export const checkNewPlayerWith = (body: unknown, M: PlayerMessages): Checked<NewPlayerInput> =>
  checkForm(body, newPlayerRules(M), M);

/** Birth years run to `maxBirthYear`, the current (UTC) year. */
export const checkPlayerPatchWith = (body: unknown, maxBirthYear: number, M: PlayerMessages): Checked<PlayerPatch> =>
  checkForm(body, playerPatchRules(maxBirthYear, M), M, true);
