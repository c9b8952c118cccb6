import type { FormEvent } from "react";
import { TextField } from "./TextField.tsx";
import type { PlayerFields } from "./edit_texts.ts";

interface PlayerFormProps {
  values: PlayerFields;
  errors: Partial<Record<keyof PlayerFields, string>>;
  saving: boolean;
  onChange(name: keyof PlayerFields, value: string): void;
  onSubmit(e: FormEvent<HTMLFormElement>): void;
}

/** The player's details: names and jersey required, position and photo optional. */
export function PlayerForm({ values, errors, saving, onChange, onSubmit }: PlayerFormProps) {
  const field = (name: keyof PlayerFields) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { currentTarget: HTMLInputElement }) => onChange(name, e.currentTarget.value),
  });
  return (
    <section className="card edit-card" aria-labelledby="edit-details-title">
      <h2 id="edit-details-title">Player Details</h2>
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="edit-row">
          <TextField id="edit-first-name" label="First name" autoComplete="off" required {...field("firstName")} />
          <TextField id="edit-last-name" label="Last name" autoComplete="off" required {...field("lastName")} />
        </div>
        <div className="edit-row">
          <TextField id="edit-jersey" label="Jersey number" inputMode="numeric" {...field("jerseyNumber")} />
          <TextField id="edit-position" label="Position (optional)" autoComplete="off" {...field("position")} />
        </div>
        <TextField
          id="edit-photo-url"
          label="Photo URL (optional)"
          hint="A photo uploaded to GoalMates, or leave empty."
          inputMode="url"
          {...field("photoUrl")}
        />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </form>
    </section>
  );
}
