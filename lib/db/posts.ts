/**
 * The team feed's posts: `["posts", teamId, postId]`, written and deleted only here. Post ids
 * are ULIDs of their creation time, so a reverse listing is newest first.
 */
import { monotonicFactory, ulid } from "ulid";
import { keys } from "./keys.ts";
import { listPage, type Page, type PageOptions } from "./kv.ts";

export type PostType = "kudos" | "news" | "advice";

/**
 * A team post as stored: SPEC.md section 3's fields but the author's name, which is read from
 * their account when shown (lib/feed's TeamPost), and, for a kudos, the player it names.
 */
export interface PostRecord {
  id: string;
  postType: PostType;
  content: string;
  /** The author's account id (null for a team's shared login): who wrote it, and may delete it. */
  authorId: string | null;
  /** A kudos may name a player of the team: their id and name as the picker showed it. */
  playerId: string | null;
  playerName: string | null;
  createdAt: string;
}

const monotonic = monotonicFactory();
let lastTime = 0;

/**
 * A new post id for a post made at `time`: strictly increasing for posts made in the same (or
 * a later) millisecond; a post dated earlier (a seeded past post) is placed at its own time.
 */
export function newPostId(time: number): string {
  if (time < lastTime) return ulid(time);
  lastTime = time;
  return monotonic(time);
}

export async function getPostEntry(kv: Deno.Kv, teamId: string, postId: string) {
  return await kv.get<PostRecord>(keys.post(teamId, postId));
}

export async function getPost(kv: Deno.Kv, teamId: string, postId: string): Promise<PostRecord | null> {
  return (await getPostEntry(kv, teamId, postId)).value;
}

/** One page of a team's posts, newest first. */
export async function listPosts(kv: Deno.Kv, teamId: string, options: PageOptions = {}): Promise<Page<PostRecord>> {
  return await listPage<PostRecord>(kv, { prefix: keys.teamPosts(teamId) }, { ...options, reverse: true });
}

/** Adds a new post to `op`; the commit fails if the id is somehow taken. */
export function stagePost(op: Deno.AtomicOperation, teamId: string, post: PostRecord): Deno.AtomicOperation {
  const key = keys.post(teamId, post.id);
  return op.check({ key, versionstamp: null }).set(key, post);
}

/**
 * Adds to `op` the removal of every kudos naming `playerId`, for a player removed with all that is
 * theirs (lib/db/player_removal.ts): a kudos praises that one child and its text names them too.
 * Reads the team's posts in batches; a post never changes once written, so none is checked.
 * Returns how many.
 */
export async function stagePlayerKudosRemovals(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  teamId: string,
  playerId: string,
): Promise<number> {
  let removed = 0;
  for await (const entry of kv.list<PostRecord>({ prefix: keys.teamPosts(teamId) }, { batchSize: 500 })) {
    if (entry.value.postType !== "kudos" || entry.value.playerId !== playerId) continue;
    op.delete(entry.key);
    removed++;
  }
  return removed;
}

/** Adds to `op` the removal of a post, checked unchanged since `entry` was read. */
export function stagePostRemoval(op: Deno.AtomicOperation, entry: Deno.KvEntry<PostRecord>): Deno.AtomicOperation {
  return op.check(entry).delete(entry.key);
}
