import type { Team } from "../../lib/db/teams.ts";
import {
  GROUPINGS,
  groupPlayers,
  type PlayerGroup,
  type PublicPlayer,
  sortPlayers,
  SORTS,
} from "../../lib/roster/public_players.ts";
import { Island } from "../../lib/render/island.tsx";
import { PlayerCard } from "./PlayerCard.tsx";
import { claimHref, rosterHref, type RosterView } from "./links.ts";
import { type HeaderAccount, Logo, SiteLayout } from "../SiteLayout.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";

interface RosterPageProps {
  team: Team;
  players: PublicPlayer[];
  view: RosterView;
  /** Set after a claim posted without JavaScript. */
  claimed?: boolean;
}

/** The public roster (SPEC.md section 2): every control is a link or a GET form. */
export function RosterPage({ team, players, view, claimed }: RosterPageProps) {
  const { m, t } = useI18n();
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
            <strong>{m.claims.dialog.submittedTitle}</strong> {m.claims.rules.submitted}
          </div>
        )}
        <div className="roster__toolbar">
          <nav aria-label={m.roster.viewLabel} className="segmented">
            {(["game", "detail"] as const).map((mode) => (
              <a
                key={mode}
                className="segmented__option"
                href={rosterHref(team.slug, { ...view, mode, player: null })}
                aria-current={view.mode === mode ? "page" : undefined}
              >
                {m.roster.modes[mode]}
              </a>
            ))}
          </nav>
          <span className="badge">{t(m.roster.playerCount, { count: players.length })}</span>
        </div>
        {players.length === 0
          ? <EmptyRoster />
          : view.mode === "game"
          ? <GameGrid team={team} players={players} view={view} />
          : <DetailList team={team} players={players} view={view} />}
        {selected && <PlayerCard player={selected} closeHref={rosterHref(team.slug, { ...view, player: null })} />}
      </main>
      <aside aria-label={m.roster.claimBarLabel}>
        <ClaimBar team={team} initialJersey={selected?.jerseyNumber ?? null} />
      </aside>
    </div>
  );
}

function EmptyRoster() {
  const { m } = useI18n();
  return (
    <div className="empty-state">
      <h2>{m.roster.empty.title}</h2>
      <p>{m.roster.empty.text}</p>
    </div>
  );
}

function GameGrid({ team, players, view }: { team: Team; players: PublicPlayer[]; view: RosterView }) {
  const { m } = useI18n();
  return (
    <ul className="tile-grid" aria-label={m.roster.playersLabel}>
      {sortPlayers(players, "jersey").map((p) => (
        <li key={p.id}>
          <a className="tile" href={rosterHref(team.slug, { ...view, player: p.id })}>
            <span className="jersey" aria-label={`${m.roster.card.jersey} ${p.jerseyNumber}`}>{p.jerseyNumber}</span>
            <span className="tile__name">{p.firstName}</span>
            {p.position && <span className="tile__position">{p.position}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}

function DetailList({ team, players, view }: { team: Team; players: PublicPlayer[]; view: RosterView }) {
  const { m, t } = useI18n();
  const r = m.roster;
  const groups = groupPlayers(sortPlayers(players, view.sort), view.group);
  // The groups' own names are the players' positions; only the two made-up ones are words of ours.
  const groupName = (group: PlayerGroup) =>
    view.group === "none" ? r.allPlayers : group.players[0]?.position === null ? r.noPosition : group.label;
  return (
    <>
      <form className="roster__controls" method="get" action={rosterHref(team.slug, {})}>
        <input type="hidden" name="mode" value="detail" />
        <label className="select">
          <span className="visually-hidden">{r.sortLabel}</span>
          <select name="sort" defaultValue={view.sort}>
            {SORTS.map((value) => <option key={value} value={value}>{r.sorts[value]}</option>)}
          </select>
        </label>
        <label className="select">
          <span className="visually-hidden">{r.groupLabel}</span>
          <select name="group" defaultValue={view.group}>
            {GROUPINGS.map((value) => <option key={value} value={value}>{r.groupings[value]}</option>)}
          </select>
        </label>
        <button type="submit" className="button button--secondary">{r.apply}</button>
      </form>
      {groups.map((group, i) => (
        <section key={group.label} className="player-group" aria-labelledby={`player-group-${i}`}>
          <h2 id={`player-group-${i}`} className="player-group__title">
            {`${groupName(group)} `}
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
                      <p className="player-row__label">{r.parentInformation}</p>
                      <p>{p.parentNames?.length ? p.parentNames.join(", ") : r.contactViaClaims}</p>
                    </div>
                    <div>
                      <p className="player-row__label">{r.playerDetails}</p>
                      <p>
                        {t(r.playerDetailsLine, {
                          number: String(p.jerseyNumber),
                          position: p.position ?? r.noPositionYet,
                        })}
                      </p>
                    </div>
                    <a className="button button--secondary" href={rosterHref(team.slug, { ...view, player: p.id })}>
                      {r.viewPlayerCard}
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

function ClaimBar({ team, initialJersey }: { team: Team; initialJersey: number | null }) {
  const { m } = useI18n();
  if (!team.settings.openClaims) {
    return (
      <div className="claim-bar claim-bar--closed">
        <p>{m.claims.rules.closed}</p>
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
  const { notFound } = useI18n().m.roster;
  return (
    <SiteLayout narrow account={account}>
      <div className="empty-state">
        <h1>{notFound.title}</h1>
        <p>{notFound.text}</p>
        <a className="button button--primary" href="/">{notFound.goHome}</a>
      </div>
    </SiteLayout>
  );
}
