/**
 * The console's Teams tab: a search by name (a GET form, no JavaScript), a page of team cards
 * (name, season, players, parents with access, Active/Inactive, Manage Team) and links to the next page.
 */
import type { TeamsOverview, TeamSummary } from "../../lib/sysadmin/types.ts";
import { ACTIVE_WINDOW_DAYS } from "../../lib/sysadmin/types.ts";
import { TEAM_NUMBER_TEXTS } from "../../lib/teams/team_numbers.ts";

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

const DAY = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  month: "short",
  day: "numeric",
  year: "numeric",
});

/** The empty state's words: for a search, SPEC-style 'No teams match "x"'. */
export const noTeamsText = (query: string) => query.trim() ? `No teams match "${query.trim()}"` : "No teams yet.";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function TeamCard({ team }: { team: TeamSummary }) {
  const headingId = `team-${team.id}-name`;
  const details = [team.season, team.ageGroup, team.orgName].filter(Boolean).join(" · ");
  return (
    <li className="card team-card">
      <div className="team-card__head">
        <h3 className="team-card__name" id={headingId}>{team.name}</h3>
        <span className={`status team-status team-status--${team.isActive ? "active" : "inactive"}`}>
          {team.isActive ? "Active" : "Inactive"}
        </span>
      </div>
      {details && <p className="team-card__season muted">{details}</p>}
      <dl className="stats team-card__stats">
        <div className="stats__item">
          <dt>{TEAM_NUMBER_TEXTS.players}</dt>
          <dd>{team.playerCount}</dd>
        </div>
        <div className="stats__item">
          <dt>{TEAM_NUMBER_TEXTS.parentsWithAccess}</dt>
          <dd>{team.parentCount}</dd>
        </div>
      </dl>
      <p className="team-card__activity muted">
        {team.lastActiveAt
          ? `Last sign-in or post: ${DAY.format(new Date(team.lastActiveAt))}`
          : "No sign-in or post recorded yet"}
      </p>
      <a className="button button--secondary button--sm team-card__manage" href={`/admin/${team.id}`}>
        Manage Team<span className="visually-hidden">{`: ${team.name}`}</span>
      </a>
    </li>
  );
}

export function TeamsTab({ overview, query }: TeamsTabProps) {
  const shown = overview.values.length;
  return (
    <section className="teams-tab" aria-labelledby="teams-tab-heading">
      <h2 id="teams-tab-heading">Teams Overview</h2>
      <form className="teams-search" method="get" action={TEAMS_TAB_PATH} role="search" aria-label="Teams">
        <input type="hidden" name="tab" value="teams" />
        <div className="field teams-search__field">
          <label htmlFor="teams-search-q">Search teams by name</label>
          <input
            id="teams-search-q"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={100}
            autoComplete="off"
            aria-describedby="teams-search-hint"
          />
          <p className="field__hint" id="teams-search-hint">
            Matches the start of a team's name, e.g. "u10" finds "U10 Lions".
          </p>
        </div>
        <div className="teams-search__actions">
          <button type="submit" className="button button--primary">Search</button>
          {query && <a className="button button--ghost" href={teamsTabHref("")}>Clear</a>}
        </div>
      </form>
      <p className="muted teams-tab__legend">
        {`Active: a member signed in or someone posted in the last ${ACTIVE_WINDOW_DAYS} days.`}
      </p>
      {shown === 0 ? <p className="teams-tab__empty card">{noTeamsText(query)}</p> : (
        <>
          <p className="visually-hidden">
            {`${plural(shown, "team", "teams")} on this page${query.trim() ? ` matching "${query.trim()}"` : ""}`}
          </p>
          <ul className="team-grid">
            {overview.values.map((team) => <TeamCard key={team.id} team={team} />)}
          </ul>
        </>
      )}
      {(!overview.isFirstPage || overview.cursor) && (
        <nav className="overview-pager" aria-label="Teams pages">
          {!overview.isFirstPage && <a className="button button--ghost" href={teamsTabHref(query)}>First page</a>}
          {overview.cursor && (
            <a className="button button--secondary" href={teamsTabHref(query, overview.cursor)}>Next page</a>
          )}
        </nav>
      )}
    </section>
  );
}

export default TeamsTab;
