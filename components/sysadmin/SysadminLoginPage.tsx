import { Island } from "../../lib/render/island.tsx";
import { SiteLayout } from "../SiteLayout.tsx";
import type { SysadminLoginProps } from "../../islands/sysadmin/SysadminLogin.tsx";

/** `/sysadmin/login`: the system administrator's own sign-in. */
export function SysadminLoginPage({ login }: { login: SysadminLoginProps }) {
  return (
    <SiteLayout narrow>
      <div className="login">
        <div className="card login-card">
          <h1 className="login-card__title">System Admin Login</h1>
          <p className="login-card__lead">For the GoalMates platform administrator.</p>
          <Island name="SysadminLogin" props={login} />
        </div>
        <p className="login__back">
          <a href="/">Back to home</a>
        </p>
      </div>
    </SiteLayout>
  );
}
