/**
 * `POST /api/teams/{teamId}/leave`: the signed-in parent, player or co-admin leaves the team
 * (lib/teams/membership_removal.ts). Only the person themselves: a system administrator may read
 * a team's family space but not act in it, and a team's shared login is refused.
 */
import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser, requireTeamMember, teamViewer } from "../auth_middleware.ts";
import { leaveTeam, MEMBERSHIP_MESSAGES } from "../../lib/teams/mod.ts";
import { jsonBody } from "../http.ts";
import { NO_STORE } from "../security_headers.ts";

export const leaveTeamApi = new Hono<AppEnv>()
  .post("/leave", jsonBody, requireTeamMember, async (c) => {
    const { kv, now } = c.var.deps;
    const viewer = teamViewer(c);
    const user = await getSessionUser(c);
    // The person acts for themselves, whatever other session the browser holds (not `actorOf`).
    const person = { userId: viewer.userId, actor: user?.email ?? "anonymous" };
    const left = await leaveTeam(kv, viewer.teamId, person, now());
    return c.json(
      { success: true, message: MEMBERSHIP_MESSAGES.left(left.team.name), teamId: left.team.id },
      200,
      NO_STORE,
    );
  });
