/**
 * A parent's "Who sees your child" in their child's member dialog (issue 22): hide the last name
 * and the photo from the team's other families. A plain form, with JavaScript too: it posts and
 * the page comes back to the dialog (post/redirect/get), so the island carries no code for it.
 * The server renders it only for a parent of the child; the route checks the same again. Its
 * words are the childPrivacy area, which the FamilyExplorer island gets as props.
 */
import {
  CHILD_PRIVACY_FIELDS as FIELDS,
  type ChildPrivacy,
  childPrivacyPaths,
} from "../../../lib/families/child_privacy.ts";
import { useI18n } from "../../../lib/i18n/context.tsx";

export function ChildPrivacyForm(
  { playerId, firstName, privacy }: { playerId: string; firstName: string; privacy: ChildPrivacy },
) {
  const { m, t } = useI18n();
  const texts = m.childPrivacy;
  const id = `child-privacy-${playerId}`;
  return (
    <form className="child-privacy" method="post" action={childPrivacyPaths.privacyForm(playerId)}>
      <fieldset>
        <legend className="family-list__title">{texts.heading}</legend>
        <input type="hidden" name={FIELDS.back} value="dashboard" />
        <div className="switch">
          <input
            id={`${id}-name`}
            type="checkbox"
            name={FIELDS.hideLastName}
            value="on"
            defaultChecked={privacy.hideLastName}
            aria-describedby={`${id}-hint`}
          />
          <label htmlFor={`${id}-name`}>{t(texts.hideLastName, { firstName })}</label>
        </div>
        <div className="switch">
          <input
            id={`${id}-photo`}
            type="checkbox"
            name={FIELDS.hidePhoto}
            value="on"
            defaultChecked={privacy.hidePhoto}
            aria-describedby={`${id}-hint`}
          />
          <label htmlFor={`${id}-photo`}>{t(texts.hidePhoto, { firstName })}</label>
        </div>
        <p className="field__hint" id={`${id}-hint`}>{texts.hint}</p>
        <button type="submit" className="button button--secondary">{texts.save}</button>
        <p className="field__hint">
          <a href={`/account/privacy#child-${playerId}`}>{texts.moreChoices}</a>
        </p>
      </fieldset>
    </form>
  );
}
