/**
 * The system administrator's Teams tab and `GET /api/admin/teams`: a page of teams (24 by
 * default) in slug order, optionally those whose slug starts with the search's slug, each with
 * its player and parent counts and whether it was active in the last 30 days. A page reads only
 * its own teams, so an installation of thousands of teams costs the same per page; and a team's
 * counts are kept while its revision holds, so a page read again costs a few reads per row, not
 * its players and guardian links (~50 entries a team of 20: 24 rows were 50+ ms at 10 requests
 * at once).
 */
import { listTeamsBySlugPrefix, slugify, type Team } from "../db/teams.ts";
import { getTeamActivities, type TeamActivity } from "../db/team_activity.ts";
import { readRevisions } from "../db/team_revisions.ts";
import { LruMap } from "../lru.ts";
import { loadTeamNumbers } from "../teams/mod.ts";
import { ACTIVE_WINDOW_DAYS, TEAMS_PAGE_SIZE, type TeamsOverview, type TeamSummary } from "./types.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The largest page `loadTeamsOverview` reads (each team costs a few reads). */
export const MAX_TEAMS_PAGE = 100;

/**
 * Whether a team whose latest activity was at `lastActiveAt` counts as active at `now`: within
 * the last `days` days, the boundary included (exactly 30 days ago is still active, a
 * millisecond more is not). No record: inactive.
 */
export function isActiveWithin(lastActiveAt: string | null, now: Date, days = ACTIVE_WINDOW_DAYS): boolean {
  if (lastActiveAt === null) return false;
  const at = Date.parse(lastActiveAt);
  return Number.isFinite(at) && now.getTime() - at <= days * DAY_MS;
}

/**
 * The slug prefix a search looks for: the search as a slug ("U10 Li" → "u10-li"), "" for a
 * blank search (every team), or null when it holds no letter or digit at all (nothing matches).
 */
export function searchPrefix(query: string): string | null {
  const trimmed = query.trim();
  if (trimmed === "") return "";
  const folded = trimmed.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  return /[a-z0-9]/.test(folded) ? slugify(trimmed) : null;
}

export interface TeamsOverviewOptions {
  /** The search box's text ("" or absent for every team). */
  query?: string;
  cursor?: string;
  limit?: number;
}

/** A team's counts as the Teams tab shows them, and the team revision read before counting. */
interface CountedTeam {
  revision: string | null;
  players: number;
  parentsWithAccess: number;
}

/**
 * Teams counted in this process, per database handle. Every commit that adds or removes a player
 * or a guardian link moves the team's revision (`commitTeamChange`, as the roster and dashboard
 * caches require), so counts kept under the revision read now are exact. R25: a few numbers a
 * team, for at most `MAX_COUNTED_TEAMS` teams (~1 MB).
 */
const countedOn = new WeakMap<Deno.Kv, LruMap<string, CountedTeam>>();
const MAX_COUNTED_TEAMS = 10_000;

async function countTeam(kv: Deno.Kv, teamId: string, revision: string | null): Promise<CountedTeam> {
  let counted = countedOn.get(kv);
  if (!counted) countedOn.set(kv, counted = new LruMap({ maxEntries: MAX_COUNTED_TEAMS }));
  const kept = counted.get(teamId);
  if (kept && kept.revision === revision) return kept;
  // The same numbers, under the same words, as the team admin's dashboard (lib/teams/team_numbers.ts).
  // Read after the revision: a change committed meanwhile leaves an older revision on them, counted again next time.
  const numbers = await loadTeamNumbers(kv, teamId, { withClaims: false });
  const fresh = { revision, players: numbers.players, parentsWithAccess: numbers.parentsWithAccess };
  counted.set(teamId, fresh);
  return fresh;
}

function summarize(team: Team, counted: CountedTeam, activity: TeamActivity | null, now: Date): TeamSummary {
  const lastActiveAt = activity?.lastActiveAt ?? null;
  return {
    id: team.id,
    name: team.name,
    slug: team.slug,
    season: team.season,
    ageGroup: team.ageGroup,
    orgName: team.orgName,
    playerCount: counted.players,
    parentCount: counted.parentsWithAccess,
    isActive: isActiveWithin(lastActiveAt, now),
    lastActiveAt,
    createdAt: team.createdAt,
  };
}

/** One page of the Teams tab (see the module comment); `now` decides Active/Inactive. */
export async function loadTeamsOverview(
  kv: Deno.Kv,
  now: Date,
  options: TeamsOverviewOptions = {},
): Promise<TeamsOverview> {
  const prefix = searchPrefix(options.query ?? "");
  const isFirstPage = !options.cursor;
  if (prefix === null) return { values: [], cursor: "", prefix: "", isFirstPage };
  const limit = Math.max(1, Math.min(options.limit ?? TEAMS_PAGE_SIZE, MAX_TEAMS_PAGE));
  const page = await listTeamsBySlugPrefix(kv, prefix, { cursor: options.cursor, limit });
  const teamIds = page.values.map((t) => t.id);
  const [activities, revisions] = await Promise.all([getTeamActivities(kv, teamIds), readRevisions(kv, teamIds)]);
  const counts = await Promise.all(teamIds.map((teamId, i) => countTeam(kv, teamId, revisions[i])));
  const values = page.values.map((team, i) => summarize(team, counts[i], activities[i], now));
  return { values, cursor: page.cursor, prefix, isFirstPage };
}
