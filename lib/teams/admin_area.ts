/**
 * What the admin area's pages show, read from the database in one place so the route file
 * stays a list of routes. Server-only: islands never import this.
 */
import { claimsOverview, type claimView } from "../claims/mod.ts";
import { getTeam, type Team } from "../db/teams.ts";
import { listPlayers, type Player } from "../db/players.ts";
import { currentJoinLink, type JoinLinkView } from "../join/mod.ts";
import { getAccessOverview } from "./access.ts";
import { NotFoundError } from "../errors.ts";

export type AdminClaim = ReturnType<typeof claimView>;
export type ClaimCounts = { pending: number; approved: number; denied: number };
export type AccessOverview = Awaited<ReturnType<typeof getAccessOverview>>;

/** A player as the approve form's select lists it. */
export interface PlayerChoice {
  id: string;
  label: string;
}

export interface DashboardStats {
  pending: number;
  players: number;
  /** Approved claims and join requests: families who reached their player. */
  parentAccess: number;
  /** parentAccess / players as a whole percent, 0 without players, never above 100. */
  coveragePercent: number;
}

export function dashboardStats(counts: ClaimCounts, playerCount: number): DashboardStats {
  const coverage = playerCount === 0 ? 0 : Math.round((counts.approved / playerCount) * 100);
  return {
    pending: counts.pending,
    players: playerCount,
    parentAccess: counts.approved,
    coveragePercent: Math.min(100, coverage),
  };
}

/** Roster order for the approve form's select: by jersey, then name. */
export function playerChoices(players: Player[]): PlayerChoice[] {
  return [...players]
    .sort((a, b) => a.jerseyNumber - b.jerseyNumber || a.lastName.localeCompare(b.lastName))
    .map((p) => ({ id: p.id, label: `#${p.jerseyNumber} ${p.firstName} ${p.lastName}` }));
}

/** A claim matched no player or several: approving it needs the admin to pick one. */
export const needsPlayerChoice = (claim: AdminClaim) => claim.playerIds.length !== 1;

/**
 * The players an admin may pick for a claim: those a shared surname matched, else (a claim
 * that matched nobody) the whole roster; null when the claim names one player.
 */
export function playerChoicesFor(claim: AdminClaim, roster: PlayerChoice[]): PlayerChoice[] | null {
  if (!needsPlayerChoice(claim)) return null;
  return claim.playerIds.length > 1 ? roster.filter((p) => claim.playerIds.includes(p.id)) : roster;
}

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

export interface DashboardData {
  team: Team;
  stats: DashboardStats;
  pending: AdminClaim[];
  link: JoinLinkView;
}

export async function loadDashboard(kv: Deno.Kv, teamId: string, ctx: LinkContext): Promise<DashboardData> {
  const [team, overview, players, link] = await Promise.all([
    loadTeam(kv, teamId),
    claimsOverview(kv, teamId),
    listPlayers(kv, teamId),
    currentJoinLink(kv, teamId, ctx.actor, ctx.appUrl, ctx.now),
  ]);
  return {
    team,
    stats: dashboardStats(overview.counts, players.length),
    pending: overview.claims.filter((c) => c.status === "pending"),
    link,
  };
}

export interface ClaimsData {
  team: Team;
  claims: AdminClaim[];
  counts: ClaimCounts;
  choices: PlayerChoice[];
}

export async function loadClaims(kv: Deno.Kv, teamId: string): Promise<ClaimsData> {
  const [team, overview, players] = await Promise.all([
    loadTeam(kv, teamId),
    claimsOverview(kv, teamId),
    listPlayers(kv, teamId),
  ]);
  return { team, claims: overview.claims, counts: overview.counts, choices: playerChoices(players) };
}

export interface AccessData {
  team: Team;
  pendingCount: number;
  link: JoinLinkView;
  access: AccessOverview;
}

export async function loadAccess(
  kv: Deno.Kv,
  teamId: string,
  currentUserId: string | null,
  ctx: LinkContext,
): Promise<AccessData> {
  const [team, overview, link, access] = await Promise.all([
    loadTeam(kv, teamId),
    claimsOverview(kv, teamId),
    currentJoinLink(kv, teamId, ctx.actor, ctx.appUrl, ctx.now),
    getAccessOverview(kv, teamId, currentUserId),
  ]);
  return { team, pendingCount: overview.counts.pending, link, access };
}
