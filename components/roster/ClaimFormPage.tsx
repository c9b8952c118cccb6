import type { InputHTMLAttributes } from "react";
import type { Team } from "../../lib/db/teams.ts";
import { MAX_NOTE_LENGTH } from "../../lib/claims/rules.ts";
import { rosterHref } from "./links.ts";
import { type HeaderAccount, SiteLayout } from "../SiteLayout.tsx";
import { ClaimSteps } from "./ClaimSteps.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";

export interface ClaimFormValues {
  mode: "jersey" | "surname";
  jerseyNumber: string;
  childSurname: string;
  email: string;
  note: string;
}

interface ClaimFormPageProps {
  team: Team;
  values: ClaimFormValues;
  /** Field → message after a refused post; `_` holds a message for the whole form. */
  errors: Record<string, string>;
  /** The signed-in person for the header (this page is never cached). */
  account?: HeaderAccount | null;
}

/** A labelled input with its error message wired to `aria-describedby`. */
function Field(
  { name, label, error, ...input }:
    & { name: string; label: string; error?: string }
    & InputHTMLAttributes<HTMLInputElement>,
) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        {...input}
      />
      {error && <p className="field__error" id={`${name}-error`}>{error}</p>}
    </div>
  );
}

/** The claim form for browsers without JavaScript: a plain POST with post/redirect/get. */
export function ClaimFormPage({ team, values, errors, account = null }: ClaimFormPageProps) {
  const { m, t } = useI18n();
  const { dialog, form } = m.claims;
  const allowSurname = team.settings.allowSurnameFallback;
  return (
    <SiteLayout narrow account={account}>
      <h1>{t(form.title, { team: team.name })}</h1>
      <p>{dialog.lead}</p>
      {team.settings.claimInstructions && <p className="notice">{team.settings.claimInstructions}</p>}
      {errors._ && <div className="notice notice--error" role="alert">{errors._}</div>}
      <form method="post" className="card form" noValidate>
        {allowSurname
          ? (
            <fieldset className="field">
              <legend>{form.howToFind}</legend>
              <label className="choice">
                <input type="radio" name="mode" value="jersey" defaultChecked={values.mode === "jersey"} />
                {dialog.byJersey}
              </label>
              <label className="choice">
                <input type="radio" name="mode" value="surname" defaultChecked={values.mode === "surname"} />
                {dialog.bySurname}
              </label>
            </fieldset>
          )
          : <input type="hidden" name="mode" value="jersey" />}
        <Field
          name="jerseyNumber"
          label={dialog.jerseyNumber}
          type="number"
          inputMode="numeric"
          min={0}
          max={99}
          defaultValue={values.jerseyNumber}
          error={errors.jerseyNumber}
        />
        {allowSurname && (
          <Field
            name="childSurname"
            label={dialog.childSurname}
            defaultValue={values.childSurname}
            error={errors.childSurname}
          />
        )}
        <Field
          name="email"
          label={dialog.email}
          type="email"
          autoComplete="email"
          defaultValue={values.email}
          error={errors.email}
        />
        <div className="field">
          <label htmlFor="note">{dialog.note}</label>
          <textarea
            id="note"
            name="note"
            rows={3}
            maxLength={MAX_NOTE_LENGTH}
            defaultValue={values.note}
            aria-describedby={errors.note ? "note-error" : undefined}
          />
          {errors.note && <p className="field__error" id="note-error">{errors.note}</p>}
        </div>
        <ClaimSteps headingId="how-it-works-title" level={2} />
        <div className="form__actions">
          <a className="button button--secondary" href={rosterHref(team.slug, {})}>{dialog.cancel}</a>
          <button type="submit" className="button button--primary">{dialog.submit}</button>
        </div>
      </form>
    </SiteLayout>
  );
}
