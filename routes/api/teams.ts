/** The public team calls: the team by slug, its roster, and a claim from the roster. */
import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { canonicalTeamKey, publicTeam, resolveTeam } from "../../lib/db/teams.ts";
import { loadPublicRoster } from "../../lib/roster/mod.ts";
import { acceptClaim, CLAIM_MESSAGES, parseClaimInput } from "../../lib/claims/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { clientIp, jsonBody, readJson } from "../http.ts";
import { requestLanguage } from "../language.ts";
import { respond } from "../security_headers.ts";
import { shareWithEveryone } from "../fast_path.ts";

/** In English as lib writes refusals; the answer carries it in the request's language (routes/language.ts). */
const TEAM_NOT_FOUND = messagesFor("en").roster.teamNotFound;

/** `/api/teams/by-slug/{slug}`: the team's public fields. */
export const teamBySlugApi = new Hono<AppEnv>()
  .get("/:slug", async (c) => {
    const team = await resolveTeam(c.var.deps.kv, c.req.param("slug"));
    if (!team) throw new NotFoundError(TEAM_NOT_FOUND);
    return c.json(publicTeam(team));
  });

/** `/api/teams/{teamKey}` (its id or slug): the public roster, and a parent's claim of a player on it. */
export const publicTeamApi = new Hono<AppEnv>()
  .get("/roster", async (c) => {
    const { kv, now, rosterJson } = c.var.deps;
    // Keyed by the canonical spelling (R25): a slug in any case is one cache entry.
    const spelled = c.req.param("teamKey") ?? "";
    const key = canonicalTeamKey(spelled);
    const json = await rosterJson.getOrLoadEntry(key, "roster", async () => {
      const roster = await loadPublicRoster(kv, key, now());
      if (!roster) return null;
      const value = JSON.stringify({ team: publicTeam(roster.team), players: roster.players });
      return { teamId: roster.team.id, revision: roster.revision, value };
    });
    if (json === null) throw new NotFoundError(TEAM_NOT_FOUND);
    // Kept whole only under its one spelling, so other spellings add nothing to that cache.
    if (spelled === key) shareWithEveryone(c, json);
    return respond(c, json.value, 200, [
      ["content-type", "application/json; charset=utf-8"],
      ["cache-control", "no-cache"],
    ]);
  })
  .post("/claims", jsonBody, async (c) => {
    const { kv, config, now } = c.var.deps;
    const input = parseClaimInput(await readJson(c));
    const team = await resolveTeam(kv, c.req.param("teamKey") ?? "");
    if (!team) throw new NotFoundError(TEAM_NOT_FOUND);
    const claim = await acceptClaim(kv, team, input, clientIp(c), config.appUrl, now(), await requestLanguage(c));
    return c.json({ success: true, message: CLAIM_MESSAGES.submitted, claimId: claim.id }, 201);
  });
