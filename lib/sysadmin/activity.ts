/**
 * The audit log across every team, for the system administrator: `GET /api/admin/audit` and
 * the Activity tab of `/admin`. Newest first, filtered by team and by action; an action filter
 * reads a bounded number of entries per page (lib/db/audit.ts `listAuditWithAction`), never the
 * whole log. Nothing here writes: the log is added to only by the change an entry records.
 */
import { type AuditEntry, listAudit, listAuditWithAction } from "../db/audit.ts";
import type { Page } from "../db/kv.ts";
import { getTeams, resolveTeamId, slugify } from "../db/teams.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { ACTIVITY_MESSAGES, type ActivityView, AUDIT_ACTION_PATTERN, AUDIT_PAGE_SIZE } from "./admin_home_types.ts";

/** The longest team or action text a filter takes (a longer one names nothing). */
const MAX_FILTER_LENGTH = 200;

export interface AuditQuery {
  /** A team's id or slug; "" or absent for every team. */
  teamId?: string;
  /** An action name ("claim.approved"); "" or absent for every action. */
  action?: string;
  cursor?: string;
  limit?: number;
}

function checkedAction(action: string): string {
  if (action && !AUDIT_ACTION_PATTERN.test(action)) {
    throw new ValidationError(ACTIVITY_MESSAGES.badAction, { action: ACTIVITY_MESSAGES.badAction });
  }
  return action;
}

async function pageOf(
  kv: Deno.Kv,
  teamId: string | undefined,
  action: string,
  paging: { cursor?: string; limit?: number },
): Promise<Page<AuditEntry>> {
  const options = { teamId, cursor: paging.cursor, limit: paging.limit ?? AUDIT_PAGE_SIZE };
  return action ? await listAuditWithAction(kv, { ...options, action }) : await listAudit(kv, options);
}

/**
 * A page of the audit log, newest first: `GET /api/admin/audit`. A malformed action is a 400
 * (`ValidationError`); a team id or slug that names no team a 404 (`NotFoundError`).
 */
export async function listAuditLog(kv: Deno.Kv, query: AuditQuery = {}): Promise<Page<AuditEntry>> {
  const action = checkedAction((query.action ?? "").trim());
  const teamKey = (query.teamId ?? "").trim();
  let teamId: string | undefined;
  if (teamKey) {
    const found = teamKey.length <= MAX_FILTER_LENGTH ? await resolveTeamId(kv, teamKey) : null;
    if (!found) throw new NotFoundError(ACTIVITY_MESSAGES.teamNotFound);
    teamId = found;
  }
  return await pageOf(kv, teamId, action, query);
}

/** A team named the way a person types it in the filter: its id, its slug, or its name. */
async function teamFromText(kv: Deno.Kv, text: string): Promise<string | null> {
  if (!text || text.length > MAX_FILTER_LENGTH) return null;
  const byKey = await resolveTeamId(kv, text);
  if (byKey) return byKey;
  const slug = slugify(text);
  // slugify() answers "team" for text with no letters or digits: that names no team.
  return slug === "team" && !/team/i.test(text) ? null : await resolveTeamId(kv, slug);
}

/**
 * The Activity tab: a page of the log under the filters as typed in its form (team by id,
 * slug or name; action by name), with each entry's team name. Filters that name nothing give
 * an empty page and say why, rather than an error page.
 */
export async function loadActivity(
  kv: Deno.Kv,
  filter: { team: string; action: string },
  cursor: string,
): Promise<ActivityView> {
  const team = filter.team.trim().slice(0, MAX_FILTER_LENGTH);
  const action = filter.action.trim().slice(0, MAX_FILTER_LENGTH);
  const view: ActivityView = { rows: [], cursor: "", isFirstPage: !cursor, filter: { team, action }, problem: null };
  if (action && !AUDIT_ACTION_PATTERN.test(action)) return { ...view, problem: ACTIVITY_MESSAGES.badAction };
  const teamId = team ? await teamFromText(kv, team) : undefined;
  if (teamId === null) return { ...view, problem: ACTIVITY_MESSAGES.noTeam(team) };
  const page = await pageOf(kv, teamId, action, { cursor });
  const teamIds = [...new Set(page.values.map((e) => e.teamId).filter((id): id is string => id !== null))];
  const teams = await getTeams(kv, teamIds);
  const names = new Map(teamIds.map((id, i) => [id, teams[i]?.name ?? null]));
  return {
    ...view,
    rows: page.values.map((entry) => ({ entry, teamName: entry.teamId ? names.get(entry.teamId) ?? null : null })),
    cursor: page.cursor,
  };
}
