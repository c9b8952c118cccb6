/**
 * "Your children": per child, ask for their removal from the roster, and hide their last name
 * and photo from the team's other families. No-JS forms under
 * `/account/privacy/children/{playerId}/…` (the child's own routes handle them).
 */
import { dayOf, PrivacySection } from "./Section.tsx";
import { useI18n } from "../../../lib/i18n/context.tsx";

export interface PrivacyChildView {
  playerId: string;
  teamName: string;
  firstName: string;
  lastName: string;
  hideLastName: boolean;
  hidePhoto: boolean;
  removalRequestedAt: string | null;
}

export const childActions = (playerId: string) => ({
  removal: `/account/privacy/children/${playerId}/removal-request`,
  privacy: `/account/privacy/children/${playerId}/privacy`,
});

/** Refused form of one child: which, and why. */
export interface ChildError {
  playerId: string;
  message: string;
}

function Switch({ id, name, label, checked }: { id: string; name: string; label: string; checked: boolean }) {
  return (
    <div className="switch">
      <input id={id} type="checkbox" name={name} value="on" defaultChecked={checked} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function Child({ child, error }: { child: PrivacyChildView; error?: string }) {
  const { m, t, lang } = useI18n();
  const texts = m.account.privacy.children;
  const choices = m.childPrivacy;
  const firstName = child.firstName;
  const actions = childActions(child.playerId);
  const id = `privacy-child-${child.playerId}`;
  return (
    <li className="privacy__item privacy__child" id={`child-${child.playerId}`}>
      <h3 id={`${id}-name`} className="privacy__child-name">
        {child.firstName} {child.lastName} <span className="muted">· {child.teamName}</span>
      </h3>
      {error && <div className="notice notice--error" role="alert">{error}</div>}
      <form method="post" action={actions.privacy} className="form privacy__choices">
        <p className="muted privacy__hint">{texts.familySees}</p>
        <Switch
          id={`${id}-hide-last-name`}
          name="hideLastName"
          label={t(choices.hideLastName, { firstName })}
          checked={child.hideLastName}
        />
        <Switch
          id={`${id}-hide-photo`}
          name="hidePhoto"
          label={t(choices.hidePhoto, { firstName })}
          checked={child.hidePhoto}
        />
        <div className="form__actions">
          <button type="submit" className="button button--secondary">{t(texts.save, { firstName })}</button>
        </div>
      </form>
      {/* A second, separate action: its own heading, so its button is not read as part of the choices above. */}
      <h4 className="privacy__action-heading">{choices.removalHeading}</h4>
      {child.removalRequestedAt
        ? (
          <p className="notice" role="note">
            {t(texts.asked, { date: dayOf(child.removalRequestedAt, lang), firstName })}
            {texts.waiting}
          </p>
        )
        : (
          <form method="post" action={actions.removal} className="form">
            <div className="field">
              <label htmlFor={`${id}-reason`}>{texts.why}</label>
              <textarea id={`${id}-reason`} name="reason" rows={2} maxLength={500} />
            </div>
            <div className="form__actions">
              <button type="submit" className="button button--danger">
                {t(texts.askRemove, { firstName })}
              </button>
            </div>
          </form>
        )}
    </li>
  );
}

export function ChildrenSection({ childList, error, sectionError }: {
  childList: PrivacyChildView[];
  /** A refusal of one child's form, shown at that child. */
  error?: ChildError | null;
  /** A refusal that came back without naming the child (a plain form's redirect). */
  sectionError?: string;
}) {
  const texts = useI18n().m.account.privacy.children;
  return (
    <PrivacySection id="privacy-children-heading" title={texts.title}>
      <p>{texts.text}</p>
      {sectionError && <div className="notice notice--error" role="alert">{sectionError}</div>}
      {childList.length === 0 ? <p className="muted">{texts.none}</p> : (
        <ul className="privacy__list">
          {childList.map((child) => (
            <Child
              key={child.playerId}
              child={child}
              error={error?.playerId === child.playerId ? error.message : undefined}
            />
          ))}
        </ul>
      )}
    </PrivacySection>
  );
}
