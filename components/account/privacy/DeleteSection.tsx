/** "Delete my account": what goes and what stays, and the form that asks for the e-mail address (`confirm`). */
import { PrivacySection } from "./Section.tsx";
import { useI18n } from "../../../lib/i18n/context.tsx";

export const DELETE_ACTION = "/account/privacy/delete";

export function DeleteSection(
  { email, onlyAdminOf, error }: { email: string; onlyAdminOf: string[]; error?: string },
) {
  const { m, t } = useI18n();
  const texts = m.account.privacy.delete;
  const described = ["privacy-delete-hint", error ? "privacy-delete-error" : ""].filter(Boolean).join(" ");
  return (
    <PrivacySection id="privacy-delete-heading" title={texts.title} danger>
      <p>
        <strong>{texts.cannotUndo}</strong>
        {texts.removes}
      </p>
      <ul>
        {texts.items.map((item) => <li key={item}>{item}</li>)}
      </ul>
      <p className="muted">{texts.stays}</p>
      {onlyAdminOf.length > 0 && (
        <p className="notice" role="note">{t(texts.onlyAdmin, { teams: onlyAdminOf.join(", ") })}</p>
      )}
      <form method="post" action={DELETE_ACTION} className="form" noValidate>
        <div className="field">
          <label htmlFor="privacy-delete-confirm">{texts.confirmLabel}</label>
          <input
            id="privacy-delete-confirm"
            name="confirm"
            type="email"
            autoComplete="off"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
          />
          <p className="field__hint" id="privacy-delete-hint">{t(texts.confirmHint, { email })}</p>
          {error && <p className="field__error" id="privacy-delete-error">{error}</p>}
        </div>
        <div className="form__actions">
          <button type="submit" className="button button--danger">{texts.button}</button>
        </div>
      </form>
    </PrivacySection>
  );
}
