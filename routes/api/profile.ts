/**
 * A person's own profile: Account Settings → My Profile saves through
 * `PUT /api/teams/{teamId}/parents/{parentId}` (the signed-in person only). The link that
 * confirms a new e-mail opens a page (pages/email_change.tsx).
 */
import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { requireTeamMember, teamViewer } from "../auth_middleware.ts";
import { jsonBody, readJsonFields } from "../http.ts";
import { requestLanguage } from "../language.ts";
import { ForbiddenError } from "../../lib/errors.ts";
import { PARENT_PROFILE_FIELDS, saveParentProfile } from "../../lib/accounts/mod.ts";
import { NO_STORE } from "../security_headers.ts";

export const NOT_YOUR_PROFILE = "You can only update your own profile.";

export const profileApi = new Hono<AppEnv>()
  .put("/parents/:parentId", jsonBody, requireTeamMember, async (c) => {
    const { kv, config, now } = c.var.deps;
    const viewer = teamViewer(c);
    // A team's shared login and a system administrator have no profile; a person edits only their own.
    if (!viewer.userId || viewer.userId !== c.req.param("parentId")) throw new ForbiddenError(NOT_YOUR_PROFILE);
    const body = await readJsonFields(c, PARENT_PROFILE_FIELDS);
    const ctx = { kv, appUrl: config.appUrl, now: now(), lang: await requestLanguage(c) };
    const saved = await saveParentProfile(ctx, viewer.userId, body);
    return c.json(
      {
        success: true,
        message: saved.message,
        parent: saved.parent,
        ...(saved.pendingEmail ? { pendingEmail: saved.pendingEmail } : {}),
      },
      200,
      NO_STORE,
    );
  });
