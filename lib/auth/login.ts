/**
 * Every way in: magic links (three scopes), team admin password, team username/password and
 * the system administrator's password. No answer tells whether an address has an account,
 * and every path is throttled before any lookup: per account *and* address pair (so a
 * stranger's failures never lock the owner out from elsewhere), a looser per-account ceiling
 * (so many addresses together still cannot guess for long), and per address.
 */
import { safeLocalPath } from "../local_path.ts";
import { AUTH_MESSAGES } from "./messages.ts";
import { credentialsVersion, getTeamAccess } from "../db/team_access.ts";
import { getSysadmin, saveSysadmin } from "../db/sysadmins.ts";
import {
  getUserByEmail,
  getUserEntry,
  listMemberships,
  type Membership,
  stageUserUpdate,
  updateUser,
  type User,
} from "../db/users.ts";
import { beginChange } from "../db/kv.ts";
import { commitOrConflict } from "../db/change.ts";
import { ForbiddenError, UnauthorizedError, ValidationError } from "../errors.ts";
import { queueMail, stageMail } from "../mail/mod.ts";
import { passwordChangedMail, recipientLanguage, signInMail } from "../mail/templates.ts";
import type { Language } from "../i18n/languages.ts";
import { consumeRateLimits, type RateRule } from "../db/rate_limits.ts";
import { isValidEmail, MAX_EMAIL_LENGTH, normalizeEmail } from "../text.ts";
import { decoyPasswordHash, hashPassword, needsRehash, type PasswordSource, verifyPassword } from "./passwords.ts";
import { passwordProblem } from "./password_policy.ts";
import { spendToken } from "./tokens.ts";
import { freshLinkRequestFor, issueSignInToken } from "./fresh_link.ts";
import { type LoginGrant, MAGIC_LINK_TTL_MS, type MagicLinkScope } from "./login_grant.ts";
import { acceptParentInvites, hasParentInvites } from "./parent_invites.ts";
import { mailPendingRequestNotice } from "./pending_request_notice.ts";

export { AUTH_MESSAGES, type LoginGrant, MAGIC_LINK_TTL_MS, type MagicLinkScope };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Longest password input even looked at; anything longer fails like a wrong password. */
const MAX_PASSWORD_INPUT = 1024;
/** Longest team username (lib/teams/access.ts allows 3 to 40 characters). */
const MAX_TEAM_USERNAME = 40;
/** Setting a first password needs a sign-in this recent (no current password to ask for). */
export const FRESH_SIGN_IN_MS = 10 * MINUTE;

/**
 * Sign-in links: 5 an hour per address and IP together (a stranger asking for links cannot
 * use up the owner's), 20 an hour per address from anywhere, 30 an hour per IP.
 */
const MAGIC_LINK_LIMITS = { perPair: 5, perAccount: 20, perIp: 30, windowMs: HOUR };
export interface AuthContext {
  kv: Deno.Kv;
  appUrl: string;
  ip: string;
  now: Date;
  /** The request's language: a mail to someone without a language on their account is in it. */
  lang?: Language;
}

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
  const { perPair, perAccount, perIp, windowMs } = MAGIC_LINK_LIMITS;
  await consumeRateLimits(
    ctx.kv,
    [
      { bucket: "magic-link-email-ip", subject: pairSubject(email, ctx.ip), limit: perPair, windowMs },
      { bucket: "magic-link-email", subject: email, limit: perAccount, windowMs },
      { bucket: "magic-link-ip", subject: ctx.ip, limit: perIp, windowMs },
    ],
    AUTH_MESSAGES.tooManyLinks,
    ctx.now.getTime(),
  );
  const user = await getUserByEmail(ctx.kv, email);
  // An address listed as a player's parent becomes an account when it signs in.
  const invited = scope.kind === "any" && await hasParentInvites(ctx.kv, email);
  // Nothing to sign in to (no account, no team, or none in this scope): a claim or join request
  // still waiting is said so by mail instead; the answer stays the same either way.
  const lang = recipientLanguage(user, ctx.lang);
  if (!user && !invited) return void await mailPendingRequestNotice(ctx.kv, email, ctx.now, lang);
  const memberships = user ? await listMemberships(ctx.kv, user.id) : [];
  if (user && !invited && memberships.length === 0 && await mailPendingRequestNotice(ctx.kv, email, ctx.now, lang)) {
    return;
  }
  const scoped = user
    ? grantFor(user, memberships, scope) ??
      (invited ? { userId: user.id, email, selectedTeamId: null, next: "/home" } : null)
    : { userId: "", email, selectedTeamId: null, next: "/home" };
  if (!scoped) return void await mailPendingRequestNotice(ctx.kv, email, ctx.now, lang);
  const localNext = safeLocalPath(next, "");
  const grant = localNext ? { ...scoped, next: localNext } : scoped;
  const token = await issueSignInToken(ctx.kv, grant, scope, MAGIC_LINK_TTL_MS, ctx.now.getTime());
  await queueMail(ctx.kv, {
    to: { name: user ? `${user.firstName} ${user.lastName}`.trim() : undefined, address: email },
    kind: "sign-in",
    ...signInMail({ firstName: user?.firstName, link: `${ctx.appUrl}/auth/magic?token=${token}` }, lang),
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

/**
 * 'Send me a fresh link' on the page an expired or spent sign-in link opens: asks for a new link
 * for the address the old one was for, in its scope and leading where it led, exactly as
 * `requestMagicLink` does (its throttles and rules). The caller answers the same whether or not
 * the old link is known (lib/auth/fresh_link.ts).
 */
export async function requestFreshMagicLink(ctx: AuthContext, token: unknown): Promise<void> {
  const request = await freshLinkRequestFor(ctx.kv, token, ctx.now.getTime());
  if (request) await requestMagicLink(ctx, request.email, request.scope, request.next);
}

async function limitAttempts(ctx: AuthContext, rules: RateRule[]) {
  await consumeRateLimits(ctx.kv, rules, AUTH_MESSAGES.tooManyAttempts, ctx.now.getTime());
}

/** One counter subject for an account tried from one address. */
const pairSubject = (account: string, ip: string) => `${account}|${ip}`;

/** How many password attempts each counter allows. */
interface AttemptLimits {
  /** Per account and IP, in 15 minutes: the limit someone guessing from one place meets. */
  perPair: number;
  /** Per account from every IP, in an hour: the ceiling for guesses spread over many addresses. */
  perAccount: number;
  /** Per IP, in 15 minutes, whichever accounts it tries. */
  perIp: number;
}

/** Team admins and team logins: 10 per 15 minutes per account and IP, 100 an hour per account, 50 per IP. */
const PASSWORD_LIMITS: AttemptLimits = { perPair: 10, perAccount: 100, perIp: 50 };
/** The system administrator's own, stricter bucket. */
const SYSADMIN_LIMITS: AttemptLimits = { perPair: 5, perAccount: 20, perIp: 20 };

const attemptRules = (prefix: string, account: string, ip: string, limits: AttemptLimits): RateRule[] => [
  { bucket: `${prefix}-account-ip`, subject: pairSubject(account, ip), limit: limits.perPair, windowMs: 15 * MINUTE },
  { bucket: `${prefix}-account`, subject: account, limit: limits.perAccount, windowMs: HOUR },
  { bucket: `${prefix}-ip`, subject: ip, limit: limits.perIp, windowMs: 15 * MINUTE },
];

/**
 * An input no account can have (an e-mail over 254 characters, a username over 40): counted
 * against the IP only, never as a counter keyed on the huge string, then refused like a wrong
 * password.
 */
async function refuseImpossibleAccount(
  ctx: AuthContext,
  prefix: string,
  limits: AttemptLimits,
  refusal: Error,
): Promise<never> {
  await limitAttempts(ctx, [attemptRules(prefix, "", ctx.ip, limits)[2]]);
  throw refusal;
}

/**
 * Whose hashing this is, for the password pool's fair queue (R8): the address asking and the
 * account (keyed like its counters), so one address's burst cannot take everyone's turn.
 */
const passwordSource = (ctx: AuthContext, prefix: string, account: string): PasswordSource => ({
  client: ctx.ip,
  account: `${prefix}:${account}`,
});

/** Checks a password against a stored hash, spending the same time when there is none. */
async function passwordMatches(
  password: unknown,
  stored: string | null | undefined,
  source: PasswordSource,
): Promise<boolean> {
  const usable = typeof password === "string" && password.length > 0 && password.length <= MAX_PASSWORD_INPUT;
  const ok = await verifyPassword(usable ? password : "", stored ?? await decoyPasswordHash(), source);
  return usable && Boolean(stored) && ok;
}

/** Team admin e-mail + password. Returns the user and the team to open; one message for every failure. */
export async function loginTeamAdmin(
  ctx: AuthContext,
  rawEmail: unknown,
  password: unknown,
): Promise<{ user: User; teamId: string }> {
  const email = typeof rawEmail === "string" ? normalizeEmail(rawEmail) : "";
  if (!isValidEmail(email)) {
    await refuseImpossibleAccount(ctx, "login", PASSWORD_LIMITS, new UnauthorizedError(AUTH_MESSAGES.loginFailed));
  }
  await limitAttempts(ctx, attemptRules("login", email, ctx.ip, PASSWORD_LIMITS));
  const source = passwordSource(ctx, "login", email);
  const user = await getUserByEmail(ctx.kv, email);
  const matches = await passwordMatches(password, user?.passwordHash, source);
  const admin = user && matches
    ? (await listMemberships(ctx.kv, user.id)).find((m) => m.role === "TEAM_ADMIN")
    : undefined;
  if (!user || !admin) throw new UnauthorizedError(AUTH_MESSAGES.loginFailed);
  if (needsRehash(user.passwordHash!)) {
    const entry = await getUserEntry(ctx.kv, user.id);
    if (entry.value) {
      const passwordHash = await hashPassword(password as string, undefined, source);
      await updateUser(ctx.kv, entry as Deno.KvEntry<User>, { passwordHash })
        .catch(() => {}); // A concurrent change wins; the upgrade happens next time.
    }
  }
  return { user, teamId: admin.teamId };
}

/**
 * Sets or changes the signed-in person's password and mails them that it happened (in the
 * same commit). A change needs the current password; setting a first one, where there is none
 * to ask for, needs a sign-in within the last 10 minutes (`sessionStartedAt`), so a session
 * left open somewhere cannot quietly add a password to the account.
 */
export async function changePassword(
  ctx: AuthContext,
  userId: string,
  currentPassword: unknown,
  newPassword: unknown,
  sessionStartedAt: number,
): Promise<void> {
  const entry = await getUserEntry(ctx.kv, userId);
  if (!entry.value) throw new UnauthorizedError();
  const hadPassword = entry.value.passwordHash !== null;
  if (!hadPassword && ctx.now.getTime() - sessionStartedAt > FRESH_SIGN_IN_MS) {
    throw new ForbiddenError(AUTH_MESSAGES.reauthRequired);
  }
  const problem = passwordProblem(newPassword);
  if (problem) throw new ValidationError(problem, { newPassword: problem });
  const source = passwordSource(ctx, "password-change", userId);
  if (hadPassword) {
    if (typeof currentPassword !== "string" || currentPassword === "") {
      throw new ValidationError(AUTH_MESSAGES.currentPasswordRequired, {
        currentPassword: AUTH_MESSAGES.currentPasswordRequired,
      });
    }
    await limitAttempts(ctx, attemptRules("password-change", userId, ctx.ip, PASSWORD_LIMITS));
    if (!(await passwordMatches(currentPassword, entry.value.passwordHash, source))) {
      throw new ForbiddenError(AUTH_MESSAGES.currentPasswordWrong);
    }
  }
  const passwordHash = await hashPassword(newPassword as string, undefined, source);
  const user = entry.value;
  const op = beginChange(ctx.kv);
  stageUserUpdate(op, entry as Deno.KvEntry<User>, { passwordHash });
  stageMail(op, {
    to: { name: `${user.firstName} ${user.lastName}`.trim() || undefined, address: user.email },
    kind: "password-changed",
    ...passwordChangedMail({
      firstName: user.firstName || undefined,
      change: hadPassword ? "changed" : "set",
      at: ctx.now,
      accountLink: `${ctx.appUrl}/account`,
      signInLink: `${ctx.appUrl}/team-login`,
    }, recipientLanguage(user, ctx.lang)),
  }, ctx.now);
  await commitOrConflict(op);
}

/** Team username + password for one team; one message for every failure. */
export async function loginTeamAccess(
  ctx: AuthContext,
  teamId: string,
  rawUsername: unknown,
  password: unknown,
): Promise<{ username: string; credentials: string }> {
  const username = typeof rawUsername === "string" ? rawUsername.trim().toLowerCase() : "";
  const refusal = new UnauthorizedError(AUTH_MESSAGES.teamLoginFailed);
  if (username.length > MAX_TEAM_USERNAME) await refuseImpossibleAccount(ctx, "team-login", PASSWORD_LIMITS, refusal);
  const account = `${teamId}:${username}`;
  await limitAttempts(ctx, attemptRules("team-login", account, ctx.ip, PASSWORD_LIMITS));
  const access = await getTeamAccess(ctx.kv, teamId);
  const matches = await passwordMatches(password, access?.passwordHash, passwordSource(ctx, "team-login", account));
  if (!access || !matches || access.username !== username) throw refusal;
  // The session remembers these credentials: it ends when they change.
  return { username, credentials: credentialsVersion(access) };
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
  if (email.length > MAX_EMAIL_LENGTH) {
    await refuseImpossibleAccount(
      ctx,
      "sysadmin-login",
      SYSADMIN_LIMITS,
      new UnauthorizedError(AUTH_MESSAGES.sysadminFailed),
    );
  }
  await limitAttempts(ctx, attemptRules("sysadmin-login", email, ctx.ip, SYSADMIN_LIMITS));
  const admin = await getSysadmin(ctx.kv, email);
  if (!(await passwordMatches(password, admin?.passwordHash, passwordSource(ctx, "sysadmin-login", email)))) {
    throw new UnauthorizedError(AUTH_MESSAGES.sysadminFailed);
  }
  return email;
}
