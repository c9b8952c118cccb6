/**
 * Co-parents (DECISIONS.md): an e-mail added on a player's Parent Emails card (or listed in
 * a roster import) becomes a parent of that player when that address signs in by magic
 * link. Until then it is an invite under both of its keys.
 */
import {
  listInvitesForEmail,
  listParentEmailInvites,
  type ParentEmailInvite,
  stageParentEmailInvite,
  stageParentEmailInviteRemoval,
} from "../db/parent_emails.ts";
import { guardiansByPlayer, stageGuardian } from "../db/guardians.ts";
import { familyLinker } from "../db/families.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { getMembershipEntry, getUserByEmail, readAccountForCommit, stageMembership, type User } from "../db/users.ts";
import { beginChange } from "../db/kv.ts";
import { commitTeamChange } from "../db/team_revisions.ts";
import { ConflictError, ValidationError } from "../errors.ts";
import { normalizeEmail } from "../text.ts";

export const CO_PARENT_MESSAGES = {
  email: "Please enter a valid email address",
  limit: "A player can have at most 10 parent e-mails.",
} as const;

const MAX_PARENT_EMAILS = 10;

/** Current parents' e-mails and invited ones, sorted, each once. */
export async function playerEmails(kv: Deno.Kv, teamId: string, playerId: string): Promise<string[]> {
  const [parents, invites] = await Promise.all([
    guardiansByPlayer(kv, teamId, playerId),
    listParentEmailInvites(kv, teamId, playerId),
  ]);
  const emails = [...(parents.get(playerId) ?? []).map((u) => u.email), ...invites.map((i) => i.email)];
  return [...new Set(emails)].sort();
}

/** SPEC.md: the address must be non-empty and contain '@' (and be one line of sane length). */
export function parseParentEmail(value: unknown): string {
  const email = typeof value === "string" ? normalizeEmail(value) : "";
  if (!email.includes("@") || email.length > 254 || /[\s,;<>"]/.test(email)) {
    throw new ValidationError(CO_PARENT_MESSAGES.email, { email: CO_PARENT_MESSAGES.email });
  }
  return email;
}

/** Adds an invited parent e-mail to a player (no-op when already a parent or invited). */
export async function addParentEmail(
  kv: Deno.Kv,
  teamId: string,
  playerId: string,
  email: string,
  actor: string,
  now = new Date(),
): Promise<string[]> {
  const current = await playerEmails(kv, teamId, playerId);
  if (current.includes(email)) return current;
  if (current.length >= MAX_PARENT_EMAILS) throw new ConflictError(CO_PARENT_MESSAGES.limit);
  const invite: ParentEmailInvite = { teamId, playerId, email, invitedAt: now.toISOString() };
  const op = stageParentEmailInvite(beginChange(kv), invite);
  stageAuditEntry(op, { teamId, action: "parent-email.added", targetId: playerId, actor, detail: email }, now);
  await op.commit();
  return [...current, email].sort();
}

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
