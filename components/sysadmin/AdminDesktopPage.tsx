/**
 * `/admin-desktop`: the old desktop admin is gone. A public page that says where each part went:
 * team admins to their team's admin area (straight to it when they are signed in), system
 * administrators to the System Console.
 */
import { type HeaderAccount, SiteLayout } from "../SiteLayout.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";

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
  const { m, t } = useI18n();
  const texts = m.sysadmin.desktop;
  return (
    <SiteLayout narrow account={account}>
      <div className="card admin-moved">
        <h1>{texts.title}</h1>
        <p>{texts.lead}</p>
        <section className="admin-moved__part" aria-labelledby="moved-team-admins">
          <h2 id="moved-team-admins">{texts.teamAdmins}</h2>
          <p>{texts.teamAdminsLead}</p>
          {adminTeams.length > 0
            ? (
              <ul className="admin-moved__teams">
                {adminTeams.map((team) => (
                  <li key={team.id}>
                    <a className="button button--primary" href={`/admin/${encodeURIComponent(team.id)}`}>
                      {t(texts.openTeam, { team: team.name })}
                    </a>
                  </li>
                ))}
              </ul>
            )
            : (
              <div className="admin-moved__actions">
                <a className="button button--primary" href="/home">{texts.hub}</a>
              </div>
            )}
        </section>
        <section className="admin-moved__part" aria-labelledby="moved-sysadmins">
          <h2 id="moved-sysadmins">{texts.sysadmins}</h2>
          <p>{texts.sysadminsLead}</p>
          <div className="admin-moved__actions">
            <a className={`button ${sysadmin ? "button--primary" : "button--secondary"}`} href="/sysadmin">
              {texts.console}
            </a>
          </div>
        </section>
      </div>
    </SiteLayout>
  );
}
