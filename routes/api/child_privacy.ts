/**
 * A parent's privacy controls for their own child (issue 22): `POST /api/players/{playerId}/removal-request`
 * (body `{"reason"?: string}`) and `PUT /api/players/{playerId}/privacy` (body `{"hideLastName": boolean,
 * "hidePhoto": boolean}`). Only a parent (guardian link) of the player, as themselves: anonymous
 * 401, a system administrator 403, anyone else 404 as for a player they cannot edit.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser, getSysadmin } from "../auth_middleware.ts";
import { jsonBody, readJsonFields, readText } from "../http.ts";
import { NO_STORE } from "../security_headers.ts";
import {
  CHILD_PRIVACY_TEXTS,
  guardianTeamOf,
  type ParentAct,
  requestChildRemoval,
  setChildPrivacy,
} from "../../lib/families/mod.ts";
import { ForbiddenError, NotFoundError, UnauthorizedError } from "../../lib/errors.ts";

type Ctx = Context<AppEnv>;

/** The caller as a parent of the path's player, in the team where they are; refused otherwise. */
export async function parentActOf(c: Ctx): Promise<ParentAct> {
  const { kv, now } = c.var.deps;
  const user = await getSessionUser(c);
  if (!user) {
    if (await getSysadmin(c)) throw new ForbiddenError(CHILD_PRIVACY_TEXTS.notGuardian);
    throw new UnauthorizedError();
  }
  const playerId = c.req.param("playerId") ?? "";
  const teamId = await guardianTeamOf(kv, user, playerId);
  if (!teamId) throw new NotFoundError(CHILD_PRIVACY_TEXTS.playerNotFound);
  return { kv, teamId, playerId, userId: user.id, actor: user.email, now: now() };
}

export const childPrivacyApi = new Hono<AppEnv>()
  .post("/:playerId/removal-request", jsonBody, async (c) => {
    const act = await parentActOf(c);
    // The body is optional: no body at all is a request without a reason.
    const body = (await readText(c)).trim() ? await readJsonFields(c, ["reason"]) : {};
    const request = await requestChildRemoval(act, body.reason);
    return c.json({ success: true, message: "Request sent", request }, 201, NO_STORE);
  })
  .put("/:playerId/privacy", jsonBody, async (c) => {
    const act = await parentActOf(c);
    const body = await readJsonFields(c, ["hideLastName", "hidePhoto"]);
    const privacy = await setChildPrivacy(act, body);
    return c.json({ playerId: act.playerId, ...privacy }, 200, NO_STORE);
  });
