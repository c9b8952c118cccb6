/**
 * The console's Teams tab: a search by name (a GET form, no JavaScript), a page of team cards
 * (name, season, players, parents with access, Active/Inactive, Manage Team) and links to the next page.
 */
import type { TeamsOverview, TeamSummary } from "../../lib/sysadmin/types.ts";
import { ACTIVE_WINDOW_DAYS } from "../../lib/sysadmin/types.ts";
import { DEFAULT_TIME_ZONE, shortDate } from "../../lib/time_zone.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import { formatNumber } from "../../lib/i18n/format.ts";

export interface TeamsTabProps {
  overview: TeamsOverview;
  /** The search box's text as the visitor typed it ("" for none). */
  query: string;
}

/** Where the tab lives; its links and search form keep to it. */
export const TEAMS_TAB_PATH = "/sysadmin";

/** The tab's address for a search and a page. */
export function teamsTabHref(query: string, cursor = ""): string {
  const params = new URLSearchParams({ tab: "teams" });
  if (query) params.set("q", query);
  if (cursor) params.set("cursor", cursor);
  return `${TEAMS_TAB_PATH}?${params}`;
}

function TeamCard({ team }: { team: TeamSummary }) {
  const { m, t, lang } = useI18n();
  const texts = m.sysadmin.teams;
  const headingId = `team-${team.id}-name`;
  const details = [team.season, team.ageGroup, team.orgName].filter(Boolean).join(" · ");
  return (
    <li className="card team-card">
      <div className="team-card__head">
        <h3 className="team-card__name" id={headingId}>{team.name}</h3>
        <span className={`status team-status team-status--${team.isActive ? "active" : "inactive"}`}>
          {team.isActive ? texts.active : texts.inactive}
        </span>
      </div>
      {details && <p className="team-card__season muted">{details}</p>}
      <dl className="stats team-card__stats">
        <div className="stats__item">
          <dt>{texts.players}</dt>
          <dd>{formatNumber(lang, team.playerCount)}</dd>
        </div>
        <div className="stats__item">
          <dt>{texts.parentsWithAccess}</dt>
          <dd>{formatNumber(lang, team.parentCount)}</dd>
        </div>
      </dl>
      <p className="team-card__activity muted">
        {team.lastActiveAt
          ? t(texts.lastActive, { date: shortDate(new Date(team.lastActiveAt), DEFAULT_TIME_ZONE, lang) })
          : texts.neverActive}
      </p>
      <a className="button button--secondary button--sm team-card__manage" href={`/admin/${team.id}`}>
        {texts.manage}
        <span className="visually-hidden">{`: ${team.name}`}</span>
      </a>
    </li>
  );
}

export function TeamsTab({ overview, query }: TeamsTabProps) {
  const { m, t } = useI18n();
  const texts = m.sysadmin.teams;
  const shown = overview.values.length;
  const searched = query.trim();
  return (
    <section className="teams-tab" aria-labelledby="teams-tab-heading">
      <h2 id="teams-tab-heading">{texts.heading}</h2>
      <form className="teams-search" method="get" action={TEAMS_TAB_PATH} role="search" aria-label={texts.searchLabel}>
        <input type="hidden" name="tab" value="teams" />
        <div className="field teams-search__field">
          <label htmlFor="teams-search-q">{texts.search}</label>
          <input
            id="teams-search-q"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={100}
            autoComplete="off"
            aria-describedby="teams-search-hint"
          />
          <p className="field__hint" id="teams-search-hint">{texts.searchHint}</p>
        </div>
        <div className="teams-search__actions">
          <button type="submit" className="button button--primary">{texts.submit}</button>
          {query && <a className="button button--ghost" href={teamsTabHref("")}>{texts.clear}</a>}
        </div>
      </form>
      <p className="muted teams-tab__legend">
        {t(texts.legend, { days: ACTIVE_WINDOW_DAYS })}
      </p>
      {shown === 0
        ? (
          <p className="teams-tab__empty card">
            {searched ? t(texts.noMatch, { query: searched }) : texts.noTeams}
          </p>
        )
        : (
          <>
            <p className="visually-hidden">
              {searched ? t(texts.shownMatching, { count: shown, query: searched }) : t(texts.shown, { count: shown })}
            </p>
            <ul className="team-grid">
              {overview.values.map((team) => <TeamCard key={team.id} team={team} />)}
            </ul>
          </>
        )}
      {(!overview.isFirstPage || overview.cursor) && (
        <nav className="overview-pager" aria-label={texts.pagesLabel}>
          {!overview.isFirstPage && (
            <a className="button button--ghost" href={teamsTabHref(query)}>{m.sysadmin.pager.first}</a>
          )}
          {overview.cursor && (
            <a className="button button--secondary" href={teamsTabHref(query, overview.cursor)}>
              {m.sysadmin.pager.next}
            </a>
          )}
        </nav>
      )}
    </section>
  );
}

export default TeamsTab;
