/**
 * The signed-in person's own account as a whole: `DELETE /api/account` erases it (issue 22).
 * Only the person themselves, as themselves: a team's shared login has no account to delete, and a
 * system administrator's session is not a person's (401).
 */
import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser, requireUser, signOutUser } from "../auth_middleware.ts";
import { jsonBody, readJson } from "../http.ts";
import { requestLanguage } from "../language.ts";
import { ForbiddenError } from "../../lib/errors.ts";
import { DELETE_ACCOUNT_MESSAGES, deleteAccount, parseAccountDeleteConfirmation } from "../../lib/accounts/mod.ts";
import { NO_STORE } from "../security_headers.ts";

export const accountApi = new Hono<AppEnv>()
  .delete("/", jsonBody, requireUser, async (c) => {
    const { kv, config, now } = c.var.deps;
    const user = (await getSessionUser(c))!;
    if (user.kind !== "person") throw new ForbiddenError(DELETE_ACCOUNT_MESSAGES.teamLogin);
    const confirm = parseAccountDeleteConfirmation(await readJson(c));
    await deleteAccount({ kv, appUrl: config.appUrl, now: now(), lang: await requestLanguage(c) }, user.id, confirm);
    // The sessions went with the account; this browser's cookie goes too.
    await signOutUser(c);
    return c.json({ success: true, message: ACCOUNT_DELETED_MESSAGE }, 200, NO_STORE);
  });

export const ACCOUNT_DELETED_MESSAGE = "Your account was deleted. We sent one last e-mail to confirm it.";
