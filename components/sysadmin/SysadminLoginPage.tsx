import { Island } from "../../lib/render/island.tsx";
import { SiteLayout } from "../SiteLayout.tsx";
import type { SysadminLoginProps } from "../../islands/sysadmin/SysadminLogin.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";

/** `/sysadmin/login`: the system administrator's own sign-in. */
export function SysadminLoginPage({ login }: { login: SysadminLoginProps }) {
  const texts = useI18n().m.sysadmin.login;
  return (
    <SiteLayout narrow>
      <div className="login">
        <div className="card login-card">
          <h1 className="login-card__title">{texts.title}</h1>
          <p className="login-card__lead">{texts.lead}</p>
          <Island name="SysadminLogin" props={login} />
        </div>
        <p className="login__back">
          <a href="/">{texts.backHome}</a>
        </p>
      </div>
    </SiteLayout>
  );
}
