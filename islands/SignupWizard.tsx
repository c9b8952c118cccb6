import { type FormEvent, useEffect, useRef, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { api } from "../lib/client/api.ts";
import { useAdoptedFields } from "../lib/client/adopt_values.ts";
import { useI18n } from "../lib/i18n/context.tsx";
import { signupRules } from "../lib/signup/checks.ts";
import {
  checkStepsThrough,
  fieldErrors,
  isFormStep,
  moveWizard,
  SERVER_NOTICE_IDS,
  type SignupField,
  type SignupValues,
  STEP_HEADING_ID,
  withAdoptedValues,
  WIZARD_FORM_ID,
  type WizardMove,
  type WizardStep,
} from "../components/signup/wizard_flow.ts";
import {
  AccountFields,
  PlayerFields,
  ReviewSummary,
  SignupProgress,
  StepHeading,
  TeamFields,
  VerifyPanel,
} from "../components/signup/WizardParts.tsx";

export interface SignupWizardProps {
  /** The success step has no form and is rendered without this island. */
  step: WizardStep;
  values: SignupValues;
  /** Field → message, from a refused post. */
  errors: Record<string, string>;
  /** Id of the element to focus when the page loads (after a post without JavaScript). */
  autoFocus: string | null;
}

/** What the signup calls answer. */
type SignupReply = { message?: string; email?: string };

/**
 * The six-step signup. Every step is a form that posts to /signup, so the wizard works before
 * and without JavaScript; once hydrated, the same buttons move between steps in the browser
 * and only 'Finish & Verify by Email' and 'Resend' call the server.
 */
export default function SignupWizard(props: SignupWizardProps) {
  const { m, lang } = useI18n();
  const texts = m.signup;
  // The server's checks, in the page's language.
  const rules = signupRules(lang, texts.rules);
  const [step, setStep] = useState(props.step);
  const [values, setValues] = useState(props.values);
  const [errors, setErrors] = useState(props.errors);
  const [pending, setPending] = useState(false);
  // Server-chosen autofocus only applies to the first render; later moves focus explicitly.
  const [autoFocus, setAutoFocus] = useState(props.autoFocus);
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // What autofill or a quick typist put into the step's fields before the island hydrated.
  useAdoptedFields(form, (changed) => setValues((v) => withAdoptedValues(v, changed)));

  useEffect(() => {
    if (focusRequest) document.getElementById(focusRequest.id)?.focus();
  }, [focusRequest]);

  const onValue = (field: SignupField, value: string | boolean) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: "" }));
  };

  function go(move: WizardMove, nextValues = values) {
    setStep(move.step);
    setErrors(fieldErrors(move.problem, nextValues, rules));
    if (move.problem) {
      toast({ title: move.problem.title, description: move.problem.message, variant: "destructive" });
    }
    setFocusRequest({ id: move.focus });
  }

  /**
   * POSTs JSON; on success toasts `title` with the server's message and runs `then`. Any
   * refusal shows the server's message, or the status code without one.
   */
  async function call(url: string, body: unknown, title: string, then?: (data: SignupReply) => void) {
    setPending(true);
    const reply = await api<SignupReply>("POST", url, body);
    setPending(false);
    if (!reply.ok) {
      toast({ title: texts.errorTitle, description: reply.message || `${reply.status}`, variant: "destructive" });
      return;
    }
    toast({ title, description: reply.data.message });
    then?.(reply.data);
  }

  function finish() {
    const refused = checkStepsThrough("player", values, rules);
    if (refused) return go(refused);
    // The server trims, normalises the address and reads the jersey as a number. Its rules
    // are the ones just checked, so a refusal there is a limit or a race: its message says so.
    call("/api/signup/create-pending-intent", values, texts.messages.emailSent, (data) => {
      const next = { ...values, email: data.email ?? values.email };
      setValues(next);
      go({ step: "verify", problem: null, focus: STEP_HEADING_ID }, next);
    });
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const action = submitter?.value || "continue";
    // What the server said about the last post no longer applies once the browser moves on.
    for (const id of SERVER_NOTICE_IDS) document.getElementById(id)?.remove();
    setAutoFocus(null);
    if (action === "finish") return finish();
    if (action === "resend") {
      return void call("/api/signup/resend-verification", { email: values.email }, texts.messages.emailResent);
    }
    go(moveWizard(step, action, values, rules));
  }

  const fieldsProps = { values, errors, onValue, autoFocus };
  // The step and the other steps' values are hidden inputs the page renders beside this island
  // (tied to the form by form="…"): only a post without JavaScript reads them.
  return (
    <div className="signup-wizard__steps">
      <SignupProgress step={step} />
      <StepHeading step={step} autoFocus={autoFocus === STEP_HEADING_ID} />
      <form
        ref={form}
        id={WIZARD_FORM_ID}
        method="post"
        action="/signup"
        className="form signup-step"
        noValidate
        onSubmit={onSubmit}
      >
        {step === "account" && <AccountFields {...fieldsProps} />}
        {step === "team" && <TeamFields {...fieldsProps} />}
        {step === "player" && <PlayerFields {...fieldsProps} />}
        {step === "review" && <ReviewSummary values={values} />}
        {step === "verify" && <VerifyPanel email={values.email} teamName={values.teamName} />}
        {/* The primary button comes first: Enter in a field submits the first submit button. */}
        <div className="signup-actions">
          {isFormStep(step) && (
            <button type="submit" name="action" value="continue" className="button button--primary button--lg">
              {texts.actions.continue}
            </button>
          )}
          {step === "review" && (
            <button
              type="submit"
              name="action"
              value="finish"
              className="button button--primary button--lg"
              disabled={pending}
            >
              {pending ? texts.actions.sending : texts.actions.finish}
            </button>
          )}
          {step === "verify" && (
            <>
              <button type="submit" name="action" value="resend" className="button button--primary" disabled={pending}>
                {pending ? texts.actions.sending : texts.actions.resend}
              </button>
              <button type="submit" name="action" value="change-email" className="button button--ghost">
                {texts.actions.changeEmail}
              </button>
            </>
          )}
          {step !== "account" && step !== "verify" && (
            <button type="submit" name="action" value="back" className="button button--ghost">
              {texts.actions.back}
            </button>
          )}
        </div>
        {step === "account" && (
          <p className="signup-signin">
            {`${texts.actions.haveAccount} `}
            <a href="/team-login">{texts.actions.signIn}</a>
          </p>
        )}
      </form>
    </div>
  );
}
