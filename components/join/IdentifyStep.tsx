import type { FormEvent, Ref } from "react";
import { TextField } from "../edit/TextField.tsx";
import type { IdentityValues } from "./join_flow.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

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
  const texts = useI18n().m.join.identify;
  const parent = values.userType === "parent";
  const bySurname = allowSurname && values.mode === "surname";
  const set = (name: keyof IdentityValues) => (e: { currentTarget: HTMLInputElement }) =>
    onChange({ ...values, [name]: e.currentTarget.value });
  return (
    <section className="card join-step" aria-labelledby="join-identify-title">
      <h2 id="join-identify-title" ref={headingRef} tabIndex={-1}>{texts.title}</h2>
      <p className="muted">{texts.lead}</p>
      <form method="post" action={action} className="form" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="step" value="identify" />
        <fieldset className="field join-choice" aria-describedby={errors.userType ? "join-user-type-error" : undefined}>
          <legend>{texts.iAm}</legend>
          <label className="choice">
            <input
              type="radio"
              name="userType"
              value="player"
              checked={values.userType === "player"}
              onChange={set("userType")}
            />
            {texts.player}
          </label>
          <label className="choice">
            <input type="radio" name="userType" value="parent" checked={parent} onChange={set("userType")} />
            {texts.parent}
          </label>
          {errors.userType && <p className="field__error" id="join-user-type-error">{errors.userType}</p>}
        </fieldset>
        <div className="join-jersey" hidden={bySurname}>
          <TextField
            id="join-jersey"
            name="jerseyNumber"
            label={parent ? texts.parentJersey : texts.jersey}
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
            {texts.noJersey}
          </label>
        )}
        <TextField
          id="join-player-last-name"
          name="lastName"
          label={parent ? texts.parentLastName : texts.lastName}
          hint={bySurname ? texts.noJerseyHint : undefined}
          autoComplete="off"
          value={values.lastName}
          error={errors.lastName}
          onChange={set("lastName")}
        />
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? texts.pending : texts.submit}
        </button>
      </form>
    </section>
  );
}
