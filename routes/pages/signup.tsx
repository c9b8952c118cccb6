import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { formBody, readForm } from "../http.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { LINK_PAGE, PRIVATE_PAGE, sendPage } from "../security_headers.ts";
import { getSessionUser, signInPerson } from "../auth_middleware.ts";
import { resendVerification, startSignup, verifySignup } from "../../lib/signup/mod.ts";
import { checkSignupWith, MAX_TEAM_NAME_LENGTH, SIGNUP_RULES, signupRules } from "../../lib/signup/mod.ts";
import { ConflictError, ValidationError } from "../../lib/errors.ts";
import { refusalOf } from "../errors.ts";
import { cleanText, isValidEmail } from "../../lib/text.ts";
import { signupContext } from "../contexts.ts";
import { pageLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { format } from "../../lib/i18n/format.ts";
import { translateMessage } from "../../lib/i18n/translate.ts";
import { continueSignupHref } from "../../islands/SignupVerify.tsx";
import { SignupPage, type SignupPageState } from "../../components/signup/SignupPage.tsx";
import type { KnownOutcome } from "../../islands/SignupVerify.tsx";
import { VerifyEmailPage } from "../../components/signup/VerifyEmailPage.tsx";
import { CelebrationPage } from "../../components/signup/CelebrationPage.tsx";
import {
  moveTo,
  moveToProblem,
  moveWizard,
  parseStep,
  readSignupValues,
  type SignupValues,
} from "../../components/signup/wizard_flow.ts";
import type { Banner } from "../../components/signup/notices.tsx";
import { firstStep, stepAfterPost, successStep } from "../../components/signup/wizard_state.ts";

// Signup pages show personal data (PRIVATE_PAGE); those about the e-mailed link's secret are LINK_PAGEs.
const TEAM_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** The wizard's words and checks in the request's language: its steps and field errors work without JavaScript too. */
async function wizardLanguage(c: Context<AppEnv>) {
  const language = await pageLanguage(c);
  const texts = messagesFor(language.lang).signup;
  return { language, texts, rules: signupRules(language.lang, texts.rules) };
}

async function sendWizard(c: Context<AppEnv>, state: SignupPageState, status = 200, headers: [string, string][] = []) {
  const language = await pageLanguage(c);
  const texts = messagesFor(language.lang).signupPages;
  const page = renderPage(c.var.deps.assets, <SignupPage state={state} />, {
    title: texts.pageTitle,
    description: texts.pageDescription,
    status,
    ...language,
  });
  return sendPage(c, page, [...PRIVATE_PAGE, ...headers]);
}

/** A refusal from lib/ (a rate limit, a rule), in English, shown in the request's language on the step that was posted. */
async function sendRefusal(c: Context<AppEnv>, error: unknown, step: "review" | "verify", values: SignupValues) {
  const { message, status, headers } = refusalOf(error);
  const { language, texts, rules } = await wizardLanguage(c);
  const banner: Banner = { title: texts.errorTitle, message: translateMessage(message, language.lang), tone: "error" };
  return sendWizard(c, stepAfterPost(moveTo(step), values, rules, banner), status, headers);
}

/** 'Finish & Verify by Email': stores the signup and mails the link, then 'Check Your Email'. */
async function finishSignup(c: Context<AppEnv>, values: SignupValues) {
  const { language, texts, rules } = await wizardLanguage(c);
  const check = checkSignupWith({ ...values }, rules);
  if (!check.ok) return sendWizard(c, stepAfterPost(moveToProblem(check.problem), values, rules), 400);
  try {
    await startSignup(signupContext(c), check.value);
  } catch (error) {
    return sendRefusal(c, error, "review", values);
  }
  const sent = { ...values, email: check.value.email };
  const banner: Banner = {
    title: texts.messages.emailSent,
    message: format(language.lang, texts.messages.sentTo, { email: sent.email }),
    tone: "success",
  };
  return sendWizard(c, stepAfterPost(moveTo("verify"), sent, rules, banner));
}

/** 'Resend Email' on the verify step. */
async function resendLink(c: Context<AppEnv>, values: SignupValues) {
  const { texts, rules } = await wizardLanguage(c);
  try {
    if (!isValidEmail(values.email)) throw new ValidationError(SIGNUP_RULES.email.message);
    await resendVerification(signupContext(c), values.email);
  } catch (error) {
    return sendRefusal(c, error, "verify", values);
  }
  const banner: Banner = { title: texts.messages.emailResent, message: texts.messages.resent, tone: "success" };
  return sendWizard(c, stepAfterPost(moveTo("verify"), values, rules, banner));
}

async function sendVerifyPage(c: Context<AppEnv>, token: string, known: KnownOutcome) {
  const language = await pageLanguage(c);
  const page = renderPage(c.var.deps.assets, <VerifyEmailPage token={token} known={known} />, {
    title: messagesFor(language.lang).signupPages.verifyPage.title,
    status: known === "invalid" ? 400 : known === "alreadyVerified" ? 409 : 200,
    noindex: true,
    ...language,
  });
  return sendPage(c, page, LINK_PAGE);
}

/** `/signup`: the signup wizard, and the page its e-mail links to (`/signup/verify`). */
export const signupPages = new Hono<AppEnv>()
  .get("/", async (c) => {
    if (c.req.query("verified") !== "true") return sendWizard(c, firstStep());
    // Verifying signed the browser in with the new team selected: 'Go to Dashboard' opens its admin dashboard.
    const user = await getSessionUser(c);
    const team = user?.selectedTeamId;
    const adminTeamId = team && user.roles[team] === "TEAM_ADMIN" ? team : null;
    return sendWizard(c, successStep(c.req.query("email"), adminTeamId));
  })
  // Without JavaScript every step posts here with the earlier steps in hidden fields.
  .post("/", formBody, async (c) => {
    const form = await readForm(c);
    const values = readSignupValues(form);
    const step = parseStep(form.step);
    const action = typeof form.action === "string" ? form.action : "continue";
    if (step === "review" && action === "finish") return await finishSignup(c, values);
    if (step === "verify" && action === "resend") return await resendLink(c, values);
    const { rules } = await wizardLanguage(c);
    const move = moveWizard(step, action, values, rules);
    return sendWizard(c, stepAfterPost(move, values, rules), move.problem ? 400 : 200);
  })
  // Opening the link spends nothing: the page's own call (or its no-JS button) does.
  .get("/verify", (c) => {
    const token = (c.req.query("token") ?? "").slice(0, 100);
    return sendVerifyPage(c, token, token === "" ? "invalid" : "unknown");
  })
  .post("/verify", formBody, async (c) => {
    const { kv, now } = c.var.deps;
    const form = await readForm(c);
    let email: string;
    try {
      const { team, user } = await verifySignup(kv, form.token, now());
      await signInPerson(c, user.id, team.id);
      email = user.email;
    } catch (error) {
      const refused = refusalOf(error);
      return await sendVerifyPage(c, "", refused.error instanceof ConflictError ? "alreadyVerified" : "invalid");
    }
    // The session cookie rides on the redirect (pages sent with sendPage carry no cookies).
    for (const [name, value] of LINK_PAGE) c.header(name, value);
    return c.redirect(continueSignupHref(email), 303);
  });

/** `/signup-success`: the team-created celebration. */
export const signupSuccessPage = new Hono<AppEnv>()
  .get("/", async (c) => {
    const language = await pageLanguage(c);
    const texts = messagesFor(language.lang).signupPages.celebration;
    const teamName = cleanText(c.req.query("teamName") ?? "").slice(0, MAX_TEAM_NAME_LENGTH) || texts.yourTeam;
    const teamId = c.req.query("teamId") ?? "";
    const dashboardHref = TEAM_ID.test(teamId) ? `/family-dashboard/${teamId}` : "/family-dashboard";
    const page = renderPage(c.var.deps.assets, <CelebrationPage teamName={teamName} dashboardHref={dashboardHref} />, {
      title: texts.title,
      noindex: true,
      ...language,
    });
    return sendPage(c, page, PRIVATE_PAGE);
  });
