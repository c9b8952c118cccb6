/**
 * What the link mailed to a new address opens (`/account/email?token=…`). The GET only shows
 * this Confirm button: mail scanners open every link, so only the POST it sends spends the
 * token. Plain forms, no JavaScript.
 */
import { SiteLayout } from "../SiteLayout.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";
import { messageParts } from "../../lib/i18n/message_parts.tsx";

export function EmailChangeConfirmPage({ token, newEmail }: { token: string; newEmail: string }) {
  const texts = useI18n().m.account.emailChange;
  return (
    <SiteLayout narrow>
      <div className="card auth-card">
        <h1>{texts.confirmTitle}</h1>
        <p>
          {messageParts(texts.confirmText, {
            email: <strong className="email-change__address">{newEmail}</strong>,
          })}
        </p>
        <form method="post" action="/account/email">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button button--primary button--block">{texts.confirmButton}</button>
        </form>
      </div>
    </SiteLayout>
  );
}

/** After the change: `message` is lib/accounts' notice in the page's language. */
export function EmailChangeDonePage({ message }: { message: string }) {
  const texts = useI18n().m.account.emailChange;
  return (
    <SiteLayout narrow>
      <div className="card auth-card">
        <h1>{texts.doneTitle}</h1>
        <p role="status">{message}</p>
        <a className="button button--primary" href="/home">{texts.hub}</a>
      </div>
    </SiteLayout>
  );
}

/** An unusable link ('This link is invalid or has expired.') or an address taken meanwhile. */
export function EmailChangeFailedPage({ message }: { message: string }) {
  const texts = useI18n().m.account.emailChange;
  return (
    <SiteLayout narrow>
      <div className="card auth-card" role="alert">
        <h1>{texts.failedTitle}</h1>
        <p>{message}</p>
        <a className="button button--primary" href="/account">{texts.account}</a>
      </div>
    </SiteLayout>
  );
}
