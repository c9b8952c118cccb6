/** Reading the team feed: a team's posts newest first, each with its author's name as it is now. */
import { listPosts, type PostRecord } from "../db/posts.ts";
import type { Page, PageOptions } from "../db/kv.ts";
import { getPlayers } from "../db/players.ts";
import { loadMemberNames } from "../names/member_names.ts";
import type { TeamPost } from "./types.ts";
import { messagesFor } from "../i18n/catalog.ts";
import type { Language } from "../i18n/languages.ts";

/** The feed's page when none is asked for (the dashboard and the API). */
export const FEED_PAGE_SIZE = 20;

/**
 * What a kudos says instead of the name of a player who is no longer on the team (in English in
 * the API; a page shows the catalogue's `feed.formerPlayer` in its language).
 */
export const FORMER_PLAYER = messagesFor("en").feed.formerPlayer;

/**
 * The players named by `posts` that are still on the team. Removing a player removes the kudos
 * naming them (lib/db/player_removal.ts); one posted in the instant of the removal, or kept from
 * before that rule, must still not name a child whose parent had them removed.
 */
async function playersStillOnTeam(kv: Deno.Kv, teamId: string, posts: PostRecord[]): Promise<Set<string>> {
  const named = [...new Set(posts.flatMap((p) => p.playerId ? [p.playerId] : []))];
  if (named.length === 0) return new Set();
  const players = await getPlayers(kv, teamId, named);
  return new Set(named.filter((_, i) => players[i] !== null));
}

/**
 * Posts with their authors' names as they are now (a name not their own in `lang`, the reader's),
 * and without the name of a player who left (two batch reads).
 */
export async function withAuthorNames(
  kv: Deno.Kv,
  teamId: string,
  posts: PostRecord[],
  lang?: Language,
): Promise<TeamPost[]> {
  const [nameOf, onTeam] = await Promise.all([
    loadMemberNames(kv, teamId, posts.map((p) => p.authorId), lang),
    playersStillOnTeam(kv, teamId, posts),
  ]);
  return posts.map((post) => {
    const gone = post.playerId !== null && !onTeam.has(post.playerId);
    const named = gone ? { playerId: null, playerName: FORMER_PLAYER } : {};
    return { ...post, ...named, authorName: nameOf(post.authorId) };
  });
}

/** One page of a team's posts, newest first. */
export async function listTeamPosts(
  kv: Deno.Kv,
  teamId: string,
  options: PageOptions & { lang?: Language } = {},
): Promise<Page<TeamPost>> {
  const page = await listPosts(kv, teamId, { cursor: options.cursor, limit: options.limit ?? FEED_PAGE_SIZE });
  return { values: await withAuthorNames(kv, teamId, page.values, options.lang), cursor: page.cursor };
}
