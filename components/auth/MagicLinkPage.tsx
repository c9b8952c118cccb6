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

export function MagicLinkInvalidPage() {
  return (
    <SiteLayout narrow>
      <div className="card auth-card" role="alert">
        <h1>Link expired</h1>
        <p>This sign-in link is invalid, expired or already used. Sign-in links work once, for 15 minutes.</p>
        <a className="button button--primary" href="/team-login">Request a new link</a>
      </div>
    </SiteLayout>
  );
}
