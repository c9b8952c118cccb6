/**
 * A person's session and sign-in calls (SPEC.md section 7, DECISIONS.md): the session and the
 * password under `/api/v2/auth`, the magic links and the team admin's password sign-in, and a
 * team's shared login under `/api/teams/{teamId}`.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser, getUserSession, requireUser, signInPerson, signInUser } from "../auth_middleware.ts";
import {
  AUTH_MESSAGES,
  changePassword,
  loginTeamAccess,
  loginTeamAdmin,
  type MagicLinkScope,
  parseLoginEmail,
  requestMagicLink,
} from "../../lib/auth/login.ts";
import { ADMIN_POLICY, endAllSessions, updateSession } from "../../lib/auth/sessions.ts";
import { userSessionStore } from "../../lib/auth/session_user.ts";
import { resolveTeamId } from "../../lib/db/teams.ts";
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from "../../lib/errors.ts";
import { jsonBody, readJsonFields, safeLocalPath } from "../http.ts";
import { signInRoute } from "../errors.ts";
import { NO_STORE } from "../security_headers.ts";
import { authContext } from "../contexts.ts";

async function magicLink(c: Context<AppEnv>, scope: MagicLinkScope) {
  const body = await readJsonFields(c);
  const email = parseLoginEmail(body.email);
  await requestMagicLink(authContext(c), email, scope, safeLocalPath(body.next, ""));
  return c.json({ success: true, message: AUTH_MESSAGES.magicLinkSent }, 200, NO_STORE);
}

/** `/api/v2/auth`: the session (401 means "no user"), switching the selected team, and the password. */
export const sessionApi = new Hono<AppEnv>()
  .get("/session", async (c) => {
    const user = await getSessionUser(c);
    if (!user) return c.json({ message: "Not signed in", isAuthenticated: false, user: null }, 401, NO_STORE);
    return c.json({ isAuthenticated: true, user }, 200, NO_STORE);
  })
  /** Switches the selected team (body `selectedTeamId`, one of the user's teams). */
  .patch("/session", jsonBody, requireUser, async (c) => {
    const { selectedTeamId } = await readJsonFields(c);
    const user = (await getSessionUser(c))!;
    // Own keys only: "toString" and the like are no team of anyone's.
    if (typeof selectedTeamId !== "string" || !Object.hasOwn(user.roles, selectedTeamId)) {
      throw new ValidationError("Please choose one of your teams.", {
        selectedTeamId: "Please choose one of your teams.",
      });
    }
    const session = (await getUserSession(c))!;
    const { kv, now } = c.var.deps;
    const updated = await updateSession(
      kv,
      userSessionStore,
      session,
      { ...session.data, selectedTeamId },
      now().getTime(),
    );
    c.set("userSession", updated);
    c.set("sessionUser", undefined);
    return c.json({ isAuthenticated: true, user: await getSessionUser(c) }, 200, NO_STORE);
  })
  .put("/password", jsonBody, requireUser, async (c) => {
    const body = await readJsonFields(c);
    const user = (await getSessionUser(c))!;
    if (user.kind !== "person") throw new ForbiddenError(AUTH_MESSAGES.teamAccountNoPassword);
    const session = (await getUserSession(c))!;
    try {
      await changePassword(authContext(c), user.id, body.currentPassword, body.newPassword, session.createdAt);
    } catch (error) {
      // R12: a session too old to set a first password says so in a form a client can act on.
      if (error instanceof ForbiddenError && error.message === AUTH_MESSAGES.reauthRequired) {
        return c.json({ message: error.message, code: "reauth_required" }, 403, NO_STORE);
      }
      throw error;
    }
    // A new password ends every other session; this browser gets a fresh one.
    const { kv } = c.var.deps;
    await endAllSessions(kv, user.id);
    await signInPerson(c, user.id, user.selectedTeamId);
    return c.json({ success: true, message: AUTH_MESSAGES.passwordChanged }, 200, NO_STORE);
  });

/** `/api/team/magic-link`, `/api/team-admin/magic-link` and the team admin's password sign-in. */
export const personSignInApi = new Hono<AppEnv>()
  .post("/team/magic-link", jsonBody, (c) => magicLink(c, { kind: "any" }))
  .post("/team-admin/magic-link", jsonBody, (c) => magicLink(c, { kind: "admin" }))
  .post("/team-admin/login", jsonBody, signInRoute("password"), async (c) => {
    const body = await readJsonFields(c);
    const { user, teamId } = await loginTeamAdmin(authContext(c), body.email, body.password);
    await signInPerson(c, user.id, teamId);
    return c.json({ success: true, teamId }, 200, NO_STORE);
  });

/** `/api/teams/{teamId}/login` (the team's shared login) and `/magic-link` (a person of that team). */
export const teamSignInApi = new Hono<AppEnv>()
  .post("/magic-link", jsonBody, async (c) => {
    const teamId = await resolveTeamId(c.var.deps.kv, c.req.param("teamId") ?? "");
    if (!teamId) throw new NotFoundError("Team not found");
    return await magicLink(c, { kind: "team", teamId });
  })
  .post("/login", jsonBody, signInRoute("team-password"), async (c) => {
    const body = await readJsonFields(c);
    const teamId = await resolveTeamId(c.var.deps.kv, c.req.param("teamId") ?? "");
    if (!teamId) throw new UnauthorizedError(AUTH_MESSAGES.teamLoginFailed);
    const { username, credentials } = await loginTeamAccess(authContext(c), teamId, body.username, body.password);
    const teamAccess = { teamId, username, credentials };
    await signInUser(c, { userId: null, teamAccess, selectedTeamId: teamId }, ADMIN_POLICY);
    return c.json({ success: true, teamId }, 200, NO_STORE);
  });
