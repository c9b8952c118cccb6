/**
 * The feed's rules and texts (SPEC.md sections 2, 5, 8 and 9), shared by the server and the
 * FeedComposer island: dependency-free.
 */
import type { PostType } from "./types.ts";
import type { Checked } from "../validation.ts";

/** SPEC.md section 9: a post is at most 280 characters. */
export const POST_MAX_LENGTH = 280;
/** The counter is announced to screen readers once this few characters are left. */
export const POST_NEAR_LIMIT = 20;

export const POST_TYPES = ["kudos", "news", "advice"] as const satisfies readonly PostType[];

/** How each type is offered (Create Post) and shown (the feed's icon and its text alternative). */
export const POST_TYPE_TEXTS: Record<PostType, { action: string; label: string; icon: string }> = {
  kudos: { action: "Give Kudos", label: "Kudos", icon: "🏆" },
  news: { action: "Share News", label: "News", icon: "📰" },
  advice: { action: "Offer Advice", label: "Advice", icon: "💡" },
};

export const FEED_TEXTS = {
  title: "Team Feed",
  createPost: "Create Post",
  empty: "Start the Conversation",
  emptyHint: "Be the first to give kudos, share news or offer advice with the team.",
  /** SPEC.md section 8: the toast of a refused post, and its fallback description. */
  postFailed: "Failed to create post",
  tryAgain: "Please try again",
  deleteFailed: "Failed to delete post",
  posted: "Your post is now at the top of the feed.",
  deleted: "The post was deleted.",
  readOnly: "System administrators can read the feed but not post.",
  olderPosts: "Older posts",
  newestPosts: "Newest posts",
} as const;

export const POST_MESSAGES = {
  type: "Please choose a post type",
  content: "Please write something to post",
  tooLong: `Posts can be at most ${POST_MAX_LENGTH} characters`,
  player: "Please choose a player of this team",
  notFound: "Post not found",
  notYours: "You can only delete your own posts",
  readOnly: "A system administrator can read the team feed but not post to it",
  rateLimited: (minutes: number) =>
    `You have posted a lot in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
} as const;

export const isPostType = (value: unknown): value is PostType =>
  typeof value === "string" && (POST_TYPES as readonly string[]).includes(value);

/**
 * A post's text as stored: well-formed, NFC, line breaks as "\n", other control characters as
 * spaces, trimmed.
 */
export function cleanPostText(value: string): string {
  const wellFormed = typeof value.toWellFormed === "function" ? value.toWellFormed() : value;
  return wellFormed.normalize("NFC").replace(/\r\n?/g, "\n")
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, " ").trim();
}

/** Characters as a person sees them (code points, so an emoji counts once). */
export const postLength = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

/** What a person asks to post: the type, the text and, for a kudos, the player it names. */
export interface PostInput {
  postType: PostType;
  content: string;
  /** Only for a kudos; null when no player is named. */
  playerId: string | null;
}

/**
 * SPEC.md section 5: a type chosen, content non-empty after trimming and at most 280
 * characters. A player named by a post that is not a kudos is left out (the plain form always
 * sends the picker).
 */
export function checkPost(input: { postType?: unknown; content?: unknown; playerId?: unknown }): Checked<PostInput> {
  const fields: Record<string, string> = {};
  const postType = isPostType(input.postType) ? input.postType : null;
  if (!postType) fields.postType = POST_MESSAGES.type;
  const content = typeof input.content === "string" ? cleanPostText(input.content) : "";
  if (!content) fields.content = POST_MESSAGES.content;
  else if (postLength(content) > POST_MAX_LENGTH) fields.content = POST_MESSAGES.tooLong;
  const rawPlayer = input.playerId ?? "";
  if (typeof rawPlayer !== "string") fields.playerId = POST_MESSAGES.player;
  const playerId = postType === "kudos" && typeof rawPlayer === "string" && rawPlayer.trim() ? rawPlayer.trim() : null;
  const message = Object.values(fields)[0];
  if (message !== undefined || !postType) return { ok: false, message: message ?? POST_MESSAGES.type, fields };
  return { ok: true, value: { postType, content, playerId } };
}

/** What decides whether a viewer may delete a post (the server decides; pages show the button). */
export interface PostDeleter {
  userId: string | null;
  isAdmin: boolean;
  /** False for a system administrator, who may only read. */
  canWrite: boolean;
}

/** Its author deletes their own post; a team admin any. */
export const mayDeletePost = (viewer: PostDeleter, post: { authorId: string | null }): boolean =>
  viewer.canWrite && (viewer.isAdmin || (viewer.userId !== null && post.authorId === viewer.userId));

/** The name a kudos shows for a player: first name and last initial ("Maya R."). */
export function kudosPlayerName(player: { firstName: string; lastName: string }): string {
  const initial = [...player.lastName.trim()][0];
  return initial ? `${player.firstName.trim()} ${initial}.` : player.firstName.trim();
}
