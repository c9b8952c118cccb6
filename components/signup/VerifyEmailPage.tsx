import { Island } from "../../lib/render/island.tsx";
import { SiteLayout } from "../SiteLayout.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";
import type { KnownOutcome } from "../../islands/SignupVerify.tsx";

/**
 * `/signup/verify`: the SignupVerify island verifies on load. Without JavaScript a button
 * posts the token instead (the GET itself never spends it).
 */
export function VerifyEmailPage({ token, known }: { token: string; known: KnownOutcome }) {
  const { m } = useI18n();
  const texts = m.signupPages.verifyPage;
  return (
    <SiteLayout narrow>
      <div className="card auth-card signup-verify-page">
        <h1>{texts.title}</h1>
        <Island name="SignupVerify" props={{ token, known }} />
        {known === "unknown" && (
          <noscript>
            <form method="post" action="/signup/verify" className="signup-verify-page__form">
              <input type="hidden" name="token" value={token} />
              <p>{texts.noScript}</p>
              <button type="submit" className="button button--primary button--block">{texts.verifyButton}</button>
            </form>
          </noscript>
        )}
      </div>
    </SiteLayout>
  );
}
