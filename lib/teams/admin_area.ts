/**
 * What the admin area's pages show, read from the database in one place so the route file
 * stays a list of routes. Server-only: islands never import this.
 */
import { countClaims, listClaimViews } from "../claims/mod.ts";
import { type AdminClaim, type ClaimCounts, PENDING_PREVIEW, type PlayerChoice, playerChoices } from "./admin_views.ts";
import { type TeamNumbers, teamNumbers } from "./team_numbers.ts";
import type { Page } from "../db/kv.ts";
import { countPendingClaims } from "../db/claims.ts";
import { getTeam, type Team } from "../db/teams.ts";
import { listPlayers } from "../db/players.ts";
import { listGuardianLinks } from "../db/guardians.ts";
import { currentJoinLink, type JoinLinkView } from "../join/mod.ts";
import { getAccessOverview } from "./access.ts";
import { listRemovableMembers, type MemberView } from "./member_list.ts";
import { type CalendarView, calendarView, getCalendar } from "../calendar/mod.ts";
import { countOpenRemovalRequests, listRemovalRequestViews, type RemovalRequestView } from "../families/mod.ts";

export type AccessOverview = Awaited<ReturnType<typeof getAccessOverview>>;
import { NotFoundError } from "../errors.ts";
import type { Language } from "../i18n/languages.ts";

export interface LinkContext {
  actor: string;
  appUrl: string;
  now: Date;
}

async function loadTeam(kv: Deno.Kv, teamId: string): Promise<Team> {
  const team = await getTeam(kv, teamId);
  if (!team) throw new NotFoundError("Team not found");
  return team;
}

/** The team's numbers (lib/teams/team_numbers.ts) as every admin screen shows them. */
export async function loadTeamNumbers(
  kv: Deno.Kv,
  teamId: string,
  { withClaims = true }: { withClaims?: boolean } = {},
): Promise<TeamNumbers> {
  // A page of the system administrator's team cards shows no claims: it skips their index.
  const [players, links, claims] = await Promise.all([
    listPlayers(kv, teamId),
    listGuardianLinks(kv, teamId),
    withClaims ? countClaims(kv, teamId) : { pending: 0, approved: 0, denied: 0 },
  ]);
  return teamNumbers(players.map((p) => p.id), links, claims);
}

export interface DashboardData {
  team: Team;
  numbers: TeamNumbers;
  /** The newest pending claims, at most PENDING_PREVIEW (numbers.claims.pending says how many there are). */
  pending: AdminClaim[];
  link: JoinLinkView;
  /** The team's connected calendar as its Team Calendar card shows it (URL masked), or null. */
  calendar: CalendarView | null;
  /** How many parents' requests to remove their child wait for a decision (on the claims page). */
  removalRequests: number;
}

export async function loadDashboard(kv: Deno.Kv, teamId: string, ctx: LinkContext): Promise<DashboardData> {
  const [team, numbers, pending, link, calendar, removalRequests] = await Promise.all([
    loadTeam(kv, teamId),
    loadTeamNumbers(kv, teamId),
    listClaimViews(kv, teamId, { status: "pending", limit: PENDING_PREVIEW }),
    currentJoinLink(kv, teamId, ctx.actor, ctx.appUrl, ctx.now),
    getCalendar(kv, teamId),
    countOpenRemovalRequests(kv, teamId),
  ]);
  return {
    team,
    numbers,
    pending: pending.values,
    link,
    calendar: calendar ? calendarView(calendar) : null,
    removalRequests,
  };
}

export interface ClaimsData {
  team: Team;
  counts: ClaimCounts;
  /** A page of pending claims, newest first, and a page of decided ones. */
  pending: Page<AdminClaim>;
  processed: Page<AdminClaim>;
  choices: PlayerChoice[];
  /** Parents' waiting requests to remove their child, oldest first (one per child at most). */
  removals: RemovalRequestView[];
}

/** Where each list of the claims page starts (cursors from the previous page's links). */
export interface ClaimsPageCursors {
  pending?: string;
  processed?: string;
}

export async function loadClaims(kv: Deno.Kv, teamId: string, cursors: ClaimsPageCursors = {}): Promise<ClaimsData> {
  const [team, counts, pending, processed, players, removals] = await Promise.all([
    loadTeam(kv, teamId),
    countClaims(kv, teamId),
    listClaimViews(kv, teamId, { status: "pending", cursor: cursors.pending }),
    listClaimViews(kv, teamId, { status: "decided", cursor: cursors.processed }),
    listPlayers(kv, teamId),
    listRemovalRequestViews(kv, teamId),
  ]);
  return { team, counts, pending, processed, choices: playerChoices(players), removals };
}

export interface AccessData {
  team: Team;
  pendingCount: number;
  link: JoinLinkView;
  access: AccessOverview;
  /** A page of the team's parents and players, and the cursor it was read from ("" for the first). */
  members: Page<MemberView> & { from: string };
}

export async function loadAccess(
  kv: Deno.Kv,
  teamId: string,
  currentUserId: string | null,
  ctx: LinkContext,
  membersCursor = "",
  /** The reader's: a member without a name of their own is "Maya's parent" in it. */
  lang?: Language,
): Promise<AccessData> {
  const [frame, link, access, members] = await Promise.all([
    loadAdminFrame(kv, teamId),
    currentJoinLink(kv, teamId, ctx.actor, ctx.appUrl, ctx.now),
    getAccessOverview(kv, teamId, currentUserId),
    listRemovableMembers(kv, teamId, { cursor: membersCursor, lang }),
  ]);
  return { ...frame, link, access, members: { ...members, from: membersCursor } };
}

/** What the admin layout around every admin page needs: the team and the Claims badge. */
export async function loadAdminFrame(kv: Deno.Kv, teamId: string): Promise<{ team: Team; pendingCount: number }> {
  const [team, pendingCount] = await Promise.all([loadTeam(kv, teamId), countPendingClaims(kv, teamId)]);
  return { team, pendingCount };
}
