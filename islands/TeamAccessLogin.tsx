import { useState } from "react";
import { toast } from "../lib/client/toast.tsx";
import { api, type ApiResult } from "../lib/client/api.ts";
import { emailInput, LoginForm, type LoginSent, passwordInput } from "../components/login/LoginForm.tsx";
import { failureToast } from "../components/login/client.ts";

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

type ApiFailure = Extract<ApiResult<unknown>, { ok: false }>;

/**
 * A refused call says why above its form (a throttle in the server's words, anything else as
 * `fallback`); no connection only toasts.
 */
function refused(reply: ApiFailure, fallback: string, title: string, offlineTitle = title): LoginSent {
  if (reply.status === 0) {
    failureToast(offlineTitle, reply.message);
    return { ok: false };
  }
  const message = (reply.status === 429 && reply.message) || fallback;
  failureToast(title, message);
  return { ok: false, error: message };
}

/**
 * `/teams/{teamId}` signed out: the team's username and password, or a magic link for this
 * team. Both forms post to the page without JavaScript.
 */
export default function TeamAccessLogin(props: TeamAccessLoginProps) {
  const base = `/teams/${encodeURIComponent(props.teamId)}`;
  const teamApi = `/api/teams/${encodeURIComponent(props.teamId)}`;
  const [sentTo, setSentTo] = useState(props.magicSentTo);

  async function login(values: Record<string, string>): Promise<LoginSent> {
    const reply = await api("POST", `${teamApi}/login`, values);
    if (!reply.ok) return refused(reply, TEAM_LOGIN_TEXTS.invalid, "Login Failed", "Login Error");
    toast({ title: "Login Successful", description: "Opening your team dashboard..." });
    setTimeout(() => location.assign(base), REDIRECT_DELAY_MS);
    return { ok: true, leaving: true };
  }

  async function magicLink(values: Record<string, string>): Promise<LoginSent> {
    const reply = await api("POST", `${teamApi}/magic-link`, values);
    if (!reply.ok) return refused(reply, TEAM_LOGIN_TEXTS.checkEmail, TEAM_LOGIN_TEXTS.magicFailed);
    setSentTo(values.email);
    toast({ title: TEAM_LOGIN_TEXTS.magicSent, description: "Check your inbox for your sign-in link." });
    return { ok: true };
  }

  return (
    <div className="team-door">
      <LoginForm
        action={`${base}/login`}
        intro={<h2>Team username and password</h2>}
        inputs={[
          {
            id: "team-username",
            name: "username",
            label: "Team username",
            type: "text",
            autoComplete: "username",
            value: props.username,
          },
          passwordInput("team-password"),
        ]}
        errorId="team-login-error"
        error={props.loginError}
        submitLabel="Sign In"
        busyLabel="Signing in..."
        send={login}
      />
      <LoginForm
        action={`${base}/magic-link`}
        intro={
          <>
            <h2>Or get a magic link</h2>
            {sentTo && (
              <div className="notice notice--success" role="status">
                {TEAM_LOGIN_TEXTS.magicSent} If {sentTo} belongs to this team, a sign-in link is on its way.
              </div>
            )}
          </>
        }
        inputs={[emailInput("team-magic-email", "email", props.magicSentTo ?? "")]}
        errorId="team-magic-error"
        error={props.magicError}
        submitLabel="Send Magic Link"
        secondary
        send={magicLink}
      />
    </div>
  );
}
