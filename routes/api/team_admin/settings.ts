/** The team settings page's calls: read and save settings, delete the team; and the team's record (v2). */
import { Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { actorOf, requireTeamRole } from "../../auth_middleware.ts";
import {
  deleteTeam,
  getTeamOrThrow,
  parseDeleteConfirmation,
  parseSettingsPatch,
  settingsView,
  updateTeamSettings,
} from "../../../lib/teams/mod.ts";
import { getTeam, publicTeam } from "../../../lib/db/teams.ts";
import { NotFoundError } from "../../../lib/errors.ts";
import { jsonBody, readJson } from "../../http.ts";
import { NO_STORE } from "../../security_headers.ts";

const admin = requireTeamRole("TEAM_ADMIN");

/** `/api/admin/{teamId}/settings` (GET, PATCH) and `DELETE /api/admin/{teamId}` (body `{ confirm }`: the team's name). */
export const settingsApi = new Hono<AppEnv>()
  .get("/settings", admin, async (c) => {
    const team = await getTeamOrThrow(c.var.deps.kv, c.var.teamId!);
    return c.json(settingsView(team, c.var.deps.config.appUrl), 200, NO_STORE);
  })
  .patch("/settings", jsonBody, admin, async (c) => {
    const { kv, config, now } = c.var.deps;
    const patch = parseSettingsPatch(await readJson(c));
    const team = await updateTeamSettings(kv, c.var.teamId!, patch, await actorOf(c), now());
    return c.json(settingsView(team, config.appUrl), 200, NO_STORE);
  })
  .delete("/", jsonBody, admin, async (c) => {
    const { kv, now } = c.var.deps;
    // No body, or one that is not JSON, is an unconfirmed deletion like any other.
    const confirm = parseDeleteConfirmation(await readJson(c).catch(() => null));
    await deleteTeam(kv, c.var.teamId!, confirm, await actorOf(c), now());
    return c.json({ success: true }, 200, NO_STORE);
  });

/** `GET /api/v2/teams/{teamId}`: the team's public fields with its type and settings. */
export const teamRecordApi = new Hono<AppEnv>()
  .get("/", admin, async (c) => {
    const team = await getTeam(c.var.deps.kv, c.var.teamId!);
    if (!team) throw new NotFoundError("Team not found");
    return c.json({ ...publicTeam(team), teamType: team.teamType, settings: team.settings }, 200, NO_STORE);
  });
