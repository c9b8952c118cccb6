import { Island } from "../../lib/render/island.tsx";
import { AdminLayout, AdminNotice } from "./AdminLayout.tsx";
import type { Notice } from "./ClaimsPage.tsx";
import { type AdminPaths, publicRosterPath } from "./paths.ts";
import type { DashboardData } from "../../lib/teams/admin_area.ts";
import { needsPlayerChoice, PENDING_PREVIEW } from "../../lib/teams/admin_views.ts";
import { claimTarget, formatDate, matchedPlayer, NO_MATCH, requesterOf } from "./format.ts";

function Tile({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <div className="admin-tile" data-tile={id}>
      <p className="admin-tile__label">{label}</p>
      <p className="admin-tile__value">{value}</p>
    </div>
  );
}

function PendingClaimsCard({ data, paths }: { data: DashboardData; paths: AdminPaths }) {
  const shown = data.pending;
  return (
    <section className="card admin-card" aria-labelledby="pending-heading">
      <div className="admin-card__head">
        <h2 id="pending-heading">Pending Claims</h2>
        {data.stats.pending > PENDING_PREVIEW && (
          <a className="button button--ghost" href={paths.claims}>
            View All<span className="visually-hidden">{` ${data.stats.pending} pending claims`}</span>
          </a>
        )}
      </div>
      {shown.length === 0
        ? <p className="muted">No pending claims. New claims from the roster and join requests appear here.</p>
        : (
          <ul className="pending-list">
            {shown.map((claim) => (
              <li key={claim.id} className="pending-list__item" data-claim={claim.id}>
                <div className="pending-list__who">
                  <p className="pending-list__parent">{requesterOf(claim)}</p>
                  <p className="muted">
                    {matchedPlayer(claim) ?? NO_MATCH} · {claimTarget(claim)} ·{" "}
                    <time dateTime={claim.createdAt}>{formatDate(claim.createdAt)}</time>
                  </p>
                </div>
                {needsPlayerChoice(claim)
                  ? <a className="button button--secondary" href={paths.claims}>Choose Player</a>
                  : (
                    <Island
                      name="ClaimActions"
                      hydrate="interaction"
                      props={{
                        teamId: data.team.id,
                        claimId: claim.id,
                        formAction: paths.claim(claim.id),
                        back: "dashboard",
                        requester: requesterOf(claim),
                        choices: null,
                      }}
                    />
                  )}
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}

/** The team admin dashboard: numbers, quick actions, pending claims and the invite link. */
export function DashboardPage(
  { data, paths, appUrl, notice }: { data: DashboardData; paths: AdminPaths; appUrl: string; notice: Notice },
) {
  const { team, stats, link } = data;
  return (
    <AdminLayout team={team} paths={paths} current="dashboard" pendingCount={stats.pending} title={team.name}>
      <AdminNotice notice={notice} />
      <section aria-label="Team numbers" className="admin-tiles">
        <Tile id="pending" label="Pending Claims" value={String(stats.pending)} />
        <Tile id="players" label="Total Players" value={String(stats.players)} />
        <Tile id="parent-access" label="Parent Access" value={String(stats.parentAccess)} />
        <Tile id="coverage" label="Coverage" value={`${stats.coveragePercent}%`} />
      </section>
      <section className="card admin-card" aria-labelledby="actions-heading">
        <h2 id="actions-heading">Quick Actions</h2>
        <div className="admin-actions">
          <a className="button button--primary" href={`${paths.roster}?add=1`}>Add Player</a>
          <Island
            name="ShareLink"
            hydrate="interaction"
            props={{
              url: `${appUrl}${publicRosterPath(team.slug)}`,
              title: `${team.name} roster`,
              label: "Share Roster",
              copiedTitle: "Roster Link Copied!",
            }}
          />
        </div>
      </section>
      <div className="admin-columns">
        <PendingClaimsCard data={data} paths={paths} />
        <Island
          name="InviteLinkCard"
          hydrate="interaction"
          props={{ teamId: team.id, teamName: team.name, link, regenerateAction: null }}
        />
      </div>
    </AdminLayout>
  );
}
