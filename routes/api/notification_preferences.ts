/**
 * `GET` and `PUT /api/account/notifications` (issue 23): which notification mails the signed-in
 * person wants. Only the person themselves: anonymous and a system administrator's session (which
 * is no person) get 401, a team's shared login 403 (it has no inbox of its own).
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser } from "../auth_middleware.ts";
import { jsonBody, readJson } from "../http.ts";
import { ForbiddenError, UnauthorizedError } from "../../lib/errors.ts";
import {
  getNotificationPreferences,
  NOTIFICATION_MESSAGES,
  parseNotificationPreferences,
  updateNotificationPreferences,
} from "../../lib/notifications/mod.ts";
import { NO_STORE } from "../security_headers.ts";

async function personId(c: Context<AppEnv>): Promise<string> {
  const user = await getSessionUser(c);
  if (!user) throw new UnauthorizedError();
  if (user.kind !== "person") throw new ForbiddenError(NOTIFICATION_MESSAGES.personalAccountNeeded);
  return user.id;
}

export const notificationPreferencesApi = new Hono<AppEnv>()
  .get("/notifications", async (c) => {
    const userId = await personId(c);
    return c.json(await getNotificationPreferences(c.var.deps.kv, userId), 200, NO_STORE);
  })
  .put("/notifications", jsonBody, async (c) => {
    const userId = await personId(c);
    // The whole body is checked before anything is written: a bad field changes nothing.
    const changes = parseNotificationPreferences(await readJson(c));
    const { kv, now } = c.var.deps;
    return c.json(await updateNotificationPreferences(kv, userId, changes, now()), 200, NO_STORE);
  });
