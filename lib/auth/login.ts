/**
 * Every way in: magic links (three scopes), team admin password, team username/password and
 * the system administrator's password. No answer tells whether an address has an account,
 * and every path is throttled per account and per IP before any lookup.
 */
import { AUTH_MESSAGES } from "./messages.ts";
import { getTeamAccess } from "../db/team_access.ts";
import { getSysadmin, saveSysadmin } from "../db/sysadmins.ts";
import { getUserByEmail, getUserEntry, listMemberships, type Membership, updateUser, type User } from "../db/users.ts";
import { ForbiddenError, UnauthorizedError, ValidationError } from "../errors.ts";
import { queueMail } from "../mail/mod.ts";
import { signInMail } from "../mail/templates.ts";
import { consumeRateLimits, type RateRule } from "../db/rate_limits.ts";
import { isValidEmail, normalizeEmail } from "../text.ts";
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./passwords.ts";
import { passwordProblem } from "./password_policy.ts";
import { issueToken, spendToken } from "./tokens.ts";
import { acceptParentInvites, hasParentInvites } from "../accounts/mod.ts";

export { AUTH_MESSAGES };

/** Sign-in links work once, for 15 minutes (DECISIONS.md). */
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Longest password input even looked at; anything longer fails like a wrong password. */
const MAX_PASSWORD_INPUT = 1024;

export interface AuthContext {
  kv: Deno.Kv;
  appUrl: string;
  ip: string;
  now: Date;
}

/** What a sign-in link grants when spent. */
export interface LoginGrant {
  userId: string;
  email: string;
  selectedTeamId: string | null;
  next: string;
}

/** Which accounts a magic-link request may send a link to, and where the link leads. */
export type MagicLinkScope = { kind: "any" } | { kind: "admin" } | { kind: "team"; teamId: string };

/** The e-mail of a sign-in request, trimmed; blank or malformed is a 400. */
export function parseLoginEmail(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "" || !isValidEmail(value)) {
    throw new ValidationError(AUTH_MESSAGES.checkEmail, { email: AUTH_MESSAGES.checkEmail });
  }
  return normalizeEmail(value);
}

function grantFor(user: User, memberships: Membership[], scope: MagicLinkScope): LoginGrant | null {
  // Where the link leads unless the request named a page (a local path, checked by the caller).
  const base = { userId: user.id, email: user.email };
  if (scope.kind === "any") return { ...base, selectedTeamId: null, next: "/home" };
  if (scope.kind === "admin") {
    const admin = memberships.find((m) => m.role === "TEAM_ADMIN");
    return admin ? { ...base, selectedTeamId: admin.teamId, next: `/teams/${admin.teamId}` } : null;
  }
  return memberships.some((m) => m.teamId === scope.teamId)
    ? { ...base, selectedTeamId: scope.teamId, next: `/teams/${scope.teamId}` }
    : null;
}

/**
 * Mails a sign-in link when the address has an account in `scope`. The caller answers the
 * same either way; the mail goes out from the queue, so timing does not tell either.
 * `next` (a local path) is where the link leads instead of the scope's default.
 */
export async function requestMagicLink(
  ctx: AuthContext,
  email: string,
  scope: MagicLinkScope,
  next = "",
): Promise<void> {
  await consumeRateLimits(
    ctx.kv,
    [
      { bucket: "magic-link-email", subject: email, limit: 5, windowMs: HOUR },
      { bucket: "magic-link-ip", subject: ctx.ip, limit: 30, windowMs: HOUR },
    ],
    AUTH_MESSAGES.tooManyLinks,
    ctx.now.getTime(),
  );
  const user = await getUserByEmail(ctx.kv, email);
  // An address listed as a player's parent becomes an account when it signs in.
  const invited = scope.kind === "any" && await hasParentInvites(ctx.kv, email);
  if (!user && !invited) return;
  const scoped = user
    ? grantFor(user, await listMemberships(ctx.kv, user.id), scope) ??
      (invited ? { userId: user.id, email, selectedTeamId: null, next: "/home" } : null)
    : { userId: "", email, selectedTeamId: null, next: "/home" };
  if (!scoped) return;
  const grant = next ? { ...scoped, next } : scoped;
  const token = await issueToken(ctx.kv, "login", grant, MAGIC_LINK_TTL_MS, ctx.now.getTime());
  await queueMail(ctx.kv, {
    to: { name: user ? `${user.firstName} ${user.lastName}`.trim() : undefined, address: email },
    kind: "sign-in",
    ...signInMail({ firstName: user?.firstName, link: `${ctx.appUrl}/auth/magic?token=${token}` }),
  }, ctx.now);
}

/**
 * Spends a sign-in link: the grant (with the account it signs in), or null when unknown,
 * expired, spent or its account changed. Pending parent invites of the address are
 * accepted here, which is how a co-parent's account comes to exist.
 */
export async function redeemMagicLink(kv: Deno.Kv, token: string, now: Date): Promise<LoginGrant | null> {
  const grant = await spendToken<LoginGrant>(kv, "login", token, now.getTime());
  if (!grant) return null;
  const user = await acceptParentInvites(kv, grant.email, now);
  if (!user || (grant.userId && user.id !== grant.userId)) return null;
  return { ...grant, userId: user.id };
}

async function limitAttempts(ctx: AuthContext, rules: RateRule[]) {
  await consumeRateLimits(ctx.kv, rules, AUTH_MESSAGES.tooManyAttempts, ctx.now.getTime());
}

const attemptRules = (prefix: string, account: string, ip: string, perAccount: number, perIp: number) => [
  { bucket: `${prefix}-account`, subject: account, limit: perAccount, windowMs: 15 * MINUTE },
  { bucket: `${prefix}-ip`, subject: ip, limit: perIp, windowMs: 15 * MINUTE },
];

/** Checks a password against a stored hash, spending the same time when there is none. */
async function passwordMatches(password: unknown, stored: string | null | undefined): Promise<boolean> {
  const usable = typeof password === "string" && password.length > 0 && password.length <= MAX_PASSWORD_INPUT;
  const ok = await verifyPassword(usable ? password : "", stored ?? await decoyPasswordHash());
  return usable && Boolean(stored) && ok;
}

/** Team admin e-mail + password. Returns the user and the team to open; one message for every failure. */
export async function loginTeamAdmin(
  ctx: AuthContext,
  rawEmail: unknown,
  password: unknown,
): Promise<{ user: User; teamId: string }> {
  const email = typeof rawEmail === "string" ? normalizeEmail(rawEmail) : "";
  await limitAttempts(ctx, attemptRules("login", email, ctx.ip, 10, 50));
  const user = isValidEmail(email) ? await getUserByEmail(ctx.kv, email) : null;
  const matches = await passwordMatches(password, user?.passwordHash);
  const admin = user && matches
    ? (await listMemberships(ctx.kv, user.id)).find((m) => m.role === "TEAM_ADMIN")
    : undefined;
  if (!user || !admin) throw new UnauthorizedError(AUTH_MESSAGES.loginFailed);
  if (needsRehash(user.passwordHash!)) {
    const entry = await getUserEntry(ctx.kv, user.id);
    if (entry.value) {
      await updateUser(ctx.kv, entry as Deno.KvEntry<User>, { passwordHash: await hashPassword(password as string) })
        .catch(() => {}); // A concurrent change wins; the upgrade happens next time.
    }
  }
  return { user, teamId: admin.teamId };
}

/** Sets or changes the signed-in person's password; the current one is required once set. */
export async function changePassword(
  ctx: AuthContext,
  userId: string,
  currentPassword: unknown,
  newPassword: unknown,
): Promise<void> {
  const problem = passwordProblem(newPassword);
  if (problem) throw new ValidationError(problem, { newPassword: problem });
  const entry = await getUserEntry(ctx.kv, userId);
  if (!entry.value) throw new UnauthorizedError();
  if (entry.value.passwordHash) {
    if (typeof currentPassword !== "string" || currentPassword === "") {
      throw new ValidationError(AUTH_MESSAGES.currentPasswordRequired, {
        currentPassword: AUTH_MESSAGES.currentPasswordRequired,
      });
    }
    await limitAttempts(ctx, attemptRules("password-change", userId, ctx.ip, 10, 50));
    if (!(await passwordMatches(currentPassword, entry.value.passwordHash))) {
      throw new ForbiddenError(AUTH_MESSAGES.currentPasswordWrong);
    }
  }
  await updateUser(ctx.kv, entry as Deno.KvEntry<User>, { passwordHash: await hashPassword(newPassword as string) });
}

/** Team username + password for one team; one message for every failure. */
export async function loginTeamAccess(
  ctx: AuthContext,
  teamId: string,
  rawUsername: unknown,
  password: unknown,
): Promise<{ username: string }> {
  const username = typeof rawUsername === "string" ? rawUsername.trim().toLowerCase() : "";
  await limitAttempts(ctx, attemptRules("team-login", `${teamId}:${username}`, ctx.ip, 10, 50));
  const access = await getTeamAccess(ctx.kv, teamId);
  const matches = await passwordMatches(password, access?.passwordHash);
  if (!access || !matches || access.username !== username) {
    throw new UnauthorizedError(AUTH_MESSAGES.teamLoginFailed);
  }
  return { username };
}

/**
 * Creates the system administrator, or resets its password when it differs. Used by
 * `SYSADMIN_EMAIL`/`SYSADMIN_PASSWORD` at start and by `deno task sysadmin:create`.
 */
export async function ensureSysadmin(
  kv: Deno.Kv,
  rawEmail: string,
  password: string,
  now = new Date(),
): Promise<"created" | "updated" | "unchanged"> {
  if (!isValidEmail(rawEmail)) throw new Error("SYSADMIN_EMAIL must be a valid e-mail address.");
  const problem = passwordProblem(password);
  if (problem) throw new Error(`SYSADMIN_PASSWORD: ${problem}`);
  const email = normalizeEmail(rawEmail);
  const existing = await getSysadmin(kv, email);
  if (existing && await verifyPassword(password, existing.passwordHash) && !needsRehash(existing.passwordHash)) {
    return "unchanged";
  }
  await saveSysadmin(kv, {
    email,
    passwordHash: await hashPassword(password),
    createdAt: existing?.createdAt ?? now.toISOString(),
    updatedAt: now.toISOString(),
  });
  return existing ? "updated" : "created";
}

/** The system administrator's password login: a stricter bucket than team admins'. */
export async function loginSysadmin(ctx: AuthContext, rawEmail: unknown, password: unknown): Promise<string> {
  if (typeof rawEmail !== "string" || rawEmail.trim() === "" || typeof password !== "string" || password === "") {
    throw new ValidationError(AUTH_MESSAGES.sysadminMissing);
  }
  const email = normalizeEmail(rawEmail);
  await limitAttempts(ctx, attemptRules("sysadmin-login", email, ctx.ip, 5, 20));
  const admin = await getSysadmin(ctx.kv, email);
  if (!(await passwordMatches(password, admin?.passwordHash))) {
    throw new UnauthorizedError(AUTH_MESSAGES.sysadminFailed);
  }
  return email;
}
