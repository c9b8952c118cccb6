import { type FormEvent, useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { api } from "../lib/client/api.ts";
import { LoginField } from "../components/login/LoginField.tsx";
import { useAdoptedValue } from "../lib/client/adopt_values.ts";

export interface TeamAccessLoginProps {
  teamId: string;
  /** From a post without JavaScript: the form's error, or the address a link was sent to. */
  loginError: string | null;
  username: string;
  magicError: string | null;
  magicSentTo: string | null;
}

export const TEAM_LOGIN_TEXTS = {
  invalid: "Invalid username or password. Please try again.",
  magicSent: "Magic link sent!",
  magicFailed: "Unable to send magic link",
  checkEmail: "Please check your email address and try again.",
} as const;

/** SPEC.md section 9: the team login moves on 0.5 s after success. */
const REDIRECT_DELAY_MS = 500;

/**
 * `/teams/{teamId}` signed out: the team's username and password, or a magic link for this
 * team. Both forms post to the page without JavaScript.
 */
export default function TeamAccessLogin(props: TeamAccessLoginProps) {
  const { teamId } = props;
  const base = `/teams/${encodeURIComponent(teamId)}`;
  const teamApi = `/api/teams/${encodeURIComponent(teamId)}`;
  // A password manager may have filled the fields before the island hydrated.
  const [username, setUsername, usernameInput] = useAdoptedValue(props.username);
  const [password, setPassword, passwordInput] = useAdoptedValue("");
  const [loginError, setLoginError] = useState(props.loginError);
  const [email, setEmail, emailInput] = useAdoptedValue(props.magicSentTo ?? "");
  const [magicError, setMagicError] = useState(props.magicError);
  const [sentTo, setSentTo] = useState(props.magicSentTo);
  const [pending, setPending] = useState(false);

  async function login(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    setLoginError(null);
    const reply = await api("POST", `${teamApi}/login`, { username: username.trim(), password });
    if (!reply.ok) {
      setPending(false);
      if (reply.status === 0) {
        return toast({ title: "Login Error", description: reply.message, variant: "destructive" });
      }
      const message = reply.status === 429 ? reply.message || TEAM_LOGIN_TEXTS.invalid : TEAM_LOGIN_TEXTS.invalid;
      setLoginError(message);
      return toast({ title: "Login Failed", description: message, variant: "destructive" });
    }
    toast({ title: "Login Successful", description: "Opening your team dashboard..." });
    setTimeout(() => location.assign(base), REDIRECT_DELAY_MS);
  }

  async function magicLink(e: FormEvent) {
    e.preventDefault();
    setMagicError(null);
    const reply = await api("POST", `${teamApi}/magic-link`, { email: email.trim() });
    if (!reply.ok) {
      if (reply.status === 0) {
        return toast({ title: TEAM_LOGIN_TEXTS.magicFailed, description: reply.message, variant: "destructive" });
      }
      const message = reply.status === 429 ? reply.message || TEAM_LOGIN_TEXTS.checkEmail : TEAM_LOGIN_TEXTS.checkEmail;
      setMagicError(message);
      return toast({ title: TEAM_LOGIN_TEXTS.magicFailed, description: message, variant: "destructive" });
    }
    setSentTo(email.trim());
    toast({ title: TEAM_LOGIN_TEXTS.magicSent, description: "Check your inbox for your sign-in link." });
  }

  return (
    <div className="team-door">
      <form method="post" action={`${base}/login`} className="form" onSubmit={login}>
        <h2>Team username and password</h2>
        {loginError && <div className="notice notice--error" id="team-login-error" role="alert">{loginError}</div>}
        <LoginField
          id="team-username"
          name="username"
          label="Team username"
          type="text"
          autoComplete="username"
          inputRef={usernameInput}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          invalid={loginError !== null}
          describedBy={loginError ? "team-login-error" : undefined}
        />
        <LoginField
          id="team-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          inputRef={passwordInput}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? "Signing in..." : "Sign In"}
        </button>
      </form>
      <form method="post" action={`${base}/magic-link`} className="form" onSubmit={magicLink}>
        <h2>Or get a magic link</h2>
        {sentTo && (
          <div className="notice notice--success" role="status">
            {TEAM_LOGIN_TEXTS.magicSent} If {sentTo} belongs to this team, a sign-in link is on its way.
          </div>
        )}
        {magicError && <div className="notice notice--error" id="team-magic-error" role="alert">{magicError}</div>}
        <LoginField
          id="team-magic-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputRef={emailInput}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          invalid={magicError !== null}
          describedBy={magicError ? "team-magic-error" : undefined}
        />
        <button type="submit" className="button button--secondary button--block">Send Magic Link</button>
      </form>
    </div>
  );
}
