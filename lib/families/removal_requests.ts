/**
 * A parent's privacy controls for their own child (issue 22, item 5): asking for the child's
 * removal from the roster, the team admin's decision (approving deletes the player with every
 * link and photo through lib/db/player_removal.ts, as the admin's own Remove does), and hiding
 * the child's last name and photo from the team's other families. Each change is one commit
 * with its audit entry and, for a decision, the parent's mail.
 */
import { getPlayerEntry, getPlayers, type Player } from "../db/players.ts";
import { stagePlayerRemoval } from "../db/player_removal.ts";
import { isGuardian, listGuardianLinks } from "../db/guardians.ts";
import { getTeam, getTeams } from "../db/teams.ts";
import { getUser, getUsers, listMemberships, type User } from "../db/users.ts";
import {
  buildRemovalRequest,
  findOpenRemovalRequest,
  getOpenRemovalRequestEntry,
  getRemovalRequestEntry,
  listOpenRemovalRequests,
  type RemovalRequest,
  stageRemovalDenial,
  stageRemovalRequest,
} from "../db/removal_requests.ts";
import { stagePlayerUpdate } from "../db/players.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { beginChange } from "../db/kv.ts";
import { commitOrConflict, retryOnConflict } from "../db/change.ts";
import { commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import { stageMail } from "../mail/mod.ts";
import { childRemovalApprovedMail, childRemovalDeniedMail, recipientLanguage } from "../mail/templates.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { type ChildPrivacy, childPrivacyOf, lastNameInitial, type RemovalRequestView } from "./child_privacy.ts";
import {
  checkChildPrivacy,
  checkDenyReason,
  checkRemovalReason,
  CHILD_PRIVACY_TEXTS as TEXTS,
} from "./child_privacy_rules.ts";

export { countOpenRemovalRequests } from "../db/removal_requests.ts";
export type { RemovalRequestView };

/** Who acts on their own child: the parent's account, the audit log's label for them, and when. */
export interface ParentAct {
  kv: Deno.Kv;
  teamId: string;
  playerId: string;
  userId: string;
  actor: string;
  now: Date;
}

/** Who decides a request: a team admin (or a system administrator) of `teamId`. */
export interface AdminDecision {
  kv: Deno.Kv;
  teamId: string;
  requestId: string;
  actor: string;
  appUrl: string;
  now: Date;
}

/** The teams a session may hold, as `SessionUser` lists them. */
interface TeamsOf {
  id: string;
  kind: "person" | "team";
  teams: readonly { id: string; role: string }[];
}

/**
 * The team where a signed-in person is a parent (guardian link) of `playerId`, or null: a team's
 * shared login and a player's own account never are, and a team admin only when also the parent.
 */
export async function guardianTeamOf(kv: Deno.Kv, user: TeamsOf, playerId: string): Promise<string | null> {
  if (user.kind !== "person") return null;
  for (const team of user.teams) {
    if (team.role === "PLAYER") continue;
    if (await isGuardian(kv, team.id, playerId, user.id)) return team.id;
  }
  return null;
}

async function readOwnChild(act: ParentAct): Promise<Deno.KvEntry<Player>> {
  const entry = await getPlayerEntry(act.kv, act.teamId, act.playerId);
  if (!entry.value) throw new NotFoundError(TEXTS.playerNotFound);
  if (!(await isGuardian(act.kv, act.teamId, act.playerId, act.userId))) throw new ForbiddenError(TEXTS.notGuardian);
  return entry as Deno.KvEntry<Player>;
}

const childLabel = (p: Pick<Player, "firstName" | "lastName" | "jerseyNumber">) =>
  `${p.firstName} ${lastNameInitial(p.lastName)} #${p.jerseyNumber}`.replace(/\s+/g, " ");

/** What the parent's calls answer about a request. */
export interface RemovalRequestAnswer {
  id: string;
  playerId: string;
  status: "pending" | "denied";
  reason: string;
  createdAt: string;
}

const answerOf = (r: RemovalRequest): RemovalRequestAnswer => ({
  id: r.id,
  playerId: r.playerId,
  status: r.status,
  reason: r.reason,
  createdAt: r.createdAt,
});

/**
 * A parent asks for their child's removal. One request waits per child: asking again while one
 * waits is a ConflictError (CHILD_NOTICES.alreadyRequested), whoever of the child's parents asks.
 */
export async function requestChildRemoval(act: ParentAct, rawReason: unknown): Promise<RemovalRequestAnswer> {
  const reason = checkRemovalReason(rawReason);
  if (!reason.ok) throw new ValidationError(reason.message, { reason: reason.message });
  const player = await readOwnChild(act);
  if ((await getOpenRemovalRequestEntry(act.kv, act.teamId, act.playerId)).value) {
    throw new ConflictError(TEXTS.alreadyRequested);
  }
  const request = buildRemovalRequest(
    { teamId: act.teamId, playerId: act.playerId, requestedBy: act.userId, reason: reason.value },
    act.now,
  );
  // The player is checked too: a request never outlives a player removed meanwhile.
  const op = stageRemovalRequest(beginChange(act.kv).check(player), request);
  stageAuditEntry(op, {
    teamId: act.teamId,
    action: "player.removal_requested",
    targetId: act.playerId,
    actor: act.actor,
    detail: childLabel(player.value),
  }, act.now);
  await commitOrConflict(op, TEXTS.alreadyRequested);
  return answerOf(request);
}

/** A parent hides (or shows again) their child's last name and photo from the team's other families. */
export async function setChildPrivacy(act: ParentAct, body: unknown): Promise<ChildPrivacy> {
  const checked = checkChildPrivacy(body);
  if (!checked.ok) throw new ValidationError(checked.message);
  const wanted = checked.value;
  return await retryOnConflict(async () => {
    const entry = await readOwnChild(act);
    const current = childPrivacyOf(entry.value);
    if (current.hideLastName === wanted.hideLastName && current.hidePhoto === wanted.hidePhoto) return current;
    const op = stagePlayerUpdate(beginChange(act.kv), entry, { ...entry.value, ...wanted });
    stageAuditEntry(op, {
      teamId: act.teamId,
      action: "player.privacy",
      targetId: act.playerId,
      actor: act.actor,
      detail: `Last name ${wanted.hideLastName ? "hidden" : "shown"}, photo ${
        wanted.hidePhoto ? "hidden" : "shown"
      } to other families`,
    }, act.now);
    // Every viewer's kept dashboard shows the child: the team's revision moves with it.
    await commitTeamChangeOrConflict(act.kv, op, act.teamId);
    return wanted;
  }, { attempts: 3 });
}

// ---- The team admin's side ----

const fullName = (u: Pick<User, "firstName" | "lastName" | "email">) =>
  `${u.firstName ?? ""} ${u.lastName ?? ""}`.trim() || u.email;

/** The team's waiting requests, oldest first, with the child's and the parent's names as they are now. */
export async function listRemovalRequestViews(kv: Deno.Kv, teamId: string): Promise<RemovalRequestView[]> {
  const requests = await listOpenRemovalRequests(kv, teamId);
  const [players, users] = await Promise.all([
    getPlayers(kv, teamId, requests.map((r) => r.playerId)),
    getUsers(kv, [...new Set(requests.map((r) => r.requestedBy))]),
  ]);
  const usersById = new Map(users.flatMap((u) => u ? [[u.id, u] as const] : []));
  return requests.flatMap((r, i) => {
    const player = players[i];
    if (!player) return [];
    const requester = usersById.get(r.requestedBy);
    return [{
      id: r.id,
      playerId: r.playerId,
      childName: `${player.firstName} ${player.lastName}`.trim(),
      jerseyNumber: player.jerseyNumber,
      requesterName: requester ? fullName(requester) : "A former parent",
      reason: r.reason,
      createdAt: r.createdAt,
    }];
  });
}

async function readWaiting(d: AdminDecision) {
  const entry = await findOpenRemovalRequest(d.kv, d.teamId, d.requestId);
  if (!entry?.value || entry.value.status !== "pending") throw new NotFoundError(TEXTS.requestNotFound);
  return entry as Deno.KvEntry<RemovalRequest>;
}

const mailTo = (u: User) => ({ name: fullName(u), address: u.email });

/**
 * What a decision reads: the waiting request, its player and team, and the parent who asked (null
 * once their account is gone). A player or team no longer there: the request is not found.
 */
async function readDecision(d: AdminDecision) {
  const entry = await readWaiting(d);
  const [player, team, requester] = await Promise.all([
    getPlayerEntry(d.kv, d.teamId, entry.value.playerId),
    getTeam(d.kv, d.teamId),
    getUser(d.kv, entry.value.requestedBy),
  ]);
  if (!player.value || !team) throw new NotFoundError(TEXTS.requestNotFound);
  return { entry, player: player as Deno.KvEntry<Player>, team, requester };
}

/**
 * Approves: the player goes with every link, photo, stat and request (the admin's Remove, in one
 * commit checked against the request as read), the parent who asked is e-mailed, and it is audited.
 */
export async function approveRemovalRequest(d: AdminDecision): Promise<void> {
  await retryOnConflict(async () => {
    const { entry, player, team, requester } = await readDecision(d);
    const op = beginChange(d.kv).check(entry);
    const links = await stagePlayerRemoval(d.kv, op, player);
    stageAuditEntry(op, {
      teamId: d.teamId,
      action: "player.removed_on_request",
      targetId: player.value.id,
      actor: d.actor,
      detail: `${childLabel(player.value)} at a parent's request (${links} parent links removed)`,
    }, d.now);
    if (requester) {
      stageMail(op, {
        to: mailTo(requester),
        kind: "child-removal-approved",
        ...childRemovalApprovedMail({
          firstName: requester.firstName || undefined,
          childName: player.value.firstName,
          teamName: team.name,
          privacyLink: `${d.appUrl}/account/privacy`,
        }, recipientLanguage(requester)),
      }, d.now);
    }
    await commitTeamChangeOrConflict(d.kv, op, d.teamId);
  }, { attempts: 3 });
}

/** Denies with the admin's reason (required): recorded on the request, in the audit log and in the parent's mail. */
export async function denyRemovalRequest(d: AdminDecision, rawReason: unknown): Promise<void> {
  const reason = checkDenyReason(rawReason);
  if (!reason.ok) throw new ValidationError(reason.message, { reason: reason.message });
  await retryOnConflict(async () => {
    const { entry, player, team, requester } = await readDecision(d);
    const op = stageRemovalDenial(beginChange(d.kv), entry, reason.value, d.now);
    stageAuditEntry(op, {
      teamId: d.teamId,
      action: "player.removal_denied",
      targetId: player.value.id,
      actor: d.actor,
      detail: `${childLabel(player.value)}: ${reason.value}`,
    }, d.now);
    if (requester) {
      stageMail(op, {
        to: mailTo(requester),
        kind: "child-removal-denied",
        ...childRemovalDeniedMail({
          firstName: requester.firstName || undefined,
          childName: player.value.firstName,
          teamName: team.name,
          reason: reason.value,
          privacyLink: `${d.appUrl}/account/privacy`,
        }, recipientLanguage(requester)),
      }, d.now);
    }
    await commitOrConflict(op);
  }, { attempts: 3 });
}

/** One request, read back (tests and the API's answer after a decision). */
export async function getRemovalRequest(kv: Deno.Kv, teamId: string, playerId: string, requestId: string) {
  return (await getRemovalRequestEntry(kv, teamId, playerId, requestId)).value;
}

// ---- What /account/privacy shows a parent ----

/** One of a parent's children as their privacy page lists it. */
export interface OwnChild {
  teamId: string;
  teamName: string;
  playerId: string;
  firstName: string;
  lastName: string;
  jerseyNumber: number;
  privacy: ChildPrivacy;
  /** When the waiting removal request was made, or null when none waits. */
  removalRequestedAt: string | null;
}

/** Every child the person is a parent of, in every team they belong to (not as a player), by team then name. */
export async function listOwnChildren(kv: Deno.Kv, userId: string): Promise<OwnChild[]> {
  const memberships = (await listMemberships(kv, userId)).filter((m) => m.role !== "PLAYER");
  const teams = await getTeams(kv, memberships.map((m) => m.teamId));
  const perTeam = await Promise.all(memberships.map(async (m, i) => {
    const team = teams[i];
    if (!team) return [];
    const ids = (await listGuardianLinks(kv, m.teamId)).filter((l) => l.userId === userId).map((l) => l.playerId);
    const players = (await getPlayers(kv, m.teamId, ids)).filter((p): p is Player => p !== null);
    const open = await Promise.all(players.map((p) => getOpenRemovalRequestEntry(kv, m.teamId, p.id)));
    const requests = await Promise.all(
      players.map((p, j) => open[j].value ? getRemovalRequestEntry(kv, m.teamId, p.id, open[j].value!) : null),
    );
    return players.map((p, j): OwnChild => ({
      teamId: team.id,
      teamName: team.name,
      playerId: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      jerseyNumber: p.jerseyNumber,
      privacy: childPrivacyOf(p),
      removalRequestedAt: requests[j]?.value?.createdAt ?? null,
    }));
  }));
  return perTeam.flat().sort((a, b) => a.teamName.localeCompare(b.teamName) || a.firstName.localeCompare(b.firstName));
}
