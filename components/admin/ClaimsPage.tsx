import { Island } from "../../lib/render/island.tsx";
import { AdminLayout, AdminNotice } from "./AdminLayout.tsx";
import type { AdminPaths } from "./paths.ts";
import type { ClaimsData } from "../../lib/teams/admin_area.ts";
import { playerChoicesFor } from "../../lib/teams/admin_views.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import { RemovalRequests } from "./RemovalRequests.tsx";

export type Notice = { kind: "success" | "error"; text: string } | null;

/** One counter; `data-number`: a decision (components/admin/ClaimActions.tsx) updates it in place. */
function Count({ value, id }: { value: number; id: "pending" | "approved" | "denied" }) {
  const { m } = useI18n();
  return (
    <div data-number={`claims-${id}`} className="admin-tile" data-count={id}>
      <p className="admin-tile__label">{m.adminCommon.numbers.claims[id]}</p>
      <p className="admin-tile__value">{value}</p>
    </div>
  );
}

/** A link to the next page of one of the lists (the other list starts again from its first page). */
const nextPage = (paths: AdminPaths, param: string, cursor: string) =>
  cursor ? `${paths.claims}?${param}=${encodeURIComponent(cursor)}` : null;

/**
 * Claims management: counts, parents' requests to remove their child, the pending queue with
 * decisions, and the processed history. The two tables are one island (hydrated on the first
 * click), so a decision moves its row at once; the removal requests are plain forms.
 */
export function ClaimsPage({ data, paths, notice }: { data: ClaimsData; paths: AdminPaths; notice: Notice }) {
  const { team, counts } = data;
  const total = counts.pending + counts.approved + counts.denied;
  const pending = data.pending.values;
  const { m } = useI18n();
  const texts = m.adminClaims;
  return (
    <AdminLayout team={team} paths={paths} current="claims" pendingCount={counts.pending} title={texts.title}>
      <AdminNotice notice={notice} />
      <div className="admin-toolbar">
        <section aria-label={texts.countsLabel} className="admin-tiles admin-tiles--three">
          <Count id="pending" value={counts.pending} />
          <Count id="approved" value={counts.approved} />
          <Count id="denied" value={counts.denied} />
        </section>
        <a className="button button--secondary" href={paths.claimsExport} download>{texts.export}</a>
      </div>
      <RemovalRequests requests={data.removals} claimsPath={paths.claims} />
      {total === 0
        ? (
          <div className="card empty-state">
            <h2>{texts.empty.heading}</h2>
            <p className="muted">{texts.empty.text}</p>
          </div>
        )
        : (
          <Island
            name="ClaimsBoard"
            hydrate="interaction"
            props={{
              teamId: team.id,
              claimsPath: paths.claims,
              pending,
              processed: data.processed.values,
              choices: Object.fromEntries(
                pending.flatMap((claim) => {
                  const choices = playerChoicesFor(claim, data.choices);
                  return choices ? [[claim.id, choices]] : [];
                }),
              ),
              morePending: nextPage(paths, "pending", data.pending.cursor),
              moreProcessed: nextPage(paths, "processed", data.processed.cursor),
            }}
          />
        )}
    </AdminLayout>
  );
}
