/**
 * Deleting a team and everything kept for it. The first commit removes the team and its slug,
 * rewrites its revision (caches drop, pages answer 'not found' from then on), records the
 * deletion in the global audit log and leaves a `teamDeletion` marker. The sweep that follows
 * deletes every team-scoped record in batched commits and removes the marker last, so a sweep
 * cut short (a crash, a deploy) is finished by `resumeTeamDeletions`.
 */
import { z } from "zod";
import { keys, teamScopedPrefixes } from "../db/keys.ts";
import type { Team } from "../db/teams.ts";
import { addAuditEntry } from "../db/audit.ts";
import { commitTeamChange } from "../db/team_revisions.ts";
import { deleteKeys } from "../db/commit_batches.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";

export const DELETE_TEAM_MESSAGES = {
  confirm: "Type the team name to confirm.",
  unknownField: (name: string) => `Unknown field: ${name}`,
  teamNotFound: "Team not found",
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

export interface TeamDeletion {
  teamId: string;
  name: string;
  slug: string;
  startedAt: string;
}

/**
 * Deletes a team once `confirm` is exactly its name. People's accounts stay (they may belong
 * to other teams); their membership in this team goes. The global audit entries stay.
 */
export async function deleteTeam(kv: Deno.Kv, teamId: string, confirm: string, actor: string, now: Date) {
  const entry = await kv.get<Team>(keys.team(teamId));
  const team = entry.value;
  if (!team) throw new NotFoundError(DELETE_TEAM_MESSAGES.teamNotFound);
  if (confirm !== team.name) {
    throw new ValidationError(DELETE_TEAM_MESSAGES.confirm, { confirm: DELETE_TEAM_MESSAGES.confirm });
  }
  const slug = await kv.get<string>(keys.teamBySlug(team.slug));
  const marker: TeamDeletion = { teamId, name: team.name, slug: team.slug, startedAt: now.toISOString() };
  const op = kv.atomic().check(entry).check(slug).delete(entry.key).set(keys.teamDeletion(teamId), marker);
  if (slug.value === teamId) op.delete(slug.key);
  // The team's own audit trail goes with it; this entry is global (teamId null) so it stays.
  addAuditEntry(op, {
    teamId: null,
    action: "team.deleted",
    targetId: teamId,
    actor,
    detail: `${team.name} (${team.slug})`,
  }, now);
  if (!(await commitTeamChange(kv, op, teamId)).ok) throw new ConflictError();
  await sweepTeam(kv, teamId);
}

/** Records keyed by team elsewhere in their key, found through their team-keyed twin. */
function twinsOf(key: Deno.KvKey): Deno.KvKey[] {
  const [prefix, teamId] = key as string[];
  if (prefix === "team_members") return [keys.membership(key[2] as string, teamId)];
  if (prefix === "player_parent_emails") return [keys.parentEmailInvite(key[3] as string, teamId, key[2] as string)];
  return [];
}

async function teamKeys(kv: Deno.Kv, teamId: string): Promise<Deno.KvKey[]> {
  const found: Deno.KvKey[] = [];
  for (const prefix of teamScopedPrefixes(teamId)) {
    for await (const entry of kv.list({ prefix }, { batchSize: 500 })) found.push(entry.key, ...twinsOf(entry.key));
  }
  return found;
}

/**
 * Deletes every record of a team. Runs again while a pass still finds records, so something
 * committed during the sweep (a claim submitted a moment before the team vanished) goes too.
 */
export async function sweepTeam(kv: Deno.Kv, teamId: string): Promise<void> {
  for (let pass = 0; pass < 3; pass++) {
    const found = await teamKeys(kv, teamId);
    if (found.length === 0) break;
    await deleteKeys(kv, found);
  }
  const joinLink = await kv.get<{ code: string }>(keys.joinLink(teamId));
  await deleteKeys(kv, [
    ...(joinLink.value ? [keys.joinCode(joinLink.value.code), joinLink.key] : []),
    keys.teamAccess(teamId),
    keys.teamRevision(teamId),
    keys.teamDeletion(teamId),
  ]);
}

/** Finishes deletions a crash interrupted; safe to call at every start. */
export async function resumeTeamDeletions(kv: Deno.Kv): Promise<number> {
  let resumed = 0;
  for await (const entry of kv.list<TeamDeletion>({ prefix: keys.teamDeletions() })) {
    await sweepTeam(kv, entry.value.teamId);
    resumed++;
  }
  return resumed;
}
