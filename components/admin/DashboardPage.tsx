import { Island } from "../../lib/render/island.tsx";
import { AdminLayout, AdminNotice } from "./AdminLayout.tsx";
import type { Notice } from "./ClaimsPage.tsx";
import { type AdminPaths, publicRosterPath } from "./paths.ts";
import type { DashboardData } from "../../lib/teams/admin_area.ts";
import { CALENDAR_TEXTS } from "../../lib/calendar/display.ts";
import { teamTimeZone } from "../../lib/time_zone.ts";
import { NUMBER_VALUES, type NumberName, type TeamNumbers } from "../../lib/teams/team_numbers.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

/**
 * The Team Calendar card's forms without JavaScript come back to the dashboard with one of these:
 * lib/calendar's English messages, which the route shows in the page's language.
 */
export const CALENDAR_NOTICES: Record<string, Notice> = {
  "calendar-added": { kind: "success", text: CALENDAR_TEXTS.addedNotice },
  "calendar-removed": { kind: "success", text: CALENDAR_TEXTS.removed },
  "calendar-synced": { kind: "success", text: CALENDAR_TEXTS.synced },
  "calendar-sync-failed": { kind: "error", text: CALENDAR_TEXTS.syncFailed },
  "calendar-missing": { kind: "error", text: CALENDAR_TEXTS.missing },
  "calendar-busy": { kind: "error", text: CALENDAR_TEXTS.busy },
  "calendar-limited": { kind: "error", text: CALENDAR_TEXTS.limited },
};

/**
 * One of the team's numbers. `data-number` names it: a claim decision (components/admin/ClaimActions.tsx)
 * writes the fresh value in place. `data-tile` is the tile's stable name for tests and styles.
 */
function Tile({ name, label, numbers }: { name: NumberName; label: string; numbers: TeamNumbers }) {
  const { m, t } = useI18n();
  const coverage = (part: number, whole: number) => t(m.adminCommon.numbers.coverage, { part, whole });
  return (
    <div data-number={name} className="admin-tile" data-tile={name}>
      <p className="admin-tile__label">{label}</p>
      <p className="admin-tile__value">{NUMBER_VALUES[name](numbers, coverage)}</p>
    </div>
  );
}

/**
 * The team admin dashboard: the invite link first (a new team's first job is to bring its families in),
 * then the team's numbers, quick actions, pending claims and the team calendar.
 */
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
  const { m, t } = useI18n();
  const { team, numbers, link } = data;
  const texts = m.adminCommon.numbers;
  const words = m.admin.dashboard;
  return (
    <AdminLayout
      team={team}
      paths={paths}
      current="dashboard"
      pendingCount={numbers.claims.pending}
      title={team.name}
    >
      <AdminNotice notice={notice} />
      <Island
        name="InviteLinkCard"
        hydrate="interaction"
        props={{ teamId: team.id, teamName: team.name, link, regenerateAction: null }}
      />
      <section aria-label={words.numbersLabel} className="admin-tiles">
        <Tile name="claims-pending" label={texts.claims.pending} numbers={numbers} />
        <Tile name="players" label={texts.players} numbers={numbers} />
        <Tile name="players-with-parent" label={texts.playersWithParent} numbers={numbers} />
        <Tile name="parents-with-access" label={texts.parentsWithAccess} numbers={numbers} />
        {data.removalRequests > 0 && (
          <a className="admin-tile" data-tile="removal-requests" href={`${paths.claims}#removal-requests`}>
            <span className="admin-tile__label">{texts.removalRequests}</span>
            <span className="admin-tile__value">{data.removalRequests}</span>
          </a>
        )}
      </section>
      <section className="card admin-card" aria-labelledby="actions-heading">
        <h2 id="actions-heading">{words.quickActions}</h2>
        <div className="admin-actions">
          <a className="button button--primary" href={`${paths.roster}?add=1`}>{words.addPlayer}</a>
          <Island
            name="ShareLink"
            hydrate="interaction"
            props={{
              url: `${appUrl}${publicRosterPath(team.slug)}`,
              title: t(words.shareTitle, { team: team.name }),
              label: words.shareRoster,
              copiedTitle: words.rosterCopied,
            }}
          />
        </div>
      </section>
      <div className="admin-columns">
        <Island
          name="PendingClaimsCard"
          hydrate="interaction"
          props={{ teamId: team.id, claimsPath: paths.claims, pending: data.pending, total: numbers.claims.pending }}
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
            timeZone: teamTimeZone(team),
          }}
        />
      </div>
    </AdminLayout>
  );
}
