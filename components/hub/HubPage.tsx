import type { ReactNode } from "react";
import { headerAccount, SiteLayout } from "../SiteLayout.tsx";
import type { HubData } from "../../lib/accounts/hub.ts";
import type { SessionTeam } from "../../lib/auth/session_user.ts";

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

/** "1 player", "2 players": a count's noun in the right number. */
const counted = (n: number, one: string, many: string) => n === 1 ? one : many;

function TeamSwitcher({ teams, selectedTeamId }: { teams: SessionTeam[]; selectedTeamId: string | null }) {
  if (teams.length < 2) return null;
  return (
    <form method="post" action="/home/team" className="hub-switcher">
      <label htmlFor="hub-team">Team</label>
      <select id="hub-team" name="teamId" className="select" defaultValue={selectedTeamId ?? undefined}>
        {teams.map((t) => <option key={t.id} value={t.id}>{t.name} ({t.season})</option>)}
      </select>
      <button type="submit" className="button button--secondary">Switch team</button>
    </form>
  );
}

function AdminPanels({ team, counts }: { team: SessionTeam; counts: HubData["counts"] }) {
  const base = `/admin/${team.id}`;
  return (
    <>
      <div className="hub-grid">
        <Panel title="Pending Claims" headingId="hub-claims">
          <Stat
            label="Waiting for review"
            value={counts.pendingClaims}
            href={`${base}/claims`}
            action="Review Claims"
          />
        </Panel>
        <Panel title="Roster Management" headingId="hub-roster">
          <Stat
            label={counted(counts.players, "Player", "Players")}
            value={counts.players}
            href={`${base}/roster`}
            action="Manage Roster"
          />
        </Panel>
        <Panel title="Team Settings" headingId="hub-settings">
          <Stat label="Name, claims, visibility" href={`${base}/settings`} action="Open Settings" />
        </Panel>
      </div>
      <Panel title="Quick Actions" headingId="hub-actions">
        <ul className="hub-actions hub-actions--grid">
          <li>
            <a className="button button--secondary" href={`${base}/roster?add=1`}>Add Player</a>
          </li>
          <li>
            <a className="button button--secondary" href={`${base}/roster?import=1`}>Import CSV</a>
          </li>
          <li>
            <a className="button button--secondary" href={`/api/admin/${team.id}/players/export`} download>
              Export Roster
            </a>
          </li>
          <li>
            <a className="button button--secondary" href={`${base}/roster/print`}>Generate PDF</a>
          </li>
          <li>
            <a className="button button--secondary" href={`/family-dashboard/${team.id}`}>Family Dashboard</a>
          </li>
        </ul>
      </Panel>
    </>
  );
}

function MemberPanel({ team }: { team: SessionTeam }) {
  const player = team.role === "PLAYER";
  return (
    <Panel title={player ? "Player Access" : "Parent Access"} headingId="hub-member">
      {player
        ? <p>See your teammates on the public roster, and share posts and photos on your family dashboard.</p>
        : (
          <p>
            To connect to your child's player record, use the claim system on your team's public roster page: choose
            'Claim or update this player' and a team admin will review it.
          </p>
        )}
      <div className="hub-actions">
        <a className="button button--primary" href={`/family-dashboard/${team.id}`}>Open Family Dashboard</a>
        <a className="button button--secondary" href={`/t/${team.slug}/roster`}>View Public Rosters</a>
      </div>
    </Panel>
  );
}

/** A system administrator's panels (SPEC.md): global campaigns, the teams, the logs, and the mail outbox. */
function SysadminPanels({ teams }: { teams: number }) {
  return (
    <div className="hub-grid hub-grid--pairs">
      <Panel title="Global Campaign Management" headingId="hub-campaigns">
        <Stat label="Polls, questions, fun facts and news for every team" href="/sysadmin" action="Manage Campaigns" />
      </Panel>
      <Panel title="Teams Overview" headingId="hub-teams">
        <Stat label={counted(teams, "Team", "Teams")} value={teams} href="/sysadmin?tab=teams" action="View Teams" />
      </Panel>
      <Panel title="System Logs" headingId="hub-logs">
        <Stat label="Who did what, in every team" href="/admin?tab=activity" action="View Logs" />
      </Panel>
      <Panel title="Email Outbox" headingId="hub-outbox">
        <Stat label="Who the app mailed, and about what" href="/email-test" action="Open Outbox" />
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
  const { user, team, sysadminEmail, counts } = data;
  const name = user ? (user.firstName || user.email) : sysadminEmail;
  return (
    <SiteLayout narrow account={headerAccount(user, sysadminEmail)}>
      <div className="hub">
        <header className="hub-header">
          <div>
            <h1>Your GoalMates Hub</h1>
            <p className="muted">Welcome, {name}{team ? ` · ${team.name}` : ""}</p>
          </div>
          <div className="hub-header__actions">
            {user && <a className="button button--secondary" href="/account">Your Account</a>}
            <a className="button button--ghost" href="/api/v2/auth/logout">Sign out</a>
          </div>
        </header>
        {user && <TeamSwitcher teams={user.teams} selectedTeamId={user.selectedTeamId} />}
        {sysadminEmail && <SysadminPanels teams={counts.teams} />}
        {team?.role === "TEAM_ADMIN" && <AdminPanels team={team} counts={counts} />}
        {team && team.role !== "TEAM_ADMIN" && <MemberPanel team={team} />}
        {user && !team && (
          <Panel title="No team yet" headingId="hub-none">
            <p>You are not part of a team yet. Create one, or ask your team admin for an invite link.</p>
            <a className="button button--primary" href="/signup">Create a Team</a>
          </Panel>
        )}
        <Panel title="Team Community Builder" headingId="hub-community">
          <p>Bring the parents of your team together: one shared link, a roster parents can claim, and a feed.</p>
          <div className="hub-actions">
            <a className="button button--primary" href={connectTeamHref(data)}>Connect Your Team</a>
            <a className="button button--secondary" href={development ? "/t/demo/roster" : "/#how-it-works"}>
              See How It Works
            </a>
          </div>
          {development && (
            <p className="notice" role="note">
              Development mode: sign in as the demo admin coach@example.com (password rockets-demo-2026), the parent
              parent@example.com or the player player@example.com; sign-in links appear at{" "}
              <a href="/email-test">
                /email-test
              </a>.
            </p>
          )}
        </Panel>
      </div>
    </SiteLayout>
  );
}
