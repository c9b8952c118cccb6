/** A team's invite link: the admin's view (`GET …/join-link`) and Generate New (`POST`). */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { actorOf, requireTeamRole } from "../../auth_middleware.ts";
import { currentJoinLink, regenerateJoinLink } from "../../../lib/join/mod.ts";
import { jsonBody } from "../../http.ts";
import { NO_STORE } from "../../security_headers.ts";

const admin = requireTeamRole("TEAM_ADMIN");

async function readLink(c: Context<AppEnv>) {
  const { kv, config, now } = c.var.deps;
  return c.json(await currentJoinLink(kv, c.var.teamId!, await actorOf(c), config.appUrl, now()), 200, NO_STORE);
}

/** `GET …/join-link`, under both of the spec's prefixes. */
export const joinLinkReadApi = new Hono<AppEnv>()
  .get("/join-link", admin, readLink);

/** `POST /api/teams/{teamId}/join-link`: a new link; the old one stops working. */
export const joinLinkApi = new Hono<AppEnv>()
  .post("/join-link", jsonBody, admin, async (c) => {
    const { kv, config, now } = c.var.deps;
    const link = await regenerateJoinLink(kv, c.var.teamId!, await actorOf(c), config.appUrl, now());
    return c.json(link, 201, NO_STORE);
  });
