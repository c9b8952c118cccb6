/**
 * Putting parents and players into families by SPEC.md's rule: one link at a time, and the
 * backfill that gives links made before families existed theirs.
 */
import { listTeams } from "../db/teams.ts";
import { stageGuardian } from "../db/guardians.ts";
import { getFamilyIdOf, stageFamilyLink } from "../db/families.ts";
import { beginChange } from "../db/kv.ts";
import { retryOnConflict } from "../db/change.ts";
import { commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import { loadTeamPeople } from "./people.ts";

/**
 * Makes an account a parent of a player with the family rule of SPEC.md (the demo seed's way to
 * add one parent): the guardian link and the family change in one commit.
 */
export async function linkParentToPlayer(
  kv: Deno.Kv,
  teamId: string,
  playerId: string,
  userId: string,
  now = new Date(),
): Promise<void> {
  const op = stageGuardian(beginChange(kv), teamId, playerId, userId, now);
  await stageFamilyLink(kv, op, teamId, playerId, userId, now);
  await commitTeamChangeOrConflict(kv, op, teamId);
}

/**
 * Puts every parent–player link of a team that predates families (or missed one) into the
 * family the rule gives it, one commit per link; returns how many links changed a family.
 * Safe to run again: links already in one family are left alone.
 */
export async function backfillFamilies(kv: Deno.Kv, teamId: string, now = new Date()): Promise<number> {
  const people = await loadTeamPeople(kv, teamId);
  let changed = 0;
  for (const [playerId, parentIds] of people.parentsOf) {
    for (const userId of parentIds) {
      // A link that keeps losing to other writers is left for the next run.
      const linked = await retryOnConflict(async () => {
        const [ofPlayer, ofParent] = await Promise.all([
          getFamilyIdOf(kv, teamId, "player", playerId),
          getFamilyIdOf(kv, teamId, "parent", userId),
        ]);
        if (ofPlayer && ofPlayer === ofParent) return false;
        const op = beginChange(kv);
        await stageFamilyLink(kv, op, teamId, playerId, userId, now);
        await commitTeamChangeOrConflict(kv, op, teamId);
        return true;
      }, { attempts: 5, onExhausted: () => false });
      if (linked) changed++;
    }
  }
  return changed;
}

/**
 * Gives every team's existing parent links their families (teams created before families
 * existed; a data migration). Running it again is safe: a linked parent is left as it is.
 */
export async function backfillAllFamilies(kv: Deno.Kv, now = new Date()): Promise<number> {
  let changed = 0;
  let cursor = "";
  do {
    const page = await listTeams(kv, { cursor, limit: 100 });
    for (const team of page.values) changed += await backfillFamilies(kv, team.id, now);
    cursor = page.cursor;
  } while (cursor);
  return changed;
}
