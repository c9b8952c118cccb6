/** What `/teams/{teamId}` shows to someone who is not (yet) an admin of the team. */
import { Island } from "../../lib/render/island.tsx";
import { type HeaderAccount, SiteLayout } from "../SiteLayout.tsx";
import { publicRosterPath } from "./paths.ts";
import type { TeamAccessLoginProps } from "../../islands/TeamAccessLogin.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";

/** Signed out: the team's own login (team username and password, or a magic link). */
export function TeamLoginByIdPage({ teamName, login }: { teamName: string; login: TeamAccessLoginProps }) {
  const { m, t } = useI18n();
  return (
    <SiteLayout narrow>
      <div className="login">
        <div className="card login-card">
          <h1 className="login-card__title">{m.auth.teamLogin.title}</h1>
          <p className="login-card__lead">{t(m.admin.door.loginLead, { team: teamName })}</p>
          <Island name="TeamAccessLogin" props={login} />
        </div>
        <p className="login__back">
          <a href="/team-login">{m.admin.door.ownEmail}</a>
        </p>
      </div>
    </SiteLayout>
  );
}

/**
 * Signed in without admin rights on this team: SPEC.md's buttons to the Family Dashboard and to
 * `/admin` (the system administrator's dashboard, which asks anyone else to sign in as one),
 * and the team's roster.
 */
export function DashboardMovedPage(
  { team, account }: { team: { id: string; slug: string }; account: HeaderAccount | null },
) {
  const { m } = useI18n();
  return (
    <SiteLayout narrow account={account}>
      <div className="card empty-state">
        <h1>{m.admin.titles.dashboardMoved}</h1>
        <p>{m.admin.door.movedText}</p>
        <div className="admin-actions admin-actions--center">
          <a className="button button--primary" href={`/family-dashboard/${encodeURIComponent(team.id)}`}>
            {m.admin.nav.familyDashboard}
          </a>
          <a className="button button--secondary" href="/admin">{m.admin.door.systemAdmin}</a>
          <a className="button button--secondary" href={publicRosterPath(team.slug)}>{m.admin.door.viewRoster}</a>
        </div>
      </div>
    </SiteLayout>
  );
}

/** The id or slug names no team. */
export function InvalidTeamPage({ account = null }: { account?: HeaderAccount | null }) {
  const { m } = useI18n();
  return (
    <SiteLayout narrow account={account}>
      <div className="empty-state">
        <h1>{m.admin.titles.invalidTeam}</h1>
        <p>{m.admin.door.invalidText}</p>
        <a className="button button--primary" href="/team-login">{m.auth.teamLogin.title}</a>
      </div>
    </SiteLayout>
  );
}
