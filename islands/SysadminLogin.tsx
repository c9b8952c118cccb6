import { type FormEvent, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { LoginField } from "../components/login/LoginField.tsx";
import { SYSADMIN_HOME } from "../components/login/login_links.ts";
import { LOGIN_TEXTS } from "../components/login/texts.ts";
import { useHydrated } from "../components/login/client.ts";
import { api } from "../lib/client/api.ts";
import { useAdoptedValue } from "../lib/client/adopt_values.ts";

export interface SysadminLoginProps {
  /** A local path to open after signing in, or "". */
  next: string;
  email: string;
  /** The server's reply to a post without JavaScript. */
  error: string | null;
}

/** `/sysadmin/login`: a form that posts to the page, taken over by `fetch` once hydrated. */
export default function SysadminLogin({ next, email: initialEmail, error: initialError }: SysadminLoginProps) {
  // A password manager may have filled both fields before the island hydrated.
  const [email, setEmail, emailInput] = useAdoptedValue(initialEmail);
  const [password, setPassword, passwordInput] = useAdoptedValue("");
  const [passwordShown, setPasswordShown] = useState(false);
  const [error, setError] = useState(initialError);
  const [pending, setPending] = useState(false);
  // The toggle needs JavaScript, so it appears only once that runs.
  const canToggle = useHydrated();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError(LOGIN_TEXTS.missingLogin);
      emailInput.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    const reply = await api("POST", "/api/sysadmin/login", { email: email.trim(), password });
    if (reply.ok) return location.assign(next || SYSADMIN_HOME);
    setPending(false);
    toast({
      title: reply.status === 0 ? LOGIN_TEXTS.loginError : LOGIN_TEXTS.loginFailed,
      description: reply.message || LOGIN_TEXTS.invalidCredentials,
      variant: "destructive",
    });
  }

  const toggle = canToggle && (
    <button
      type="button"
      className="button button--ghost password-toggle"
      aria-pressed={passwordShown}
      aria-controls="sysadmin-password"
      onClick={() => setPasswordShown((shown) => !shown)}
    >
      {passwordShown ? "Hide password" : "Show password"}
    </button>
  );

  return (
    <form method="post" action="/sysadmin/login" className="form" noValidate onSubmit={onSubmit}>
      {error && <div className="notice notice--error" id="sysadmin-error" role="alert">{error}</div>}
      <input type="hidden" name="next" value={next} />
      <LoginField
        id="sysadmin-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        inputRef={emailInput}
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        invalid={error !== null}
        describedBy={error ? "sysadmin-error" : undefined}
      />
      <LoginField
        id="sysadmin-password"
        name="password"
        label="Password"
        type={passwordShown ? "text" : "password"}
        autoComplete="current-password"
        inputRef={passwordInput}
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        addon={toggle || undefined}
      />
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? "Signing in..." : "Sign In"}
      </button>
    </form>
  );
}
