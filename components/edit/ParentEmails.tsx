import type { FormEvent } from "react";
import { TextField } from "./TextField.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";

interface ParentEmailsProps {
  emails: string[];
  newEmail: string;
  error?: string;
  adding: boolean;
  onChange(value: string): void;
  onSubmit(e: FormEvent<HTMLFormElement>): void;
}

/** The player's parents' addresses, and one more (a co-parent, who may then sign in). */
export function ParentEmails({ emails, newEmail, error, adding, onChange, onSubmit }: ParentEmailsProps) {
  const texts = useI18n().m.edit.emails;
  return (
    <section className="card edit-card" aria-labelledby="edit-emails-title">
      <h2 id="edit-emails-title">{texts.title}</h2>
      {emails.length > 0
        ? (
          <ul className="edit-emails" aria-label={texts.listLabel}>
            {emails.map((email) => <li key={email}>{email}</li>)}
          </ul>
        )
        : <p className="muted">{texts.none}</p>}
      <form className="form edit-emails__add" noValidate onSubmit={onSubmit}>
        <TextField
          id="edit-new-email"
          name="email"
          type="email"
          label={texts.add}
          hint={texts.addHint}
          autoComplete="off"
          value={newEmail}
          error={error}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
        <div className="form__actions">
          <button type="submit" className="button button--secondary" disabled={adding}>
            {adding ? texts.adding : texts.button}
          </button>
        </div>
      </form>
    </section>
  );
}
