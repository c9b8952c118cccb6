/**
 * The team feed (SPEC.md section 2 'Team Feed'): listing a team's posts newest first, posting
 * kudos, news and advice, and deleting (the author their own, a team admin any).
 */
import { beginChange, type Page, type PageOptions } from "../db/kv.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { getPlayerEntry } from "../db/players.ts";
import { getPostEntry, listPosts, newPostId, type PostRecord, stagePost, stagePostRemoval } from "../db/posts.ts";
import { consumeRateLimits } from "../db/rate_limits.ts";
import { recordPostActivity } from "../db/team_activity.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { canWrite, type TeamViewer } from "../team_viewer.ts";
import { loadMemberNames } from "../names/member_names.ts";
import { checkPost, kudosPlayerName, mayDeletePost, POST_MESSAGES } from "./rules.ts";
import type { TeamPost } from "./types.ts";

export type { KudosPlayer, PostType, TeamPost } from "./types.ts";
export { kudosPlayerName, POST_MAX_LENGTH, POST_TYPES } from "./rules.ts";

/** The feed's page when none is asked for (the dashboard and the API). */
export const FEED_PAGE_SIZE = 20;

/** A person may post at most this many times an hour (a script cannot flood the feed). */
export const POSTS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;

/** Posts with their authors' names as they are now (one batch read for the page). */
async function withAuthorNames(kv: Deno.Kv, teamId: string, posts: PostRecord[]): Promise<TeamPost[]> {
  const nameOf = await loadMemberNames(kv, teamId, posts.map((p) => p.authorId));
  return posts.map((post) => ({ ...post, authorName: nameOf(post.authorId) }));
}

/** One page of a team's posts, newest first. */
export async function listTeamPosts(kv: Deno.Kv, teamId: string, options: PageOptions = {}): Promise<Page<TeamPost>> {
  const page = await listPosts(kv, teamId, { cursor: options.cursor, limit: options.limit ?? FEED_PAGE_SIZE });
  return { values: await withAuthorNames(kv, teamId, page.values), cursor: page.cursor };
}

/** Who writes a post: their account id (null for a team's shared login); their name is read when shown. */
export interface PostAuthor {
  userId: string | null;
}

/** What a caller sends: checked here (type, text, and for a kudos an optional player). */
export interface PostRequest {
  postType?: unknown;
  content?: unknown;
  playerId?: unknown;
}

/** Checks a post and reads the player it names; the second value is checked again at commit. */
async function preparePost(kv: Deno.Kv, teamId: string, author: PostAuthor, input: PostRequest, now: Date) {
  const checked = checkPost(input);
  if (!checked.ok) throw new ValidationError(checked.message, checked.fields);
  const { postType, content, playerId } = checked.value;
  const playerEntry = playerId ? await getPlayerEntry(kv, teamId, playerId) : null;
  if (playerEntry && !playerEntry.value) {
    throw new ValidationError(POST_MESSAGES.player, { playerId: POST_MESSAGES.player });
  }
  const post: PostRecord = {
    id: newPostId(now.getTime()),
    postType,
    content,
    authorId: author.userId,
    playerId: playerEntry?.value ? playerEntry.value.id : null,
    playerName: playerEntry?.value ? kudosPlayerName(playerEntry.value) : null,
    createdAt: now.toISOString(),
  };
  return { post, playerEntry };
}

type Prepared = Awaited<ReturnType<typeof preparePost>>;

/** Commits a prepared post; false when the player it names changed in the meantime. */
async function commitPost(kv: Deno.Kv, teamId: string, { post, playerEntry }: Prepared): Promise<boolean> {
  const op = stagePost(beginChange(kv), teamId, post);
  if (playerEntry) op.check(playerEntry);
  return (await op.commit()).ok;
}

async function addPost(
  kv: Deno.Kv,
  teamId: string,
  author: PostAuthor,
  input: PostRequest,
  now: Date,
  beforeCommit?: () => Promise<void>,
): Promise<TeamPost> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const prepared = await preparePost(kv, teamId, author, input, now);
    if (attempt === 0) await beforeCommit?.();
    if (await commitPost(kv, teamId, prepared)) {
      await recordPostActivity(kv, teamId, now); // Active/Inactive in the system console counts posts.
      return (await withAuthorNames(kv, teamId, [prepared.post]))[0];
    }
  }
  throw new ConflictError();
}

/**
 * Adds a post to a team's feed the way the rules say (the demo seed uses it too): throws
 * ValidationError with the spec's message for a missing type, an empty or too long text, or a
 * player who is not on the team.
 */
export async function createPost(
  kv: Deno.Kv,
  teamId: string,
  author: PostAuthor,
  input: PostRequest,
  now: Date,
): Promise<TeamPost> {
  return await addPost(kv, teamId, author, input, now);
}

/**
 * The viewer posts to their team's feed: a system administrator may only read; the post is
 * checked before it counts against the person's hourly limit (429 beyond it).
 */
export async function postAsViewer(kv: Deno.Kv, viewer: TeamViewer, input: PostRequest, now: Date): Promise<TeamPost> {
  if (!canWrite(viewer)) throw new ForbiddenError(POST_MESSAGES.readOnly);
  const author = { userId: viewer.userId };
  const subject = viewer.userId ?? `team-login:${viewer.teamId}`;
  return await addPost(kv, viewer.teamId, author, input, now, async () => {
    await consumeRateLimits(
      kv,
      [{ bucket: "posts-person", subject, limit: POSTS_PER_HOUR, windowMs: HOUR_MS }],
      POST_MESSAGES.rateLimited,
      now.getTime(),
    );
  });
}

/** Whether the viewer may delete a post: its author, or a team admin (never a read-only viewer). */
export const canDeletePost = (viewer: TeamViewer, post: Pick<TeamPost, "authorId">): boolean =>
  mayDeletePost({ userId: viewer.userId, isAdmin: viewer.isAdmin, canWrite: canWrite(viewer) }, post);

/**
 * Deletes a post: 404 when it is not in the viewer's team, 403 unless it is theirs or they
 * administer the team. An admin removing someone else's post is recorded in the audit log (by `actor`).
 */
export async function deletePost(
  kv: Deno.Kv,
  viewer: TeamViewer,
  postId: string,
  actor: string,
  now = new Date(),
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const entry = await getPostEntry(kv, viewer.teamId, postId);
    if (!entry.value) throw new NotFoundError(POST_MESSAGES.notFound);
    if (!canDeletePost(viewer, entry.value)) throw new ForbiddenError(POST_MESSAGES.notYours);
    const op = stagePostRemoval(beginChange(kv), entry as Deno.KvEntry<PostRecord>);
    const byAuthor = viewer.userId !== null && entry.value.authorId === viewer.userId;
    if (!byAuthor) {
      const { postType, authorId } = entry.value;
      const detail = `${postType} by ${(await loadMemberNames(kv, viewer.teamId, [authorId]))(authorId)}`;
      stageAuditEntry(op, { teamId: viewer.teamId, action: "post.deleted", targetId: postId, actor, detail }, now);
    }
    if ((await op.commit()).ok) return;
  }
  throw new ConflictError();
}
