import type { Team } from "../../lib/db/teams.ts";
import { groupPlayers, type PublicPlayer, sortPlayers } from "../../lib/roster/public_players.ts";
import { Island } from "../../lib/render/island.tsx";
import { PlayerCard } from "./PlayerCard.tsx";
import { claimHref, rosterHref, type RosterView } from "./links.ts";
import { type HeaderAccount, Logo, SiteLayout } from "../SiteLayout.tsx";

interface RosterPageProps {
  team: Team;
  players: PublicPlayer[];
  view: RosterView;
  /** Set after a claim posted without JavaScript. */
  claimed?: boolean;
}

const SORT_LABELS = { name: "Sort by Name", jersey: "Sort by Jersey", position: "Sort by Position" };
const GROUP_LABELS = { none: "No Grouping", position: "Group by Position" };

/** The public roster (SPEC.md section 2): every control is a link or a GET form. */
export function RosterPage({ team, players, view, claimed }: RosterPageProps) {
  const selected = view.player ? players.find((p) => p.id === view.player) ?? null : null;
  return (
    <div className="roster-shell">
      <header className="roster-header">
        <div className="container roster-header__inner">
          <span className="team-avatar" aria-hidden="true">{[...team.name][0]?.toUpperCase()}</span>
          <div className="roster-header__text">
            <h1 className="roster-header__name">{team.name}</h1>
            <p className="roster-header__season">{team.season}</p>
          </div>
          <Logo />
        </div>
      </header>
      <main id="main" className="container roster" tabIndex={-1}>
        {claimed && (
          <div className="notice notice--success" role="status">
            <strong>Claim Submitted</strong> Your claim has been submitted successfully.
          </div>
        )}
        <div className="roster__toolbar">
          <nav aria-label="Roster view" className="segmented">
            {(["game", "detail"] as const).map((mode) => (
              <a
                key={mode}
                className="segmented__option"
                href={rosterHref(team.slug, { ...view, mode, player: null })}
                aria-current={view.mode === mode ? "page" : undefined}
              >
                {mode === "game" ? "Game" : "Detail"}
              </a>
            ))}
          </nav>
          <span className="badge">{`${players.length} ${players.length === 1 ? "Player" : "Players"}`}</span>
        </div>
        {players.length === 0
          ? <EmptyRoster />
          : view.mode === "game"
          ? <GameGrid team={team} players={players} view={view} />
          : <DetailList team={team} players={players} view={view} />}
        {selected && <PlayerCard player={selected} closeHref={rosterHref(team.slug, { ...view, player: null })} />}
      </main>
      <aside aria-label="Claim a player">
        <ClaimBar team={team} initialJersey={selected?.jerseyNumber ?? null} />
      </aside>
    </div>
  );
}

function EmptyRoster() {
  return (
    <div className="empty-state">
      <h2>No players found</h2>
      <p>The roster is currently empty.</p>
    </div>
  );
}

function GameGrid({ team, players, view }: { team: Team; players: PublicPlayer[]; view: RosterView }) {
  return (
    <ul className="tile-grid" aria-label="Players">
      {sortPlayers(players, "jersey").map((p) => (
        <li key={p.id}>
          <a className="tile" href={rosterHref(team.slug, { ...view, player: p.id })}>
            <span className="jersey" aria-label={`Jersey ${p.jerseyNumber}`}>{p.jerseyNumber}</span>
            <span className="tile__name">{p.firstName}</span>
            {p.position && <span className="tile__position">{p.position}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}

function DetailList({ team, players, view }: { team: Team; players: PublicPlayer[]; view: RosterView }) {
  const groups = groupPlayers(sortPlayers(players, view.sort), view.group);
  return (
    <>
      <form className="roster__controls" method="get" action={rosterHref(team.slug, {})}>
        <input type="hidden" name="mode" value="detail" />
        <label className="select">
          <span className="visually-hidden">Sort players</span>
          <select name="sort" defaultValue={view.sort}>
            {Object.entries(SORT_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </label>
        <label className="select">
          <span className="visually-hidden">Group players</span>
          <select name="group" defaultValue={view.group}>
            {Object.entries(GROUP_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </label>
        <button type="submit" className="button button--secondary">Apply</button>
      </form>
      {groups.map((group, i) => (
        <section key={group.label} className="player-group" aria-labelledby={`player-group-${i}`}>
          <h2 id={`player-group-${i}`} className="player-group__title">
            {`${group.label} `}
            <span className="player-group__count">{`(${group.players.length})`}</span>
          </h2>
          <ul className="player-rows">
            {group.players.map((p) => (
              <li key={p.id}>
                <details className="player-row">
                  <summary>
                    <span className="jersey jersey--sm">{p.jerseyNumber}</span>
                    <span className="player-row__name">{`${p.firstName} ${p.lastName}`}</span>
                    {p.position && <span className="player-row__position">{p.position}</span>}
                  </summary>
                  <div className="player-row__body">
                    <div>
                      <p className="player-row__label">Parent Information:</p>
                      <p>{p.parentNames?.length ? p.parentNames.join(", ") : "Contact via claim system"}</p>
                    </div>
                    <div>
                      <p className="player-row__label">Player Details:</p>
                      <p>{`Jersey #${p.jerseyNumber} · ${p.position ?? NO_POSITION_TEXT}`}</p>
                    </div>
                    <a className="button button--secondary" href={rosterHref(team.slug, { ...view, player: p.id })}>
                      View Player Card
                    </a>
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

const NO_POSITION_TEXT = "No position yet";

function ClaimBar({ team, initialJersey }: { team: Team; initialJersey: number | null }) {
  if (!team.settings.openClaims) {
    return (
      <div className="claim-bar claim-bar--closed">
        <p>This team is not accepting claims right now.</p>
      </div>
    );
  }
  return (
    <Island
      name="ClaimDialog"
      hydrate="interaction"
      props={{
        teamSlug: team.slug,
        claimPageUrl: claimHref(team.slug, initialJersey),
        allowSurname: team.settings.allowSurnameFallback,
        instructions: team.settings.claimInstructions,
        initialJersey,
      }}
    />
  );
}

/** No team by that name: the site's own header and footer around SPEC.md's screen. */
export function RosterNotFound({ account = null }: { account?: HeaderAccount | null }) {
  return (
    <SiteLayout narrow account={account}>
      <div className="empty-state">
        <h1>Roster Not Found</h1>
        <p>The requested team roster could not be found.</p>
        <a className="button button--primary" href="/">Go Home</a>
      </div>
    </SiteLayout>
  );
}
