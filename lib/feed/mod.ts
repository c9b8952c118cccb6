/**
 * The team feed (SPEC.md section 2 'Team Feed'): listing a team's posts newest first
 * (listing.ts), posting kudos, news and advice (posting.ts), and deleting: the author their own,
 * a team admin any (deletion.ts).
 */
export type { KudosPlayer, PostType, TeamPost } from "./types.ts";
export { kudosPlayerName, POST_MAX_LENGTH, POST_TYPES } from "./rules.ts";
export { FEED_PAGE_SIZE, listTeamPosts } from "./listing.ts";
export { createPost, postAsViewer, type PostAuthor, type PostRequest, POSTS_PER_HOUR } from "./posting.ts";
export { canDeletePost, deletePost } from "./deletion.ts";
