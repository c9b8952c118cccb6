/**
 * The Essentials (SPEC.md section 2): a team's recommended items, listed newest first and
 * grouped by category on the page; any person of the team adds one, its adder or a team admin
 * removes it.
 */
import { beginChange, type Page, type PageOptions } from "../db/kv.ts";
import { retryOnConflict } from "../db/change.ts";
import { commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import {
  type EssentialRecord,
  getEssentialEntry,
  listEssentials,
  newEssentialId,
  stageEssential,
  stageEssentialRemoval,
} from "../db/essentials.ts";
import { consumeRateLimits } from "../db/rate_limits.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { canWrite, type TeamViewer } from "../team_viewer.ts";
import { loadMemberNames } from "../names/member_names.ts";
import type { Language } from "../i18n/languages.ts";
import { checkEssential, ESSENTIAL_MESSAGES } from "./rules.ts";
import type { EssentialItem } from "./types.ts";

/** The page the API answers when no limit is asked for. */
export const ESSENTIALS_PAGE_SIZE = 50;
/** A person may add at most this many items an hour (a script cannot flood the list). */
export const ESSENTIALS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;

/** Items with their adders' names as they are now, a name not their own in `lang` (one batch read for the page). */
async function withAdderNames(
  kv: Deno.Kv,
  teamId: string,
  items: EssentialRecord[],
  lang?: Language,
): Promise<EssentialItem[]> {
  const nameOf = await loadMemberNames(kv, teamId, items.map((i) => i.userId), lang);
  return items.map((item) => ({ ...item, userName: nameOf(item.userId) }));
}

/** One page of a team's essentials, newest first. */
export async function listTeamEssentials(
  kv: Deno.Kv,
  teamId: string,
  options: PageOptions & { lang?: Language } = {},
): Promise<Page<EssentialItem>> {
  const limit = options.limit ?? ESSENTIALS_PAGE_SIZE;
  const page = await listEssentials(kv, teamId, { cursor: options.cursor, limit });
  return { values: await withAdderNames(kv, teamId, page.values, options.lang), cursor: page.cursor };
}

/** Who adds an item: their account id (null for a team's shared login); their name is read when shown. */
export interface EssentialAdder {
  userId: string | null;
  /** The language the item comes back in, for a name not their own (the adder's). */
  language?: Language;
}

/**
 * Adds an item the way the rules say (the demo seed uses it too): throws ValidationError with
 * SPEC.md's message for a missing field, a subcategory of another category, a bad link or a
 * text over its bound. `beforeCommit` runs once the item passed its checks (the rate limit).
 */
export async function addEssential(
  kv: Deno.Kv,
  teamId: string,
  adder: EssentialAdder,
  input: unknown,
  now: Date,
  beforeCommit?: () => Promise<void>,
): Promise<EssentialItem> {
  const checked = checkEssential(input);
  if (!checked.ok) throw new ValidationError(checked.message, checked.fields);
  await beforeCommit?.();
  return await retryOnConflict(async () => {
    const item: EssentialRecord = {
      id: newEssentialId(now.getTime()),
      ...checked.value,
      userId: adder.userId,
      createdAt: now.toISOString(),
    };
    await commitTeamChangeOrConflict(kv, stageEssential(beginChange(kv), teamId, item), teamId);
    return (await withAdderNames(kv, teamId, [item], adder.language))[0];
  }, { attempts: 3 });
}

/**
 * The viewer adds an item to their team's essentials: a system administrator may only read;
 * the item is checked before it counts against the person's hourly limit (429 beyond it).
 */
export async function addEssentialAsViewer(
  kv: Deno.Kv,
  viewer: TeamViewer,
  input: unknown,
  now: Date,
): Promise<EssentialItem> {
  if (!canWrite(viewer)) throw new ForbiddenError(ESSENTIAL_MESSAGES.readOnly);
  const subject = viewer.userId ?? `team-login:${viewer.teamId}`;
  return await addEssential(
    kv,
    viewer.teamId,
    { userId: viewer.userId, language: viewer.language },
    input,
    now,
    () =>
      consumeRateLimits(
        kv,
        [{ bucket: "essentials-person", subject, limit: ESSENTIALS_PER_HOUR, windowMs: HOUR_MS }],
        ESSENTIAL_MESSAGES.rateLimited,
        now.getTime(),
      ),
  );
}

/** Whether the viewer may remove an item: its adder, or a team admin (never a read-only viewer). */
export const canRemoveEssential = (viewer: TeamViewer, item: Pick<EssentialItem, "userId">): boolean =>
  canWrite(viewer) && (viewer.isAdmin || (viewer.userId !== null && item.userId === viewer.userId));

/** Removes an item: 404 when it is not in the viewer's team, 403 unless they added it or administer the team. */
export async function removeEssential(kv: Deno.Kv, viewer: TeamViewer, itemId: string): Promise<void> {
  await retryOnConflict(async () => {
    const entry = await getEssentialEntry(kv, viewer.teamId, itemId);
    if (!entry.value) throw new NotFoundError(ESSENTIAL_MESSAGES.notFound);
    if (!canRemoveEssential(viewer, entry.value)) throw new ForbiddenError(ESSENTIAL_MESSAGES.notYours);
    const removal = stageEssentialRemoval(beginChange(kv), entry as Deno.KvEntry<EssentialRecord>);
    await commitTeamChangeOrConflict(kv, removal, viewer.teamId);
  }, { attempts: 3 });
}
