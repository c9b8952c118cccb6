/**
 * The Access page's records: the team's shared username and password, and its admins
 * (co-admins are invited by e-mail, get the role at once and a sign-in link by mail).
 */
import { beginChange } from "../db/kv.ts";
import { commitChange, commitOrConflict } from "../db/change.ts";
import {
  getMembershipEntry,
  getTeamMemberEntries,
  getUsers,
  listTeamAdmins,
  readAccountForCommit,
  stageMembership,
} from "../db/users.ts";
import { getTeamAccess, stageTeamAccess, type TeamAccess } from "../db/team_access.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { getTeam } from "../db/teams.ts";
import { hashPassword } from "../auth/passwords.ts";
import { passwordProblem } from "../auth/password_policy.ts";
import { type LoginGrant, MAGIC_LINK_TTL_MS } from "../auth/login_grant.ts";
import { stageNewToken } from "../auth/tokens.ts";
import { endTeamLoginSessions } from "../auth/sessions.ts";
import { stageMail } from "../mail/mod.ts";
import { coAdminInviteMail, recipientLanguage } from "../mail/templates.ts";
import type { Language } from "../i18n/languages.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { isValidEmail, normalizeEmail } from "../text.ts";

const ACCESS = messagesFor("en").adminAccess.messages;

/** The English catalogue's texts (routes answer them in the request's language, lib/i18n/translate.ts). */
export const ACCESS_MESSAGES = {
  ...ACCESS,
  invited: (email: string) => format("en", ACCESS.invited, { email }),
};

const USERNAME = /^[a-z0-9._-]{3,40}$/;

export interface AdminView {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  isYou: boolean;
}

export async function getAccessOverview(kv: Deno.Kv, teamId: string, currentUserId: string | null) {
  const access = await getTeamAccess(kv, teamId);
  const admins = await listTeamAdmins(kv, teamId);
  const users = await getUsers(kv, admins.map((a) => a.userId));
  return {
    username: access?.username ?? null,
    admins: users.flatMap((u): AdminView[] =>
      u
        ? [{
          userId: u.id,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          isYou: u.id === currentUserId,
        }]
        : []
    ),
  };
}

/**
 * Sets the team username and password used by the team login at /teams/{teamId}. Every
 * session of the shared login ends: the credentials get a new version, which no open session
 * holds (so one started a moment before the change is refused too), and the team's index of
 * them is swept.
 */
export async function setTeamAccessCredentials(
  kv: Deno.Kv,
  teamId: string,
  rawUsername: unknown,
  password: unknown,
  actor: string,
  now = new Date(),
): Promise<string> {
  const username = typeof rawUsername === "string" ? rawUsername.trim().toLowerCase() : "";
  if (!USERNAME.test(username)) {
    throw new ValidationError(ACCESS_MESSAGES.username, { username: ACCESS_MESSAGES.username });
  }
  const problem = passwordProblem(password);
  if (problem) throw new ValidationError(problem, { password: problem });
  const access: TeamAccess = {
    username,
    // Its own turn in the password pool's fair queue, apart from sign-ins and other teams.
    passwordHash: await hashPassword(password as string, undefined, { client: `team:${teamId}`, account: "access" }),
    updatedAt: now.toISOString(),
    version: crypto.randomUUID(),
  };
  const op = stageTeamAccess(beginChange(kv), teamId, access);
  stageAuditEntry(
    op,
    { teamId, action: "access.updated", targetId: teamId, actor, detail: `username ${username}` },
    now,
  );
  await commitChange(op);
  await endTeamLoginSessions(kv, teamId);
  return username;
}

/**
 * Makes the address an admin of the team (creating the account when new) and mails a
 * sign-in link to the team, in one commit with the audit entry.
 */
export async function inviteCoAdmin(
  /** `lang`: the inviting request's, for an invitee whose account chose no language (or who has none yet). */
  ctx: { kv: Deno.Kv; appUrl: string; now: Date; lang?: Language },
  teamId: string,
  rawEmail: unknown,
  actor: string,
): Promise<string> {
  if (!isValidEmail(rawEmail)) throw new ValidationError(ACCESS_MESSAGES.email, { email: ACCESS_MESSAGES.email });
  const email = normalizeEmail(rawEmail);
  const { kv, now } = ctx;
  const team = await getTeam(kv, teamId);
  if (!team) throw new NotFoundError(ACCESS_MESSAGES.teamNotFound);
  const account = await readAccountForCommit(kv, email, { firstName: "", lastName: "" }, now);
  const user = account.user;
  const membershipEntry = await getMembershipEntry(kv, user.id, teamId);
  if (membershipEntry.value?.role === "TEAM_ADMIN") throw new ConflictError(ACCESS_MESSAGES.alreadyAdmin);

  const op = account.stage(beginChange(kv).check(membershipEntry));
  stageMembership(op, { userId: user.id, teamId, role: "TEAM_ADMIN", playerId: null, createdAt: now.toISOString() });
  const grant: LoginGrant = { userId: user.id, email, selectedTeamId: teamId, next: `/admin/${teamId}` };
  const { token } = await stageNewToken(op, "login", grant, MAGIC_LINK_TTL_MS, now.getTime());
  stageMail(op, {
    to: { address: email },
    kind: "co-admin-invite",
    ...coAdminInviteMail(
      { teamName: team.name, invitedBy: actor, link: `${ctx.appUrl}/auth/magic?token=${token}` },
      recipientLanguage(user, ctx.lang),
    ),
  }, now);
  stageAuditEntry(op, { teamId, action: "admin.added", targetId: user.id, actor, detail: email }, now);
  await commitOrConflict(op);
  return email;
}

/** Takes the admin role away (the person stays a parent of the team); never the last admin. */
export async function removeCoAdmin(
  kv: Deno.Kv,
  teamId: string,
  userId: string,
  actor: string,
  now = new Date(),
): Promise<void> {
  const entry = await getMembershipEntry(kv, userId, teamId);
  if (entry.value?.role !== "TEAM_ADMIN") throw new NotFoundError(ACCESS_MESSAGES.notAdmin);
  const admins = await listTeamAdmins(kv, teamId);
  if (admins.length <= 1) throw new ConflictError(ACCESS_MESSAGES.lastAdmin);
  // Checking every admin's membership makes two simultaneous removals unable to leave none.
  const adminEntries = await getTeamMemberEntries(kv, teamId, admins.slice(0, 8).map((a) => a.userId));
  const op = beginChange(kv);
  for (const e of adminEntries) op.check(e);
  stageMembership(op, { ...entry.value, role: "TEAM_STANDARD" });
  stageAuditEntry(op, { teamId, action: "admin.removed", targetId: userId, actor, detail: "" }, now);
  await commitOrConflict(op);
}
