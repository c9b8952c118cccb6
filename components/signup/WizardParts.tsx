/**
 * The signup wizard's pieces: progress dots, the three form steps, the review, the "Check
 * Your Email" step and the success step. Rendered by the SignupWizard island, on the server
 * (a page that works without JavaScript) and in the browser alike.
 */
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from "react";
import {
  AGE_GROUPS,
  CHILD_ON_TEAM_CHOICES,
  type FormStep,
  SIGNUP_STEPS,
  type SignupStep,
  TEAM_TYPES,
} from "../../lib/signup/checks.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import {
  fieldId,
  type SignupField,
  type SignupValues,
  STEP_FIELDS,
  STEP_HEADING_ID,
  WIZARD_FORM_ID,
} from "./wizard_flow.ts";

export interface FieldsProps {
  values: SignupValues;
  errors: Record<string, string>;
  onValue: (field: SignupField, value: string | boolean) => void;
  /** The id of an element the server asks the browser to focus on load (no-JS posts). */
  autoFocus: string | null;
}

const errorId = (field: string) => `${fieldId(field)}-error`;

/** Error wiring shared by every control: aria-invalid, aria-describedby and autofocus. */
function controlProps(field: SignupField, { errors, autoFocus }: FieldsProps) {
  return {
    id: fieldId(field),
    name: field,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? errorId(field) : undefined,
    autoFocus: autoFocus === fieldId(field) || undefined,
  };
}

function FieldError({ field, errors }: { field: SignupField; errors: Record<string, string> }) {
  return errors[field] ? <p className="field__error" id={errorId(field)}>{errors[field]}</p> : null;
}

type Option = { readonly value: string; readonly label: string };
type InputAttribute = "type" | "autoComplete" | "inputMode" | "min" | "max" | "placeholder";

/** A labelled input (or, given options, a select) with its error message wired to it. */
function Field(
  props: FieldsProps & Pick<InputHTMLAttributes<HTMLInputElement>, InputAttribute> & {
    field: SignupField;
    label?: string;
    options?: readonly Option[];
  },
) {
  const { m } = useI18n();
  const { field, label = m.signup.fields[field], options, placeholder, values, errors, onValue, autoFocus, ...input } =
    props;
  const control = {
    ...controlProps(field, { values, errors, onValue, autoFocus }),
    value: values[field] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onValue(field, e.currentTarget.value),
  };
  return (
    <div className="field">
      <label htmlFor={fieldId(field)}>{label}</label>
      {options
        ? (
          <select {...control}>
            <option value="">{placeholder}</option>
            {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        )
        : <input {...input} {...control} />}
      <FieldError field={field} errors={errors} />
    </div>
  );
}

/** Six dots, the current one marked for assistive technology with aria-current="step". */
export function SignupProgress({ step }: { step: SignupStep }) {
  const { m, t } = useI18n();
  const texts = m.signup;
  const current = SIGNUP_STEPS.indexOf(step);
  return (
    <nav className="signup-progress" aria-label={texts.progress.label}>
      <p className="signup-progress__count">
        {t(texts.progress.count, { step: String(current + 1), total: String(SIGNUP_STEPS.length) })}
      </p>
      <ol className="signup-progress__dots">
        {SIGNUP_STEPS.map((s, i) => (
          <li
            key={s}
            className={`signup-progress__dot${i < current ? " is-done" : ""}${i === current ? " is-current" : ""}`}
            aria-current={i === current ? "step" : undefined}
          >
            <span className="signup-progress__label">
              {texts.steps[s]}
              {i < current && <span className="visually-hidden">{texts.progress.done}</span>}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function AccountFields(props: FieldsProps) {
  const { m } = useI18n();
  return (
    <>
      <div className="signup-row">
        <Field {...props} field="firstName" autoComplete="given-name" />
        <Field {...props} field="lastName" autoComplete="family-name" />
      </div>
      <Field {...props} field="email" type="email" autoComplete="email" />
      <div className="field">
        <label className="choice" htmlFor={fieldId("ageConfirmation")}>
          <input
            {...controlProps("ageConfirmation", props)}
            type="checkbox"
            value="true"
            checked={props.values.ageConfirmation}
            onChange={(e) => props.onValue("ageConfirmation", e.currentTarget.checked)}
          />
          {m.signup.ageConfirmation}
        </label>
        <FieldError field="ageConfirmation" errors={props.errors} />
      </div>
    </>
  );
}

export function TeamFields(props: FieldsProps) {
  const { m } = useI18n();
  const texts = m.signup;
  return (
    <>
      <Field {...props} field="teamName" />
      <div className="signup-row">
        <Field
          {...props}
          field="ageGroup"
          placeholder={texts.selectAgeGroup}
          options={AGE_GROUPS.map((g) => ({ value: g, label: g }))}
        />
        <Field
          {...props}
          field="teamType"
          placeholder={texts.selectTeamType}
          options={TEAM_TYPES.map((type) => ({ value: type, label: texts.teamTypes[type] }))}
        />
      </div>
    </>
  );
}

/**
 * "I have a child on this team" (the default) or "I'm the coach / I have no child on the team".
 * The second hides the player's fields through CSS (`:has`), so the choice works without
 * JavaScript too; the rules ignore them then.
 */
function ChildOnTeamChoice(props: FieldsProps) {
  const { values, errors, onValue } = props;
  const { m } = useI18n();
  const texts = m.signup.childOnTeam;
  const describedBy = errors.hasChildOnTeam ? errorId("hasChildOnTeam") : undefined;
  return (
    <fieldset className="field signup-child" aria-describedby={describedBy}>
      <legend>{texts.question}</legend>
      {CHILD_ON_TEAM_CHOICES.map((choice, i) => {
        const id = i === 0 ? fieldId("hasChildOnTeam") : `${fieldId("hasChildOnTeam")}-${choice}`;
        return (
          <label key={choice} className="choice" htmlFor={id}>
            <input
              id={id}
              type="radio"
              name="hasChildOnTeam"
              value={choice}
              checked={String(values.hasChildOnTeam) === choice}
              onChange={(e) => onValue("hasChildOnTeam", e.currentTarget.value === "true")}
              autoFocus={props.autoFocus === id || undefined}
            />
            {choice === "true" ? texts.yes : texts.no}
          </label>
        );
      })}
      <FieldError field="hasChildOnTeam" errors={errors} />
    </fieldset>
  );
}

export function PlayerFields(props: FieldsProps) {
  const { m } = useI18n();
  return (
    <>
      <ChildOnTeamChoice {...props} />
      <div className="signup-player-fields">
        <div className="signup-row">
          <Field {...props} field="playerFirstName" />
          <Field {...props} field="playerLastName" />
        </div>
        <Field
          {...props}
          field="playerJerseyNumber"
          label={m.signup.jerseyWithRange}
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
        />
      </div>
    </>
  );
}

/**
 * The step and every value of the steps not shown, so a post without JavaScript carries the
 * whole signup along. Rendered by the server beside the island and tied to its form by
 * `form="…"`; the island itself never posts the form.
 */
export function HiddenValues({ values, step }: { values: SignupValues; step: SignupStep }) {
  const shown: string[] = step in STEP_FIELDS ? STEP_FIELDS[step as keyof typeof STEP_FIELDS] : [];
  const hidden = (name: string, value: string) => (
    <input key={name} type="hidden" name={name} value={value} form={WIZARD_FORM_ID} />
  );
  return (
    <>
      {hidden("step", step)}
      {(Object.keys(values) as SignupField[]).filter((f) => !shown.includes(f)).map((f) =>
        f === "ageConfirmation"
          ? values.ageConfirmation && hidden(f, "true")
          : f === "hasChildOnTeam"
          ? hidden(f, String(values.hasChildOnTeam))
          : hidden(f, values[f] as string)
      )}
    </>
  );
}

/** One step's answers, with an Edit button ('Edit your team') that goes back to that step. */
function ReviewSection({ step, children }: { step: FormStep; children: ReactNode }) {
  const { m } = useI18n();
  const texts = m.signup;
  const title = texts.steps[step];
  return (
    <section className="signup-review__section">
      <div className="signup-review__header">
        <h3>{title}</h3>
        <button
          type="submit"
          name="action"
          value={`edit-${step}`}
          className="button button--ghost"
          aria-label={texts.review.editStep[step]}
        >
          {texts.review.edit}
        </button>
      </div>
      <dl className="signup-review__list">{children}</dl>
    </section>
  );
}

const Row = ({ term, children }: { term: string; children: ReactNode }) => (
  <div>
    <dt>{term}</dt>
    <dd>{children}</dd>
  </div>
);

export function ReviewSummary({ values }: { values: SignupValues }) {
  const { m } = useI18n();
  const texts = m.signup.review;
  const teamTypes: Record<string, string> = m.signup.teamTypes;
  return (
    <div className="signup-review">
      <p>{texts.intro}</p>
      <ReviewSection step="account">
        <Row term={texts.name}>{`${values.firstName} ${values.lastName}`}</Row>
        <Row term={texts.email}>{values.email}</Row>
      </ReviewSection>
      <ReviewSection step="team">
        <Row term={texts.teamName}>{values.teamName}</Row>
        <Row term={texts.ageGroup}>{values.ageGroup}</Row>
        <Row term={texts.teamType}>
          {Object.hasOwn(teamTypes, values.teamType) ? teamTypes[values.teamType] : values.teamType}
        </Row>
      </ReviewSection>
      <ReviewSection step="player">
        {values.hasChildOnTeam
          ? (
            <>
              <Row term={texts.name}>{`${values.playerFirstName} ${values.playerLastName}`}</Row>
              <Row term={texts.jerseyNumber}>{values.playerJerseyNumber}</Row>
            </>
          )
          : <Row term={texts.childOnTeam}>{texts.noChild}</Row>}
      </ReviewSection>
    </div>
  );
}

/** `template` with its `{email}` in bold: "We sent a verification link to <strong>…</strong>." */
function WithEmail({ template, email }: { template: string; email: string }) {
  const [before, after = ""] = template.split("{email}");
  return (
    <>
      {before}
      <strong>{email}</strong>
      {after}
    </>
  );
}

export function VerifyPanel({ email, teamName }: { email: string; teamName: string }) {
  const { m, t } = useI18n();
  return (
    <div className="signup-verify">
      <p className="signup-verify__icon" aria-hidden="true">✉️</p>
      <p>
        <WithEmail template={m.signup.messages.sentTo} email={email} />
      </p>
      <p>{t(m.signup.checkEmail.openWithin, { team: teamName })}</p>
    </div>
  );
}

/** `dashboardHref`: the new team's admin dashboard when the browser is signed in as its admin. */
export function SuccessPanel({ email, dashboardHref }: { email: string; dashboardHref: string }) {
  const { m } = useI18n();
  const texts = m.signupPages.success;
  return (
    <div className="signup-success">
      <p className="signup-success__icon" aria-hidden="true">🏆</p>
      <p className="signup-success__lead">{m.signupPages.messages.teamCreated}</p>
      {email && (
        <p>
          <WithEmail template={texts.verifiedAs} email={email} />
        </p>
      )}
      <p>{texts.next}</p>
      <a className="button button--primary button--lg" href={dashboardHref}>{texts.goToDashboard}</a>
    </div>
  );
}

/** The heading of the step on show; focus moves here when the step changes. */
export function StepHeading({ step, autoFocus }: { step: SignupStep; autoFocus: boolean }) {
  const { m } = useI18n();
  const text = step === "review" ? m.signup.review.heading : m.signup.steps[step];
  return (
    <h2 id={STEP_HEADING_ID} className="signup-step__title" tabIndex={-1} autoFocus={autoFocus || undefined}>
      {text}
    </h2>
  );
}
