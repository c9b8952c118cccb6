/** The state `/signup` renders: a fresh wizard, the step a post moved to, or the success step. */
import { cleanText, isValidEmail, normalizeEmail } from "../../lib/text.ts";
import {
  BANNER_ID,
  EMPTY_SIGNUP,
  ERROR_SUMMARY_ID,
  fieldErrors,
  type SignupValues,
  type WizardMove,
} from "./wizard_flow.ts";
import type { Banner } from "./notices.tsx";
import type { SignupRules } from "../../lib/signup/checks.ts";
import type { SignupPageState } from "./SignupPage.tsx";

/** A fresh wizard at its first step (a plain GET: nothing to focus but the page). */
export const firstStep = (): SignupPageState => ({
  step: "account",
  values: EMPTY_SIGNUP,
  errors: {},
  summary: null,
  banner: null,
  autoFocus: null,
});

/**
 * `?verified=true&email=…`: the success step, naming the address only when it is one. Its
 * 'Go to Dashboard' opens the team the browser administers (`adminTeamId`, the team just
 * created), where the new admin's work is; without one, the spec's /dashboard.
 */
export function successStep(email: string | undefined, adminTeamId: string | null = null): SignupPageState {
  const address = isValidEmail(email) ? normalizeEmail(cleanText(email)) : "";
  const dashboardHref = adminTeamId ? `/teams/${encodeURIComponent(adminTeamId)}` : "/dashboard";
  return { ...firstStep(), step: "success", values: { ...EMPTY_SIGNUP, email: address }, dashboardHref };
}

/**
 * The step a post moved to. A refused step shows its error summary (focused on load); a
 * banner (sent, resent, refused by the server) takes the focus; otherwise the new heading.
 * `rules`: the checks' words in the page's language (the field messages).
 */
export function stepAfterPost(
  move: WizardMove,
  values: SignupValues,
  rules: SignupRules,
  banner: Banner | null = null,
): SignupPageState {
  const summary = move.problem ? { title: move.problem.title, message: move.problem.message } : null;
  return {
    step: move.step,
    values,
    errors: fieldErrors(move.problem, values, rules),
    summary,
    banner,
    autoFocus: summary ? ERROR_SUMMARY_ID : banner ? BANNER_ID : move.focus,
  };
}
