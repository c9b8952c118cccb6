/** Reading the team feed: a team's posts newest first, each with its author's name as it is now. */
import { listPosts, type PostRecord } from "../db/posts.ts";
import type { Page, PageOptions } from "../db/kv.ts";
import { loadMemberNames } from "../names/member_names.ts";
import type { TeamPost } from "./types.ts";

/** The feed's page when none is asked for (the dashboard and the API). */
export const FEED_PAGE_SIZE = 20;

/** Posts with their authors' names as they are now (one batch read for the page). */
export async function withAuthorNames(kv: Deno.Kv, teamId: string, posts: PostRecord[]): Promise<TeamPost[]> {
  const nameOf = await loadMemberNames(kv, teamId, posts.map((p) => p.authorId));
  return posts.map((post) => ({ ...post, authorName: nameOf(post.authorId) }));
}

/** One page of a team's posts, newest first. */
export async function listTeamPosts(kv: Deno.Kv, teamId: string, options: PageOptions = {}): Promise<Page<TeamPost>> {
  const page = await listPosts(kv, teamId, { cursor: options.cursor, limit: options.limit ?? FEED_PAGE_SIZE });
  return { values: await withAuthorNames(kv, teamId, page.values), cursor: page.cursor };
}
