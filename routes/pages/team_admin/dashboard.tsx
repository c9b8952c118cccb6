import { Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { requireTeamRole } from "../../auth_middleware.ts";
import { renderDashboard } from "./render.tsx";

/** `GET /admin/{teamId}`: the team admin's dashboard (`/teams/{teamId}` shows it too: door.tsx). */
export const dashboardPage = new Hono<AppEnv>()
  .get("/", requireTeamRole("TEAM_ADMIN"), (c) => renderDashboard(c, "admin"));
