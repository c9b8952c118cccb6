import type { ReactNode } from "react";
import { headerAccount, SiteLayout } from "../SiteLayout.tsx";
import type { HubData } from "../../lib/accounts/hub.ts";
import type { SessionTeam } from "../../lib/auth/session_user.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import { messageParts } from "../../lib/i18n/message_parts.tsx";

function Panel({ title, children, headingId }: { title: string; children: ReactNode; headingId: string }) {
  return (
    <section className="card hub-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

function Stat(
  { label, value, href, action }: { label: string; value?: number; href?: string; action?: string },
) {
  return (
    <div className="hub-stat">
      <p className="hub-stat__label">{label}</p>
      {value !== undefined && <p className="hub-stat__value">{value}</p>}
      {href && action && <a className="button button--secondary hub-stat__action" href={href}>{action}</a>}
    </div>
  );
}

function TeamSwitcher({ teams, selectedTeamId }: { teams: SessionTeam[]; selectedTeamId: string | null }) {
  const { m, t } = useI18n();
  if (teams.length < 2) return null;
  const switcher = m.hub.switcher;
  return (
    <form method="post" action="/home/team" className="hub-switcher">
      <label htmlFor="hub-team">{switcher.label}</label>
      <select id="hub-team" name="teamId" className="select" defaultValue={selectedTeamId ?? undefined}>
        {teams.map((team) => (
          <option key={team.id} value={team.id}>{t(switcher.option, { team: team.name, season: team.season })}</option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">{switcher.submit}</button>
    </form>
  );
}

function AdminPanels({ team, counts }: { team: SessionTeam; counts: HubData["counts"] }) {
  const { m, t } = useI18n();
  const admin = m.hub.admin;
  const base = `/admin/${team.id}`;
  return (
    <>
      <div className="hub-grid">
        <Panel title={admin.claims.title} headingId="hub-claims">
          <Stat
            label={admin.claims.label}
            value={counts.pendingClaims}
            href={`${base}/claims`}
            action={admin.claims.action}
          />
        </Panel>
        <Panel title={admin.roster.title} headingId="hub-roster">
          <Stat
            label={t(admin.roster.label, { count: counts.players })}
            value={counts.players}
            href={`${base}/roster`}
            action={admin.roster.action}
          />
        </Panel>
        <Panel title={admin.settings.title} headingId="hub-settings">
          <Stat label={admin.settings.label} href={`${base}/settings`} action={admin.settings.action} />
        </Panel>
      </div>
      <Panel title={admin.actions.title} headingId="hub-actions">
        <ul className="hub-actions hub-actions--grid">
          <li>
            <a className="button button--secondary" href={`${base}/roster?add=1`}>{admin.actions.addPlayer}</a>
          </li>
          <li>
            <a className="button button--secondary" href={`${base}/roster?import=1`}>{admin.actions.importCsv}</a>
          </li>
          <li>
            <a className="button button--secondary" href={`/api/admin/${team.id}/players/export`} download>
              {admin.actions.exportRoster}
            </a>
          </li>
          <li>
            <a className="button button--secondary" href={`${base}/roster/print`}>{admin.actions.pdf}</a>
          </li>
          <li>
            <a className="button button--secondary" href={`/family-dashboard/${team.id}`}>{admin.actions.dashboard}</a>
          </li>
        </ul>
      </Panel>
    </>
  );
}

function MemberPanel({ team }: { team: SessionTeam }) {
  const member = useI18n().m.hub.member;
  const player = team.role === "PLAYER";
  return (
    <Panel title={player ? member.playerTitle : member.parentTitle} headingId="hub-member">
      <p>{player ? member.playerText : member.parentText}</p>
      <div className="hub-actions">
        <a className="button button--primary" href={`/family-dashboard/${team.id}`}>{member.openDashboard}</a>
        <a className="button button--secondary" href={`/t/${team.slug}/roster`}>{member.viewRosters}</a>
      </div>
    </Panel>
  );
}

/** A system administrator's panels (SPEC.md): global campaigns, the teams, the logs, and the mail outbox. */
function SysadminPanels({ teams }: { teams: number }) {
  const { m, t } = useI18n();
  const { campaigns, teams: overview, logs, outbox } = m.hub.sysadmin;
  return (
    <div className="hub-grid hub-grid--pairs">
      <Panel title={campaigns.title} headingId="hub-campaigns">
        <Stat label={campaigns.label} href="/sysadmin" action={campaigns.action} />
      </Panel>
      <Panel title={overview.title} headingId="hub-teams">
        <Stat
          label={t(overview.label, { count: teams })}
          value={teams}
          href="/sysadmin?tab=teams"
          action={overview.action}
        />
      </Panel>
      <Panel title={logs.title} headingId="hub-logs">
        <Stat label={logs.label} href="/admin?tab=activity" action={logs.action} />
      </Panel>
      <Panel title={outbox.title} headingId="hub-outbox">
        <Stat label={outbox.label} href="/email-test" action={outbox.action} />
      </Panel>
    </div>
  );
}

/**
 * Where 'Connect Your Team' leads someone already signed in (the hub needs a session, so a sign-in
 * page would only ask again): the admin dashboard of the team they administer (the selected team
 * first), where the invite link is; without one, the signup wizard to create a team.
 */
export function connectTeamHref(data: Pick<HubData, "user" | "team">): string {
  const administered = data.team?.role === "TEAM_ADMIN"
    ? data.team
    : data.user?.teams.find((t) => t.role === "TEAM_ADMIN");
  return administered ? `/admin/${administered.id}` : "/signup";
}

/** 'Your GoalMates Hub': what the signed-in person can do, by their role in the selected team. */
export function HubPage(
  { data, development }: { data: HubData; development: boolean },
) {
  const { m } = useI18n();
  const hub = m.hub;
  const { user, team, sysadminEmail, counts } = data;
  const name = (user ? (user.firstName || user.email) : sysadminEmail) ?? "";
  return (
    <SiteLayout narrow account={headerAccount(user, sysadminEmail)}>
      <div className="hub">
        <header className="hub-header">
          <div>
            <h1>{hub.title}</h1>
            <p className="muted">
              {team ? messageParts(hub.welcomeTeam, { name, team: team.name }) : messageParts(hub.welcome, { name })}
            </p>
          </div>
          <div className="hub-header__actions">
            {user && <a className="button button--secondary" href="/account">{hub.yourAccount}</a>}
            <a className="button button--ghost" href="/api/v2/auth/logout">{hub.signOut}</a>
          </div>
        </header>
        {user && <TeamSwitcher teams={user.teams} selectedTeamId={user.selectedTeamId} />}
        {sysadminEmail && <SysadminPanels teams={counts.teams} />}
        {team?.role === "TEAM_ADMIN" && <AdminPanels team={team} counts={counts} />}
        {team && team.role !== "TEAM_ADMIN" && <MemberPanel team={team} />}
        {user && !team && (
          <Panel title={hub.none.title} headingId="hub-none">
            <p>{hub.none.text}</p>
            <a className="button button--primary" href="/signup">{hub.none.create}</a>
          </Panel>
        )}
        <Panel title={hub.community.title} headingId="hub-community">
          <p>{hub.community.text}</p>
          <div className="hub-actions">
            <a className="button button--primary" href={connectTeamHref(data)}>{hub.community.connect}</a>
            <a className="button button--secondary" href={development ? "/t/demo/roster" : "/#how-it-works"}>
              {hub.community.seeHowItWorks}
            </a>
          </div>
          {development && (
            <p className="notice" role="note">
              {messageParts(hub.community.devHint, { link: <a href="/email-test">/email-test</a> })}
            </p>
          )}
        </Panel>
      </div>
    </SiteLayout>
  );
}
