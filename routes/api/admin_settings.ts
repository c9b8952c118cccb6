import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { actorOf, requireTeamRole } from "../auth_middleware.ts";
import { getTeamOrThrow, parseSettingsPatch, settingsView, updateTeamSettings } from "../../lib/teams/mod.ts";
import { deleteTeam, parseDeleteConfirmation } from "../../lib/teams/mod.ts";
import { readJson } from "../http.ts";

const NO_STORE = { "Cache-Control": "no-store" };
const admin = requireTeamRole("TEAM_ADMIN");

/** The team settings page's calls: read and save settings, delete the team. */
export const adminSettingsApiRoutes = new Hono<AppEnv>()
  .get("/api/admin/:teamId/settings", admin, async (c) => {
    const team = await getTeamOrThrow(c.var.deps.kv, c.var.teamId!);
    return c.json(settingsView(team, c.var.deps.config.appUrl), 200, NO_STORE);
  })
  .patch("/api/admin/:teamId/settings", admin, async (c) => {
    const { kv, config, now } = c.var.deps;
    const patch = parseSettingsPatch(await readJson(c));
    const team = await updateTeamSettings(kv, c.var.teamId!, patch, await actorOf(c), now());
    return c.json(settingsView(team, config.appUrl), 200, NO_STORE);
  })
  .delete("/api/admin/:teamId", admin, async (c) => {
    const { kv, now } = c.var.deps;
    // No body, or one that is not JSON, is an unconfirmed deletion like any other.
    const confirm = parseDeleteConfirmation(await readJson(c).catch(() => null));
    await deleteTeam(kv, c.var.teamId!, confirm, await actorOf(c), now());
    return c.json({ success: true }, 200, NO_STORE);
  });
