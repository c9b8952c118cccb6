/** "Delete my account": what goes and what stays, and the form that asks for the e-mail address (`confirm`). */
import { PrivacySection } from "./Section.tsx";

export const DELETE_ACTION = "/account/privacy/delete";

export function DeleteSection(
  { email, onlyAdminOf, error }: { email: string; onlyAdminOf: string[]; error?: string },
) {
  const described = ["privacy-delete-hint", error ? "privacy-delete-error" : ""].filter(Boolean).join(" ");
  return (
    <PrivacySection id="privacy-delete-heading" title="Delete my account" danger>
      <p>
        <strong>This cannot be undone.</strong> Deleting your account removes, at once and for good:
      </p>
      <ul>
        <li>your name, e-mail, phone, profile and password;</li>
        <li>your place in every team, and your links to your children (their roster records stay with the team);</li>
        <li>your posts, gallery photos, essentials and campaign answers;</li>
        <li>your claims and join requests, your calendar link and every sign-in session.</li>
      </ul>
      <p className="muted">
        Poll tallies keep their counts without your name, and team records of what you did keep no name or e-mail. We
        send one last e-mail to confirm. You can sign up again with the same address later, as someone new.
      </p>
      {onlyAdminOf.length > 0 && (
        <p className="notice" role="note">
          You are the only admin of{" "}
          {onlyAdminOf.join(", ")}. Hand the team over to another admin or delete the team first.
        </p>
      )}
      <form method="post" action={DELETE_ACTION} className="form" noValidate>
        <div className="field">
          <label htmlFor="privacy-delete-confirm">Type your e-mail address to confirm</label>
          <input
            id="privacy-delete-confirm"
            name="confirm"
            type="email"
            autoComplete="off"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
          />
          <p className="field__hint" id="privacy-delete-hint">It is {email}.</p>
          {error && <p className="field__error" id="privacy-delete-error">{error}</p>}
        </div>
        <div className="form__actions">
          <button type="submit" className="button button--danger">Delete my account</button>
        </div>
      </form>
    </PrivacySection>
  );
}
