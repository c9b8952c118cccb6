/**
 * Campaigns on the family side (JSON): the active list of one team for the signed-in person, and
 * their answers and snoozes. The dashboard's plain forms for the same are in
 * pages/family_dashboard/campaigns.tsx.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser, getSysadmin, requireTeamMember, teamViewer } from "../auth_middleware.ts";
import { jsonBody, pageQuery, readJson } from "../http.ts";
import { ForbiddenError, UnauthorizedError } from "../../lib/errors.ts";
import {
  CAMPAIGN_MESSAGES,
  listActiveCampaigns,
  loadPollResults,
  type Responder,
  respondToCampaign,
  snoozeCampaign,
} from "../../lib/campaigns/mod.ts";
import { NO_STORE } from "../security_headers.ts";

/** The active list's page when the call names none (the dashboard's too). */
const ACTIVE_PAGE_SIZE = 20;

/**
 * Who answers through the API (no team in the path): the signed-in person with every team
 * they belong to; a team's shared login has teams but no person; a system administrator alone
 * is not a member of any team.
 */
async function responder(c: Context<AppEnv>): Promise<Responder> {
  const user = await getSessionUser(c);
  if (user) return { userId: user.kind === "person" ? user.id : null, teamIds: Object.keys(user.roles) };
  if (await getSysadmin(c)) throw new ForbiddenError(CAMPAIGN_MESSAGES.noPerson);
  throw new UnauthorizedError();
}

/** `GET /api/teams/{teamId}/campaigns/active`: what the person has yet to answer. */
export const activeCampaignsApi = new Hono<AppEnv>()
  .get("/campaigns/active", requireTeamMember, async (c) => {
    const viewer = teamViewer(c);
    const parentId = c.req.query("parentId");
    // SPEC.md's `?parentId=` is checked against the session, never trusted.
    if (parentId && parentId !== viewer.userId) throw new ForbiddenError(CAMPAIGN_MESSAGES.notYourList);
    const { kv, now } = c.var.deps;
    const { cursor, limit = ACTIVE_PAGE_SIZE } = pageQuery(c);
    const page = await listActiveCampaigns(kv, viewer.teamId, viewer.userId, now(), { cursor, limit });
    return c.json(page, 200, NO_STORE);
  });

/** `/api/campaigns/{id}/respond` and `/snooze`: a person's answer, about a campaign of one of their teams. */
export const campaignAnswerApi = new Hono<AppEnv>()
  .post("/:id/respond", jsonBody, async (c) => {
    const who = await responder(c);
    const { kv, now } = c.var.deps;
    const response = await respondToCampaign(kv, who, c.req.param("id"), await readJson(c), now());
    // A vote is answered with the poll's results so far (counts only), which the card then shows.
    const results = response.pollResponse === null ? null : await loadPollResults(kv, who, response.campaignId);
    return c.json({ response, results }, 200, NO_STORE);
  })
  .post("/:id/snooze", jsonBody, async (c) => {
    const who = await responder(c);
    const { kv, now } = c.var.deps;
    const response = await snoozeCampaign(kv, who, c.req.param("id"), await readJson(c), now());
    return c.json({ response }, 200, NO_STORE);
  });
