import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { actorOf, getSessionUser, requireTeamRole } from "../auth_middleware.ts";
import {
  ACCESS_MESSAGES,
  getAccessOverview,
  inviteCoAdmin,
  removeCoAdmin,
  setTeamAccessCredentials,
} from "../../lib/teams/mod.ts";
import { readJsonFields } from "../http.ts";

const NO_STORE = { "Cache-Control": "no-store" };
const admin = requireTeamRole("TEAM_ADMIN");

/** The Access page's calls: team username/password and co-admins. */
export const adminAccessApiRoutes = new Hono<AppEnv>()
  .get("/api/admin/:teamId/access", admin, async (c) => {
    const user = await getSessionUser(c);
    return c.json(await getAccessOverview(c.var.deps.kv, c.var.teamId!, user?.id ?? null), 200, NO_STORE);
  })
  .put("/api/admin/:teamId/access", admin, async (c) => {
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
  .post("/api/admin/:teamId/admins", admin, async (c) => {
    const { kv, config, now } = c.var.deps;
    const email = await inviteCoAdmin(
      { kv, appUrl: config.appUrl, now: now() },
      c.var.teamId!,
      (await readJsonFields(c)).email,
      await actorOf(c),
    );
    return c.json({ success: true, message: ACCESS_MESSAGES.invited(email) }, 201, NO_STORE);
  })
  .delete("/api/admin/:teamId/admins/:userId", admin, async (c) => {
    const { kv, now } = c.var.deps;
    await removeCoAdmin(kv, c.var.teamId!, c.req.param("userId"), await actorOf(c), now());
    return c.json({ success: true, message: ACCESS_MESSAGES.removed }, 200, NO_STORE);
  });
