/**
 * The dashboard's campaign cards as plain forms, for browsers without JavaScript (the island
 * calls api/campaigns.ts): answer a campaign of this team (or a global one), or snooze it.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { requireTeamMember, teamViewer } from "../../auth_middleware.ts";
import { formBody, formText, readForm } from "../../http.ts";
import { ConflictError, ValidationError } from "../../../lib/errors.ts";
import { CAMPAIGN_MESSAGES, type Responder, respondToCampaign, snoozeCampaign } from "../../../lib/campaigns/mod.ts";
import { refusalOf } from "../../errors.ts";
import { sendFamilyDashboard } from "./dashboard.tsx";

type Ctx = Context<AppEnv>;

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
 * A refused answer: the page again with what was typed and why (422). A campaign the person
 * already answered (in another tab) needs nothing more: back to the dashboard, with the poll's
 * results when it was their vote.
 */
async function sendRefusedAnswer(c: Ctx, error: unknown, values: Record<string, string>) {
  const refused = refusalOf(error, ValidationError, ConflictError);
  const campaignId = c.req.param("campaignId") ?? "";
  if (refused.error instanceof ConflictError && refused.message === CAMPAIGN_MESSAGES.alreadyAnswered) {
    return backToDashboard(c, campaignId);
  }
  return await sendFamilyDashboard(c, { campaign: { campaignId, values, errors: refused.fieldsOr("form") } }, 422);
}

/** A form's number field as the call takes it ("2" → 2); anything else is passed on, to be refused. */
const numberOrText = (value: string) => /^\d{1,3}$/.test(value) ? Number(value) : value;

/** `/family-dashboard/{teamId}/campaigns/{campaignId}/respond` and `…/snooze`. */
export const campaignForms = new Hono<AppEnv>()
  .post("/campaigns/:campaignId/respond", formBody, requireTeamMember, async (c) => {
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
      return await sendRefusedAnswer(c, error, values);
    }
    return backToDashboard(c, response.pollResponse === null ? undefined : response.campaignId);
  })
  .post("/campaigns/:campaignId/snooze", formBody, requireTeamMember, async (c) => {
    const form = await readForm(c);
    const { kv, now } = c.var.deps;
    const body = { snoozeDays: numberOrText(formText(form, "snoozeDays")) };
    try {
      await snoozeCampaign(kv, dashboardResponder(c), c.req.param("campaignId"), body, now());
    } catch (error) {
      return await sendRefusedAnswer(c, error, {});
    }
    return backToDashboard(c);
  });
