/**
 * Campaigns as a person of a team meets them on the family dashboard: the live ones not yet
 * answered, dismissed or snoozed, and answering, dismissing or snoozing one (once per person).
 */
import {
  type Campaign,
  type CampaignResponse,
  getCampaignEntry,
  getResponseEntry,
  listCampaignsFor,
  stageResponse,
} from "../db/campaigns.ts";
import { CommitConflictError, retryOnConflict } from "../db/change.ts";
import { commitTeamChange } from "../db/team_revisions.ts";
import { beginChange, type Page, type PageOptions } from "../db/kv.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { unknownFieldMessage } from "../text.ts";
import { appliesTo, checkResponse, isAnswered, isLive, isSnoozeDays, isVisibleTo, snoozeEnd } from "./rules.ts";
import { CAMPAIGN_MESSAGES } from "./texts.ts";

/** What the dashboard and `GET /api/teams/{teamId}/campaigns/active` list: the campaign as stored. */
export type ActiveCampaign = Campaign;

/**
 * One page of the campaigns live now for one person of a team: the team's own and the global
 * ones, without those they answered, dismissed or snoozed (until the snooze ends). With no
 * person (a system administrator, a team's shared login), every live one.
 */
export async function listActiveCampaigns(
  kv: Deno.Kv,
  teamId: string,
  userId: string | null,
  now: Date,
  options: Omit<PageOptions, "reverse"> = {},
): Promise<Page<ActiveCampaign>> {
  return await listCampaignsFor(kv, teamId, userId, {
    live: (campaign) => isLive(campaign, now),
    visible: (_campaign, response) => isVisibleTo(response, now),
  }, options);
}

/** Who answers: their account id (null for a team's shared login or a system administrator) and teams. */
export interface Responder {
  userId: string | null;
  /** The teams that make a campaign theirs: every team of the person, or the dashboard's team. */
  teamIds: readonly string[];
}

/**
 * The campaign and its responder's checks every answer shares: it exists and applies to one of
 * their teams (else 404, so a person of another team learns nothing), the `parentId` a body
 * names is the person's own (else 403), and it is live.
 */
async function answerable(kv: Deno.Kv, who: Responder, campaignId: string, body: unknown, now: Date) {
  const entry = await getCampaignEntry(kv, campaignId);
  if (!entry.value || !appliesTo(entry.value, who.teamIds)) throw new NotFoundError(CAMPAIGN_MESSAGES.notFound);
  if (who.userId === null) throw new ForbiddenError(CAMPAIGN_MESSAGES.noPerson);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ValidationError(CAMPAIGN_MESSAGES.body);
  }
  const fields = body as Record<string, unknown>;
  if (fields.parentId !== undefined && fields.parentId !== who.userId) {
    throw new ForbiddenError(CAMPAIGN_MESSAGES.notYou);
  }
  if (!isLive(entry.value, now)) throw new NotFoundError(CAMPAIGN_MESSAGES.notLive);
  return { entry: entry as Deno.KvEntry<Campaign>, userId: who.userId, fields };
}

/**
 * Writes the person's response, re-reading when another commit got in first; 409 once answered.
 * It changes what their dashboard shows: a team campaign's team, or for a global one the teams
 * the person answers in, get a new revision in the same commit.
 */
async function writeResponse(
  kv: Deno.Kv,
  campaign: Deno.KvEntry<Campaign>,
  who: Responder,
  userId: string,
  next: (previous: CampaignResponse | null) => CampaignResponse,
): Promise<CampaignResponse> {
  return await retryOnConflict(async () => {
    const previous = await getResponseEntry(kv, campaign.value.id, userId);
    if (previous.value && isAnswered(previous.value)) throw new ConflictError(CAMPAIGN_MESSAGES.alreadyAnswered);
    const response = next(previous.value);
    const op = stageResponse(beginChange(kv), campaign, previous, response);
    const teamIds = campaign.value.teamId === null ? [...who.teamIds] : campaign.value.teamId;
    if ((await commitTeamChange(kv, op, teamIds)).ok) return response;
    // Lost to another writer: when the campaign itself changed (deleted or toggled), it is gone for this answer.
    const current = await getCampaignEntry(kv, campaign.value.id);
    if (current.versionstamp !== campaign.versionstamp) throw new NotFoundError(CAMPAIGN_MESSAGES.notFound);
    throw new CommitConflictError();
  }, { attempts: 5 });
}

/**
 * `POST /api/campaigns/{id}/respond`: a vote (polls), a written answer (questions) or a
 * dismissal (any type), once per person and campaign, whichever team they see it in.
 */
export async function respondToCampaign(
  kv: Deno.Kv,
  who: Responder,
  campaignId: string,
  body: unknown,
  now: Date,
): Promise<CampaignResponse> {
  const { entry, userId, fields } = await answerable(kv, who, campaignId, body, now);
  const checked = checkResponse(entry.value, fields);
  if (!checked.ok) throw new ValidationError(checked.message, checked.fields);
  const action = checked.value;
  return await writeResponse(kv, entry, who, userId, () => ({
    campaignId,
    parentId: userId,
    pollResponse: action.kind === "vote" ? action.pollResponse : null,
    questionResponse: action.kind === "answer" ? action.questionResponse : null,
    isDismissed: action.kind === "dismiss",
    snoozedUntil: null,
    respondedAt: now.toISOString(),
  }));
}

export const SNOOZE_FIELDS = ["parentId", "snoozeDays"] as const;

/** `POST /api/campaigns/{id}/snooze`: hides a snoozable campaign from the person for 1, 3, 7 or 14 days. */
export async function snoozeCampaign(
  kv: Deno.Kv,
  who: Responder,
  campaignId: string,
  body: unknown,
  now: Date,
): Promise<CampaignResponse> {
  const { entry, userId, fields } = await answerable(kv, who, campaignId, body, now);
  const unknown = Object.keys(fields).find((name) => !(SNOOZE_FIELDS as readonly string[]).includes(name));
  if (unknown !== undefined) throw new ValidationError(unknownFieldMessage(unknown));
  if (!entry.value.isSnoozable) throw new ValidationError(CAMPAIGN_MESSAGES.notSnoozable);
  const days = fields.snoozeDays;
  if (!isSnoozeDays(days)) {
    throw new ValidationError(CAMPAIGN_MESSAGES.snoozeDays, { snoozeDays: CAMPAIGN_MESSAGES.snoozeDays });
  }
  return await writeResponse(kv, entry, who, userId, (previous) => ({
    campaignId,
    parentId: userId,
    pollResponse: null,
    questionResponse: null,
    isDismissed: false,
    ...previous,
    snoozedUntil: snoozeEnd(now, days),
    respondedAt: null,
  }));
}
