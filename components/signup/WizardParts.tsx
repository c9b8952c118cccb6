/**
 * The signup wizard's pieces: progress dots, the three form steps, the review, the "Check
 * Your Email" step and the success step. Rendered by the SignupWizard island, on the server
 * (a page that works without JavaScript) and in the browser alike.
 */
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from "react";
import {
  AGE_CONFIRMATION_LABEL,
  AGE_GROUPS,
  CHILD_ON_TEAM_CHOICES,
  CHILD_ON_TEAM_QUESTION,
  type FormStep,
  SIGNUP_STEPS,
  type SignupStep,
  TEAM_TYPES,
} from "../../lib/signup/rules.ts";
import {
  FIELD_LABELS,
  fieldId,
  type SignupField,
  type SignupValues,
  STEP_FIELDS,
  STEP_HEADING_ID,
  STEP_LABELS,
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
  const { field, label = FIELD_LABELS[field], options, placeholder, values, errors, onValue, autoFocus, ...input } =
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
  const current = SIGNUP_STEPS.indexOf(step);
  return (
    <nav className="signup-progress" aria-label="Signup progress">
      <p className="signup-progress__count">{`Step ${current + 1} of ${SIGNUP_STEPS.length}`}</p>
      <ol className="signup-progress__dots">
        {SIGNUP_STEPS.map((s, i) => (
          <li
            key={s}
            className={`signup-progress__dot${i < current ? " is-done" : ""}${i === current ? " is-current" : ""}`}
            aria-current={i === current ? "step" : undefined}
          >
            <span className="signup-progress__label">
              {STEP_LABELS[s]}
              {i < current && <span className="visually-hidden">(done)</span>}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function AccountFields(props: FieldsProps) {
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
          {AGE_CONFIRMATION_LABEL}
        </label>
        <FieldError field="ageConfirmation" errors={props.errors} />
      </div>
    </>
  );
}

export function TeamFields(props: FieldsProps) {
  return (
    <>
      <Field {...props} field="teamName" />
      <div className="signup-row">
        <Field
          {...props}
          field="ageGroup"
          placeholder="Select age group"
          options={AGE_GROUPS.map((g) => ({ value: g, label: g }))}
        />
        <Field {...props} field="teamType" placeholder="Select team type" options={TEAM_TYPES} />
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
  const describedBy = errors.hasChildOnTeam ? errorId("hasChildOnTeam") : undefined;
  return (
    <fieldset className="field signup-child" aria-describedby={describedBy}>
      <legend>{CHILD_ON_TEAM_QUESTION}</legend>
      {CHILD_ON_TEAM_CHOICES.map((choice, i) => {
        const id = i === 0 ? fieldId("hasChildOnTeam") : `${fieldId("hasChildOnTeam")}-${choice.value}`;
        return (
          <label key={choice.value} className="choice" htmlFor={id}>
            <input
              id={id}
              type="radio"
              name="hasChildOnTeam"
              value={choice.value}
              checked={String(values.hasChildOnTeam) === choice.value}
              onChange={(e) => onValue("hasChildOnTeam", e.currentTarget.value === "true")}
              autoFocus={props.autoFocus === id || undefined}
            />
            {choice.label}
          </label>
        );
      })}
      <FieldError field="hasChildOnTeam" errors={errors} />
    </fieldset>
  );
}

export function PlayerFields(props: FieldsProps) {
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
          label="Jersey number (1–99)"
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

const teamTypeLabel = (value: string) => TEAM_TYPES.find((t) => t.value === value)?.label ?? value;

/** One step's answers, with an Edit button ('Edit your team') that goes back to that step. */
function ReviewSection({ step, children }: { step: FormStep; children: ReactNode }) {
  const title = STEP_LABELS[step];
  return (
    <section className="signup-review__section">
      <div className="signup-review__header">
        <h3>{title}</h3>
        <button
          type="submit"
          name="action"
          value={`edit-${step}`}
          className="button button--ghost"
          aria-label={`Edit ${title.toLowerCase()}`}
        >
          Edit
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
  return (
    <div className="signup-review">
      <p>We will e-mail you a link; your team is created when you open it.</p>
      <ReviewSection step="account">
        <Row term="Name">{`${values.firstName} ${values.lastName}`}</Row>
        <Row term="Email">{values.email}</Row>
      </ReviewSection>
      <ReviewSection step="team">
        <Row term="Team name">{values.teamName}</Row>
        <Row term="Age group">{values.ageGroup}</Row>
        <Row term="Team type">{teamTypeLabel(values.teamType)}</Row>
      </ReviewSection>
      <ReviewSection step="player">
        {values.hasChildOnTeam
          ? (
            <>
              <Row term="Name">{`${values.playerFirstName} ${values.playerLastName}`}</Row>
              <Row term="Jersey number">{values.playerJerseyNumber}</Row>
            </>
          )
          : <Row term="Child on the team">None: I'm the coach. Families add their players later.</Row>}
      </ReviewSection>
    </div>
  );
}

export function VerifyPanel({ email, teamName }: { email: string; teamName: string }) {
  return (
    <div className="signup-verify">
      <p className="signup-verify__icon" aria-hidden="true">✉️</p>
      <p>
        We sent a verification link to <strong>{email}</strong>.
      </p>
      <p>
        {`Open it within 24 hours to create ${teamName}. Not there? Check your spam folder.`}
      </p>
    </div>
  );
}

/** `dashboardHref`: the new team's admin dashboard when the browser is signed in as its admin. */
export function SuccessPanel({ email, dashboardHref }: { email: string; dashboardHref: string }) {
  return (
    <div className="signup-success">
      <p className="signup-success__icon" aria-hidden="true">🏆</p>
      <p className="signup-success__lead">Team created successfully!</p>
      {email && (
        <p>
          <strong>{email}</strong> is verified and you are signed in as the team admin.
        </p>
      )}
      <p>Next, invite your soccer family with one shared link from your dashboard.</p>
      <a className="button button--primary button--lg" href={dashboardHref}>Go to Dashboard</a>
    </div>
  );
}

/** The heading of the step on show; focus moves here when the step changes. */
export function StepHeading({ step, autoFocus }: { step: SignupStep; autoFocus: boolean }) {
  const text = step === "review" ? "Verify Your Details" : STEP_LABELS[step];
  return (
    <h2 id={STEP_HEADING_ID} className="signup-step__title" tabIndex={-1} autoFocus={autoFocus || undefined}>
      {text}
    </h2>
  );
}
