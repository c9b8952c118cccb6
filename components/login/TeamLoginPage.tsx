import { Island } from "../../lib/render/island.tsx";
import { SiteLayout } from "../SiteLayout.tsx";
import type { TeamLoginProps } from "../../islands/TeamLogin.tsx";
import { DevLoginHint } from "./DevLoginHint.tsx";
import { SIGNED_OUT_MESSAGE } from "../../lib/client/signed_out_text.ts";

/** `/team-login` (and `/admin-login`, which leads here). */
export function TeamLoginPage(
  { login, development, loggedOut = false }: { login: TeamLoginProps; development: boolean; loggedOut?: boolean },
) {
  return (
    <SiteLayout narrow>
      <div className="login">
        {loggedOut && <p className="notice notice--error" role="status">{SIGNED_OUT_MESSAGE}</p>}
        <div className="card login-card">
          <h1 className="login-card__title">Team Login</h1>
          <p className="login-card__lead">Sign in to your GoalMates team.</p>
          <Island name="TeamLogin" props={login} />
        </div>
        {development && <DevLoginHint />}
        <p className="login__back">
          <a href="/">Back to home</a>
        </p>
      </div>
    </SiteLayout>
  );
}
