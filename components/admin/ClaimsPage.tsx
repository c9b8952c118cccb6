import { Island } from "../../lib/render/island.tsx";
import { AdminLayout, AdminNotice } from "./AdminLayout.tsx";
import type { AdminPaths } from "./paths.ts";
import type { ClaimsData } from "../../lib/teams/admin_area.ts";
import { type AdminClaim, playerChoicesFor } from "../../lib/teams/admin_views.ts";
import { claimKind, claimTarget, formatDate, matchedPlayer, NO_MATCH, requesterOf } from "./format.ts";

export type Notice = { kind: "success" | "error"; text: string } | null;

function Count({ label, value, id }: { label: string; value: number; id: string }) {
  return (
    <div className="admin-tile" data-count={id}>
      <p className="admin-tile__label">{label}</p>
      <p className="admin-tile__value">{value}</p>
    </div>
  );
}

function ClaimCells({ claim }: { claim: AdminClaim }) {
  return (
    <>
      <td data-label="Type">{claimKind(claim)}</td>
      <th scope="row">{requesterOf(claim)}</th>
      <td data-label="Email" className="admin-table__email">{claim.email}</td>
      <td data-label="Player">{matchedPlayer(claim) ?? <span className="muted">{NO_MATCH}</span>}</td>
      <td data-label="Jersey / Surname">{claimTarget(claim)}</td>
    </>
  );
}

function PendingTable({ claims, data, paths }: { claims: AdminClaim[]; data: ClaimsData; paths: AdminPaths }) {
  return (
    <section className="card admin-card" aria-labelledby="pending-claims-heading">
      <h2 id="pending-claims-heading">Pending Claims</h2>
      {claims.length === 0 ? <p className="muted">Nothing waiting for review.</p> : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stack">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Parent</th>
                <th scope="col">Email</th>
                <th scope="col">Player</th>
                <th scope="col">Jersey / Surname</th>
                <th scope="col">Note</th>
                <th scope="col">Date</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {claims.map((claim) => (
                <tr key={claim.id} data-claim={claim.id}>
                  <ClaimCells claim={claim} />
                  <td data-label="Note" className="admin-table__note">{claim.note}</td>
                  <td data-label="Date">
                    <time dateTime={claim.createdAt}>{formatDate(claim.createdAt)}</time>
                  </td>
                  <td data-label="Actions" className="admin-table__actions">
                    <Island
                      name="ClaimActions"
                      hydrate="interaction"
                      props={{
                        teamId: data.team.id,
                        claimId: claim.id,
                        formAction: paths.claim(claim.id),
                        back: "claims",
                        requester: requesterOf(claim),
                        choices: playerChoicesFor(claim, data.choices),
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ProcessedTable({ claims }: { claims: AdminClaim[] }) {
  return (
    <section className="card admin-card" aria-labelledby="processed-claims-heading">
      <h2 id="processed-claims-heading">Processed Claims</h2>
      {claims.length === 0 ? <p className="muted">No decisions yet.</p> : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stack">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Parent</th>
                <th scope="col">Email</th>
                <th scope="col">Player</th>
                <th scope="col">Jersey / Surname</th>
                <th scope="col">Status</th>
                <th scope="col">Decided</th>
              </tr>
            </thead>
            <tbody>
              {claims.map((claim) => (
                <tr key={claim.id} data-claim={claim.id}>
                  <ClaimCells claim={claim} />
                  <td data-label="Status">
                    <span className={`status status--${claim.status}`}>
                      {claim.status === "approved" ? "Approved" : "Denied"}
                    </span>
                  </td>
                  <td data-label="Decided">
                    {claim.decidedAt ? <time dateTime={claim.decidedAt}>{formatDate(claim.decidedAt)}</time> : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A link to the next page of one of the lists (the other list starts again from its first page). */
function NextPageLink(
  { cursor, param, paths, label }: { cursor: string; param: string; paths: AdminPaths; label: string },
) {
  if (!cursor) return null;
  return (
    <p className="pager">
      <a className="button button--ghost" href={`${paths.claims}?${param}=${encodeURIComponent(cursor)}`}>{label}</a>
    </p>
  );
}

/** Claims management: counts, the pending queue with decisions, and the processed history. */
export function ClaimsPage({ data, paths, notice }: { data: ClaimsData; paths: AdminPaths; notice: Notice }) {
  const { team, counts } = data;
  const total = counts.pending + counts.approved + counts.denied;
  return (
    <AdminLayout team={team} paths={paths} current="claims" pendingCount={counts.pending} title="Claims">
      <AdminNotice notice={notice} />
      <div className="admin-toolbar">
        <section aria-label="Claim counts" className="admin-tiles admin-tiles--three">
          <Count id="pending" label="Pending" value={counts.pending} />
          <Count id="approved" label="Approved" value={counts.approved} />
          <Count id="denied" label="Denied" value={counts.denied} />
        </section>
        <a className="button button--secondary" href={paths.claimsExport} download>Export Claims</a>
      </div>
      {total === 0
        ? (
          <div className="card empty-state">
            <h2>No claims yet</h2>
            <p className="muted">
              When parents claim a player on the public roster, or ask to join with your invite link, they appear here.
            </p>
          </div>
        )
        : (
          <>
            <PendingTable claims={data.pending.values} data={data} paths={paths} />
            <NextPageLink cursor={data.pending.cursor} param="pending" paths={paths} label="More pending claims" />
            <ProcessedTable claims={data.processed.values} />
            <NextPageLink
              cursor={data.processed.cursor}
              param="processed"
              paths={paths}
              label="Older processed claims"
            />
          </>
        )}
    </AdminLayout>
  );
}
