import { useEffect, useState } from "react";
import { toast } from "../lib/client/toast.tsx";

/** The spec's texts for the page's outcomes (SIGNUP_MESSAGES), passed in by the server. */
export interface VerifyTexts {
  verificationFailed: string;
  invalidLink: string;
  emailVerified: string;
}

export interface SignupVerifyProps {
  token: string;
  /** Already known to fail (no token, or the no-JavaScript post was refused): show the error. */
  failed: boolean;
  /**
   * Passed in rather than imported: the signup rules module would otherwise become a chunk
   * shared with the wizard, and every extra file costs the /signup page bytes.
   */
  texts: VerifyTexts;
}

type State =
  | { status: "loading" }
  | { status: "success"; email: string; teamName: string }
  | { status: "error" };

export const continueSignupHref = (email: string) => `/signup?verified=true&email=${encodeURIComponent(email)}`;

/**
 * The page a verification e-mail opens. The page itself spends nothing (mail scanners open
 * links too); this island's own call does, as soon as it runs in a real browser.
 */
export default function SignupVerify({ token, failed, texts }: SignupVerifyProps) {
  const [state, setState] = useState<State>(failed ? { status: "error" } : { status: "loading" });

  useEffect(() => {
    const fail = () => {
      setState({ status: "error" });
      toast({
        title: texts.verificationFailed,
        description: texts.invalidLink,
        variant: "destructive",
      });
    };
    if (failed) return fail();
    fetch("/api/signup/verify-token", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token }),
    })
      .then(async (res) => {
        const data = await res.json().catch(() => ({}));
        if (!res.ok || typeof data.email !== "string") return fail();
        setState({ status: "success", email: data.email, teamName: data.teamName ?? "" });
        toast({ title: texts.emailVerified, description: data.teamName ? `${data.teamName} is ready.` : "" });
      })
      .catch(fail);
  }, []);

  if (state.status === "loading") {
    return (
      <div className="signup-verify-state" role="status">
        <span className="spinner" aria-hidden="true"></span>
        <p>Verifying your email...</p>
      </div>
    );
  }
  if (state.status === "success") {
    return (
      <div className="signup-verify-state">
        <h2>{texts.emailVerified}</h2>
        <p>{`${state.teamName || "Your team"} is ready. One more step to finish your signup.`}</p>
        <a className="button button--primary button--lg" href={continueSignupHref(state.email)}>Continue signup</a>
      </div>
    );
  }
  return (
    <div className="signup-verify-state">
      <h2>{texts.verificationFailed}</h2>
      <p>{texts.invalidLink}</p>
      <a className="button button--primary" href="/signup">Back to signup</a>
    </div>
  );
}
