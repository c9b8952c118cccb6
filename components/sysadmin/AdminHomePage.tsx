/**
 * `/admin`, the older system admin dashboard (SPEC.md 'System admin dashboard'): stat cards with
 * real values, tabs Teams, Activity (the audit log) and Settings as links (`?tab=`), team cards
 * with Manage Team and the invite link, Sign out. Server-rendered; every action is a link or
 * a plain form, so the page needs no JavaScript. Also the 'Authentication Required' page anyone
 * else gets.
 */
import { type HeaderAccount, headerAccount, SiteLayout } from "../SiteLayout.tsx";
import {
  type ActivityView,
  ADMIN_HOME_TABS,
  type AdminHomeData,
  type AdminHomeTab,
  type AdminStats,
  type AdminTeamCard,
  type AdminTeamsPage,
  AUDIT_ACTIONS,
  type SystemFact,
} from "../../lib/sysadmin/admin_home_types.ts";
import { actionLabel } from "../../lib/sysadmin/activity_text.ts";

/** A notice after a form of this page (`?done=` / `?error=`). */
export interface AdminHomeNotice {
  kind: "success" | "error";
  text: string;
}

export const ADMIN_HOME_NOTICES: Record<string, AdminHomeNotice> = {
  "invite-link": { kind: "success", text: "New invite link generated. The old link no longer works." },
  "invite-link-limited": {
    kind: "error",
    text: "Too many new invite links today for this team. Please try again tomorrow.",
  },
  "team-missing": { kind: "error", text: "That team no longer exists." },
};

/** `/admin` with a tab and its own query (the default tab, Teams, has no `tab=`). */
export function adminHomeHref(tab: AdminHomeTab, query: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (tab !== "teams") params.set("tab", tab);
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `/admin?${search}` : "/admin";
}

const WHEN = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "America/New_York",
});

/** An entry's time in the team's time zone, as every admin page shows times. */
export const formatWhen = (iso: string) => `${WHEN.format(new Date(iso))} ET`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function StatCards({ stats }: { stats: AdminStats }) {
  const cards = [
    { id: "teams", label: "Total Teams", value: String(stats.totalTeams), note: null },
    { id: "players", label: "Total Players", value: String(stats.totalPlayers), note: null },
    { id: "claims", label: "Pending Claims", value: String(stats.pendingClaims), note: "Waiting in every team" },
    {
      id: "status",
      label: "System Status",
      value: stats.status,
      note: `${plural(stats.mail.queued, "mail", "mails")} queued · ${stats.mail.failed} failed`,
    },
  ];
  return (
    <section aria-labelledby="admin-home-stats">
      <h2 id="admin-home-stats" className="visually-hidden">Totals</h2>
      <ul className="admin-home__stats">
        {cards.map((card) => (
          <li
            key={card.id}
            className={`admin-tile admin-home__stat${
              card.id === "status" && stats.status !== "Operational" ? " admin-home__stat--alert" : ""
            }`}
            data-stat={card.id}
          >
            <p className="admin-tile__label">{card.label}</p>
            <p className="admin-tile__value">{card.value}</p>
            {card.note && <p className="admin-home__stat-note">{card.note}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Tabs({ tab }: { tab: AdminHomeTab }) {
  return (
    <nav className="admin-home__tabs" aria-label="Dashboard sections">
      <ul>
        {ADMIN_HOME_TABS.map((t) => (
          <li key={t.id}>
            <a href={adminHomeHref(t.id)} aria-current={t.id === tab ? "page" : undefined}>{t.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Pager(
  { isFirstPage, first, next, label }: { isFirstPage: boolean; first: string; next: string | null; label: string },
) {
  if (isFirstPage && !next) return null;
  return (
    <nav className="admin-home__pager" aria-label={label}>
      {!isFirstPage && <a className="button button--ghost" href={first}>First page</a>}
      {next && <a className="button button--secondary" href={next}>Next page</a>}
    </nav>
  );
}

function InviteLinkPanel({ team, cursor }: { team: AdminTeamCard; cursor: string }) {
  const link = team.inviteLink;
  const urlId = `invite-${team.id}`;
  return (
    <div className="admin-home-team__invite">
      <h4 className="admin-home-team__invite-title">Invite link</h4>
      {link
        ? (
          <>
            <label htmlFor={urlId} className="visually-hidden">Invite link of {team.name}</label>
            <input id={urlId} className="invite-card__url" type="text" readOnly value={link.joinUrl} />
            <p className="admin-home-team__meta">
              {link.expired ? "Expired" : `Expires in ${link.timeToExpiry}`} · Used{" "}
              {plural(link.usageCount, "time", "times")}
            </p>
          </>
        )
        : <p className="admin-home-team__meta">No invite link yet.</p>}
      <form method="post" action={`/sysadmin/invite-links/${encodeURIComponent(team.id)}`}>
        <input type="hidden" name="cursor" value={cursor} />
        <button type="submit" className="button button--secondary button--sm">
          {link ? "Generate New" : "Generate Link"}
          <span className="visually-hidden">invite link for {team.name}</span>
        </button>
      </form>
    </div>
  );
}

function TeamsTab({ teams, cursor }: { teams: AdminTeamsPage; cursor: string }) {
  return (
    <section aria-labelledby="admin-home-teams">
      <h2 id="admin-home-teams">Teams</h2>
      {teams.values.length === 0
        ? (
          <div className="card empty-state">
            <p>{teams.isFirstPage ? "No teams yet." : "No more teams."}</p>
            {!teams.isFirstPage && <a className="button button--secondary" href={adminHomeHref("teams")}>First page</a>}
          </div>
        )
        : (
          <ul className="admin-home__teams">
            {teams.values.map((team) => (
              <li key={team.id} id={`team-${team.id}`} className="card admin-home-team">
                <h3 className="admin-home-team__name">{team.name}</h3>
                <p className="admin-home-team__season muted">{team.season || "No season set"}</p>
                <dl className="admin-home-team__counts">
                  <div>
                    <dt>Players</dt>
                    <dd>{team.playerCount}</dd>
                  </div>
                  <div>
                    <dt>Pending claims</dt>
                    <dd>{team.pendingClaims}</dd>
                  </div>
                </dl>
                <InviteLinkPanel team={team} cursor={cursor} />
                <div className="admin-home-team__actions">
                  <a className="button button--primary" href={`/admin/${encodeURIComponent(team.id)}`}>
                    Manage Team<span className="visually-hidden">: {team.name}</span>
                  </a>
                  <a className="button button--ghost" href={`/t/${encodeURIComponent(team.slug)}/roster`}>
                    Public Roster<span className="visually-hidden">: {team.name}</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      <Pager
        label="Team pages"
        isFirstPage={teams.isFirstPage}
        first={adminHomeHref("teams")}
        next={teams.cursor ? adminHomeHref("teams", { cursor: teams.cursor }) : null}
      />
    </section>
  );
}

function ActivityTab({ activity }: { activity: ActivityView }) {
  const { filter } = activity;
  const filtered = Boolean(filter.team || filter.action);
  const actions = filter.action && !AUDIT_ACTIONS.includes(filter.action)
    ? [...AUDIT_ACTIONS, filter.action]
    : AUDIT_ACTIONS;
  return (
    <section aria-labelledby="admin-home-activity">
      <h2 id="admin-home-activity">Activity</h2>
      <p className="muted">
        Who did what, newest first: every team admin's decision and every system administrator's change.
      </p>
      <form method="get" action="/admin" className="card admin-home-filter" role="search" aria-label="Filter activity">
        <input type="hidden" name="tab" value="activity" />
        <div className="field">
          <label htmlFor="activity-team">Team</label>
          <input
            id="activity-team"
            name="team"
            className="input"
            type="search"
            defaultValue={filter.team}
            placeholder="Name, slug or id"
            maxLength={200}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor="activity-action">Action</label>
          <select id="activity-action" name="action" defaultValue={filter.action}>
            <option value="">All actions</option>
            {actions.map((action) => <option key={action} value={action}>{actionLabel(action)}</option>)}
          </select>
        </div>
        <div className="admin-home-filter__actions">
          <button type="submit" className="button button--primary">Filter</button>
          {filtered && <a className="button button--ghost" href={adminHomeHref("activity")}>Clear filters</a>}
        </div>
      </form>
      {activity.problem && <p className="notice notice--error" role="alert">{activity.problem}</p>}
      {!activity.problem && activity.rows.length === 0 && (
        <div className="card empty-state">
          <p>
            {activity.cursor
              ? "No matching entries in this stretch of the log. Next page reads further back."
              : !activity.isFirstPage
              ? "No more entries."
              : filtered
              ? "No entries match these filters."
              : "No activity recorded yet."}
          </p>
        </div>
      )}
      {activity.rows.length > 0 && (
        <ol className="admin-home__log">
          {activity.rows.map(({ entry, teamName, sentence }) => (
            <li key={entry.id} className="admin-home-entry">
              <p className="admin-home-entry__sentence">{sentence}</p>
              <p className="admin-home-entry__head">
                <span className="admin-home-entry__team">
                  {entry.teamId ? teamName ?? "A deleted team" : "Every team"}
                </span>
                <time dateTime={entry.createdAt} className="admin-home-entry__when">{formatWhen(entry.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <Pager
        label="Activity pages"
        isFirstPage={activity.isFirstPage}
        first={adminHomeHref("activity", filter)}
        next={activity.cursor ? adminHomeHref("activity", { ...filter, cursor: activity.cursor }) : null}
      />
    </section>
  );
}

function SettingsTab({ facts }: { facts: SystemFact[] }) {
  return (
    <section aria-labelledby="admin-home-settings">
      <h2 id="admin-home-settings">Settings</h2>
      <p className="muted">
        How this installation runs. They are read from its environment at start (see the README's Configuration), so
        they are shown here, not edited.
      </p>
      <dl className="card admin-home__facts">
        {facts.map((fact) => (
          <div key={fact.label} className="admin-home__fact">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function AdminHomePage(
  { data, notice = null, cursor = "" }: { data: AdminHomeData; notice?: AdminHomeNotice | null; cursor?: string },
) {
  return (
    <SiteLayout account={headerAccount(null, data.sysadminEmail)}>
      <div className="container page admin-home">
        <header className="hub-header">
          <div>
            <h1>System Admin Dashboard</h1>
            <p className="muted admin-home__who">Signed in as {data.sysadminEmail}</p>
          </div>
          <div className="hub-header__actions">
            <a className="button button--secondary" href="/sysadmin">System Console</a>
            <form method="post" action="/admin/sign-out">
              <button type="submit" className="button button--ghost">Sign out</button>
            </form>
          </div>
        </header>
        {notice && (
          <p className={`notice notice--${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
            {notice.text}
          </p>
        )}
        <StatCards stats={data.stats} />
        <Tabs tab={data.tab} />
        <div className="admin-home__panel">
          {data.tab === "teams" && data.teams && <TeamsTab teams={data.teams} cursor={cursor} />}
          {data.tab === "activity" && data.activity && <ActivityTab activity={data.activity} />}
          {data.tab === "settings" && data.settings && <SettingsTab facts={data.settings} />}
        </div>
      </div>
    </SiteLayout>
  );
}

/** Where someone without a system administrator session is sent, keeping the tab they asked for. */
export function sysadminLoginHref(next: string): string {
  return `/sysadmin/login?next=${encodeURIComponent(next).replaceAll("%2F", "/")}`;
}

/**
 * 'Authentication Required' (status 401): the dashboard is for system administrators. The page
 * moves to the sign-in after 1 s by itself, without JavaScript: the route sends a `Refresh`
 * header (not a `<meta http-equiv="refresh">`, which axe-core reports as a critical timed
 * refresh), and the link is there for anyone who does not want to wait.
 */
export function AuthenticationRequiredPage(
  { loginHref, account }: { loginHref: string; account: HeaderAccount | null },
) {
  return (
    <SiteLayout narrow account={account}>
      <div className="card empty-state admin-home-auth">
        <h1>Authentication Required</h1>
        <p>The system admin dashboard is for system administrators. Taking you to their sign-in page…</p>
        <a className="button button--primary" href={loginHref}>System Admin Login</a>
        <p className="muted admin-home-auth__team">
          Managing a team? Your team's admin area opens from <a href="/home">Your Hub</a>.
        </p>
      </div>
    </SiteLayout>
  );
}
