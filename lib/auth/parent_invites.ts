/**
 * A magic-link sign-in of an address listed as a player's parent (lib/accounts/co_parents.ts):
 * the invites become guardian links, and the account is created when it is new. Here, not in
 * lib/accounts: the product folders import lib/auth, so lib/auth imports none of them.
 */
import { listInvitesForEmail, stageParentEmailInviteRemoval } from "../db/parent_emails.ts";
import { stageGuardian } from "../db/guardians.ts";
import { familyLinker } from "../db/families.ts";
import { getMembershipEntry, getUserByEmail, readAccountForCommit, stageMembership, type User } from "../db/users.ts";
import { beginChange } from "../db/kv.ts";
import { commitTeamChange } from "../db/team_revisions.ts";

/** Whether the address is listed as some player's parent (it may sign in before it has an account). */
export async function hasParentInvites(kv: Deno.Kv, email: string): Promise<boolean> {
  return (await listInvitesForEmail(kv, email)).length > 0;
}

/**
 * At a magic-link sign-in: turns every invite of the address into a guardian link (and a
 * parent membership where the person had none), creating the account when it is new.
 * Returns the account, or null when there is neither an account nor an invite.
 */
export async function acceptParentInvites(kv: Deno.Kv, email: string, now = new Date()): Promise<User | null> {
  // Each round settles one team (or loses a race and reads again).
  for (let round = 0; round < 20; round++) {
    const account = await readAccountForCommit(kv, email, { firstName: "", lastName: "" }, now);
    const invites = await listInvitesForEmail(kv, email);
    if (invites.length === 0) return account.isNew ? null : account.user;
    const user = account.user;
    // One team per commit keeps each well under KV's limits; the loop finishes the rest.
    const teamId = invites[0].teamId;
    const membershipEntry = await getMembershipEntry(kv, user.id, teamId);
    const op = account.stage(beginChange(kv).check(membershipEntry));
    if (!membershipEntry.value) {
      stageMembership(op, {
        userId: user.id,
        teamId,
        role: "TEAM_STANDARD",
        playerId: null,
        createdAt: now.toISOString(),
      });
    }
    // Each child's family takes the co-parent in (one plan, so several children merge once).
    const families = familyLinker(kv, teamId, now);
    for (const invite of invites.filter((i) => i.teamId === teamId)) {
      stageParentEmailInviteRemoval(op, invite);
      stageGuardian(op, teamId, invite.playerId, user.id, now);
      await families.link(invite.playerId, user.id);
    }
    families.stage(op);
    await commitTeamChange(kv, op, teamId);
  }
  return await getUserByEmail(kv, email);
}
