/**
 * The signup wizard's checks (SPEC.md section 5), written once for the server and the
 * SignupWizard island, with the words of whichever language they are given: the server's are the
 * English catalogue's (rules.ts), the island's come with its props in the page's language. It
 * reads no catalogue itself, so it stays small and safe in the browser.
 */
import type { signup } from "../i18n/en/signup.ts";
import { format } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { cleanText, isValidEmail, normalizeEmail, parseJersey } from "../text.ts";

/** The catalogue's signup rules (`signup.rules`), in any language. */
export type SignupRuleTexts = typeof signup.rules;

export const AGE_GROUPS = Array.from({ length: 15 }, (_, i) => `U${i + 5}`);
/** The team types offered; their names are the catalogue's `signup.teamTypes`. */
export const TEAM_TYPES = ["boys", "girls", "coed"] as const;
export type TeamType = typeof TEAM_TYPES[number];

export const SIGNUP_STEPS = ["account", "team", "player", "review", "verify", "success"] as const;
export type SignupStep = typeof SIGNUP_STEPS[number];
/** The steps whose fields are checked before Continue. */
export type FormStep = "account" | "team" | "player";

/**
 * The player step's choices: a child on the team (the default, and any payload without
 * `hasChildOnTeam`, keeps the spec's first player), or a coach who creates the team without one.
 */
export const CHILD_ON_TEAM_CHOICES = ["true", "false"] as const;

export const MAX_NAME_LENGTH = 50;
export const MAX_TEAM_NAME_LENGTH = 80;

/** The fields the signup call accepts; any other is refused ('Unknown field: x'). */
export const SIGNUP_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "ageConfirmation",
  "teamName",
  "ageGroup",
  "teamType",
  "playerFirstName",
  "playerLastName",
  "playerJerseyNumber",
  "hasChildOnTeam",
] as const;

export interface SignupPayload {
  firstName: string;
  lastName: string;
  email: string;
  ageConfirmation: boolean;
  teamName: string;
  ageGroup: string;
  teamType: TeamType;
  /** False for a coach with no child on the team: no player is created and the player fields are empty. */
  hasChildOnTeam: boolean;
  playerFirstName: string;
  playerLastName: string;
  /** Null exactly when `hasChildOnTeam` is false. */
  playerJerseyNumber: number | null;
}

/** A failed step: a toast title, the server message (its description) and the fields at fault. */
export interface SignupProblem {
  step: FormStep;
  title: string;
  message: string;
  fields: string[];
}

/** What the checks say, with the limits filled in. */
export function signupRules(lang: Language, texts: SignupRuleTexts) {
  const names = String(MAX_NAME_LENGTH);
  return {
    account: texts.account,
    email: texts.email,
    team: texts.team,
    player: texts.player,
    jersey: texts.jersey,
    childOnTeam: texts.childOnTeam,
    tooLongTitle: texts.tooLongTitle,
    required: texts.required,
    tooLong: {
      firstName: format(lang, texts.tooLong.firstName, { max: names }),
      lastName: format(lang, texts.tooLong.lastName, { max: names }),
      teamName: format(lang, texts.tooLong.teamName, { max: String(MAX_TEAM_NAME_LENGTH) }),
      playerFirstName: format(lang, texts.tooLong.playerFirstName, { max: names }),
      playerLastName: format(lang, texts.tooLong.playerLastName, { max: names }),
    },
  } as const;
}

export type SignupRules = ReturnType<typeof signupRules>;

/** Far above every field's limit: longer input is not normalised at all, just refused as too long. */
const MAX_INPUT = 1000;
const text = (value: unknown) => typeof value === "string" ? (value.length > MAX_INPUT ? value : cleanText(value)) : "";
const blank = (value: unknown) => text(value) === "";

type LimitedField = keyof SignupRules["tooLong"];
const LIMITS: Record<LimitedField, number> = {
  firstName: MAX_NAME_LENGTH,
  lastName: MAX_NAME_LENGTH,
  teamName: MAX_TEAM_NAME_LENGTH,
  playerFirstName: MAX_NAME_LENGTH,
  playerLastName: MAX_NAME_LENGTH,
};

/** The first of `fields` longer than its limit, as the step's problem. */
function tooLong(step: FormStep, fields: LimitedField[], values: Record<string, unknown>, M: SignupRules) {
  const field = fields.find((f) => text(values[f]).length > LIMITS[f]);
  return field ? { step, title: M.tooLongTitle, message: M.tooLong[field], fields: [field] } : null;
}

/**
 * Whether the signup brings a child on the team: true when the field is absent (the spec's
 * payload) or true, false only when it says false; null for anything else.
 */
export function readHasChildOnTeam(value: unknown): boolean | null {
  if (value === undefined || value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return null;
}

/** Checks one step's fields as typed (strings from inputs, or JSON values). */
export function checkSignupStepWith(
  step: FormStep,
  values: Record<string, unknown>,
  M: SignupRules,
): SignupProblem | null {
  if (step === "account") {
    const missing = ["firstName", "lastName", "email"].filter((f) => blank(values[f]));
    const confirmed = values.ageConfirmation === true || values.ageConfirmation === "true" ||
      values.ageConfirmation === "on";
    if (!confirmed) missing.push("ageConfirmation");
    if (missing.length) return { step, ...M.account, fields: missing };
    if (!isValidEmail(values.email)) return { step, ...M.email, fields: ["email"] };
    return tooLong(step, ["firstName", "lastName"], values, M);
  }
  if (step === "team") {
    const missing = [
      blank(values.teamName) && "teamName",
      !AGE_GROUPS.includes(text(values.ageGroup)) && "ageGroup",
      !TEAM_TYPES.some((t) => t === text(values.teamType)) && "teamType",
    ].filter((f): f is string => f !== false);
    if (missing.length) return { step, ...M.team, fields: missing };
    return tooLong(step, ["teamName"], values, M);
  }
  const hasChild = readHasChildOnTeam(values.hasChildOnTeam);
  if (hasChild === null) return { step, ...M.childOnTeam, fields: ["hasChildOnTeam"] };
  // A coach without a child on the team has no player to describe: whatever the fields hold is ignored.
  if (!hasChild) return null;
  const jerseyRaw = values.playerJerseyNumber;
  const missing = ["playerFirstName", "playerLastName"].filter((f) => blank(values[f]));
  if (jerseyRaw === undefined || jerseyRaw === null || text(String(jerseyRaw)) === "") {
    missing.push("playerJerseyNumber");
  }
  if (missing.length) return { step, ...M.player, fields: missing };
  // The one jersey parser: '7abc', '0x10', true, [7] and 7.5 are refused, not read as numbers.
  const jersey = parseJersey(jerseyRaw);
  if (jersey === null || jersey < 1 || jersey > 99) {
    return { step, ...M.jersey, fields: ["playerJerseyNumber"] };
  }
  return tooLong(step, ["playerFirstName", "playerLastName"], values, M);
}

export type SignupCheck = { ok: true; value: SignupPayload } | { ok: false; problem: SignupProblem };

/** Checks a whole signup payload, step by step, and returns it normalised. */
export function checkSignupWith(values: Record<string, unknown>, M: SignupRules): SignupCheck {
  for (const step of ["account", "team", "player"] as const) {
    const problem = checkSignupStepWith(step, values, M);
    if (problem) return { ok: false, problem };
  }
  const hasChildOnTeam = readHasChildOnTeam(values.hasChildOnTeam)!;
  return {
    ok: true,
    value: {
      firstName: text(values.firstName),
      lastName: text(values.lastName),
      email: normalizeEmail(text(values.email)),
      ageConfirmation: true,
      teamName: text(values.teamName),
      ageGroup: text(values.ageGroup),
      teamType: text(values.teamType) as TeamType,
      hasChildOnTeam,
      playerFirstName: hasChildOnTeam ? text(values.playerFirstName) : "",
      playerLastName: hasChildOnTeam ? text(values.playerLastName) : "",
      playerJerseyNumber: hasChildOnTeam ? parseJersey(values.playerJerseyNumber)! : null,
    },
  };
}
