/**
 * What the link mailed to a new address opens (`/account/email?token=…`). The GET only shows
 * this Confirm button: mail scanners open every link, so only the POST it sends spends the
 * token. Plain forms, no JavaScript.
 */
import { SiteLayout } from "../SiteLayout.tsx";

export function EmailChangeConfirmPage({ token, newEmail }: { token: string; newEmail: string }) {
  return (
    <SiteLayout narrow>
      <div className="card auth-card">
        <h1>Confirm new e-mail</h1>
        <p>
          Press Confirm to make <strong className="email-change__address">{newEmail}</strong>{" "}
          the e-mail of your GoalMates account. Sign-in links will go there from now on.
        </p>
        <form method="post" action="/account/email">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button button--primary button--block">Confirm new e-mail</button>
        </form>
      </div>
    </SiteLayout>
  );
}

export function EmailChangeDonePage({ message }: { message: string }) {
  return (
    <SiteLayout narrow>
      <div className="card auth-card">
        <h1>E-mail changed</h1>
        <p role="status">{message}</p>
        <a className="button button--primary" href="/home">Go to your hub</a>
      </div>
    </SiteLayout>
  );
}

/** An unusable link ('This link is invalid or has expired.') or an address taken meanwhile. */
export function EmailChangeFailedPage({ message }: { message: string }) {
  return (
    <SiteLayout narrow>
      <div className="card auth-card" role="alert">
        <h1>E-mail not changed</h1>
        <p>{message}</p>
        <a className="button button--primary" href="/account">Your Account</a>
      </div>
    </SiteLayout>
  );
}
