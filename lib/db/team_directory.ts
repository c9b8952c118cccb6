/**
 * Teams in slug (alphabetical) order for the system administrator's Teams tab, read a page at
 * a time from the slug index `["teams_by_slug", slug] → id` that lib/db/teams.ts writes (no
 * index of its own): every team, or those whose slug starts with a prefix.
 */
import { keys } from "./keys.ts";
import { listPage, type Page, type PageOptions } from "./kv.ts";
import { getTeams, type Team } from "./teams.ts";

/** Above every character a slug holds (slugs are lowercase ASCII), so it closes a prefix's range. */
const AFTER_PREFIX = "\uffff";

/**
 * One page of teams whose slug starts with `prefix` ("" for every team), in slug order. The
 * cursor belongs to this prefix's list. A slug whose team is gone (a deletion under way) is
 * left out, so a page may hold fewer teams than `limit` and still have a next one.
 */
export async function listTeamsBySlugPrefix(
  kv: Deno.Kv,
  prefix: string,
  options: Omit<PageOptions, "reverse"> = {},
): Promise<Page<Team>> {
  // With "" this is the whole index: every slug sorts after "" and before AFTER_PREFIX.
  const selector = { start: keys.teamBySlug(prefix), end: keys.teamBySlug(prefix + AFTER_PREFIX) };
  const ids = await listPage<string>(kv, selector, options);
  const teams = await getTeams(kv, ids.values);
  return { values: teams.filter((t): t is Team => t !== null), cursor: ids.cursor };
}
