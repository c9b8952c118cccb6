import { Island } from "../../lib/render/island.tsx";
import { AdminLayout, AdminNotice } from "./AdminLayout.tsx";
import type { Notice } from "./ClaimsPage.tsx";
import { type AdminPaths, publicRosterPath } from "./paths.ts";
import type { DashboardData } from "../../lib/teams/admin_area.ts";
import { CALENDAR_TEXTS } from "../../lib/calendar/display.ts";

/** The Team Calendar card's forms without JavaScript come back to the dashboard with one of these. */
export const CALENDAR_NOTICES: Record<string, Notice> = {
  "calendar-added": { kind: "success", text: CALENDAR_TEXTS.addedNotice },
  "calendar-removed": { kind: "success", text: CALENDAR_TEXTS.removed },
  "calendar-synced": { kind: "success", text: CALENDAR_TEXTS.synced },
  "calendar-sync-failed": { kind: "error", text: CALENDAR_TEXTS.syncFailed },
  "calendar-missing": { kind: "error", text: CALENDAR_TEXTS.missing },
  "calendar-busy": { kind: "error", text: CALENDAR_TEXTS.busy },
  "calendar-limited": { kind: "error", text: CALENDAR_TEXTS.limited },
};

/** One number; `live` names the claim count a decision (components/admin/ClaimActions.tsx) updates in place. */
function Tile({ label, value, id, live }: { label: string; value: string; id: string; live?: string }) {
  return (
    <div data-live-count={live} className="admin-tile" data-tile={id}>
      <p className="admin-tile__label">{label}</p>
      <p className="admin-tile__value">{value}</p>
    </div>
  );
}

/** The team admin dashboard: numbers, quick actions, pending claims, the invite link and the team calendar. */
export function DashboardPage(
  { data, paths, appUrl, notice, now, calendarForm = null }: {
    data: DashboardData;
    paths: AdminPaths;
    appUrl: string;
    notice: Notice;
    /** The server's clock: what the card's 'N minutes ago' counts from. */
    now: Date;
    /** The Team Calendar card's refused form (without JavaScript), shown again with its error. */
    calendarForm?: { calendarUrl: string; error: string } | null;
  },
) {
  const { team, stats, link } = data;
  return (
    <AdminLayout team={team} paths={paths} current="dashboard" pendingCount={stats.pending} title={team.name}>
      <AdminNotice notice={notice} />
      <section aria-label="Team numbers" className="admin-tiles">
        <Tile id="pending" live="pending" label="Pending Claims" value={String(stats.pending)} />
        <Tile id="players" label="Total Players" value={String(stats.players)} />
        <Tile id="parent-access" live="approved" label="Parent Access" value={String(stats.parentAccess)} />
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
        <Island
          name="PendingClaimsCard"
          hydrate="interaction"
          props={{ teamId: team.id, claimsPath: paths.claims, pending: data.pending, total: stats.pending }}
        />
        <Island
          name="InviteLinkCard"
          hydrate="interaction"
          props={{ teamId: team.id, teamName: team.name, link, regenerateAction: null }}
        />
        <Island
          name="TeamCalendarCard"
          hydrate="interaction"
          props={{
            teamId: team.id,
            calendar: data.calendar,
            dashboardPath: paths.dashboard,
            now: now.toISOString(),
            form: calendarForm,
          }}
        />
      </div>
    </AdminLayout>
  );
}
