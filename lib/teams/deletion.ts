/**
 * Deleting a team and everything kept for it. The first commit removes the team and its slug,
 * rewrites its revision (caches drop, pages answer 'not found' from then on), records the
 * deletion in the global audit log and leaves a `teamDeletion` marker. The sweep that follows
 * deletes every team-scoped record in batched commits (the team's audit entries with their
 * copies in the global log) and removes the marker last, so a sweep cut short (a crash, a
 * deploy) is finished by `resumeTeamDeletions`.
 *
 * What outlives the team (R43) holds ids and counts, never a name: the one `team.deleted`
 * entry names the team by id and says how many players, claims and members went.
 */
import { beginChange } from "../db/kv.ts";
import { z } from "zod";
import { getTeamEntry, type Team } from "../db/teams.ts";
import {
  getSlugEntry,
  stageTeamDeletion,
  sweepTeam,
  sweepUnfinishedDeletions,
  type TeamDeletion,
} from "../db/team_deletions.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import { countPlayers } from "../db/players.ts";
import { countClaims } from "../db/claims.ts";
import { listTeamMembers } from "../db/users.ts";
import { MAX_PAGE_SIZE } from "../db/kv.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { runLoggedJob } from "../log.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";

const RULES = messagesFor("en").adminSettings.rules;

/** The English catalogue's messages (lib/i18n/en/adminSettings.ts); the routes answer them in the request's language. */
export const DELETE_TEAM_MESSAGES = {
  confirm: RULES.confirmDelete,
  unknownField: (name: string) => format("en", RULES.unknownField, { name }),
  teamNotFound: RULES.teamNotFound,
} as const;

const confirmationSchema = z.strictObject({ confirm: z.string() });

/** The typed team name from `DELETE /api/admin/{teamId}`'s body. */
export function parseDeleteConfirmation(body: unknown): string {
  const parsed = confirmationSchema.safeParse(body);
  if (parsed.success) return parsed.data.confirm;
  const unknown = parsed.error.issues.find((i) => i.code === "unrecognized_keys");
  throw new ValidationError(
    unknown ? DELETE_TEAM_MESSAGES.unknownField(unknown.keys[0]) : DELETE_TEAM_MESSAGES.confirm,
    { confirm: DELETE_TEAM_MESSAGES.confirm },
  );
}

/** How many of a team's records a deletion removes: what its audit entry keeps. */
export interface DeletedCounts {
  players: number;
  claims: number;
  members: number;
}

async function countTeamRecords(kv: Deno.Kv, teamId: string): Promise<DeletedCounts> {
  let members = 0;
  let cursor = "";
  do {
    const page = await listTeamMembers(kv, teamId, { cursor, limit: MAX_PAGE_SIZE });
    members += page.values.length;
    cursor = page.cursor;
  } while (cursor);
  const [players, claims] = await Promise.all([countPlayers(kv, teamId), countClaims(kv, teamId)]);
  return { players, claims: claims.pending + claims.approved + claims.denied, members };
}

/** The `team.deleted` entry's detail: counts only (the team's name and slug go with it). */
export const deletedTeamDetail = (c: DeletedCounts) =>
  `players: ${c.players}, claims: ${c.claims}, members: ${c.members} removed`;

/**
 * Deletes a team once `confirm` is exactly its name. People's accounts stay (they may belong
 * to other teams); their membership in this team goes, and so does the team's whole audit
 * trail, in the global log too: only the `team.deleted` entry (ids and counts) stays.
 */
export async function deleteTeam(kv: Deno.Kv, teamId: string, confirm: string, actor: string, now: Date) {
  const entry = await getTeamEntry(kv, teamId);
  const team = entry.value;
  if (!team) throw new NotFoundError(DELETE_TEAM_MESSAGES.teamNotFound);
  if (confirm !== team.name) {
    throw new ValidationError(DELETE_TEAM_MESSAGES.confirm, { confirm: DELETE_TEAM_MESSAGES.confirm });
  }
  const counts = await countTeamRecords(kv, teamId);
  const marker: TeamDeletion = { teamId, name: team.name, slug: team.slug, startedAt: now.toISOString() };
  const op = stageTeamDeletion(beginChange(kv), entry as Deno.KvEntry<Team>, await getSlugEntry(kv, team.slug), marker);
  // The team's own audit trail goes with it; this entry is global (teamId null) so it stays,
  // and so it holds the team's id and counts, never its name or slug.
  stageAuditEntry(op, {
    teamId: null,
    action: "team.deleted",
    targetId: teamId,
    actor,
    detail: deletedTeamDetail(counts),
  }, now);
  await commitTeamChangeOrConflict(kv, op, teamId);
  await sweepTeam(kv, teamId);
}

/** Finishes deletions a crash interrupted; safe to call at every start. Logged as a job run. */
export function resumeTeamDeletions(kv: Deno.Kv): Promise<number> {
  return runLoggedJob("teams.deletion_resume", () => sweepUnfinishedDeletions(kv), (teams) => ({ teams }));
}
