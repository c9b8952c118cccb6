/**
 * `GET /api/account/export` (issue 22, GDPR Art. 15 and 20): everything held about the signed-in
 * person, as a JSON download. Only the person themselves: anonymous and a system administrator's
 * session (which is no person) get 401, a team's shared login 403.
 */
import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser, getUserSession } from "../auth_middleware.ts";
import { exportAccount, PRIVACY_MESSAGES } from "../../lib/accounts/mod.ts";
import { ForbiddenError, UnauthorizedError } from "../../lib/errors.ts";
import { NO_STORE } from "../security_headers.ts";

export const accountExportApi = new Hono<AppEnv>()
  .get("/export", async (c) => {
    const user = await getSessionUser(c);
    if (!user) throw new UnauthorizedError();
    if (user.kind !== "person") throw new ForbiddenError(PRIVACY_MESSAGES.personalAccountNeeded);
    const { kv, now } = c.var.deps;
    const at = now();
    const session = await getUserSession(c);
    const data = await exportAccount(kv, user.id, { now: at, currentSessionId: session?.id ?? null });
    const day = at.toISOString().slice(0, 10);
    return c.body(`${JSON.stringify(data, null, 2)}\n`, 200, {
      ...NO_STORE,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="goalmates-my-data-${day}.json"`,
    });
  });
