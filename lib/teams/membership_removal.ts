/**
 * A parent or player leaving a team, or a team admin taking them off it. Either way one commit
 * undoes what joining made: the membership (both of its keys), their guardian links, their place
 * in a family, and any parent e-mail invite of their address in the team (which would otherwise
 * make them a parent again at their next sign-in by link). Their posts, photos and answers stay:
 * they go when the person deletes them or the account, which find the team through the former
 * membership written in the same commit.
 */
import { beginChange } from "../db/kv.ts";
import { retryOnConflict } from "../db/change.ts";
import { commitTeamChangeOrConflict, readRevision, revisionCheck } from "../db/team_revisions.ts";
import {
  getMembershipEntry,
  getTeamMemberEntries,
  getUser,
  listTeamAdmins,
  stageMembershipRemoval,
  type TeamRole,
} from "../db/users.ts";
import { stageParentGuardianRemovals } from "../db/guardians.ts";
import { stageFamilyMemberRemoval } from "../db/families.ts";
import { listInvitesForEmail, stageParentEmailInviteRemoval } from "../db/parent_emails.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { stageFormerMembership } from "../db/former_memberships.ts";
import { getTeam } from "../db/teams.ts";
import { stageMail } from "../mail/mod.ts";
import { memberRemovedMail, recipientLanguage } from "../mail/templates.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";

const MEMBERSHIP = messagesFor("en").adminAccess.membership;

/** The English catalogue's texts (routes answer them in the request's language, lib/i18n/translate.ts). */
export const MEMBERSHIP_MESSAGES = {
  ...MEMBERSHIP,
  left: (teamName: string) => format("en", MEMBERSHIP.left, { team: teamName }),
  removed: (name: string) => format("en", MEMBERSHIP.removed, { name }),
};

/** How many times a removal reads again after losing a race with another change to the team. */
const ATTEMPTS = 5;

/** At most this many admins' memberships are checked (two simultaneous departures cannot leave none). */
const ADMIN_CHECKS = 8;

export interface MembershipRemoval {
  teamId: string;
  userId: string;
  /**
   * "left": the person themselves (any role; the team's only admin is refused). "removed": a
   * team admin or a system administrator took a parent or player off the team (never an admin:
   * co-admins lose their role under Team Admins first), and the person is told by mail.
   */
  reason: "left" | "removed";
  /** Who acted, as the audit log names them. */
  actor: string;
  now?: Date;
}

export interface RemovedMembership {
  team: { id: string; name: string };
  user: { id: string; firstName: string; lastName: string; email: string };
  /** Their role in the team before it went. */
  role: TeamRole;
  /** The players they are no longer a parent of. */
  playerIds: string[];
}

/**
 * Takes a person off a team in one commit through `commitTeamChange` (the team's pages and
 * every cached dashboard move on): membership, guardian links, family place, invites of their
 * address in the team, the audit entry ("member.left" or "member.removed", detail: the role
 * only) and, for a removal, the mail to them. Any change to the team between reading and
 * committing (a claim approved, a family merged, an admin leaving) fails the commit, and it
 * reads again, up to 5 times; then ConflictError (409, `tryAgain`).
 *
 * Throws NotFoundError when the team or the membership is not there, ConflictError with
 * `MEMBERSHIP_MESSAGES.onlyAdmin` for the team's only admin leaving, and with `removeAdmin`
 * for a removal of an admin. The session needs nothing: a person's teams are read from their
 * memberships on every request, so the next one no longer shows this team.
 */
export async function removeMembership(kv: Deno.Kv, removal: MembershipRemoval): Promise<RemovedMembership> {
  const { teamId, userId, reason, actor } = removal;
  const now = removal.now ?? new Date();
  return await retryOnConflict(async () => {
    const [revision, entry, team, user] = await Promise.all([
      readRevision(kv, teamId),
      getMembershipEntry(kv, userId, teamId),
      getTeam(kv, teamId),
      getUser(kv, userId),
    ]);
    if (!team) throw new NotFoundError(MEMBERSHIP_MESSAGES.teamNotFound);
    if (!entry.value || !user) {
      throw new NotFoundError(reason === "left" ? MEMBERSHIP_MESSAGES.notMember : MEMBERSHIP_MESSAGES.memberNotFound);
    }
    const role = entry.value.role;
    const op = beginChange(kv).check(revisionCheck(teamId, revision));
    if (role === "TEAM_ADMIN") {
      if (reason === "removed") throw new ConflictError(MEMBERSHIP_MESSAGES.removeAdmin);
      // Admin changes do not move the team's revision: the admins' own records are checked.
      const admins = await listTeamAdmins(kv, teamId);
      if (admins.length <= 1) throw new ConflictError(MEMBERSHIP_MESSAGES.onlyAdmin);
      const checked = [userId, ...admins.map((a) => a.userId).filter((id) => id !== userId)].slice(0, ADMIN_CHECKS);
      for (const adminEntry of await getTeamMemberEntries(kv, teamId, checked)) op.check(adminEntry);
    }
    stageMembershipRemoval(op, entry as Deno.KvEntry<typeof entry.value>);
    // What they made in the team stays: their export and the erasure of their account still visit it.
    stageFormerMembership(op, userId, teamId, now);
    const playerIds = await stageParentGuardianRemovals(kv, op, teamId, userId);
    await stageFamilyMemberRemoval(kv, op, teamId, "parent", userId, now);
    for (const invite of await listInvitesForEmail(kv, user.email)) {
      if (invite.teamId === teamId) stageParentEmailInviteRemoval(op, invite);
    }
    stageAuditEntry(op, {
      teamId,
      action: reason === "left" ? "member.left" : "member.removed",
      targetId: userId,
      actor,
      detail: role,
    }, now);
    if (reason === "removed") {
      stageMail(op, {
        to: { address: user.email },
        kind: "member-removed",
        ...memberRemovedMail({ firstName: user.firstName || undefined, teamName: team.name }, recipientLanguage(user)),
      }, now);
    }
    await commitTeamChangeOrConflict(kv, op, teamId);
    const { firstName, lastName, email } = user;
    return {
      team: { id: team.id, name: team.name },
      user: { id: user.id, firstName, lastName, email },
      role,
      playerIds,
    };
  }, {
    attempts: ATTEMPTS,
    onExhausted: () => {
      throw new ConflictError(MEMBERSHIP_MESSAGES.tryAgain);
    },
  });
}

/** The signed-in person leaves a team (see `removeMembership`); a team's shared login cannot. */
export async function leaveTeam(
  kv: Deno.Kv,
  teamId: string,
  person: { userId: string | null; actor: string },
  now = new Date(),
): Promise<RemovedMembership> {
  if (!person.userId) throw new ForbiddenError(MEMBERSHIP_MESSAGES.teamLogin);
  return await removeMembership(kv, { teamId, userId: person.userId, reason: "left", actor: person.actor, now });
}

/**
 * A team admin (or a system administrator: `adminUserId` null) takes a parent or player off the
 * team (see `removeMembership`). An admin never removes themselves this way: they leave.
 */
export async function removeTeamMember(
  kv: Deno.Kv,
  teamId: string,
  userId: string,
  by: { adminUserId: string | null; actor: string },
  now = new Date(),
): Promise<RemovedMembership> {
  if (by.adminUserId === userId) throw new ConflictError(MEMBERSHIP_MESSAGES.removeSelf);
  return await removeMembership(kv, { teamId, userId, reason: "removed", actor: by.actor, now });
}
