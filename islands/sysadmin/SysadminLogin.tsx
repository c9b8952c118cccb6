import { emailInput, LoginForm, passwordInput } from "../../components/login/LoginForm.tsx";
import { SYSADMIN_HOME } from "../../components/login/login_links.ts";
import { loginRefused } from "../../components/login/login_refused.ts";
import { api } from "../../lib/client/api.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

export interface SysadminLoginProps {
  /** A local path to open after signing in, or "". */
  next: string;
  email: string;
  /** The server's reply to a post without JavaScript. */
  error: string | null;
}

/** `/sysadmin/login`: a form that posts to the page, taken over by `fetch` once hydrated. */
export default function SysadminLogin({ next, email, error }: SysadminLoginProps) {
  const texts = useI18n().m.login;
  return (
    <LoginForm
      action="/sysadmin/login"
      hidden={{ next }}
      inputs={[emailInput(texts, "sysadmin-email", "username", email), passwordInput(texts, "sysadmin-password", true)]}
      errorId="sysadmin-error"
      error={error}
      blank={{ message: texts.refused.missingLogin }}
      noValidate
      submitLabel={texts.signIn}
      busyLabel={texts.signingIn}
      send={async (values) => {
        const reply = await api("POST", "/api/sysadmin/login", values);
        if (!reply.ok) {
          loginRefused(reply, texts.refused.invalidCredentials, texts);
          return { ok: false };
        }
        location.assign(next || SYSADMIN_HOME);
        return { ok: true, leaving: true };
      }}
    />
  );
}
