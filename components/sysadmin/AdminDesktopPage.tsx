/**
 * `/admin-desktop`: the old desktop admin is gone. A public page that says where each part went:
 * team admins to their team's admin area (straight to it when they are signed in), system
 * administrators to the System Console.
 */
import { type HeaderAccount, SiteLayout } from "../SiteLayout.tsx";

export interface AdminDesktopTeam {
  id: string;
  name: string;
}

export function AdminDesktopPage(
  { account, adminTeams, sysadmin }: {
    account: HeaderAccount | null;
    adminTeams: AdminDesktopTeam[];
    sysadmin: boolean;
  },
) {
  return (
    <SiteLayout narrow account={account}>
      <div className="card admin-moved">
        <h1>The desktop admin has moved</h1>
        <p>There is no separate desktop admin any more. Everything it did now lives in two places:</p>
        <section className="admin-moved__part" aria-labelledby="moved-team-admins">
          <h2 id="moved-team-admins">Team admins</h2>
          <p>
            Claims, the roster, the invite link, the team calendar and settings are in your team's admin area. Your Hub
            lists your teams.
          </p>
          {adminTeams.length > 0
            ? (
              <ul className="admin-moved__teams">
                {adminTeams.map((team) => (
                  <li key={team.id}>
                    <a className="button button--primary" href={`/admin/${encodeURIComponent(team.id)}`}>
                      Open {team.name} admin
                    </a>
                  </li>
                ))}
              </ul>
            )
            : (
              <div className="admin-moved__actions">
                <a className="button button--primary" href="/home">Go to Your Hub</a>
              </div>
            )}
        </section>
        <section className="admin-moved__part" aria-labelledby="moved-sysadmins">
          <h2 id="moved-sysadmins">System administrators</h2>
          <p>Global campaigns, every team, analytics and the activity log are in the System Console.</p>
          <div className="admin-moved__actions">
            <a className={`button ${sysadmin ? "button--primary" : "button--secondary"}`} href="/sysadmin">
              Open System Console
            </a>
          </div>
        </section>
      </div>
    </SiteLayout>
  );
}
