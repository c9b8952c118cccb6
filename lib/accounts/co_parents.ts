/**
 * Co-parents (DECISIONS.md): an e-mail added on a player's Parent Emails card (or listed in
 * a roster import) becomes a parent of that player when that address signs in by magic
 * link (lib/auth/parent_invites.ts). Until then it is an invite under both of its keys.
 */
import { listParentEmailInvites, type ParentEmailInvite, stageParentEmailInvite } from "../db/parent_emails.ts";
import { guardiansByPlayer } from "../db/guardians.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { beginChange } from "../db/kv.ts";
import { commitTeamChange } from "../db/team_revisions.ts";
import { ConflictError, ValidationError } from "../errors.ts";
import { normalizeEmail } from "../text.ts";
import { messagesFor } from "../i18n/catalog.ts";

export const CO_PARENT_MESSAGES = {
  email: messagesFor("en").accountSettings.rules.email,
  limit: messagesFor("en").account.messages.coParents.limit,
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
  await commitTeamChange(kv, op, teamId);
  return [...current, email].sort();
}
