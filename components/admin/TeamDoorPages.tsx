/** What `/teams/{teamId}` shows to someone who is not (yet) an admin of the team. */
import { Island } from "../../lib/render/island.tsx";
import { type HeaderAccount, SiteLayout } from "../SiteLayout.tsx";
import { publicRosterPath } from "./paths.ts";
import type { TeamAccessLoginProps } from "../../islands/TeamAccessLogin.tsx";

/** Signed out: the team's own login (team username and password, or a magic link). */
export function TeamLoginByIdPage({ teamName, login }: { teamName: string; login: TeamAccessLoginProps }) {
  return (
    <SiteLayout narrow>
      <div className="login">
        <div className="card login-card">
          <h1 className="login-card__title">Team Login</h1>
          <p className="login-card__lead">Sign in to manage {teamName}.</p>
          <Island name="TeamAccessLogin" props={login} />
        </div>
        <p className="login__back">
          <a href="/team-login">Sign in with your own email instead</a>
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
  return (
    <SiteLayout narrow account={account}>
      <div className="card empty-state">
        <h1>Dashboard Moved</h1>
        <p>The team dashboard is for team admins. Your team's page is now the Family Dashboard.</p>
        <div className="admin-actions admin-actions--center">
          <a className="button button--primary" href={`/family-dashboard/${encodeURIComponent(team.id)}`}>
            Family Dashboard
          </a>
          <a className="button button--secondary" href="/admin">System Admin</a>
          <a className="button button--secondary" href={publicRosterPath(team.slug)}>View Team Roster</a>
        </div>
      </div>
    </SiteLayout>
  );
}

/** The id or slug names no team. */
export function InvalidTeamPage({ account = null }: { account?: HeaderAccount | null }) {
  return (
    <SiteLayout narrow account={account}>
      <div className="empty-state">
        <h1>Invalid Team</h1>
        <p>We could not find this team. Check the link, or sign in to see your teams.</p>
        <a className="button button--primary" href="/team-login">Team Login</a>
      </div>
    </SiteLayout>
  );
}
