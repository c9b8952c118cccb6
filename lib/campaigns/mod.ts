/**
 * Campaigns: what a person of a team sees on the family dashboard and how they answer, snooze
 * or dismiss it; a team admin's team-scoped polls and questions; global campaigns (teamId
 * null) through the same calls for the system administrator's console.
 */
import {
  type Campaign,
  type CampaignResponse,
  countTeamCampaigns,
  deleteCampaignResponses,
  getCampaign,
  getCampaignEntry,
  getResponseEntry,
  listCampaignsFor,
  listGlobalCampaigns,
  listResponses,
  listTeamCampaigns,
  newCampaignId,
  stageCampaignRemoval,
  stageCampaignUpdate,
  stageNewCampaign,
  stageResponse,
} from "../db/campaigns.ts";
import { beginChange, MAX_PAGE_SIZE, type Page, type PageOptions } from "../db/kv.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { unknownFieldMessage } from "../text.ts";
import {
  appliesTo,
  type CampaignFields,
  checkCampaign,
  checkResponse,
  isAnswered,
  isLive,
  isSnoozeDays,
  isVisibleTo,
  MAX_TEAM_CAMPAIGNS,
  snoozeEnd,
} from "./rules.ts";
import { CAMPAIGN_MESSAGES } from "./texts.ts";
import { type CampaignStatus, displayStatus } from "./display.ts";
import type { PollResults } from "./poll_results.ts";

export type { Campaign, CampaignResponse, CampaignType } from "../db/campaigns.ts";
export type { CampaignFields } from "./rules.ts";
export type { CampaignStatus } from "./display.ts";
export type { PollResults } from "./poll_results.ts";
export { CAMPAIGN_MESSAGES, CAMPAIGN_TEXTS, CAMPAIGN_TYPE_LABELS } from "./texts.ts";
export { CAMPAIGN_FIELDS, TEAM_CAMPAIGN_TYPES } from "./rules.ts";
export { displayStatus, localToIso } from "./display.ts";

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

// ---- Creating and managing campaigns ----

/** A new campaign: its scope (a team, or null for a global one) and its fields (checked here). */
export type CampaignInput = { teamId: string | null } & Partial<Record<keyof CampaignFields, unknown>>;

/** Audit details: a team's entry may name its campaign; a global one (outliving teams) only its type. */
const auditDetail = (campaign: Campaign, what: string) =>
  campaign.teamId === null ? `${campaign.type} ${what}` : `${campaign.type} "${campaign.title}" ${what}`;

/**
 * Creates a campaign (global when `teamId` is null) with its audit entry in one commit. The
 * fields follow SPEC.md section 5 (`checkCampaign`); `types` limits the types allowed.
 */
export async function createCampaign(
  kv: Deno.Kv,
  input: CampaignInput,
  now: Date,
  actor = "system",
  types?: readonly Campaign["type"][],
): Promise<Campaign> {
  const { teamId, ...body } = input;
  const checked = checkCampaign(body, types);
  if (!checked.ok) throw new ValidationError(checked.message, checked.fields);
  if (teamId !== null && await countTeamCampaigns(kv, teamId) >= MAX_TEAM_CAMPAIGNS) {
    throw new ConflictError(CAMPAIGN_MESSAGES.tooMany(MAX_TEAM_CAMPAIGNS));
  }
  const campaign: Campaign = {
    id: newCampaignId(now),
    ...checked.value,
    teamId,
    createdAt: now.toISOString(),
  };
  const op = stageNewCampaign(beginChange(kv), campaign);
  stageAuditEntry(op, {
    teamId,
    action: "campaign.created",
    targetId: campaign.id,
    actor,
    detail: auditDetail(campaign, "created"),
  }, now);
  if (!(await op.commit()).ok) throw new ConflictError();
  return campaign;
}

/**
 * A team admin's new campaign from the create call's body, scoped to the team. The admin page
 * offers polls and questions (`TEAM_CAMPAIGN_TYPES`); the call takes every type.
 */
export async function createTeamCampaign(
  kv: Deno.Kv,
  teamId: string,
  body: unknown,
  actor: string,
  now: Date,
): Promise<Campaign> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ValidationError(CAMPAIGN_MESSAGES.body);
  }
  if ("teamId" in body) throw new ValidationError(unknownFieldMessage("teamId"));
  return await createCampaign(kv, { ...body, teamId }, now, actor);
}

/** The campaign `campaignId` of this scope (a team, or null for global), else 404. */
async function scopedEntry(kv: Deno.Kv, scope: string | null, campaignId: string) {
  const entry = await getCampaignEntry(kv, campaignId);
  if (!entry.value || entry.value.teamId !== scope) throw new NotFoundError(CAMPAIGN_MESSAGES.notFound);
  return entry as Deno.KvEntry<Campaign>;
}

/** The PATCH body: `{ isActive: boolean }`. */
export function parseActivePatch(body: unknown): boolean {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ValidationError(CAMPAIGN_MESSAGES.isActive, { isActive: CAMPAIGN_MESSAGES.isActive });
  }
  const unknown = Object.keys(body).find((name) => name !== "isActive");
  if (unknown !== undefined) throw new ValidationError(unknownFieldMessage(unknown));
  const { isActive } = body as { isActive?: unknown };
  if (typeof isActive !== "boolean") {
    throw new ValidationError(CAMPAIGN_MESSAGES.isActive, { isActive: CAMPAIGN_MESSAGES.isActive });
  }
  return isActive;
}

/** Activates or deactivates a campaign of the scope (the display status's toggle). */
export async function setCampaignActive(
  kv: Deno.Kv,
  scope: string | null,
  campaignId: string,
  isActive: boolean,
  actor: string,
  now: Date,
): Promise<Campaign> {
  const entry = await scopedEntry(kv, scope, campaignId);
  const next: Campaign = { ...entry.value, isActive };
  const op = stageCampaignUpdate(beginChange(kv), entry, next);
  stageAuditEntry(op, {
    teamId: scope,
    action: "campaign.updated",
    targetId: campaignId,
    actor,
    detail: auditDetail(next, isActive ? "activated" : "deactivated"),
  }, now);
  if (!(await op.commit()).ok) throw new ConflictError();
  return next;
}

/**
 * Deletes a campaign of the scope and every response to it: the responses in bounded batches,
 * then the campaign with its audit entry in one commit (no response can be added after it:
 * each checks the campaign), then any response that arrived in between.
 */
export async function deleteCampaign(
  kv: Deno.Kv,
  scope: string | null,
  campaignId: string,
  actor: string,
  now: Date,
): Promise<void> {
  await scopedEntry(kv, scope, campaignId);
  await deleteCampaignResponses(kv, campaignId);
  const entry = await scopedEntry(kv, scope, campaignId);
  const op = stageCampaignRemoval(beginChange(kv), entry);
  stageAuditEntry(op, {
    teamId: scope,
    action: "campaign.deleted",
    targetId: campaignId,
    actor,
    detail: auditDetail(entry.value, "deleted"),
  }, now);
  if (!(await op.commit()).ok) throw new ConflictError();
  await deleteCampaignResponses(kv, campaignId);
}

// ---- Results ----

/** How many answered a campaign and how: response counts and a poll's tallies. */
export interface CampaignResults {
  campaignId: string;
  /** People who answered (a vote or a text). */
  answered: number;
  dismissed: number;
  /** People whose snooze has not ended (and who have not answered). */
  snoozed: number;
  /** A poll's votes per option; null for the other types. */
  poll: { option1: number; option2: number } | null;
  /** A question's answers, newest first (at most `MAX_LISTED_ANSWERS`); null for the other types. */
  answers: { text: string; respondedAt: string }[] | null;
}

export const MAX_LISTED_ANSWERS = 200;

async function resultsOf(kv: Deno.Kv, campaign: Campaign, now: Date): Promise<CampaignResults> {
  const results: CampaignResults = {
    campaignId: campaign.id,
    answered: 0,
    dismissed: 0,
    snoozed: 0,
    poll: campaign.type === "poll" ? { option1: 0, option2: 0 } : null,
    answers: campaign.type === "question" ? [] : null,
  };
  let cursor = "";
  do {
    const page = await listResponses(kv, campaign.id, { cursor, limit: MAX_PAGE_SIZE });
    for (const r of page.values) {
      if (r.pollResponse !== null || r.questionResponse !== null) results.answered++;
      else if (r.isDismissed) results.dismissed++;
      else if (!isVisibleTo(r, now)) results.snoozed++;
      if (results.poll && r.pollResponse !== null) results.poll[r.pollResponse === 1 ? "option1" : "option2"]++;
      if (results.answers && r.questionResponse !== null) {
        results.answers.push({ text: r.questionResponse, respondedAt: r.respondedAt ?? "" });
      }
    }
    cursor = page.cursor;
  } while (cursor);
  if (results.answers) {
    results.answers.sort((a, b) => b.respondedAt.localeCompare(a.respondedAt));
    results.answers = results.answers.slice(0, MAX_LISTED_ANSWERS);
  }
  return results;
}

/** `GET …/campaigns/{id}/results`: a campaign of the scope's response counts and tallies. */
export async function campaignResults(
  kv: Deno.Kv,
  scope: string | null,
  campaignId: string,
  now: Date,
): Promise<CampaignResults> {
  const entry = await scopedEntry(kv, scope, campaignId);
  return await resultsOf(kv, entry.value, now);
}

/** A campaign id as the dashboard's `?voted=` may carry it (a ULID); anything else is no poll at all. */
const CAMPAIGN_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * The results of a poll for the person who voted in it, as the family dashboard shows them after
 * the vote: each option's count and the person's own choice, never who else chose what. Null
 * (nothing to show) unless the campaign is a poll of one of the person's teams and they voted.
 */
export async function loadPollResults(kv: Deno.Kv, who: Responder, campaignId: string): Promise<PollResults | null> {
  if (who.userId === null || !CAMPAIGN_ID.test(campaignId)) return null;
  const [campaign, own] = await Promise.all([
    getCampaign(kv, campaignId),
    getResponseEntry(kv, campaignId, who.userId),
  ]);
  const choice = own.value?.pollResponse ?? null;
  if (!campaign || campaign.type !== "poll" || !appliesTo(campaign, who.teamIds) || choice === null) return null;
  const votes = [0, 0];
  let cursor = "";
  do {
    const page = await listResponses(kv, campaign.id, { cursor, limit: MAX_PAGE_SIZE });
    for (const r of page.values) if (r.pollResponse !== null) votes[r.pollResponse - 1]++;
    cursor = page.cursor;
  } while (cursor);
  return {
    campaignId: campaign.id,
    title: campaign.title,
    question: campaign.pollQuestion ?? "",
    options: [
      { label: campaign.pollOption1 ?? "", votes: votes[0] },
      { label: campaign.pollOption2 ?? "", votes: votes[1] },
    ],
    total: votes[0] + votes[1],
    choice,
  };
}

/** A campaign as the admin area lists it: with its display status. */
export type AdminCampaign = Campaign & { status: CampaignStatus };

/** One page of a scope's campaigns (a team's, or the global ones), newest first, with their status. */
export async function listScopeCampaigns(
  kv: Deno.Kv,
  scope: string | null,
  now: Date,
  options: Omit<PageOptions, "reverse"> = {},
): Promise<Page<AdminCampaign>> {
  const page = scope === null ? await listGlobalCampaigns(kv, options) : await listTeamCampaigns(kv, scope, options);
  return { values: page.values.map((c) => ({ ...c, status: displayStatus(c, now) })), cursor: page.cursor };
}

/** The admin page's list: each campaign with its status and results. */
export async function loadCampaignsPage(
  kv: Deno.Kv,
  teamId: string,
  now: Date,
  options: Omit<PageOptions, "reverse"> = {},
): Promise<Page<AdminCampaign & { results: CampaignResults }>> {
  const page = await listScopeCampaigns(kv, teamId, now, options);
  const values = await Promise.all(page.values.map(async (c) => ({ ...c, results: await resultsOf(kv, c, now) })));
  return { values, cursor: page.cursor };
}

// ---- Answering ----

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

/** Writes the person's response, re-reading when another commit got in first; 409 once answered. */
async function writeResponse(
  kv: Deno.Kv,
  campaign: Deno.KvEntry<Campaign>,
  userId: string,
  next: (previous: CampaignResponse | null) => CampaignResponse,
): Promise<CampaignResponse> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const previous = await getResponseEntry(kv, campaign.value.id, userId);
    if (previous.value && isAnswered(previous.value)) throw new ConflictError(CAMPAIGN_MESSAGES.alreadyAnswered);
    const response = next(previous.value);
    if ((await stageResponse(beginChange(kv), campaign, previous, response).commit()).ok) return response;
    const current = await getCampaignEntry(kv, campaign.value.id);
    if (current.versionstamp !== campaign.versionstamp) throw new NotFoundError(CAMPAIGN_MESSAGES.notFound);
  }
  throw new ConflictError();
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
  return await writeResponse(kv, entry, userId, () => ({
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
  return await writeResponse(kv, entry, userId, (previous) => ({
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
