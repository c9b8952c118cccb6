import { Island } from "../../lib/render/island.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";
import { SiteLayout } from "../SiteLayout.tsx";

/**
 * `/edit?token=…`: the EditPlayer island opens the link on load. There is deliberately no
 * no-JavaScript form: the link works once, and a form a mail scanner could submit would spend
 * it before the parent ever saw the page.
 */
export function EditPage({ token }: { token: string }) {
  const texts = useI18n().m.edit;
  return (
    <SiteLayout narrow>
      <div className="edit-page">
        <Island name="EditPlayer" props={{ token }} />
        <noscript>
          <div className="notice notice--error edit-noscript">
            <p>
              <strong>{texts.noscriptTitle}</strong> {texts.noscript}
            </p>
          </div>
        </noscript>
      </div>
    </SiteLayout>
  );
}

/** `/edit` without a token. */
export function InvalidLinkPage() {
  const texts = useI18n().m.edit;
  return (
    <SiteLayout narrow>
      <div className="empty-state edit-state">
        <h1>{texts.invalidLink}</h1>
        <p>{texts.api.noToken}</p>
        <p className="muted">{texts.invalidLinkHint}</p>
        <a className="button button--primary" href="/">{texts.goToRoster}</a>
      </div>
    </SiteLayout>
  );
}
