/**
 * Posting to the team feed (kudos, news and advice): the post is checked, counted against the
 * person's hourly limit, and committed with a check that the player a kudos names is unchanged.
 */
import { beginChange } from "../db/kv.ts";
import { retryOnConflict } from "../db/change.ts";
import { commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import { getPlayerEntry } from "../db/players.ts";
import { newPostId, type PostRecord, stagePost } from "../db/posts.ts";
import { consumeRateLimits } from "../db/rate_limits.ts";
import { recordPostActivity } from "../db/team_activity.ts";
import { ForbiddenError, ValidationError } from "../errors.ts";
import { canWrite, type TeamViewer } from "../team_viewer.ts";
import { checkPost, kudosPlayerName, POST_MESSAGES } from "./rules.ts";
import type { TeamPost } from "./types.ts";
import { withAuthorNames } from "./listing.ts";
import { newsAnnouncement } from "../notifications/mod.ts";
import type { Language } from "../i18n/languages.ts";

/** A person may post at most this many times an hour (a script cannot flood the feed). */
export const POSTS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;

/** Who writes a post: their account id (null for a team's shared login); their name is read when shown. */
export interface PostAuthor {
  userId: string | null;
  /** The language the post comes back in, for a name not their own (the poster's). */
  language?: Language;
}

/** What a caller sends: checked here (type, text, and for a kudos an optional player). */
export interface PostRequest {
  postType?: unknown;
  content?: unknown;
  playerId?: unknown;
}

/**
 * Checks a post and reads the player it names; the second value is checked again at commit. With
 * `announce`, news by a team admin also gets its mail to the team's members staged (issue 23).
 */
async function preparePost(
  kv: Deno.Kv,
  teamId: string,
  author: PostAuthor,
  input: PostRequest,
  now: Date,
  announce: boolean,
) {
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
  const announcement = announce ? await newsAnnouncement(kv, teamId, post, now) : null;
  return { post, playerEntry, announcement };
}

type Prepared = Awaited<ReturnType<typeof preparePost>>;

/** Commits a prepared post; CommitConflictError when the player it names changed in the meantime. */
async function commitPost(kv: Deno.Kv, teamId: string, { post, playerEntry, announcement }: Prepared): Promise<void> {
  const op = stagePost(beginChange(kv), teamId, post);
  if (playerEntry) op.check(playerEntry);
  announcement?.(op);
  await commitTeamChangeOrConflict(kv, op, teamId);
}

async function addPost(
  kv: Deno.Kv,
  teamId: string,
  author: PostAuthor,
  input: PostRequest,
  now: Date,
  beforeCommit?: () => Promise<void>,
  announce = false,
): Promise<TeamPost> {
  return await retryOnConflict(async (attempt) => {
    const prepared = await preparePost(kv, teamId, author, input, now, announce);
    if (attempt === 0) await beforeCommit?.();
    await commitPost(kv, teamId, prepared);
    await recordPostActivity(kv, teamId, now); // Active/Inactive in the system console counts posts.
    return (await withAuthorNames(kv, teamId, [prepared.post], author.language))[0];
  }, { attempts: 3 });
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
  const author = { userId: viewer.userId, language: viewer.language };
  const subject = viewer.userId ?? `team-login:${viewer.teamId}`;
  return await addPost(kv, viewer.teamId, author, input, now, async () => {
    await consumeRateLimits(
      kv,
      [{ bucket: "posts-person", subject, limit: POSTS_PER_HOUR, windowMs: HOUR_MS }],
      POST_MESSAGES.rateLimited,
      now.getTime(),
    );
  }, true); // A person posting news mails the team; the demo seed's posts (createPost) do not.
}
