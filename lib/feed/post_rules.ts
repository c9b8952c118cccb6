/**
 * The feed's rules (SPEC.md sections 2, 5 and 9), shared by the server and the FeedComposer
 * island: dependency-free. Their messages come in as an argument, in the page's language for the
 * island (its catalogue area, `postMessages(m.feed.errors, t)`) and in English for the server
 * (rules.ts), whose routes put them into the request's language.
 */
import type { PostType } from "./types.ts";
import type { Checked } from "../validation.ts";
import type { Message, Params } from "../i18n/format.ts";
import type { feed } from "../i18n/en/feed.ts";

/** SPEC.md section 9: a post is at most 280 characters. */
export const POST_MAX_LENGTH = 280;
/** The counter is announced to screen readers once this few characters are left. */
export const POST_NEAR_LIMIT = 20;

export const POST_TYPES = ["kudos", "news", "advice"] as const satisfies readonly PostType[];

/** Each type's icon (its words are the catalogue's `feed.types`). */
export const POST_TYPE_ICONS: Record<PostType, string> = { kudos: "🏆", news: "📰", advice: "💡" };

/** What the feed's checks and calls say when they refuse, in one language. */
export interface PostMessages {
  type: string;
  content: string;
  tooLong: string;
  player: string;
  notFound: string;
  notYours: string;
  readOnly: string;
  rateLimited: (minutes: number) => string;
}

/** The feed's refusals from its catalogue area, numbers filled in by `fill` (`format` in a language, or `t`). */
export function postMessages(
  errors: typeof feed.errors,
  fill: (message: Message, params?: Params) => string,
): PostMessages {
  return {
    ...errors,
    // A string, so the limit is never grouped ("280").
    tooLong: fill(errors.tooLong, { max: String(POST_MAX_LENGTH) }),
    rateLimited: (minutes) => fill(errors.rateLimited, { count: minutes }),
  };
}

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
export function checkPostWith(
  messages: PostMessages,
  input: { postType?: unknown; content?: unknown; playerId?: unknown },
): Checked<PostInput> {
  const fields: Record<string, string> = {};
  const postType = isPostType(input.postType) ? input.postType : null;
  if (!postType) fields.postType = messages.type;
  const content = typeof input.content === "string" ? cleanPostText(input.content) : "";
  if (!content) fields.content = messages.content;
  else if (postLength(content) > POST_MAX_LENGTH) fields.content = messages.tooLong;
  const rawPlayer = input.playerId ?? "";
  if (typeof rawPlayer !== "string") fields.playerId = messages.player;
  const playerId = postType === "kudos" && typeof rawPlayer === "string" && rawPlayer.trim() ? rawPlayer.trim() : null;
  const message = Object.values(fields)[0];
  if (message !== undefined || !postType) return { ok: false, message: message ?? messages.type, fields };
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
