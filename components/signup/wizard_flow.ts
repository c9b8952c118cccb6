/**
 * The signup wizard's moves between steps, shared by the island (in the browser) and the
 * `/signup` form posts (without JavaScript), so both go the same way with the same texts.
 * Dependency-free apart from the signup checks (given their words): it ships in the island's bundle.
 */
import {
  checkSignupStepWith,
  type FormStep,
  SIGNUP_STEPS,
  type SignupProblem,
  type SignupRules,
  type SignupStep,
} from "../../lib/signup/checks.ts";

/** What the wizard's inputs hold: text as typed, the 18+ checkbox and the child-on-the-team choice. */
export interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  ageConfirmation: boolean;
  teamName: string;
  ageGroup: string;
  teamType: string;
  /** False for a coach with no child on the team: the player fields are then not asked for. */
  hasChildOnTeam: boolean;
  playerFirstName: string;
  playerLastName: string;
  playerJerseyNumber: string;
}
export type SignupField = keyof SignupValues;

export const EMPTY_SIGNUP: SignupValues = {
  firstName: "",
  lastName: "",
  email: "",
  ageConfirmation: false,
  teamName: "",
  ageGroup: "",
  teamType: "",
  hasChildOnTeam: true,
  playerFirstName: "",
  playerLastName: "",
  playerJerseyNumber: "",
};

export const FORM_STEPS: readonly FormStep[] = ["account", "team", "player"];

export const STEP_FIELDS: Record<FormStep, SignupField[]> = {
  account: ["firstName", "lastName", "email", "ageConfirmation"],
  team: ["teamName", "ageGroup", "teamType"],
  player: ["hasChildOnTeam", "playerFirstName", "playerLastName", "playerJerseyNumber"],
};

/** The steps with a form; the success step is a page of its own. */
export type WizardStep = Exclude<SignupStep, "success">;

/** Where a move lands, why it stopped there, and what should take the focus. */
export interface WizardMove {
  step: WizardStep;
  problem: SignupProblem | null;
  /** An element id; the step heading unless a field needs attention. */
  focus: string;
}

export const WIZARD_FORM_ID = "signup-form";
export const STEP_HEADING_ID = "signup-step-heading";
export const ERROR_SUMMARY_ID = "signup-error-summary";
export const BANNER_ID = "signup-banner";
/** The server's notices about a post, which go stale once the browser moves the wizard on. */
export const SERVER_NOTICE_IDS = [ERROR_SUMMARY_ID, BANNER_ID];
export const fieldId = (field: string) => `signup-${field}`;

export const isFormStep = (step: SignupStep): step is FormStep => (FORM_STEPS as readonly string[]).includes(step);

/** A posted step name, or the first step for anything else (the success step is never posted). */
export function parseStep(value: unknown): WizardStep {
  const step = SIGNUP_STEPS.find((s) => s === value);
  return step && step !== "success" ? step : "account";
}

/** Cap on each posted value: enough for every rule to judge it, never a page of echoed text. */
const MAX_POSTED_LENGTH = 300;

/** The wizard's values from a form post (missing or non-text fields read as empty). */
export function readSignupValues(form: Record<string, unknown>): SignupValues {
  const text = (name: SignupField) => {
    const value = form[name];
    return typeof value === "string" ? value.slice(0, MAX_POSTED_LENGTH) : "";
  };
  return {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    ageConfirmation: form.ageConfirmation === "true" || form.ageConfirmation === "on",
    teamName: text("teamName"),
    ageGroup: text("ageGroup"),
    teamType: text("teamType"),
    // Only an explicit "false" (the coach's choice) drops the player; a post without it keeps one.
    hasChildOnTeam: form.hasChildOnTeam !== "false",
    playerFirstName: text("playerFirstName"),
    playerLastName: text("playerLastName"),
    playerJerseyNumber: text("playerJerseyNumber"),
  };
}

/**
 * `values` with what the browser put into the wizard's fields before it hydrated (by field name,
 * from lib/client/adopt_values.ts): text as is, the 18+ box as checked, the child choice from
 * its radio button's value. Names that are not the wizard's are ignored.
 */
export function withAdoptedValues(values: SignupValues, changed: Record<string, string | boolean>): SignupValues {
  const next = { ...values };
  for (const [name, value] of Object.entries(changed)) {
    if (!Object.hasOwn(EMPTY_SIGNUP, name)) continue;
    const field = name as SignupField;
    if (field === "ageConfirmation") next.ageConfirmation = value === true;
    else if (field === "hasChildOnTeam") next.hasChildOnTeam = value !== "false";
    else if (typeof value === "string") next[field] = value;
  }
  return next;
}

/** Back to the step at fault, its first bad field focused. */
export const moveToProblem = (problem: SignupProblem): WizardMove => ({
  step: problem.step,
  problem,
  focus: fieldId(problem.fields[0]),
});

/**
 * Checks the form steps up to and including `last`: earlier values travel in hidden fields
 * and a post can carry anything, so they are checked again rather than trusted. `rules`: the
 * checks' words in the page's language.
 */
export function checkStepsThrough(last: FormStep, values: SignupValues, rules: SignupRules): WizardMove | null {
  for (const step of FORM_STEPS.slice(0, FORM_STEPS.indexOf(last) + 1)) {
    const problem = checkSignupStepWith(step, { ...values }, rules);
    if (problem) return moveToProblem(problem);
  }
  return null;
}

/** Shows `step` (never success: that is a page of its own), its heading focused. */
export const moveTo = (step: SignupStep, focus = STEP_HEADING_ID): WizardMove => ({
  step: step as WizardStep,
  problem: null,
  focus,
});

/**
 * The next step for a button press (its `action`) that needs no server: `continue` (after the
 * step's check), `back`, `edit-account|team|player` from the review, or `change-email` on the
 * verify step. `finish` and `resend` call the server and are handled by their callers.
 */
export function moveWizard(step: WizardStep, action: string, values: SignupValues, rules: SignupRules): WizardMove {
  const index = SIGNUP_STEPS.indexOf(step);
  switch (action) {
    case "continue":
      if (!isFormStep(step)) return moveTo(step);
      return checkStepsThrough(step, values, rules) ?? moveTo(SIGNUP_STEPS[index + 1]);
    case "back":
      return moveTo(index > 0 && index <= SIGNUP_STEPS.indexOf("review") ? SIGNUP_STEPS[index - 1] : step);
    case "change-email":
      return moveTo("account", fieldId("email"));
    default: {
      // "edit-account", "edit-team", "edit-player" from the review.
      const edited = action.slice("edit-".length) as SignupStep;
      return moveTo(action.startsWith("edit-") && isFormStep(edited) ? edited : step);
    }
  }
}

/**
 * A message for each field at fault: "… is required." for an empty one, otherwise the rule's
 * own message (an invalid e-mail, a jersey out of range, a name too long).
 */
export function fieldErrors(
  problem: SignupProblem | null,
  values: SignupValues,
  rules: SignupRules,
): Record<string, string> {
  if (!problem) return {};
  const errors: Record<string, string> = {};
  for (const field of problem.fields as SignupField[]) {
    const value = values[field];
    const empty = typeof value === "boolean" ? !value : value.trim() === "";
    errors[field] = empty ? rules.required[field] : problem.message;
  }
  return errors;
}
