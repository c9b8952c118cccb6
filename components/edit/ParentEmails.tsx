import type { FormEvent } from "react";
import { TextField } from "./TextField.tsx";

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
  return (
    <section className="card edit-card" aria-labelledby="edit-emails-title">
      <h2 id="edit-emails-title">Parent Emails</h2>
      {emails.length > 0
        ? (
          <ul className="edit-emails" aria-label="Current parent emails">
            {emails.map((email) => <li key={email}>{email}</li>)}
          </ul>
        )
        : <p className="muted">No parent emails yet.</p>}
      <form className="form edit-emails__add" noValidate onSubmit={onSubmit}>
        <TextField
          id="edit-new-email"
          name="email"
          type="email"
          label="Add a parent email"
          hint="That parent can then sign in with a magic link and edit this player too."
          autoComplete="off"
          value={newEmail}
          error={error}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
        <div className="form__actions">
          <button type="submit" className="button button--secondary" disabled={adding}>
            {adding ? "Adding..." : "Add Email"}
          </button>
        </div>
      </form>
    </section>
  );
}
