/**
 * Campaigns and their responses, written and deleted only here:
 * - `["campaigns", id]`: every campaign, global (teamId null) or a team's;
 * - its scope index, a copy of the record: `["team_campaigns", teamId, id]` (swept with the
 *   team, which then removes the record and its responses, lib/db/team_deletions.ts) or
 *   `["global_campaigns", id]`;
 * - `["campaign_responses", campaignId, userId]`: one person's answer, dismissal or snooze.
 * Campaign ids are ULIDs of their creation time.
 */
import { monotonicFactory } from "ulid";
import { keys } from "./keys.ts";
import { deleteKeys } from "./commit_batches.ts";
import {
  countKeys,
  DEFAULT_PAGE_SIZE,
  INVALID_CURSOR_MESSAGE,
  listPage,
  MAX_PAGE_SIZE,
  type Page,
  type PageOptions,
} from "./kv.ts";
import { ValidationError } from "../errors.ts";

export type CampaignType = "poll" | "question" | "fun_fact" | "newsflash";

/** SPEC.md section 3's Campaign. Fields of the other types are null. */
export interface Campaign {
  id: string;
  title: string;
  type: CampaignType;
  isActive: boolean;
  isSnoozable: boolean;
  snoozeDays: number;
  /** Null for a global campaign (the system administrator's), shown to every team. */
  teamId: string | null;
  /** ISO times; null = at once / never. */
  publishAt: string | null;
  expiresAt: string | null;
  createdAt: string;
  pollQuestion: string | null;
  pollOption1: string | null;
  pollOption2: string | null;
  questionText: string | null;
  factText: string | null;
  newsText: string | null;
}

/** SPEC.md section 3's Campaign response: one record per person and campaign. */
export interface CampaignResponse {
  campaignId: string;
  /** The person's account id (the spec's name for it). */
  parentId: string;
  pollResponse: 1 | 2 | null;
  questionResponse: string | null;
  isDismissed: boolean;
  /** Hidden from the person until then (ISO); null when not snoozed. */
  snoozedUntil: string | null;
  /** When they answered or dismissed it; null while only snoozed. */
  respondedAt: string | null;
}

const monotonic = monotonicFactory();

/**
 * The revision name of what every team's family space shows alike: the system administrator's
 * global campaigns. A global campaign's change commits with `commitTeamChange(kv, op,
 * GLOBAL_CAMPAIGNS)`, and the dashboard's page cache follows it as it follows a team's revision.
 * No team id looks like it.
 */
export const GLOBAL_CAMPAIGNS = "*";

export const newCampaignId = (now: Date): string => monotonic(now.getTime());

const scopeKey = (campaign: Campaign): Deno.KvKey =>
  campaign.teamId === null ? keys.globalCampaign(campaign.id) : keys.teamCampaign(campaign.teamId, campaign.id);

export async function getCampaignEntry(kv: Deno.Kv, campaignId: string) {
  return await kv.get<Campaign>(keys.campaign(campaignId));
}

export async function getCampaign(kv: Deno.Kv, campaignId: string): Promise<Campaign | null> {
  return (await getCampaignEntry(kv, campaignId)).value;
}

/** Adds a new campaign and its scope index to `op`; the commit fails if the id is taken. */
export function stageNewCampaign(op: Deno.AtomicOperation, campaign: Campaign): Deno.AtomicOperation {
  const key = keys.campaign(campaign.id);
  return op.check({ key, versionstamp: null }).set(key, campaign).set(scopeKey(campaign), campaign);
}

/** Adds a changed campaign to `op`, checked unchanged since `entry` was read (its scope never changes). */
export function stageCampaignUpdate(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<Campaign>,
  next: Campaign,
): Deno.AtomicOperation {
  return op.check(entry).set(entry.key, next).set(scopeKey(next), next);
}

/** Adds the removal of a campaign and its index to `op` (its responses go with `deleteCampaignResponses`). */
export function stageCampaignRemoval(op: Deno.AtomicOperation, entry: Deno.KvEntry<Campaign>): Deno.AtomicOperation {
  return op.check(entry).delete(entry.key).delete(scopeKey(entry.value));
}

/** One page of a team's campaigns, newest first. */
export async function listTeamCampaigns(
  kv: Deno.Kv,
  teamId: string,
  options: Omit<PageOptions, "reverse"> = {},
): Promise<Page<Campaign>> {
  return await listPage<Campaign>(kv, { prefix: keys.teamCampaigns(teamId) }, { ...options, reverse: true });
}

/** One page of the global campaigns, newest first (the system administrator's console). */
export async function listGlobalCampaigns(
  kv: Deno.Kv,
  options: Omit<PageOptions, "reverse"> = {},
): Promise<Page<Campaign>> {
  return await listPage<Campaign>(kv, { prefix: keys.globalCampaigns() }, { ...options, reverse: true });
}

/** One page of every campaign, global and every team's, oldest first. */
export async function listAllCampaigns(kv: Deno.Kv, options: PageOptions = {}): Promise<Page<Campaign>> {
  return await listPage<Campaign>(kv, { prefix: keys.allCampaigns() }, options);
}

export async function countTeamCampaigns(kv: Deno.Kv, teamId: string): Promise<number> {
  return await countKeys(kv, keys.teamCampaigns(teamId));
}

/** What decides whether a campaign shows to one person (lib/campaigns' rules, passed in). */
export interface CampaignFilter {
  /** Whether the campaign shows at all now (active, published, not expired). */
  live: (campaign: Campaign) => boolean;
  /** Whether it shows to this person, given their response (null when they have none). */
  visible: (campaign: Campaign, response: CampaignResponse | null) => boolean;
}

/** The two lists a team's people see, in order: the team's own campaigns, then the global ones. */
const PHASES = ["t", "g"] as const;

/**
 * One page of the campaigns a person of a team sees: the team's campaigns, then the global
 * ones, each newest first, that pass `filter` (their response read only for live ones).
 * The cursor names the list it continues ("t…" or "g…") followed by KV's own cursor.
 */
export async function listCampaignsFor(
  kv: Deno.Kv,
  teamId: string,
  userId: string | null,
  filter: CampaignFilter,
  options: Omit<PageOptions, "reverse"> = {},
): Promise<Page<Campaign>> {
  const limit = Math.max(1, Math.min(options.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE));
  const cursor = options.cursor ?? "";
  const first = cursor ? PHASES.indexOf(cursor[0] as typeof PHASES[number]) : 0;
  if (first < 0) throw new ValidationError(INVALID_CURSOR_MESSAGE);
  const values: Campaign[] = [];
  for (let phase = first; phase < PHASES.length; phase++) {
    const prefix = PHASES[phase] === "t" ? keys.teamCampaigns(teamId) : keys.globalCampaigns();
    const iter = kv.list<Campaign>({ prefix }, {
      reverse: true,
      batchSize: 100,
      cursor: phase === first && cursor.length > 1 ? cursor.slice(1) : undefined,
    });
    try {
      for await (const { value: campaign } of iter) {
        if (!filter.live(campaign)) continue;
        const response = userId === null
          ? null
          : (await kv.get<CampaignResponse>(keys.campaignResponse(campaign.id, userId))).value;
        if (!filter.visible(campaign, response)) continue;
        values.push(campaign);
        if (values.length === limit) return { values, cursor: PHASES[phase] + iter.cursor };
      }
    } catch (error) {
      if (error instanceof Error && /invalid cursor/i.test(error.message)) {
        throw new ValidationError(INVALID_CURSOR_MESSAGE);
      }
      throw error;
    }
  }
  return { values, cursor: "" };
}

export async function getResponseEntry(kv: Deno.Kv, campaignId: string, userId: string) {
  return await kv.get<CampaignResponse>(keys.campaignResponse(campaignId, userId));
}

/**
 * Adds a person's response to `op`, checked against the campaign as read (a campaign deleted
 * meanwhile takes no more responses) and the person's response as read (two answers at once:
 * one commit fails).
 */
export function stageResponse(
  op: Deno.AtomicOperation,
  campaign: Deno.KvEntry<Campaign>,
  previous: Deno.KvEntryMaybe<CampaignResponse>,
  response: CampaignResponse,
): Deno.AtomicOperation {
  return op.check(campaign).check(previous).set(
    keys.campaignResponse(response.campaignId, response.parentId),
    response,
  );
}

/** One page of a campaign's responses (by person id). */
export async function listResponses(
  kv: Deno.Kv,
  campaignId: string,
  options: Omit<PageOptions, "reverse"> = {},
): Promise<Page<CampaignResponse>> {
  return await listPage<CampaignResponse>(kv, { prefix: keys.campaignResponses(campaignId) }, options);
}

/** Deletes every response to a campaign, a page of keys at a time. */
export async function deleteCampaignResponses(kv: Deno.Kv, campaignId: string): Promise<void> {
  for (;;) {
    const batch: Deno.KvKey[] = [];
    for await (const entry of kv.list({ prefix: keys.campaignResponses(campaignId) }, { limit: MAX_PAGE_SIZE })) {
      batch.push(entry.key);
    }
    if (batch.length === 0) return;
    await deleteKeys(kv, batch);
  }
}

/**
 * A team campaign's records held outside the team's prefixes, for the team's deletion: every
 * response to it, then the campaign record itself (found from its `teamCampaign` index key).
 */
export async function teamCampaignRecordKeys(kv: Deno.Kv, indexKey: Deno.KvKey): Promise<Deno.KvKey[]> {
  const campaignId = indexKey[2] as string;
  const found: Deno.KvKey[] = [];
  for await (const entry of kv.list({ prefix: keys.campaignResponses(campaignId) }, { batchSize: 500 })) {
    found.push(entry.key);
  }
  found.push(keys.campaign(campaignId));
  return found;
}
