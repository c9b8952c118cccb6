/**
 * `/api/admin/{teamId}`: the Access page's calls, the team's shared login and its co-admins.
 * They manage who gets into the team, so a team's shared login is refused here (R12).
 */
import { Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { actorOf, getSessionUser, requireTeamRole } from "../../auth_middleware.ts";
import {
  ACCESS_MESSAGES,
  getAccessOverview,
  inviteCoAdmin,
  removeCoAdmin,
  setTeamAccessCredentials,
} from "../../../lib/teams/mod.ts";
import { jsonBody, readJsonFields } from "../../http.ts";
import { NO_STORE } from "../../security_headers.ts";

const accessAdmin = requireTeamRole("TEAM_ADMIN", { refuseTeamLogin: true });

export const accessApi = new Hono<AppEnv>()
  .get("/access", accessAdmin, async (c) => {
    const user = await getSessionUser(c);
    return c.json(await getAccessOverview(c.var.deps.kv, c.var.teamId!, user?.id ?? null), 200, NO_STORE);
  })
  .put("/access", jsonBody, accessAdmin, async (c) => {
    const body = await readJsonFields(c);
    const { kv, now } = c.var.deps;
    const username = await setTeamAccessCredentials(
      kv,
      c.var.teamId!,
      body.username,
      body.password,
      await actorOf(c),
      now(),
    );
    return c.json({ success: true, message: ACCESS_MESSAGES.saved, username }, 200, NO_STORE);
  })
  .post("/admins", jsonBody, accessAdmin, async (c) => {
    const { kv, config, now } = c.var.deps;
    const email = await inviteCoAdmin(
      { kv, appUrl: config.appUrl, now: now() },
      c.var.teamId!,
      (await readJsonFields(c)).email,
      await actorOf(c),
    );
    return c.json({ success: true, message: ACCESS_MESSAGES.invited(email) }, 201, NO_STORE);
  })
  .delete("/admins/:userId", jsonBody, accessAdmin, async (c) => {
    const { kv, now } = c.var.deps;
    await removeCoAdmin(kv, c.var.teamId!, c.req.param("userId"), await actorOf(c), now());
    return c.json({ success: true, message: ACCESS_MESSAGES.removed }, 200, NO_STORE);
  });
