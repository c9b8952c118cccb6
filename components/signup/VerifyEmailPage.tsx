import { Island } from "../../lib/render/island.tsx";
import { SiteLayout } from "../SiteLayout.tsx";
import { SIGNUP_MESSAGES } from "../../lib/signup/rules.ts";
import type { KnownOutcome } from "../../islands/SignupVerify.tsx";

/**
 * `/signup/verify`: the SignupVerify island verifies on load. Without JavaScript a button
 * posts the token instead (the GET itself never spends it).
 */
export function VerifyEmailPage({ token, known }: { token: string; known: KnownOutcome }) {
  return (
    <SiteLayout narrow>
      <div className="card auth-card signup-verify-page">
        <h1>Email Verification</h1>
        <Island
          name="SignupVerify"
          props={{
            token,
            known,
            texts: {
              verificationFailed: SIGNUP_MESSAGES.verificationFailed,
              invalidLink: SIGNUP_MESSAGES.invalidLink,
              emailVerified: SIGNUP_MESSAGES.emailVerified,
              alreadyVerified: SIGNUP_MESSAGES.alreadyVerified,
            },
          }}
        />
        {known === "unknown" && (
          <noscript>
            <form method="post" action="/signup/verify" className="signup-verify-page__form">
              <input type="hidden" name="token" value={token} />
              <p>Press the button to finish verifying your email and create your team.</p>
              <button type="submit" className="button button--primary button--block">Verify my email</button>
            </form>
          </noscript>
        )}
      </div>
    </SiteLayout>
  );
}
