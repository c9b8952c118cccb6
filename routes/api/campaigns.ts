/**
 * Campaigns on the family side: the active list of one team for the signed-in person, their
 * answers and snoozes (JSON), and the dashboard's plain forms for the same (no JavaScript).
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser, getSysadmin, requireTeamMember, teamViewer } from "../auth_middleware.ts";
import { formText, pageQuery, readForm, readJson } from "../http.ts";
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from "../../lib/errors.ts";
import {
  CAMPAIGN_MESSAGES,
  listActiveCampaigns,
  loadPollResults,
  type Responder,
  respondToCampaign,
  snoozeCampaign,
} from "../../lib/campaigns/mod.ts";
import { sendFamilyDashboard } from "../pages/family_dashboard.tsx";

type Ctx = Context<AppEnv>;

/** A person's own list and answers: never stored by a browser or proxy cache. */
const NO_STORE = { "Cache-Control": "no-store" };
/** The active list's page when the call names none (the dashboard's too). */
const ACTIVE_PAGE_SIZE = 20;

/**
 * Who answers through the API (no team in the path): the signed-in person with every team
 * they belong to; a team's shared login has teams but no person; a system administrator alone
 * is not a member of any team.
 */
async function responder(c: Ctx): Promise<Responder> {
  const user = await getSessionUser(c);
  if (user) return { userId: user.kind === "person" ? user.id : null, teamIds: Object.keys(user.roles) };
  if (await getSysadmin(c)) throw new ForbiddenError(CAMPAIGN_MESSAGES.noPerson);
  throw new UnauthorizedError();
}

/** The dashboard's own team for its forms: the campaign must be this team's or global. */
function dashboardResponder(c: Ctx): Responder {
  const viewer = teamViewer(c);
  return { userId: viewer.userId, teamIds: [viewer.teamId] };
}

/** Back to the dashboard's campaigns; after a vote, `?voted=` has the page show its results. */
const backToDashboard = (c: Ctx, votedIn?: string) =>
  c.redirect(
    `/family-dashboard/${encodeURIComponent(teamViewer(c).teamId)}${
      votedIn ? `?voted=${encodeURIComponent(votedIn)}` : ""
    }#campaigns`,
    303,
  );

/**
 * A refused dashboard form: the page again with what was typed and why (422). A campaign the
 * person already answered (in another tab) needs nothing more: back to the dashboard, with the
 * poll's results when it was their vote.
 */
async function refusedForm(c: Ctx, error: unknown, values: Record<string, string>) {
  if (error instanceof ConflictError && error.message === CAMPAIGN_MESSAGES.alreadyAnswered) {
    return backToDashboard(c, c.req.param("campaignId"));
  }
  if (!(error instanceof ValidationError || error instanceof ConflictError)) throw error;
  const fields = error instanceof ValidationError ? error.fields : {};
  const errors = Object.keys(fields).length > 0 ? fields : { form: error.message };
  return await sendFamilyDashboard(c, { campaign: { campaignId: c.req.param("campaignId")!, values, errors } }, 422);
}

/** A form's number field as the call takes it ("2" → 2); anything else is passed on, to be refused. */
const numberOrText = (value: string) => /^\d{1,3}$/.test(value) ? Number(value) : value;

export const campaignRoutes = new Hono<AppEnv>()
  .get("/api/teams/:teamId/campaigns/active", requireTeamMember, async (c) => {
    const viewer = teamViewer(c);
    const parentId = c.req.query("parentId");
    // SPEC.md's `?parentId=` is checked against the session, never trusted.
    if (parentId && parentId !== viewer.userId) throw new ForbiddenError(CAMPAIGN_MESSAGES.notYourList);
    const { kv, now } = c.var.deps;
    const { cursor, limit = ACTIVE_PAGE_SIZE } = pageQuery(c);
    const page = await listActiveCampaigns(kv, viewer.teamId, viewer.userId, now(), { cursor, limit });
    return c.json(page, 200, NO_STORE);
  })
  .post("/api/campaigns/:id/respond", async (c) => {
    const who = await responder(c);
    const { kv, now } = c.var.deps;
    const response = await respondToCampaign(kv, who, c.req.param("id"), await readJson(c), now());
    // A vote is answered with the poll's results so far (counts only), which the card then shows.
    const results = response.pollResponse === null ? null : await loadPollResults(kv, who, response.campaignId);
    return c.json({ response, results }, 200, NO_STORE);
  })
  .post("/api/campaigns/:id/snooze", async (c) => {
    const who = await responder(c);
    const { kv, now } = c.var.deps;
    const response = await snoozeCampaign(kv, who, c.req.param("id"), await readJson(c), now());
    return c.json({ response }, 200, NO_STORE);
  })
  // The dashboard's campaign cards as plain forms (the island calls the API above).
  .post("/family-dashboard/:teamId/campaigns/:campaignId/respond", requireTeamMember, async (c) => {
    const form = await readForm(c);
    const values: Record<string, string> = {};
    const body: Record<string, unknown> = {};
    if ("pollResponse" in form) body.pollResponse = numberOrText(formText(form, "pollResponse"));
    if ("questionResponse" in form) {
      body.questionResponse = values.questionResponse = formText(form, "questionResponse");
    }
    if ("isDismissed" in form) {
      body.isDismissed = formText(form, "isDismissed") === "true" || formText(form, "isDismissed");
    }
    const { kv, now } = c.var.deps;
    let response;
    try {
      response = await respondToCampaign(kv, dashboardResponder(c), c.req.param("campaignId"), body, now());
    } catch (error) {
      return await refusedForm(c, error, values);
    }
    return backToDashboard(c, response.pollResponse === null ? undefined : response.campaignId);
  })
  .post("/family-dashboard/:teamId/campaigns/:campaignId/snooze", requireTeamMember, async (c) => {
    const form = await readForm(c);
    const { kv, now } = c.var.deps;
    const body = { snoozeDays: numberOrText(formText(form, "snoozeDays")) };
    try {
      await snoozeCampaign(kv, dashboardResponder(c), c.req.param("campaignId"), body, now());
    } catch (error) {
      return await refusedForm(c, error, {});
    }
    return backToDashboard(c);
  });
