import { Island } from "../../lib/render/island.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";
import { SiteLayout } from "../SiteLayout.tsx";
import type { TeamLoginProps } from "../../islands/TeamLogin.tsx";
import { DevLoginHint } from "./DevLoginHint.tsx";

/** `/team-login` (and `/admin-login`, which leads here). */
export function TeamLoginPage(
  { login, development, loggedOut = false }: { login: TeamLoginProps; development: boolean; loggedOut?: boolean },
) {
  const { m } = useI18n();
  const texts = m.auth.teamLogin;
  return (
    <SiteLayout narrow>
      <div className="login">
        {loggedOut && <p className="notice notice--error" role="status">{texts.signedOut}</p>}
        <div className="card login-card">
          <h1 className="login-card__title">{texts.title}</h1>
          <p className="login-card__lead">{texts.lead}</p>
          <Island name="TeamLogin" props={login} />
        </div>
        {development && <DevLoginHint />}
        <p className="login__back">
          <a href="/">{texts.backHome}</a>
        </p>
      </div>
    </SiteLayout>
  );
}
