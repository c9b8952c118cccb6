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
import { actionWords } from "../../lib/sysadmin/activity_text.ts";
import { dateTime, DEFAULT_TIME_ZONE } from "../../lib/time_zone.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import { formatNumber } from "../../lib/i18n/format.ts";
import type { Catalog } from "../../lib/i18n/catalog.ts";
import { messageParts } from "../../lib/i18n/message_parts.tsx";

type NoticeText = keyof Catalog["sysadmin"]["home"]["notices"];

/** A notice after a form of this page (`?done=` / `?error=`): its words are the catalogue's `home.notices[text]`. */
export interface AdminHomeNotice {
  kind: "success" | "error";
  text: NoticeText;
}

export const ADMIN_HOME_NOTICES: Record<string, AdminHomeNotice> = {
  "invite-link": { kind: "success", text: "inviteLink" },
  "invite-link-limited": { kind: "error", text: "inviteLinkLimited" },
  "team-missing": { kind: "error", text: "teamMissing" },
};

/** `/admin` with a tab and its own query (the default tab, Teams, has no `tab=`). */
export function adminHomeHref(tab: AdminHomeTab, query: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (tab !== "teams") params.set("tab", tab);
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `/admin?${search}` : "/admin";
}

function StatCards({ stats }: { stats: AdminStats }) {
  const { m, t, lang } = useI18n();
  const texts = m.sysadmin.home.stats;
  const number = (value: number) => formatNumber(lang, value);
  const cards = [
    { id: "teams", label: texts.teams, value: number(stats.totalTeams), note: null },
    { id: "players", label: texts.players, value: number(stats.totalPlayers), note: null },
    { id: "claims", label: texts.claims, value: number(stats.pendingClaims), note: texts.claimsNote },
    {
      id: "status",
      label: texts.status,
      value: stats.status === "Operational" ? texts.operational : texts.needsAttention,
      note: t(texts.mail, { count: stats.mail.queued, failed: stats.mail.failed }),
    },
  ];
  return (
    <section aria-labelledby="admin-home-stats">
      <h2 id="admin-home-stats" className="visually-hidden">{m.sysadmin.home.totals}</h2>
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
  const texts = useI18n().m.sysadmin.home;
  return (
    <nav className="admin-home__tabs" aria-label={texts.tabsLabel}>
      <ul>
        {ADMIN_HOME_TABS.map(({ id }) => (
          <li key={id}>
            <a href={adminHomeHref(id)} aria-current={id === tab ? "page" : undefined}>{texts.tabs[id]}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Pager(
  { isFirstPage, first, next, label }: { isFirstPage: boolean; first: string; next: string | null; label: string },
) {
  const texts = useI18n().m.sysadmin.pager;
  if (isFirstPage && !next) return null;
  return (
    <nav className="admin-home__pager" aria-label={label}>
      {!isFirstPage && <a className="button button--ghost" href={first}>{texts.first}</a>}
      {next && <a className="button button--secondary" href={next}>{texts.next}</a>}
    </nav>
  );
}

function InviteLinkPanel({ team, cursor }: { team: AdminTeamCard; cursor: string }) {
  const { m, t } = useI18n();
  const texts = m.sysadmin.home.invite;
  const link = team.inviteLink;
  const urlId = `invite-${team.id}`;
  return (
    <div className="admin-home-team__invite">
      <h4 className="admin-home-team__invite-title">{texts.heading}</h4>
      {link
        ? (
          <>
            <label htmlFor={urlId} className="visually-hidden">{t(texts.urlLabel, { team: team.name })}</label>
            <input id={urlId} className="invite-card__url" type="text" readOnly value={link.joinUrl} />
            <p className="admin-home-team__meta">
              {`${link.expired ? texts.expired : t(texts.expiresIn, { time: link.timeToExpiry })} · ${
                t(texts.used, { count: link.usageCount })
              }`}
            </p>
          </>
        )
        : <p className="admin-home-team__meta">{texts.none}</p>}
      <form method="post" action={`/sysadmin/invite-links/${encodeURIComponent(team.id)}`}>
        <input type="hidden" name="cursor" value={cursor} />
        <button type="submit" className="button button--secondary button--sm">
          {link ? texts.generateNew : texts.generate}
          <span className="visually-hidden">{t(texts.forTeam, { team: team.name })}</span>
        </button>
      </form>
    </div>
  );
}

function TeamsTab({ teams, cursor }: { teams: AdminTeamsPage; cursor: string }) {
  const { m, lang } = useI18n();
  const texts = m.sysadmin.home.teams;
  return (
    <section aria-labelledby="admin-home-teams">
      <h2 id="admin-home-teams">{texts.heading}</h2>
      {teams.values.length === 0
        ? (
          <div className="card empty-state">
            <p>{teams.isFirstPage ? texts.none : texts.noMore}</p>
            {!teams.isFirstPage && (
              <a className="button button--secondary" href={adminHomeHref("teams")}>{m.sysadmin.pager.first}</a>
            )}
          </div>
        )
        : (
          <ul className="admin-home__teams">
            {teams.values.map((team) => (
              <li key={team.id} id={`team-${team.id}`} className="card admin-home-team">
                <h3 className="admin-home-team__name">{team.name}</h3>
                <p className="admin-home-team__season muted">{team.season || texts.noSeason}</p>
                <dl className="admin-home-team__counts">
                  <div>
                    <dt>{texts.players}</dt>
                    <dd>{formatNumber(lang, team.playerCount)}</dd>
                  </div>
                  <div>
                    <dt>{texts.pendingClaims}</dt>
                    <dd>{formatNumber(lang, team.pendingClaims)}</dd>
                  </div>
                </dl>
                <InviteLinkPanel team={team} cursor={cursor} />
                <div className="admin-home-team__actions">
                  <a className="button button--primary" href={`/admin/${encodeURIComponent(team.id)}`}>
                    {texts.manage}
                    <span className="visually-hidden">{`: ${team.name}`}</span>
                  </a>
                  <a className="button button--ghost" href={`/t/${encodeURIComponent(team.slug)}/roster`}>
                    {texts.publicRoster}
                    <span className="visually-hidden">{`: ${team.name}`}</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      <Pager
        label={texts.pagesLabel}
        isFirstPage={teams.isFirstPage}
        first={adminHomeHref("teams")}
        next={teams.cursor ? adminHomeHref("teams", { cursor: teams.cursor }) : null}
      />
    </section>
  );
}

function ActivityTab({ activity }: { activity: ActivityView }) {
  const { m, t, lang } = useI18n();
  const texts = m.sysadmin.home.activity;
  const actionLabel = (action: string) => actionWords(texts.actions, action);
  const { filter } = activity;
  const filtered = Boolean(filter.team || filter.action);
  const actions = filter.action && !AUDIT_ACTIONS.includes(filter.action)
    ? [...AUDIT_ACTIONS, filter.action]
    : AUDIT_ACTIONS;
  return (
    <section aria-labelledby="admin-home-activity">
      <h2 id="admin-home-activity">{texts.heading}</h2>
      <p className="muted">{texts.lead}</p>
      <form
        method="get"
        action="/admin"
        className="card admin-home-filter"
        role="search"
        aria-label={texts.filterLabel}
      >
        <input type="hidden" name="tab" value="activity" />
        <div className="field">
          <label htmlFor="activity-team">{texts.team}</label>
          <input
            id="activity-team"
            name="team"
            className="input"
            type="search"
            defaultValue={filter.team}
            placeholder={texts.teamPlaceholder}
            maxLength={200}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor="activity-action">{texts.action}</label>
          <select id="activity-action" name="action" defaultValue={filter.action}>
            <option value="">{texts.allActions}</option>
            {actions.map((action) => <option key={action} value={action}>{actionLabel(action)}</option>)}
          </select>
        </div>
        <div className="admin-home-filter__actions">
          <button type="submit" className="button button--primary">{texts.filter}</button>
          {filtered && <a className="button button--ghost" href={adminHomeHref("activity")}>{texts.clear}</a>}
        </div>
      </form>
      {activity.problem && <p className="notice notice--error" role="alert">{activity.problem}</p>}
      {!activity.problem && activity.rows.length === 0 && (
        <div className="card empty-state">
          <p>
            {activity.cursor
              ? texts.stretch
              : !activity.isFirstPage
              ? texts.noMore
              : filtered
              ? texts.noMatch
              : texts.none}
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
                  {entry.teamId ? teamName ?? texts.deletedTeam : texts.everyTeam}
                </span>
                <time dateTime={entry.createdAt} className="admin-home-entry__when">
                  {t(texts.when, { time: dateTime(new Date(entry.createdAt), DEFAULT_TIME_ZONE, lang) })}
                </time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <Pager
        label={texts.pagesLabel}
        isFirstPage={activity.isFirstPage}
        first={adminHomeHref("activity", filter)}
        next={activity.cursor ? adminHomeHref("activity", { ...filter, cursor: activity.cursor }) : null}
      />
    </section>
  );
}

function SettingsTab({ facts }: { facts: SystemFact[] }) {
  const texts = useI18n().m.sysadmin.home.settings;
  return (
    <section aria-labelledby="admin-home-settings">
      <h2 id="admin-home-settings">{texts.heading}</h2>
      <p className="muted">{texts.lead}</p>
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
  const { m, t } = useI18n();
  const texts = m.sysadmin.home;
  return (
    <SiteLayout account={headerAccount(null, data.sysadminEmail)}>
      <div className="container page admin-home">
        <header className="hub-header">
          <div>
            <h1>{texts.title}</h1>
            <p className="muted admin-home__who">{t(texts.signedInAs, { email: data.sysadminEmail })}</p>
          </div>
          <div className="hub-header__actions">
            <a className="button button--secondary" href="/sysadmin">{texts.console}</a>
            <form method="post" action="/admin/sign-out">
              <button type="submit" className="button button--ghost">{texts.signOut}</button>
            </form>
          </div>
        </header>
        {notice && (
          <p className={`notice notice--${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
            {texts.notices[notice.text]}
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
  const texts = useI18n().m.sysadmin.authRequired;
  return (
    <SiteLayout narrow account={account}>
      <div className="card empty-state admin-home-auth">
        <h1>{texts.title}</h1>
        <p>{texts.lead}</p>
        <a className="button button--primary" href={loginHref}>{texts.login}</a>
        <p className="muted admin-home-auth__team">
          {messageParts(texts.teamHint, { hub: <a href="/home">{texts.hub}</a> })}
        </p>
      </div>
    </SiteLayout>
  );
}
