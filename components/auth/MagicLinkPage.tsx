import { SiteLayout } from "../SiteLayout.tsx";

/**
 * What a sign-in link opens. The GET only shows this Continue button: mail scanners open
 * every link, so only the POST it sends spends the token.
 */
export function MagicLinkContinuePage({ token, next }: { token: string; next: string }) {
  return (
    <SiteLayout narrow>
      <div className="card auth-card">
        <h1>Sign in to GoalMates</h1>
        <p>Press Continue to finish signing in on this device.</p>
        <form method="post" action="/auth/magic">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="next" value={next} />
          <button type="submit" className="button button--primary button--block">Continue</button>
        </form>
      </div>
    </SiteLayout>
  );
}

/**
 * A sign-in link that no longer signs in (expired, spent, unknown). When the link still knows
 * who it was for (`renewToken`, lib/auth/fresh_link.ts), one button mails a fresh one: no typing,
 * and no address shown.
 */
export function MagicLinkInvalidPage({ renewToken = null }: { renewToken?: string | null }) {
  return (
    <SiteLayout narrow>
      <div className="card auth-card" role="alert">
        <h1>Link expired</h1>
        <p>This sign-in link is invalid, expired or already used. Sign-in links work once, for 15 minutes.</p>
        {renewToken
          ? (
            <>
              <p>We can e-mail you a fresh link to the same address.</p>
              <form method="post" action="/auth/magic/resend">
                <input type="hidden" name="token" value={renewToken} />
                <button type="submit" className="button button--primary button--block">Send me a fresh link</button>
              </form>
              <p className="auth-card__other">
                <a href="/team-login">Sign in another way</a>
              </p>
            </>
          )
          : <a className="button button--primary" href="/team-login">Request a new link</a>}
      </div>
    </SiteLayout>
  );
}

/** After 'Send me a fresh link': the same words whether or not a link went out, and no address. */
export function MagicLinkResentPage() {
  return (
    <SiteLayout narrow>
      <div className="card auth-card" role="status">
        <h1>Check your email</h1>
        <p>We sent a fresh link to your e-mail. It works once, for 15 minutes.</p>
        <p className="auth-card__other">
          Not there? Check your spam folder, or <a href="/team-login">sign in another way</a>.
        </p>
      </div>
    </SiteLayout>
  );
}
