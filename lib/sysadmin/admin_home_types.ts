/**
 * What the older system admin dashboard (`/admin`) shows: its stat cards, team cards, the
 * activity (audit) log and the installation's settings. Pure types and constants: components
 * may import this file; the loaders are lib/sysadmin/admin_home.ts and lib/sysadmin/activity.ts.
 */
import type { AuditEntry } from "../db/audit.ts";
import type { JoinLinkView } from "../join/mod.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";

export type { AuditEntry };

/** The dashboard's tabs, as `?tab=` names them (Teams first, the default). */
export const ADMIN_HOME_TABS = [
  { id: "teams", label: "Teams" },
  { id: "activity", label: "Activity" },
  { id: "settings", label: "Settings" },
] as const;
export type AdminHomeTab = typeof ADMIN_HOME_TABS[number]["id"];

/** Team cards on one page of the Teams tab. */
export const ADMIN_TEAMS_PAGE_SIZE = 12;
/** Entries on one page of the Activity tab (and `GET /api/admin/audit` without `limit`). */
export const AUDIT_PAGE_SIZE = 25;

/** An action name as the audit log writes them: "claim.approved", "join-link.generated". */
export const AUDIT_ACTION_PATTERN = /^[a-z][a-z0-9_.-]{0,63}$/;

/**
 * The actions the app records, for the Activity tab's filter (any well-formed action may be
 * asked for: a filter by one the list does not know finds nothing, it is not refused).
 */
export const AUDIT_ACTIONS: readonly string[] = [
  "access.updated",
  "admin.added",
  "admin.removed",
  "calendar.added",
  "calendar.removed",
  "calendars.synced",
  "campaign.created",
  "campaign.deleted",
  "campaign.updated",
  "claim.approved",
  "claim.denied",
  "dev.signed-in-as",
  "join-link.generated",
  "join-request.approved",
  "join-request.denied",
  "parent-email.added",
  "photo.deleted",
  "player.created",
  "player.deleted",
  "player.photo_changed",
  "player.photo_consent",
  "player.photo_removed",
  "player.updated",
  "players.imported",
  "post.deleted",
  "settings.updated",
  "team.deleted",
];

const PROBLEMS = messagesFor("en").sysadmin.home.activity.problems;

/** The activity log's refusals in English (the routes answer them in the request's language). */
export const ACTIVITY_MESSAGES = {
  badAction: PROBLEMS.badAction,
  teamNotFound: "Team not found",
  /** The Activity tab, when its team filter names no team. */
  noTeam: (text: string) => format("en", PROBLEMS.noTeam, { text }),
} as const;

/** One line of the Activity tab: the entry, the name of its team (null: global, or the team is gone), and the entry in words. */
export interface ActivityRow {
  entry: AuditEntry;
  teamName: string | null;
  /** "Dana Reyes approved Leo Park's claim by Maria Park." (lib/sysadmin/activity_text.ts). */
  sentence: string;
}

/** The Activity tab: a page of the log under its filters. */
export interface ActivityView {
  rows: ActivityRow[];
  cursor: string;
  isFirstPage: boolean;
  /** The filters as typed (echoed into the form and the paging links). */
  filter: { team: string; action: string };
  /** Why the filters found nothing before reading (an unknown team, a malformed action), else null. */
  problem: string | null;
}

/** The four stat cards. */
export interface AdminStats {
  totalTeams: number;
  totalPlayers: number;
  /** Claims and join requests waiting in every team. */
  pendingClaims: number;
  mail: { queued: number; failed: number };
  /** 'Operational', or 'Needs attention' while mail has failed for good. */
  status: "Operational" | "Needs attention";
}

/** One team card: the counts, where to manage it, and its invite link. */
export interface AdminTeamCard {
  id: string;
  name: string;
  slug: string;
  season: string;
  playerCount: number;
  pendingClaims: number;
  /** The team's current invite link, or null when it never had one (read only: nothing is generated). */
  inviteLink: JoinLinkView | null;
}

export interface AdminTeamsPage {
  values: AdminTeamCard[];
  cursor: string;
  isFirstPage: boolean;
}

/** One read-only fact of the Settings tab. */
export interface SystemFact {
  label: string;
  value: string;
}

/** Everything `/admin` renders for its current tab. */
export interface AdminHomeData {
  sysadminEmail: string;
  stats: AdminStats;
  tab: AdminHomeTab;
  teams: AdminTeamsPage | null;
  activity: ActivityView | null;
  settings: SystemFact[] | null;
}
