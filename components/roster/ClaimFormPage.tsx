import type { Team } from "../../lib/db/teams.ts";
import { MAX_NOTE_LENGTH } from "../../lib/claim_rules.ts";
import { rosterHref } from "./links.ts";
import { SiteLayout } from "../SiteLayout.tsx";
import { ClaimSteps } from "./ClaimSteps.tsx";

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
}

/** The claim form for browsers without JavaScript: a plain POST with post/redirect/get. */
export function ClaimFormPage({ team, values, errors }: ClaimFormPageProps) {
  const allowSurname = team.settings.allowSurnameFallback;
  const err = (name: string) =>
    errors[name] ? <p className="field__error" id={`${name}-error`}>{errors[name]}</p> : null;
  const described = (name: string) => errors[name] ? `${name}-error` : undefined;
  return (
    <SiteLayout narrow>
      <h1>{`Claim a player on ${team.name}`}</h1>
      <p>Tell us which player is your child. A team admin reviews every claim.</p>
      {team.settings.claimInstructions && <p className="notice">{team.settings.claimInstructions}</p>}
      {errors._ && <div className="notice notice--error" role="alert">{errors._}</div>}
      <form method="post" className="card form" noValidate>
        {allowSurname
          ? (
            <fieldset className="field">
              <legend>How would you like to find your child?</legend>
              <label className="choice">
                <input type="radio" name="mode" value="jersey" defaultChecked={values.mode === "jersey"} />
                By Jersey Number
              </label>
              <label className="choice">
                <input type="radio" name="mode" value="surname" defaultChecked={values.mode === "surname"} />
                By Child Surname
              </label>
            </fieldset>
          )
          : <input type="hidden" name="mode" value="jersey" />}
        <div className="field">
          <label htmlFor="jerseyNumber">Jersey Number</label>
          <input
            id="jerseyNumber"
            name="jerseyNumber"
            type="number"
            inputMode="numeric"
            min={0}
            max={99}
            defaultValue={values.jerseyNumber}
            aria-invalid={errors.jerseyNumber ? true : undefined}
            aria-describedby={described("jerseyNumber")}
          />
          {err("jerseyNumber")}
        </div>
        {allowSurname && (
          <div className="field">
            <label htmlFor="childSurname">Child's Surname</label>
            <input
              id="childSurname"
              name="childSurname"
              defaultValue={values.childSurname}
              aria-invalid={errors.childSurname ? true : undefined}
              aria-describedby={described("childSurname")}
            />
            {err("childSurname")}
          </div>
        )}
        <div className="field">
          <label htmlFor="email">Your Email</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={values.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={described("email")}
          />
          {err("email")}
        </div>
        <div className="field">
          <label htmlFor="note">Note (optional)</label>
          <textarea id="note" name="note" rows={3} maxLength={MAX_NOTE_LENGTH} defaultValue={values.note} />
          {err("note")}
        </div>
        <ClaimSteps headingId="how-it-works-title" level={2} />
        <div className="form__actions">
          <a className="button button--secondary" href={rosterHref(team.slug, {})}>Cancel</a>
          <button type="submit" className="button button--primary">Submit Claim</button>
        </div>
      </form>
    </SiteLayout>
  );
}
