/**
 * The signup wizard's rules (SPEC.md section 5), dependency-free so the wizard island and
 * the server apply exactly the same checks and texts.
 */
import { cleanText, isValidEmail, normalizeEmail, parseJersey } from "../text.ts";

export const AGE_GROUPS = Array.from({ length: 15 }, (_, i) => `U${i + 5}`);
export const TEAM_TYPES = [
  { value: "boys", label: "Boys" },
  { value: "girls", label: "Girls" },
  { value: "coed", label: "Co-ed" },
] as const;
export type TeamType = typeof TEAM_TYPES[number]["value"];

export const SIGNUP_STEPS = ["account", "team", "player", "review", "verify", "success"] as const;
export type SignupStep = typeof SIGNUP_STEPS[number];
/** The steps whose fields are checked before Continue. */
export type FormStep = "account" | "team" | "player";

export const AGE_CONFIRMATION_LABEL = "I confirm that I am 18 years of age or older";

/**
 * The player step's first question. A coach with no child on the team creates the team without
 * a player; the default (and any payload without `hasChildOnTeam`) keeps the spec's first player.
 */
export const CHILD_ON_TEAM_QUESTION = "Do you have a child on this team?";
export const CHILD_ON_TEAM_CHOICES = [
  { value: "true", label: "I have a child on this team" },
  { value: "false", label: "I'm the coach / I have no child on the team" },
] as const;

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

const MESSAGES = {
  account: {
    title: "Please fill all required fields",
    message: "All fields are required including the 18+ confirmation.",
  },
  email: { title: "Invalid email", message: "Please enter a valid email address." },
  team: {
    title: "Please fill all team details",
    message: "Team name, age group, and team type are all required.",
  },
  player: {
    title: "Please fill all player details",
    message: "Player first name, last name, and jersey number are all required.",
  },
  jersey: { title: "Invalid jersey number", message: "Jersey number must be between 1 and 99." },
  childOnTeam: {
    title: "Please choose an option",
    message: "Please say whether you have a child on this team.",
  },
  tooLong: { title: "Too long" },
} as const;

/** Far above every field's limit: longer input is not normalised at all, just refused as too long. */
const MAX_INPUT = 1000;
const text = (value: unknown) => typeof value === "string" ? (value.length > MAX_INPUT ? value : cleanText(value)) : "";
const blank = (value: unknown) => text(value) === "";

function tooLong(step: FormStep, field: string, label: string, value: unknown, max: number): SignupProblem | null {
  return text(value).length > max
    ? { step, title: MESSAGES.tooLong.title, message: `${label} must be at most ${max} characters.`, fields: [field] }
    : null;
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
export function checkSignupStep(step: FormStep, values: Record<string, unknown>): SignupProblem | null {
  if (step === "account") {
    const missing = ["firstName", "lastName", "email"].filter((f) => blank(values[f]));
    const confirmed = values.ageConfirmation === true || values.ageConfirmation === "true" ||
      values.ageConfirmation === "on";
    if (!confirmed) missing.push("ageConfirmation");
    if (missing.length) return { step, ...MESSAGES.account, fields: missing };
    if (!isValidEmail(values.email)) return { step, ...MESSAGES.email, fields: ["email"] };
    return tooLong(step, "firstName", "First name", values.firstName, MAX_NAME_LENGTH) ??
      tooLong(step, "lastName", "Last name", values.lastName, MAX_NAME_LENGTH);
  }
  if (step === "team") {
    const missing = [
      blank(values.teamName) && "teamName",
      !AGE_GROUPS.includes(text(values.ageGroup)) && "ageGroup",
      !TEAM_TYPES.some((t) => t.value === text(values.teamType)) && "teamType",
    ].filter((f): f is string => f !== false);
    if (missing.length) return { step, ...MESSAGES.team, fields: missing };
    return tooLong(step, "teamName", "Team name", values.teamName, MAX_TEAM_NAME_LENGTH);
  }
  const hasChild = readHasChildOnTeam(values.hasChildOnTeam);
  if (hasChild === null) return { step, ...MESSAGES.childOnTeam, fields: ["hasChildOnTeam"] };
  // A coach without a child on the team has no player to describe: whatever the fields hold is ignored.
  if (!hasChild) return null;
  const jerseyRaw = values.playerJerseyNumber;
  const missing = ["playerFirstName", "playerLastName"].filter((f) => blank(values[f]));
  if (jerseyRaw === undefined || jerseyRaw === null || text(String(jerseyRaw)) === "") {
    missing.push("playerJerseyNumber");
  }
  if (missing.length) return { step, ...MESSAGES.player, fields: missing };
  // The one jersey parser: '7abc', '0x10', true, [7] and 7.5 are refused, not read as numbers.
  const jersey = parseJersey(jerseyRaw);
  if (jersey === null || jersey < 1 || jersey > 99) {
    return { step, ...MESSAGES.jersey, fields: ["playerJerseyNumber"] };
  }
  return tooLong(step, "playerFirstName", "Player first name", values.playerFirstName, MAX_NAME_LENGTH) ??
    tooLong(step, "playerLastName", "Player last name", values.playerLastName, MAX_NAME_LENGTH);
}

export type SignupCheck = { ok: true; value: SignupPayload } | { ok: false; problem: SignupProblem };

/** Checks a whole signup payload, step by step, and returns it normalised. */
export function checkSignup(values: Record<string, unknown>): SignupCheck {
  for (const step of ["account", "team", "player"] as const) {
    const problem = checkSignupStep(step, values);
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

/** The season a team created on `date` plays: Fall (Aug–Dec), Spring (Jan–May) or Summer. */
export function seasonFor(date: Date): string {
  const month = date.getUTCMonth() + 1;
  const name = month >= 8 ? "Fall" : month <= 5 ? "Spring" : "Summer";
  return `${name} ${date.getUTCFullYear()}`;
}

export const SIGNUP_MESSAGES = {
  verificationFailed: "Verification failed",
  invalidLink: "The verification link is invalid or has expired. Please try signing up again.",
  alreadyVerified: "This email address is already verified and your team is ready. Please sign in.",
  emailSent: "Email sent!",
  emailResent: "Email resent!",
  emailVerified: "Email verified!",
  teamCreated: "Team created successfully!",
  sentTo: (email: string) => `We sent a verification link to ${email}.`,
  resent: "If a signup is waiting for that address, we sent a new verification link.",
  rateLimited: (minutes: number) =>
    `Too many signup e-mails requested. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
} as const;
