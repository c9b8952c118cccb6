/**
 * Approving or denying a claim. Each decision is one atomic commit checked against the
 * claim as it was read, so any number of simultaneous clicks produce one decision, one
 * e-mail and one audit entry; the loser gets a 409.
 */
import { beginChange } from "../db/kv.ts";
import { type Claim, getClaimEntry, stageClaimDecision } from "../db/claims.ts";
import { getPlayerEntry } from "../db/players.ts";
import { getTeam } from "../db/teams.ts";
import { getMembershipEntry, readAccountForCommit, stageMembership } from "../db/users.ts";
import { stageGuardian } from "../db/guardians.ts";
import { stageFamilyLink } from "../db/families.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { commitTeamChange } from "../db/team_revisions.ts";
import { stageNewToken } from "../auth/tokens.ts";
import { stageMail } from "../mail/mod.ts";
import { claimApprovedMail, joinApprovedMail, recipientLanguage } from "../mail/templates.ts";
import { type LoginGrant, MAGIC_LINK_TTL_MS } from "../auth/login_grant.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { messagesFor } from "../i18n/catalog.ts";

/** Player ids are ULIDs. */
const PLAYER_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** The admin's decisions' messages: the English catalogue's (the routes answer them in the request's language). */
export const DECISION_MESSAGES = messagesFor("en").claims.decisions;

/** Unused edit links stop working after 7 days (DECISIONS.md). */
export const EDIT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What an edit link grants: editing one player, for the parent the claim approved. */
export interface EditGrant {
  teamId: string;
  playerId: string;
  email: string;
  claimId: string;
}

export interface Decision {
  kv: Deno.Kv;
  teamId: string;
  claimId: string;
  /** Who decided, for the audit log. */
  actor: string;
  appUrl: string;
  now: Date;
}

async function readPendingClaim(kv: Deno.Kv, teamId: string, claimId: string) {
  const entry = await getClaimEntry(kv, teamId, claimId);
  if (!entry.value) throw new NotFoundError(DECISION_MESSAGES.notFound);
  if (entry.value.status !== "pending") throw new ConflictError(DECISION_MESSAGES.alreadyDecided);
  return entry as Deno.KvEntry<Claim>;
}

/** Commits a decision; a lost race is 409, saying so when another admin decided first. */
async function commitDecision(d: Decision, op: Deno.AtomicOperation): Promise<void> {
  if ((await commitTeamChange(d.kv, op, d.teamId)).ok) return;
  const now = (await getClaimEntry(d.kv, d.teamId, d.claimId)).value;
  throw new ConflictError(now && now.status !== "pending" ? DECISION_MESSAGES.alreadyDecided : undefined);
}

export async function denyClaim(d: Decision): Promise<Claim> {
  const entry = await readPendingClaim(d.kv, d.teamId, d.claimId);
  const decided: Claim = { ...entry.value, status: "denied", decidedAt: d.now.toISOString() };
  const op = stageClaimDecision(beginChange(d.kv), entry, decided);
  stageAuditEntry(op, {
    teamId: d.teamId,
    action: entry.value.kind === "join" ? "join-request.denied" : "claim.denied",
    targetId: d.claimId,
    actor: d.actor,
    detail: `${entry.value.email} for ${entry.value.playerName ?? "an unmatched player"}`,
  }, d.now);
  await commitDecision(d, op);
  return decided;
}

/**
 * Approves a claim: the claimant becomes a parent of the player (their account is created
 * when new) and gets a single-use edit link by e-mail, all in the decision's commit.
 * `playerId` picks the player when the claim matched none or several.
 */
export async function approveClaim(d: Decision & { playerId?: string }): Promise<Claim> {
  const entry = await readPendingClaim(d.kv, d.teamId, d.claimId);
  const claim = entry.value;
  const playerId = d.playerId ?? (claim.playerIds.length === 1 ? claim.playerIds[0] : undefined);
  if (!playerId) {
    throw new ValidationError(DECISION_MESSAGES.choosePlayer, { playerId: DECISION_MESSAGES.choosePlayer });
  }
  // A chosen id comes from a form or a body: one that cannot be a player's never reaches a key.
  if (!PLAYER_ID.test(playerId)) throw new NotFoundError(DECISION_MESSAGES.playerGone);

  const [playerEntry, team] = await Promise.all([getPlayerEntry(d.kv, d.teamId, playerId), getTeam(d.kv, d.teamId)]);
  const player = playerEntry.value;
  if (!player || !team) throw new NotFoundError(DECISION_MESSAGES.playerGone);
  const account = await readAccountForCommit(d.kv, claim.email, {
    firstName: claim.requesterFirstName ?? "",
    lastName: claim.requesterLastName ?? "",
  }, d.now);
  const user = account.user;
  const lang = recipientLanguage(user, claim.language);
  const joiningPlayer = claim.kind === "join" && claim.userType === "player";
  const membershipEntry = await getMembershipEntry(d.kv, user.id, d.teamId);

  const playerName = `${player.firstName} ${player.lastName}`;
  const decided: Claim = {
    ...claim,
    status: "approved",
    decidedAt: d.now.toISOString(),
    playerIds: [player.id],
    playerName,
    parentName: `${user.firstName} ${user.lastName}`.trim() || null,
  };
  const op = stageClaimDecision(beginChange(d.kv), entry, decided).check(playerEntry);
  account.stage(op);
  op.check(membershipEntry);
  if (!membershipEntry.value) {
    stageMembership(op, {
      userId: user.id,
      teamId: d.teamId,
      role: joiningPlayer ? "PLAYER" : "TEAM_STANDARD",
      playerId: joiningPlayer ? player.id : null,
      createdAt: d.now.toISOString(),
    });
  }
  if (!joiningPlayer) {
    // The parent and the player become one family in the same commit (a player's own account does not).
    stageGuardian(op, d.teamId, player.id, user.id, d.now);
    await stageFamilyLink(d.kv, op, d.teamId, player.id, user.id, d.now, player.lastName);
  }
  if (claim.kind === "join") {
    // A join request is answered with a sign-in link to the team, not an edit link.
    const grant: LoginGrant = { userId: user.id, email: user.email, selectedTeamId: d.teamId, next: "/dashboard" };
    const { token } = await stageNewToken(op, "login", grant, MAGIC_LINK_TTL_MS, d.now.getTime());
    stageMail(op, {
      to: { address: claim.email },
      kind: "join-approved",
      ...joinApprovedMail({
        firstName: user.firstName,
        teamName: team.name,
        link: `${d.appUrl}/auth/magic?token=${token}`,
      }, lang),
    }, d.now);
  } else {
    const grant: EditGrant = { teamId: d.teamId, playerId: player.id, email: claim.email, claimId: claim.id };
    const { token } = await stageNewToken(op, "edit", grant, EDIT_LINK_TTL_MS, d.now.getTime());
    stageMail(op, {
      to: { address: claim.email },
      kind: "claim-approved",
      ...claimApprovedMail({ playerName, teamName: team.name, link: `${d.appUrl}/edit?token=${token}` }, lang),
    }, d.now);
  }
  stageAuditEntry(op, {
    teamId: d.teamId,
    action: claim.kind === "join" ? "join-request.approved" : "claim.approved",
    targetId: claim.id,
    actor: d.actor,
    detail: joiningPlayer ? `${claim.email} as ${playerName}` : `${claim.email} as a parent of ${playerName}`,
  }, d.now);
  await commitDecision(d, op);
  return decided;
}
