/**
 * Who is asking, and may they: the session readers, sign-in/sign-out helpers and the three
 * authorisation levels every route uses (`requireUser`, `requireTeamRole`, `requireSysadmin`).
 * Cookies are set through Hono's helper with fixed option values, on JSON and redirect
 * responses (the page fast path `respond()` carries them only once `c.res` exists, see
 * `getUserSession`). A person's cookie is SameSite=Strict while their session runs under the
 * admin policy and Lax otherwise (R11).
 */
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "./app_env.ts";
import { ForbiddenError, NotFoundError, UnauthorizedError } from "../lib/errors.ts";
import { isApiPath } from "./errors.ts";
import { ruled } from "./rules.ts";
import { resolveTeamId } from "../lib/db/teams.ts";
import type { TeamRole } from "../lib/db/users.ts";
import {
  endSession,
  isAdminSession,
  MEMBER_POLICY,
  readSession,
  type SessionPolicy,
  startSession,
  type StoredSession,
  SYSADMIN_POLICY,
  updateSession,
} from "../lib/auth/sessions.ts";
import {
  loadSessionUser,
  readUserSession,
  sessionPolicyFor,
  type SessionUser,
  stampTeamCredentials,
  type SysadminSessionData,
  sysadminSessionStore,
  type UserSessionData,
  userSessionStore,
} from "../lib/auth/session_user.ts";
import { AUTH_MESSAGES } from "../lib/auth/messages.ts";
import { deviceLabel } from "../lib/auth/device.ts";
import type { TeamViewer } from "../lib/team_viewer.ts";
import { type Language, visitorLanguage } from "../lib/i18n/languages.ts";
import { messagesFor } from "../lib/i18n/catalog.ts";
import { recordSignInActivity } from "../lib/db/team_activity.ts";
import { carriesSessionCookie, SESSION_COOKIES } from "./session_cookies.ts";

type Ctx = Context<AppEnv>;

/** Cookie names: `__Host-` (which requires Secure, Path=/ and no Domain) when served over https. */
function cookieNames(c: Ctx) {
  const secure = c.var.deps.config.appUrl.startsWith("https:");
  const prefix = secure ? "__Host-" : "";
  return {
    secure,
    user: `${prefix}${SESSION_COOKIES.user}`,
    sysadmin: `${prefix}${SESSION_COOKIES.sysadmin}`,
    edit: `${prefix}${SESSION_COOKIES.edit}`,
  };
}

/**
 * Sets the person's session cookie. Fixed literal options per case (R11): Strict for a session
 * under the admin policy (anyone who administers a team, a team login), Lax for parents and
 * players, whose links from mail and messages must open signed in.
 */
function setUserCookie(c: Ctx, value: string, maxAgeSeconds: number, adminSession: boolean): void {
  const names = cookieNames(c);
  if (adminSession) {
    setCookie(c, names.user, value, {
      path: "/",
      httpOnly: true,
      secure: names.secure,
      sameSite: "Strict",
      maxAge: maxAgeSeconds,
    });
  } else {
    setCookie(c, names.user, value, {
      path: "/",
      httpOnly: true,
      secure: names.secure,
      sameSite: "Lax",
      maxAge: maxAgeSeconds,
    });
  }
}

/**
 * The signed-in user's session record (memoised per request, with its user). The session's
 * policy follows the person's current roles: when this read moved it to the admin policy (a
 * parent made a co-admin), the cookie is set again as Strict with the shorter lifetime.
 */
export async function getUserSession(c: Ctx): Promise<StoredSession<UserSessionData> | null> {
  if (c.var.userSession !== undefined) return c.var.userSession;
  const { kv, now } = c.var.deps;
  const cookie = getCookie(c, cookieNames(c).user);
  const read = await readUserSession(kv, cookie, now().getTime());
  c.set("userSession", read?.session ?? null);
  c.set("sessionUser", read ? read.user : null);
  if (read?.tightened && cookie) {
    const remaining = Math.floor((read.session.absoluteExpiresAt - now().getTime()) / 1000);
    setUserCookie(c, cookie, Math.max(1, remaining), isAdminSession(read.session));
    // Hono merges headers set so far into a Response a handler builds itself (`respond()`)
    // only once `c.res` exists; touching it makes a page carry the new cookie too.
    void c.res;
  }
  return read?.session ?? null;
}

/** The request's language (memoised): the signed-in person's choice, else the visitor's. */
export async function requestLanguage(c: Ctx): Promise<Language> {
  const known = c.get("lang");
  if (known) return known;
  let lang: Language | null = null;
  // A session is read only when the request carries its cookie: anonymous pages stay free of KV reads.
  if (carriesSessionCookie(c.req.header("cookie") ?? null)) lang = (await getSessionUser(c))?.language ?? null;
  lang ??= visitorLanguage(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);
  c.set("lang", lang);
  return lang;
}

/** The signed-in user (memoised per request), or null. */
export async function getSessionUser(c: Ctx): Promise<SessionUser | null> {
  if (c.var.sessionUser !== undefined) return c.var.sessionUser;
  const session = await getUserSession(c);
  // Reading the session loads its user too, unless the session has changed since (`updateSession`).
  if (c.var.sessionUser !== undefined) return c.var.sessionUser;
  const user = session ? await loadSessionUser(c.var.deps.kv, session.data) : null;
  c.set("sessionUser", user);
  return user;
}

/** The signed-in system administrator (memoised per request), or null. */
export async function getSysadmin(c: Ctx): Promise<SysadminSessionData | null> {
  if (c.var.sysadmin !== undefined) return c.var.sysadmin;
  const { kv, now } = c.var.deps;
  const cookie = getCookie(c, cookieNames(c).sysadmin);
  const session = await readSession(kv, sysadminSessionStore, cookie, now().getTime());
  c.set("sysadmin", session?.data ?? null);
  return session?.data ?? null;
}

/**
 * A page asks the visitor to sign in; an API call answers 401. `loggedOut` adds the notice
 * the login page shows ('Unauthorized - You are logged out. Logging in again...').
 */
function unauthenticated(c: Ctx, loginPath: string, loggedOut = false): Response {
  if (isApiPath(c.req.path)) throw new UnauthorizedError();
  const here = new URL(c.req.url);
  const next = `next=${encodeURIComponent(here.pathname + here.search)}`;
  return c.redirect(`${loginPath}?${next}${loggedOut ? "&reason=logged-out" : ""}`, 303);
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await getSessionUser(c))) return unauthenticated(c, "/team-login");
  await next();
};

export const requireSysadmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await getSysadmin(c))) return unauthenticated(c, "/sysadmin/login");
  await next();
};

/**
 * Development mode only (Dev Tools, demo sign-ins). In production a route behind it is a plain
 * 404 before it reads anything: indistinguishable from a route that does not exist.
 */
export const developmentOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.deps.config.env !== "development") throw new NotFoundError();
  await next();
};

export interface TeamRoleOptions {
  /**
   * Refuse a team's shared login (403): on the routes that manage who can get into a team (its
   * shared login, its admins), so that it cannot change or outlive its own credentials, nor make
   * a personal co-admin that would (R12).
   */
  refuseTeamLogin?: boolean;
}

/**
 * The route's `:teamId` (an id or slug) must name a team where the user holds one of `roles`.
 * A system administrator passes too. Sets `c.var.teamId` to the resolved id.
 */
export function requireTeamRole(
  roles: TeamRole | readonly TeamRole[],
  { refuseTeamLogin = false }: TeamRoleOptions = {},
): MiddlewareHandler<AppEnv> {
  const allowedRoles: readonly TeamRole[] = typeof roles === "string" ? [roles] : roles;
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    const [user, sysadmin] = await Promise.all([getSessionUser(c), getSysadmin(c)]);
    if (!user && !sysadmin) return unauthenticated(c, "/team-login");
    if (refuseTeamLogin && user?.kind === "team") throw new ForbiddenError(AUTH_MESSAGES.teamLoginNoAccessManagement);
    const teamId = await resolveTeamId(c.var.deps.kv, c.req.param("teamId") ?? "");
    const allowed = sysadmin !== null ||
      (teamId !== null && user !== null && allowedRoles.includes(user.roles[teamId]));
    if (!allowed || !teamId) throw new ForbiddenError("You do not have access to this team.");
    c.set("teamId", teamId);
    await next();
  };
  return refuseTeamLogin ? ruled("no-team-login", guard) : guard;
}

/**
 * The route's `:teamId` (an id or slug) must name a team the signed-in person or team login
 * belongs to, in any role; a system administrator may read (GET/HEAD) any team's family space.
 * Sets `c.var.teamId` and `c.var.teamViewer`.
 */
export const requireTeamMember: MiddlewareHandler<AppEnv> = async (c, next) => {
  const [user, sysadmin] = await Promise.all([getSessionUser(c), getSysadmin(c)]);
  if (!user && !sysadmin) return unauthenticated(c, "/team-login", true);
  const teamId = await resolveTeamId(c.var.deps.kv, c.req.param("teamId") ?? "");
  const reads = c.req.method === "GET" || c.req.method === "HEAD";
  const viewer = teamId ? await teamViewerFor(c, teamId, { sysadminReads: reads }) : null;
  if (!teamId || !viewer) throw new ForbiddenError("You do not have access to this team.");
  c.set("teamId", teamId);
  c.set("teamViewer", viewer);
  await next();
};

/**
 * The caller as a viewer of `teamId`: a person or team login of that team (any role), else a
 * system administrator when `sysadminReads` (they read any team's family space, never write),
 * else null. `requireTeamMember` applies it to the path's team; routes about one record
 * (a family, a campaign) apply it to the record's team.
 */
export async function teamViewerFor(
  c: Ctx,
  teamId: string,
  { sysadminReads }: { sysadminReads: boolean },
): Promise<TeamViewer | null> {
  const [user, sysadmin] = await Promise.all([getSessionUser(c), getSysadmin(c)]);
  const role = user ? user.roles[teamId] : undefined;
  const language = await requestLanguage(c);
  if (user && role) {
    return {
      teamId,
      userId: user.kind === "person" ? user.id : null,
      role,
      isAdmin: role === "TEAM_ADMIN",
      displayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
      language,
    };
  }
  if (sysadmin && sysadminReads) {
    const displayName = messagesFor(language).memberNames.sysadmin;
    return { teamId, userId: null, role: "SYSADMIN", isAdmin: true, displayName, language };
  }
  return null;
}

/** The viewer `requireTeamMember` set. */
export function teamViewer(c: Ctx): TeamViewer {
  const viewer = c.var.teamViewer;
  if (!viewer) throw new Error("teamViewer() outside requireTeamMember");
  return viewer;
}

/** Makes `teamId` the selected team when the user belongs to it; false otherwise. */
export async function selectTeam(c: Ctx, teamId: unknown): Promise<boolean> {
  const user = await getSessionUser(c);
  const session = await getUserSession(c);
  if (!user || !session || typeof teamId !== "string" || !(teamId in user.roles)) return false;
  if (user.selectedTeamId === teamId) return true;
  const { kv, now } = c.var.deps;
  await updateSession(kv, userSessionStore, session, { ...session.data, selectedTeamId: teamId }, now().getTime());
  return true;
}

/**
 * Starts a fresh user session (ending the one the browser had) and sets its cookie: Strict
 * under the admin policy, Lax otherwise. A team login's session remembers the credentials it
 * was checked against (`loginTeamAccess` returns them; read now when the caller has not).
 */
export async function signInUser(c: Ctx, data: UserSessionData, policy: SessionPolicy): Promise<void> {
  const { kv, now } = c.var.deps;
  const names = cookieNames(c);
  await endSession(kv, userSessionStore, getCookie(c, names.user));
  const stamped = await stampTeamCredentials(kv, data);
  const device = deviceLabel(c.req.header("User-Agent"));
  const started = await startSession(kv, userSessionStore, stamped, policy, now().getTime(), { device });
  // Active/Inactive in the system console counts sign-ins to each of the person's teams.
  await recordSignInActivity(kv, stamped, now());
  setUserCookie(c, started.cookieValue, started.maxAgeSeconds, isAdminSession(started.session));
  c.set("userSession", started.session);
  c.set("sessionUser", undefined);
}

/**
 * Signs a person in. Anyone who administers a team gets the short admin session (12 h,
 * 30 min idle) and a Strict cookie; parents and players the 30-day one.
 */
export async function signInPerson(c: Ctx, userId: string, selectedTeamId: string | null): Promise<void> {
  const data: UserSessionData = { userId, teamAccess: null, selectedTeamId };
  const user = await loadSessionUser(c.var.deps.kv, data);
  await signInUser(c, data, user ? sessionPolicyFor(user) : MEMBER_POLICY);
}

export async function signOutUser(c: Ctx): Promise<void> {
  const names = cookieNames(c);
  await endSession(c.var.deps.kv, userSessionStore, getCookie(c, names.user));
  deleteCookie(c, names.user, { path: "/", secure: names.secure, httpOnly: true, sameSite: "Lax" });
  c.set("userSession", null);
  c.set("sessionUser", null);
}

export async function signInSysadmin(c: Ctx, email: string): Promise<void> {
  const { kv, now } = c.var.deps;
  const names = cookieNames(c);
  await endSession(kv, sysadminSessionStore, getCookie(c, names.sysadmin));
  const started = await startSession(kv, sysadminSessionStore, { email }, SYSADMIN_POLICY, now().getTime());
  setCookie(c, names.sysadmin, started.cookieValue, {
    path: "/",
    httpOnly: true,
    secure: names.secure,
    sameSite: "Strict",
    maxAge: started.maxAgeSeconds,
  });
  c.set("sysadmin", { email });
}

export async function signOutSysadmin(c: Ctx): Promise<void> {
  const names = cookieNames(c);
  await endSession(c.var.deps.kv, sysadminSessionStore, getCookie(c, names.sysadmin));
  deleteCookie(c, names.sysadmin, { path: "/", secure: names.secure, httpOnly: true, sameSite: "Strict" });
  c.set("sysadmin", null);
}

/** The cookie of the one-player edit session an edit link opens. */
export function getEditCookie(c: Ctx): string | undefined {
  return getCookie(c, cookieNames(c).edit);
}

export function setEditCookie(c: Ctx, value: string, maxAgeSeconds: number): void {
  const names = cookieNames(c);
  setCookie(c, names.edit, value, {
    path: "/",
    httpOnly: true,
    secure: names.secure,
    sameSite: "Strict",
    maxAge: maxAgeSeconds,
  });
}

/**
 * The system administrator whose session let a `requireSysadmin` route through, as the audit
 * log names them. Not `actorOf`: with no team in the path that would name a person signed in on
 * the same browser (after a Dev Tools sign-in, say).
 */
export async function sysadminActorOf(c: Ctx): Promise<string> {
  const sysadmin = await getSysadmin(c);
  if (!sysadmin) throw new Error("sysadminActorOf() outside requireSysadmin");
  return `sysadmin:${sysadmin.email}`;
}

/**
 * Who is acting, as the audit log names them. Call after an authorisation middleware: on a
 * team route, the person is named when they administer the team, else the system
 * administrator whose session let the request through.
 */
export async function actorOf(c: Ctx): Promise<string> {
  const [user, sysadmin] = await Promise.all([getSessionUser(c), getSysadmin(c)]);
  const teamId = c.var.teamId;
  const userActs = user && (!teamId || !sysadmin || user.roles[teamId] === "TEAM_ADMIN");
  if (user && userActs) return user.kind === "team" ? `team:${user.email}` : user.email;
  return sysadmin ? `sysadmin:${sysadmin.email}` : "anonymous";
}
