import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser, getSysadmin, requireTeamMember, teamViewer, teamViewerFor } from "../auth_middleware.ts";
import { pageQuery } from "../http.ts";
import {
  FAMILY_TEXTS,
  familyTeamId,
  getPublicTeam,
  listFamilyMembers,
  listTeamFamilies,
  listTeamParents,
  listTeamPlayers,
} from "../../lib/families/mod.ts";
import { resolveTeamId } from "../../lib/db/teams.ts";
import { NotFoundError, UnauthorizedError } from "../../lib/errors.ts";
import { NO_STORE } from "../security_headers.ts";

type Ctx = Context<AppEnv>;

/** The caller as a reader of `teamId` (a member, or a system administrator), else null. */
const viewerOfTeam = (c: Ctx, teamId: string) => teamViewerFor(c, teamId, { sysadminReads: true });

/** The path's team (id or slug), or 404. */
async function teamOf(c: Ctx): Promise<string> {
  const teamId = await resolveTeamId(c.var.deps.kv, c.req.param("teamId") ?? "");
  if (!teamId) throw new NotFoundError(FAMILY_TEXTS.teamNotFound);
  return teamId;
}

/**
 * `/api/public`: SPEC.md section 7's family dashboard reads (what they answer depends on who
 * asks). `/teams/:teamId` and `/players` are public in
 * the public roster's measure (more for a person of the team); `/parents`, `/families` need a
 * session of the team; `/families/:familyId/members` a session of the family's team (anyone
 * else, signed in, learns nothing: 404 whether the family exists or not).
 */
export const familyApi = new Hono<AppEnv>()
  .get("/teams/:teamId", async (c) => {
    return c.json(await getPublicTeam(c.var.deps.kv, c.req.param("teamId")), 200, NO_STORE);
  })
  .get("/teams/:teamId/players", async (c) => {
    const { kv, now } = c.var.deps;
    const paging = pageQuery(c);
    const teamId = await teamOf(c);
    const page = await listTeamPlayers(kv, teamId, await viewerOfTeam(c, teamId), paging, now());
    return c.json(page, 200, NO_STORE);
  })
  .get("/teams/:teamId/parents", requireTeamMember, async (c) => {
    const { kv, now } = c.var.deps;
    return c.json(await listTeamParents(kv, teamViewer(c), pageQuery(c), now()), 200, NO_STORE);
  })
  .get("/teams/:teamId/families", requireTeamMember, async (c) => {
    return c.json(await listTeamFamilies(c.var.deps.kv, teamViewer(c), pageQuery(c)), 200, NO_STORE);
  })
  .get("/families/:familyId/members", async (c) => {
    const { kv, now } = c.var.deps;
    const [user, sysadmin] = await Promise.all([getSessionUser(c), getSysadmin(c)]);
    if (!user && !sysadmin) throw new UnauthorizedError();
    const familyId = c.req.param("familyId");
    const teamId = familyTeamId(familyId);
    const viewer = teamId ? await viewerOfTeam(c, teamId) : null;
    if (!viewer) throw new NotFoundError(FAMILY_TEXTS.familyNotFound);
    const paging = pageQuery(c);
    return c.json(await listFamilyMembers(kv, viewer, familyId, paging, now()), 200, NO_STORE);
  });
