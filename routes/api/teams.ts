import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { canonicalTeamKey, publicTeam, resolveTeam } from "../../lib/db/teams.ts";
import { loadPublicRoster } from "../../lib/roster/mod.ts";
import { acceptClaim, parseClaimInput } from "../../lib/claims/mod.ts";
import { CLAIM_MESSAGES } from "../../lib/claims/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { clientIp, readJson } from "../http.ts";
import { respond } from "../security_headers.ts";

const TEAM_NOT_FOUND = "Team not found";

/** Public team calls: the roster, the team by slug, and claims. */
export const teamApiRoutes = new Hono<AppEnv>()
  .get("/api/teams/by-slug/:slug", async (c) => {
    const team = await resolveTeam(c.var.deps.kv, c.req.param("slug"));
    if (!team) throw new NotFoundError(TEAM_NOT_FOUND);
    return c.json(publicTeam(team));
  })
  .get("/api/teams/:teamKey/roster", async (c) => {
    const { kv, now, rosterJson } = c.var.deps;
    // Keyed by the canonical spelling (R25): a slug in any case is one cache entry.
    const key = canonicalTeamKey(c.req.param("teamKey"));
    const json = await rosterJson.getOrLoad(key, "roster", async () => {
      const roster = await loadPublicRoster(kv, key, now());
      if (!roster) return null;
      const value = JSON.stringify({ team: publicTeam(roster.team), players: roster.players });
      return { teamId: roster.team.id, revision: roster.revision, value };
    });
    if (json === null) throw new NotFoundError(TEAM_NOT_FOUND);
    return respond(c, json, 200, [["content-type", "application/json; charset=utf-8"], ["cache-control", "no-cache"]]);
  })
  .post("/api/teams/:teamKey/claims", async (c) => {
    const { kv, config, now } = c.var.deps;
    const input = parseClaimInput(await readJson(c));
    const team = await resolveTeam(kv, c.req.param("teamKey"));
    if (!team) throw new NotFoundError(TEAM_NOT_FOUND);
    const claim = await acceptClaim(kv, team, input, clientIp(c), config.appUrl, now());
    return c.json({ success: true, message: CLAIM_MESSAGES.submitted, claimId: claim.id }, 201);
  });
