/**
 * Creating and managing campaigns: a team admin's team-scoped polls and questions, and global
 * campaigns (teamId null) through the same calls for the system administrator's console; each
 * change with its audit entry in one commit.
 */
import {
  type Campaign,
  countTeamCampaigns,
  deleteCampaignResponses,
  getCampaignEntry,
  GLOBAL_CAMPAIGNS,
  listGlobalCampaigns,
  listTeamCampaigns,
  newCampaignId,
  stageCampaignRemoval,
  stageCampaignUpdate,
  stageNewCampaign,
} from "../db/campaigns.ts";
import { commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import { beginChange, type Page, type PageOptions } from "../db/kv.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { unknownFieldMessage } from "../text.ts";
import { type CampaignFields, checkCampaign, MAX_TEAM_CAMPAIGNS } from "./rules.ts";
import { CAMPAIGN_MESSAGES } from "./texts.ts";
import { type CampaignStatus, displayStatus } from "./display.ts";

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
  await commitTeamChangeOrConflict(kv, op, teamId ?? GLOBAL_CAMPAIGNS);
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
export async function scopedEntry(kv: Deno.Kv, scope: string | null, campaignId: string) {
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
  await commitTeamChangeOrConflict(kv, op, scope ?? GLOBAL_CAMPAIGNS);
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
  await commitTeamChangeOrConflict(kv, op, scope ?? GLOBAL_CAMPAIGNS);
  await deleteCampaignResponses(kv, campaignId);
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
