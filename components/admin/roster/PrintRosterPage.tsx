import type { Team } from "../../../lib/db/teams.ts";
import type { AdminPlayer } from "../../../lib/roster/manage.ts";
import { Island } from "../../../lib/render/island.tsx";
import { useI18n } from "../../../lib/i18n/context.tsx";

interface PrintRosterPageProps {
  team: Team;
  players: AdminPlayer[];
  rosterPath: string;
}

/** 'Generate PDF': the roster as one printable page; the print stylesheet hides everything else. */
export function PrintRosterPage({ team, players, rosterPath }: PrintRosterPageProps) {
  const { m, t } = useI18n();
  const text = m.adminRosterPage.print;
  const columns = m.adminRoster.table;
  return (
    <main id="main" className="print-roster" tabIndex={-1}>
      <div className="print-roster__bar no-print">
        <a className="button button--ghost" href={rosterPath}>{text.back}</a>
        <Island name="PrintButton" props={{ label: text.print }} hydrate="interaction" />
      </div>
      <header className="print-roster__header">
        <h1>{team.name}</h1>
        <p>{[team.season, team.orgName].filter(Boolean).join(" · ")}</p>
      </header>
      <table className="print-roster__table">
        <caption className="visually-hidden">{t(text.caption, { team: team.name })}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.jersey}</th>
            <th scope="col">{columns.name}</th>
            <th scope="col">{columns.position}</th>
            <th scope="col">{text.parentsEmails}</th>
          </tr>
        </thead>
        <tbody>
          {players.map((p) => (
            <tr key={p.id}>
              <td>{p.jerseyNumber}</td>
              <th scope="row">{`${p.firstName} ${p.lastName}`}</th>
              <td>{p.position ?? ""}</td>
              <td>{p.parentEmails.join(", ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="print-roster__footer">{t(text.total, { count: players.length })}</p>
    </main>
  );
}
