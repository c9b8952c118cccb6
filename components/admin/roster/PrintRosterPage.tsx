import type { Team } from "../../../lib/db/teams.ts";
import type { AdminPlayer } from "../../../lib/roster/manage.ts";
import { Island } from "../../../lib/render/island.tsx";

interface PrintRosterPageProps {
  team: Team;
  players: AdminPlayer[];
  rosterPath: string;
}

/** 'Generate PDF': the roster as one printable page; the print stylesheet hides everything else. */
export function PrintRosterPage({ team, players, rosterPath }: PrintRosterPageProps) {
  return (
    <main id="main" className="print-roster" tabIndex={-1}>
      <div className="print-roster__bar no-print">
        <a className="button button--ghost" href={rosterPath}>Back to Roster Management</a>
        <Island name="PrintButton" props={{ label: "Print / Save as PDF" }} hydrate="interaction" />
      </div>
      <header className="print-roster__header">
        <h1>{team.name}</h1>
        <p>{[team.season, team.orgName].filter(Boolean).join(" · ")}</p>
      </header>
      <table className="print-roster__table">
        <caption className="visually-hidden">{`${team.name} roster`}</caption>
        <thead>
          <tr>
            <th scope="col">Jersey</th>
            <th scope="col">Name</th>
            <th scope="col">Position</th>
            <th scope="col">Parents' emails</th>
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
      <p className="print-roster__footer">{`${players.length} player${players.length === 1 ? "" : "s"}`}</p>
    </main>
  );
}
