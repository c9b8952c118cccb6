import type { FormEvent, Ref } from "react";
import { TextField } from "../edit/TextField.tsx";
import { type IdentityValues, JOIN_TEXTS } from "./join_flow.ts";

interface IdentifyStepProps {
  action: string;
  values: IdentityValues;
  /** Offer 'I don't know the jersey number' (the team allows finding a child by surname). */
  allowSurname: boolean;
  errors: Record<string, string>;
  pending: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onChange(values: IdentityValues): void;
  onSubmit(e: FormEvent<HTMLFormElement>): void;
}

/**
 * Step 1: player or parent, and which player: jersey and last name, or, for someone who does not
 * know the jersey number, the last name alone (as the roster claim allows). While that box is
 * ticked the jersey field is hidden (by the stylesheet before, or without, JavaScript) and ignored.
 */
export function IdentifyStep(
  { action, values, allowSurname, errors, pending, headingRef, onChange, onSubmit }: IdentifyStepProps,
) {
  const parent = values.userType === "parent";
  const bySurname = allowSurname && values.mode === "surname";
  const set = (name: keyof IdentityValues) => (e: { currentTarget: HTMLInputElement }) =>
    onChange({ ...values, [name]: e.currentTarget.value });
  return (
    <section className="card join-step" aria-labelledby="join-identify-title">
      <h2 id="join-identify-title" ref={headingRef} tabIndex={-1}>Verify Player</h2>
      <p className="muted">Tell us who you are and which player on the roster you belong to.</p>
      <form method="post" action={action} className="form" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="step" value="identify" />
        <fieldset className="field join-choice" aria-describedby={errors.userType ? "join-user-type-error" : undefined}>
          <legend>I am a...</legend>
          <label className="choice">
            <input
              type="radio"
              name="userType"
              value="player"
              checked={values.userType === "player"}
              onChange={set("userType")}
            />
            Player
          </label>
          <label className="choice">
            <input type="radio" name="userType" value="parent" checked={parent} onChange={set("userType")} />
            Parent
          </label>
          {errors.userType && <p className="field__error" id="join-user-type-error">{errors.userType}</p>}
        </fieldset>
        <div className="join-jersey" hidden={bySurname}>
          <TextField
            id="join-jersey"
            name="jerseyNumber"
            label={parent ? "Player's Jersey #" : "Jersey #"}
            inputMode="numeric"
            autoComplete="off"
            value={values.jerseyNumber}
            error={bySurname ? undefined : errors.jerseyNumber}
            onChange={set("jerseyNumber")}
          />
        </div>
        {allowSurname && (
          <label className="choice join-no-jersey">
            <input
              type="checkbox"
              name="mode"
              value="surname"
              checked={bySurname}
              onChange={(e) => onChange({ ...values, mode: e.currentTarget.checked ? "surname" : "jersey" })}
            />
            {JOIN_TEXTS.noJersey}
          </label>
        )}
        <TextField
          id="join-player-last-name"
          name="lastName"
          label={parent ? "Player's Last Name" : "Last Name"}
          hint={bySurname ? JOIN_TEXTS.noJerseyHint : undefined}
          autoComplete="off"
          value={values.lastName}
          error={errors.lastName}
          onChange={set("lastName")}
        />
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? "Verifying..." : "Verify Player Information"}
        </button>
      </form>
    </section>
  );
}
