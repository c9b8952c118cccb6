import { type MouseEvent, useEffect, useState } from "react";
import { filterPlayers, rosterCounts, type RosterPlayer } from "../components/admin/roster/roster_forms.ts";
import { PlayerTable } from "../components/admin/roster/PlayerTable.tsx";
import { onRosterChange, openRosterPanel, type PanelRequest } from "../components/admin/roster/roster_panel.ts";
import { useHydrated } from "../lib/client/hydrated.ts";
import { api } from "../lib/client/api.ts";
import { onPhotoChange } from "../lib/client/player_photo.ts";
import { useI18n } from "../lib/i18n/context.tsx";

export interface RosterManagerProps {
  teamId: string;
  /** The roster page's path under the prefix the request used, e.g. `/admin/{id}/roster`. */
  rosterPath: string;
  players: RosterPlayer[];
  query: string;
  /** What the last change did ('Player added'); shown in a status message, not a toast, to keep the page's script small. */
  notice: string | null;
  /** The viewer may change players' photos (a team admin, not a system administrator): 'Change photo' per row. */
  photos?: boolean;
}

/**
 * Roster management: the toolbar, the team's counts, live search and the table. Its links open
 * the RosterPanel island's forms in place (components/admin/roster/roster_panel.ts), and a change
 * saved there shows here.
 */
export default function RosterManager(props: RosterManagerProps) {
  const { teamId, rosterPath } = props;
  const { m, t } = useI18n();
  const text = m.adminRoster;
  const numbers = m.adminCommon.numbers;
  const playersApi = `/api/admin/${teamId}/players`;
  const [players, setPlayers] = useState(props.players);
  const [query, setQuery] = useState(props.query);
  const [notice, setNotice] = useState(props.notice);
  // Tells tests (and styles) that the live search and the in-page forms are working.
  const hydrated = useHydrated();

  useEffect(() => {
    // A change saved in the panel: the roster as it is now, and what was done.
    const stopChanges = onRosterChange(async (message) => {
      const reply = await api<{ players: RosterPlayer[] }>("GET", playersApi);
      if (reply.ok) setPlayers(reply.data.players);
      setNotice(message);
    });
    // A photo saved in the PlayerPhoto dialog shows in its row at once.
    const stopPhotos = onPhotoChange(({ playerId, photoUrlSmall, photoUrlMedium }) =>
      setPlayers((all) => all.map((p) => p.id === playerId ? { ...p, photoUrlSmall, photoUrlMedium } : p))
    );
    return () => {
      stopChanges();
      stopPhotos();
    };
  }, []);

  const onOpen = (e: MouseEvent<HTMLAnchorElement>) => {
    const { panel: kind, player: id } = e.currentTarget.dataset;
    const request: PanelRequest = kind === "edit" || kind === "remove"
      ? { kind, player: players.find((p) => p.id === id) ?? null }
      : { kind: kind === "import" ? "import" : "add" };
    if (!openRosterPanel(request)) return;
    e.preventDefault();
    setNotice(null);
  };

  const counts = rosterCounts(players);
  const shown = filterPlayers(players, query);

  return (
    <div className="roster-admin" data-hydrated={hydrated || undefined}>
      {notice && <div className="notice notice--success" role="status">{notice}</div>}
      <div className="roster-admin__toolbar">
        <a className="button button--primary" href={`${rosterPath}?add=1`} data-panel="add" onClick={onOpen}>
          {text.toolbar.addPlayer}
        </a>
        <a className="button button--secondary" href={`${rosterPath}?import=1`} data-panel="import" onClick={onOpen}>
          {text.toolbar.importCsv}
        </a>
        <a className="button button--secondary" href={`${playersApi}/export`} download>{text.toolbar.exportCsv}</a>
        <a className="button button--secondary" href={`${rosterPath}/print`}>{text.toolbar.generatePdf}</a>
      </div>
      <dl className="stats roster-admin__counts">
        {([
          [numbers.players, counts.total],
          [text.counts.withPhotos, counts.withPhotos],
          [text.counts.withPositions, counts.withPositions],
          [numbers.playersWithParent, counts.withParent],
        ] as const).map(([label, value]) => (
          <div className="stats__item" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <form role="search" method="get" action={rosterPath} className="roster-admin__search">
        <label htmlFor="roster-search">{text.search.label}</label>
        <input
          id="roster-search"
          type="search"
          name="q"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
        <button type="submit" className="button button--secondary">{text.search.button}</button>
      </form>
      <p className="muted" role="status">
        {t(text.search.showing, { shown: shown.length, count: players.length })}
      </p>
      <PlayerTable
        players={shown}
        rosterPath={rosterPath}
        query={query.trim()}
        onOpen={onOpen}
        photos={props.photos === true}
      />
    </div>
  );
}
