import { Island } from "../../lib/render/island.tsx";
import { SiteLayout } from "../SiteLayout.tsx";
import { EDIT_TEXTS } from "./edit_texts.ts";

/**
 * `/edit?token=…`: the EditPlayer island opens the link on load. There is deliberately no
 * no-JavaScript form: the link works once, and a form a mail scanner could submit would spend
 * it before the parent ever saw the page.
 */
export function EditPage({ token }: { token: string }) {
  return (
    <SiteLayout narrow>
      <div className="edit-page">
        <Island name="EditPlayer" props={{ token }} />
        <noscript>
          <div className="notice notice--error edit-noscript">
            <p>
              <strong>This page needs JavaScript.</strong>{" "}
              Your edit link works only once, so it is opened by the page itself rather than by a form. Please turn on
              JavaScript and reload this page, or ask your team admin for a new link.
            </p>
          </div>
        </noscript>
      </div>
    </SiteLayout>
  );
}

/** `/edit` without a token. */
export function InvalidLinkPage() {
  return (
    <SiteLayout narrow>
      <div className="empty-state edit-state">
        <h1>{EDIT_TEXTS.invalidLink}</h1>
        <p>{EDIT_TEXTS.noToken}</p>
        <p className="muted">Open the link from your approval e-mail, or ask your team admin for a new one.</p>
        <a className="button button--primary" href="/">Go to Roster</a>
      </div>
    </SiteLayout>
  );
}
