import { useI18n } from "../../lib/i18n/context.tsx";
import { messageParts } from "../../lib/i18n/message_parts.tsx";
import { SiteLayout } from "../SiteLayout.tsx";

/**
 * What a sign-in link opens. The GET only shows this Continue button: mail scanners open
 * every link, so only the POST it sends spends the token.
 */
export function MagicLinkContinuePage({ token, next }: { token: string; next: string }) {
  const texts = useI18n().m.auth.magicLink;
  return (
    <SiteLayout narrow>
      <div className="card auth-card">
        <h1>{texts.heading}</h1>
        <p>{texts.lead}</p>
        <form method="post" action="/auth/magic">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="next" value={next} />
          <button type="submit" className="button button--primary button--block">{texts.continue}</button>
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
  const texts = useI18n().m.auth.linkExpired;
  return (
    <SiteLayout narrow>
      <div className="card auth-card" role="alert">
        <h1>{texts.title}</h1>
        <p>{texts.body}</p>
        {renewToken
          ? (
            <>
              <p>{texts.offerFresh}</p>
              <form method="post" action="/auth/magic/resend">
                <input type="hidden" name="token" value={renewToken} />
                <button type="submit" className="button button--primary button--block">{texts.sendFresh}</button>
              </form>
              <p className="auth-card__other">
                <a href="/team-login">{texts.otherWay}</a>
              </p>
            </>
          )
          : <a className="button button--primary" href="/team-login">{texts.requestNew}</a>}
      </div>
    </SiteLayout>
  );
}

/** After 'Send me a fresh link': the same words whether or not a link went out, and no address. */
export function MagicLinkResentPage() {
  const texts = useI18n().m.auth.freshLinkSent;
  return (
    <SiteLayout narrow>
      <div className="card auth-card" role="status">
        <h1>{texts.title}</h1>
        <p>{texts.body}</p>
        <p className="auth-card__other">
          {messageParts(texts.notThere, { link: <a href="/team-login">{texts.otherWay}</a> })}
        </p>
      </div>
    </SiteLayout>
  );
}
