import { emailInput, LoginForm, passwordInput } from "../../components/login/LoginForm.tsx";
import { SYSADMIN_HOME } from "../../components/login/login_links.ts";
import { LOGIN_TEXTS } from "../../components/login/texts.ts";
import { loginRefused } from "../../components/login/login_refused.ts";
import { api } from "../../lib/client/api.ts";

export interface SysadminLoginProps {
  /** A local path to open after signing in, or "". */
  next: string;
  email: string;
  /** The server's reply to a post without JavaScript. */
  error: string | null;
}

/** `/sysadmin/login`: a form that posts to the page, taken over by `fetch` once hydrated. */
export default function SysadminLogin({ next, email, error }: SysadminLoginProps) {
  return (
    <LoginForm
      action="/sysadmin/login"
      hidden={{ next }}
      inputs={[emailInput("sysadmin-email", "username", email), passwordInput("sysadmin-password", true)]}
      errorId="sysadmin-error"
      error={error}
      blank={{ message: LOGIN_TEXTS.missingLogin }}
      noValidate
      submitLabel="Sign In"
      busyLabel="Signing in..."
      send={async (values) => {
        const reply = await api("POST", "/api/sysadmin/login", values);
        if (!reply.ok) {
          loginRefused(reply, LOGIN_TEXTS.invalidCredentials);
          return { ok: false };
        }
        location.assign(next || SYSADMIN_HOME);
        return { ok: true, leaving: true };
      }}
    />
  );
}
