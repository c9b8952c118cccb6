/**
 * Reads for a person's data export (lib/accounts/export.ts): what one person has among a team's
 * records and their own. Posts, photos and essentials are keyed by team, not by person, so each is
 * found by reading the team's list page by page and keeping theirs (claims and audit entries have
 * indexes by address and subject: lib/db/claims.ts, lib/db/audit.ts).
 * Every read is bounded: a list longer than `PERSON_SCAN_LIMIT` is read that far and says so
 * (`complete: false`), rather than letting one request read a database without end.
 */
import { keys } from "./keys.ts";
import { getManyValues, listAll, MAX_PAGE_SIZE } from "./kv.ts";
import type { Campaign, CampaignResponse } from "./campaigns.ts";
import type { EssentialRecord } from "./essentials.ts";
import type { PhotoRecord } from "./gallery.ts";
import type { GuardianLink } from "./guardians.ts";
import type { PostRecord } from "./posts.ts";
import type { StoredSession } from "./sessions.ts";

/** The most records one list is read through for one person (a team's feed, gallery, audit log…). */
export const PERSON_SCAN_LIMIT = 20_000;
/** The most sessions of one person listed (sessions expire within 30 days; this is far above real use). */
export const PERSON_SESSION_LIMIT = 500;

/** The records found, and whether the whole list was read (false: it stopped at the limit). */
export interface Found<T> {
  values: T[];
  complete: boolean;
}

/** Reads `prefix` page by page, keeping what `keep` accepts, for at most `limit` records. */
async function findWhere<T>(
  kv: Deno.Kv,
  prefix: Deno.KvKey,
  keep: (value: T) => boolean,
  options: { limit?: number; reverse?: boolean } = {},
): Promise<Found<T>> {
  const limit = options.limit ?? PERSON_SCAN_LIMIT;
  const values: T[] = [];
  let read = 0;
  for await (const entry of kv.list<T>({ prefix }, { batchSize: MAX_PAGE_SIZE, reverse: options.reverse })) {
    if (read++ === limit) return { values, complete: false };
    if (keep(entry.value)) values.push(entry.value);
  }
  return { values, complete: true };
}

/** The team's posts this person wrote, oldest first. */
export async function findPostsByAuthor(kv: Deno.Kv, teamId: string, userId: string): Promise<Found<PostRecord>> {
  return await findWhere<PostRecord>(kv, keys.teamPosts(teamId), (post) => post.authorId === userId);
}

/** The team's gallery photos this person uploaded, oldest first. */
export async function findPhotosByUploader(kv: Deno.Kv, teamId: string, userId: string): Promise<Found<PhotoRecord>> {
  return await findWhere<PhotoRecord>(kv, keys.teamGalleryPhotos(teamId), (photo) => photo.uploaderId === userId);
}

/** The team's essentials this person added, oldest first. */
export async function findEssentialsByUser(
  kv: Deno.Kv,
  teamId: string,
  userId: string,
): Promise<Found<EssentialRecord>> {
  return await findWhere<EssentialRecord>(kv, keys.teamEssentials(teamId), (item) => item.userId === userId);
}

/** The team's guardian links of this person: which of its players are their children. */
export async function findGuardianLinksOf(kv: Deno.Kv, teamId: string, userId: string): Promise<GuardianLink[]> {
  // A team has at most 500 players, each with a few parents: one bounded read.
  const links = await listAll<GuardianLink>(kv, { prefix: keys.teamGuardians(teamId) });
  return links.filter((link) => link.userId === userId);
}

/** Every campaign a team's families see: the team's own and the global ones (both few). */
export async function findCampaignsOfTeam(kv: Deno.Kv, teamId: string): Promise<Found<Campaign>> {
  const [own, global] = await Promise.all([
    findWhere<Campaign>(kv, keys.teamCampaigns(teamId), () => true),
    findWhere<Campaign>(kv, keys.globalCampaigns(), () => true),
  ]);
  return { values: [...own.values, ...global.values], complete: own.complete && global.complete };
}

/** This person's answers, dismissals and snoozes of the given campaigns (read by key, no scan). */
export async function getResponsesOf(
  kv: Deno.Kv,
  campaignIds: string[],
  userId: string,
): Promise<CampaignResponse[]> {
  const found = await getManyValues<CampaignResponse>(kv, campaignIds.map((id) => keys.campaignResponse(id, userId)));
  return found.filter((response): response is CampaignResponse => response !== null);
}

/** This person's open sessions (through their index, as "end all" finds them), oldest first. */
export async function findSessionsOf(kv: Deno.Kv, userId: string): Promise<Found<StoredSession<unknown>>> {
  const ids: string[] = [];
  let complete = true;
  for await (const entry of kv.list({ prefix: keys.userSessions(userId) }, { limit: PERSON_SESSION_LIMIT + 1 })) {
    if (ids.length === PERSON_SESSION_LIMIT) {
      complete = false;
      break;
    }
    ids.push(String(entry.key[entry.key.length - 1]));
  }
  const sessions = await getManyValues<StoredSession<unknown>>(kv, ids.map((id) => keys.session(id)));
  // The index outlives a session that ended by idling out; such a session is gone.
  const values = sessions.filter((s): s is StoredSession<unknown> => s !== null).sort((a, b) =>
    a.createdAt - b.createdAt
  );
  return { values, complete };
}
