import type { FormEvent } from "react";
import { TextField } from "./TextField.tsx";
import type { PlayerFields } from "./edit_form.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

interface PlayerFormProps {
  values: PlayerFields;
  errors: Partial<Record<keyof PlayerFields, string>>;
  saving: boolean;
  onChange(name: keyof PlayerFields, value: string): void;
  onSubmit(e: FormEvent<HTMLFormElement>): void;
}

/** The player's details: names and jersey required, position and photo optional. */
export function PlayerForm({ values, errors, saving, onChange, onSubmit }: PlayerFormProps) {
  const texts = useI18n().m.edit.details;
  const field = (name: keyof PlayerFields) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { currentTarget: HTMLInputElement }) => onChange(name, e.currentTarget.value),
  });
  return (
    <section className="card edit-card" aria-labelledby="edit-details-title">
      <h2 id="edit-details-title">{texts.title}</h2>
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="edit-row">
          <TextField id="edit-first-name" label={texts.firstName} autoComplete="off" required {...field("firstName")} />
          <TextField id="edit-last-name" label={texts.lastName} autoComplete="off" required {...field("lastName")} />
        </div>
        <div className="edit-row">
          <TextField id="edit-jersey" label={texts.jersey} inputMode="numeric" {...field("jerseyNumber")} />
          <TextField id="edit-position" label={texts.position} autoComplete="off" {...field("position")} />
        </div>
        <TextField
          id="edit-photo-url"
          label={texts.photoUrl}
          hint={texts.photoHint}
          inputMode="url"
          {...field("photoUrl")}
        />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? texts.saving : texts.save}
          </button>
        </div>
      </form>
    </section>
  );
}
