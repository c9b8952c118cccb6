import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser, getUserSession, requireUser, signInPerson, signInUser } from "../auth_middleware.ts";
import {
  AUTH_MESSAGES,
  type AuthContext,
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
import { clientIp, readJsonFields, safeLocalPath } from "../http.ts";
import type { Context } from "hono";

const NO_STORE = { "Cache-Control": "no-store" };

export function authContext(c: Context<AppEnv>): AuthContext {
  const { kv, config, now } = c.var.deps;
  return { kv, appUrl: config.appUrl, ip: clientIp(c), now: now() };
}

async function magicLink(c: Context<AppEnv>, scope: MagicLinkScope) {
  const body = await readJsonFields(c);
  const email = parseLoginEmail(body.email);
  await requestMagicLink(authContext(c), email, scope, safeLocalPath(body.next, ""));
  return c.json({ success: true, message: AUTH_MESSAGES.magicLinkSent }, 200, NO_STORE);
}

/** Session, sign-in and sign-out calls of SPEC.md section 7 and DECISIONS.md. */
export const authApiRoutes = new Hono<AppEnv>()
  .get("/api/v2/auth/session", async (c) => {
    const user = await getSessionUser(c);
    if (!user) return c.json({ message: "Not signed in", isAuthenticated: false, user: null }, 401, NO_STORE);
    return c.json({ isAuthenticated: true, user }, 200, NO_STORE);
  })
  /** Switches the selected team (body `selectedTeamId`, one of the user's teams). */
  .patch("/api/v2/auth/session", requireUser, async (c) => {
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
  .post("/api/team/magic-link", (c) => magicLink(c, { kind: "any" }))
  .post("/api/team-admin/magic-link", (c) => magicLink(c, { kind: "admin" }))
  .post("/api/teams/:teamId/magic-link", async (c) => {
    const teamId = await resolveTeamId(c.var.deps.kv, c.req.param("teamId"));
    if (!teamId) throw new NotFoundError("Team not found");
    return await magicLink(c, { kind: "team", teamId });
  })
  .post("/api/team-admin/login", async (c) => {
    const body = await readJsonFields(c);
    const { user, teamId } = await loginTeamAdmin(authContext(c), body.email, body.password);
    await signInPerson(c, user.id, teamId);
    return c.json({ success: true, teamId }, 200, NO_STORE);
  })
  .post("/api/teams/:teamId/login", async (c) => {
    const body = await readJsonFields(c);
    const teamId = await resolveTeamId(c.var.deps.kv, c.req.param("teamId"));
    if (!teamId) throw new UnauthorizedError(AUTH_MESSAGES.teamLoginFailed);
    const { username, credentials } = await loginTeamAccess(authContext(c), teamId, body.username, body.password);
    const teamAccess = { teamId, username, credentials };
    await signInUser(c, { userId: null, teamAccess, selectedTeamId: teamId }, ADMIN_POLICY);
    return c.json({ success: true, teamId }, 200, NO_STORE);
  })
  .put("/api/v2/auth/password", requireUser, async (c) => {
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
