/**
 * The audit log across every team, for the system administrator: `GET /api/admin/audit` and
 * the Activity tab of `/admin`. Newest first, filtered by team and by action; an action filter
 * reads a bounded number of entries per page (lib/db/audit.ts `listAuditWithAction`), never the
 * whole log. Nothing here writes: the log is added to only by the change an entry records. The
 * tab shows each entry as a sentence with the people and players by their names of today.
 */
import { type AuditEntry, listAudit, listAuditWithAction } from "../db/audit.ts";
import type { Page } from "../db/kv.ts";
import { getTeams, resolveTeamId, slugify } from "../db/teams.ts";
import { getUserByEmail, getUsers, type User } from "../db/users.ts";
import { getPlayers } from "../db/players.ts";
import { type Claim, getClaimEntry } from "../db/claims.ts";
import { ownName } from "../names/display_name.ts";
import { activitySentence, actorName, type EntryNames } from "./activity_text.ts";
import { calendarTypeLabel } from "../calendar/mod.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";
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
  /** The reader's: the entries are written as sentences in it. */
  lang: Language = DEFAULT_LANGUAGE,
): Promise<ActivityView> {
  const team = filter.team.trim().slice(0, MAX_FILTER_LENGTH);
  const action = filter.action.trim().slice(0, MAX_FILTER_LENGTH);
  const view: ActivityView = { rows: [], cursor: "", isFirstPage: !cursor, filter: { team, action }, problem: null };
  if (action && !AUDIT_ACTION_PATTERN.test(action)) return { ...view, problem: ACTIVITY_MESSAGES.badAction };
  const teamId = team ? await teamFromText(kv, team) : undefined;
  if (teamId === null) return { ...view, problem: ACTIVITY_MESSAGES.noTeam(team) };
  const page = await pageOf(kv, teamId, action, { cursor });
  const teamIds = [...new Set(page.values.map((e) => e.teamId).filter((id): id is string => id !== null))];
  const [teams, entryNames] = await Promise.all([getTeams(kv, teamIds), namesOf(kv, page.values, lang)]);
  const names = new Map(teamIds.map((id, i) => [id, teams[i]?.name ?? null]));
  return {
    ...view,
    rows: page.values.map((entry, i) => ({
      entry,
      teamName: entry.teamId ? names.get(entry.teamId) ?? null : null,
      sentence: activitySentence(entry, entryNames[i], lang),
    })),
    cursor: page.cursor,
  };
}

/** The actions whose target is a player of the entry's team. */
const PLAYER_ACTIONS = /^player\.|^parent-email\.added$/;
/** The actions whose target is a claim or join request of the entry's team. */
const CLAIM_ACTIONS = /^(claim|join-request)\.(approved|denied)$/;
/** The actions whose target is an account. */
const PERSON_ACTIONS = new Set(["admin.added", "admin.removed", "dev.signed-in-as"]);

/** Reads each key once however many entries of the page name it. */
function memo<T>(read: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const seen = new Map<string, Promise<T>>();
  return (key) => seen.get(key) ?? seen.set(key, read(key)).get(key)!;
}

const fullName = (first = "", last = "") => `${first.trim()} ${last.trim()}`.trim();

/**
 * The names a page of entries is told with, read now: accounts by e-mail or id, players and
 * claims by the entry's team and target (a page holds at most 100 entries, so a few reads each).
 */
async function namesOf(kv: Deno.Kv, entries: AuditEntry[], lang: Language): Promise<EntryNames[]> {
  const userByEmail = memo((email) => getUserByEmail(kv, email));
  const userById = memo(async (id) => (await getUsers(kv, [id]))[0]);
  const player = memo(async (key) => {
    const [teamId, playerId] = key.split("/");
    const found = (await getPlayers(kv, teamId, [playerId]))[0];
    return found ? fullName(found.firstName, found.lastName) : null;
  });
  const claim = memo(async (key) => {
    const [teamId, claimId] = key.split("/");
    return (await getClaimEntry(kv, teamId, claimId)).value;
  });
  const accountName = (user: User | null) => (user ? ownName(user) : "") || null;

  async function claimNames(teamId: string, found: Claim | null) {
    if (!found) return { player: null, claimant: null, asPlayer: false };
    const account = await userByEmail(found.email);
    const typed = fullName(found.requesterFirstName, found.requesterLastName) || found.parentName;
    const playerId = found.playerIds.length === 1 ? found.playerIds[0] : null;
    const current = playerId ? await player(`${teamId}/${playerId}`) : null;
    return {
      player: current ?? found.playerName,
      claimant: accountName(account) ?? (typed || found.email),
      asPlayer: found.kind === "join" && found.userType === "player",
    };
  }

  return await Promise.all(entries.map(async (entry): Promise<EntryNames> => {
    const plain = !entry.actor.includes(":") && entry.actor.includes("@");
    const actor = actorName(entry.actor, plain ? accountName(await userByEmail(entry.actor)) : null, lang);
    const names: EntryNames = {
      actor,
      player: null,
      claimant: null,
      asPlayer: false,
      person: null,
      calendarType: null,
    };
    const { teamId, targetId } = entry;
    if (teamId && targetId && PLAYER_ACTIONS.test(entry.action)) {
      names.player = await player(`${teamId}/${targetId}`);
    } else if (teamId && targetId && CLAIM_ACTIONS.test(entry.action)) {
      Object.assign(names, await claimNames(teamId, await claim(`${teamId}/${targetId}`)));
    } else if (entry.action === "calendar.added") {
      names.calendarType = calendarTypeLabel(entry.detail, lang);
    } else if (targetId && PERSON_ACTIONS.has(entry.action)) {
      const user = await userById(targetId);
      names.person = accountName(user) ?? user?.email ?? null;
    }
    return names;
  }));
}
