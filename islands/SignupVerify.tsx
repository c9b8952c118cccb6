import { useEffect, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { api } from "../lib/client/api.ts";
import { useI18n } from "../lib/i18n/context.tsx";

/** What the server already knows about the link: nothing yet, refused, or used before. */
export type KnownOutcome = "unknown" | "invalid" | "alreadyVerified";

export interface SignupVerifyProps {
  token: string;
  /** Known before the page's own call (no token, or the outcome of the no-JavaScript post). */
  known: KnownOutcome;
}

type State =
  | { status: "loading" }
  | { status: "success"; email: string; teamName: string }
  | { status: "error" }
  | { status: "alreadyVerified" };

export const continueSignupHref = (email: string) => `/signup?verified=true&email=${encodeURIComponent(email)}`;

/**
 * The page a verification e-mail opens. The page itself spends nothing (mail scanners open
 * links too); this island's own call does, as soon as it runs in a real browser.
 */
export default function SignupVerify({ token, known }: SignupVerifyProps) {
  const { m, t } = useI18n();
  // The spec's texts for the page's outcomes (SIGNUP_MESSAGES), and the page's own.
  const texts = m.signupPages.messages;
  const page = m.signupPages.verifyPage;
  const [state, setState] = useState<State>(
    known === "invalid" ? { status: "error" } : known === "alreadyVerified" ? { status: "alreadyVerified" } : {
      status: "loading",
    },
  );

  useEffect(() => {
    const fail = () => {
      setState({ status: "error" });
      toast({
        title: texts.verificationFailed,
        description: texts.invalidLink,
        variant: "destructive",
      });
    };
    if (known === "invalid") return fail();
    if (known === "alreadyVerified") return;
    api<{ email?: unknown; teamName?: string }>("POST", "/api/signup/verify-token", { token }).then((reply) => {
      // A link used before: the team exists, so the way on is to sign in, not to sign up again.
      if (!reply.ok && reply.status === 409) return setState({ status: "alreadyVerified" });
      const email = reply.ok ? reply.data.email : undefined;
      if (!reply.ok || typeof email !== "string") return fail();
      const teamName = reply.data.teamName ?? "";
      setState({ status: "success", email, teamName });
      toast({ title: texts.emailVerified, description: teamName ? t(page.ready, { team: teamName }) : "" });
    });
  }, []);

  if (state.status === "loading") {
    return (
      <div className="signup-verify-state" role="status">
        <span className="spinner" aria-hidden="true"></span>
        <p>{page.verifying}</p>
      </div>
    );
  }
  if (state.status === "success") {
    return (
      <div className="signup-verify-state">
        <h2>{texts.emailVerified}</h2>
        <p>{t(page.readyNext, { team: state.teamName || page.yourTeam })}</p>
        <a className="button button--primary button--lg" href={continueSignupHref(state.email)}>
          {page.continueSignup}
        </a>
      </div>
    );
  }
  if (state.status === "alreadyVerified") {
    return (
      <div className="signup-verify-state">
        <h2>{texts.emailVerified}</h2>
        <p>{texts.alreadyVerified}</p>
        <a className="button button--primary button--lg" href="/team-login">{page.signIn}</a>
      </div>
    );
  }
  return (
    <div className="signup-verify-state">
      <h2>{texts.verificationFailed}</h2>
      <p>{texts.invalidLink}</p>
      <a className="button button--primary" href="/signup">{page.backToSignup}</a>
    </div>
  );
}
