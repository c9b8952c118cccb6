/** The Team Feed on the family dashboard: Create Post, the posts, and the feed's refusals. */
export const feed = {
  title: "Team Feed",
  createPost: "Create Post",
  typeLegend: "Type of post",
  /** How each type is offered (Create Post) and named (the text alternative of a post's icon). */
  types: {
    kudos: { action: "Give Kudos", label: "Kudos" },
    news: { action: "Share News", label: "News" },
    advice: { action: "Offer Advice", label: "Advice" },
  },
  kudosPlayer: "Kudos to a player (optional)",
  wholeTeam: "The whole team",
  contentLabel: "What would you like to share?",
  charactersUsed: "characters used",
  /** What the polite live region says once the limit is near. */
  charactersLeft: { one: "{count} character left", other: "{count} characters left" },
  limitReached: "Character limit reached",
  cancel: "Cancel",
  post: "Post",
  posting: "Posting…",
  kudosTo: "Kudos to {name}",
  /** A kudos naming a player who is no longer on the team. */
  formerPlayer: "a former player",
  delete: "Delete",
  /** Read after 'Delete' by a screen reader. */
  deleteWhose: "post by {name}",
  confirmDelete: "Delete this post? This cannot be undone.",
  yesDelete: "Yes, delete",
  listLabel: "Team posts, newest first",
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
  /** SPEC.md section 2: a post younger than a minute (older ones are Intl.RelativeTimeFormat's). */
  justNow: "just now",
  errors: {
    type: "Please choose a post type",
    content: "Please write something to post",
    tooLong: "Posts can be at most {max} characters",
    player: "Please choose a player of this team",
    notFound: "Post not found",
    notYours: "You can only delete your own posts",
    readOnly: "A system administrator can read the team feed but not post to it",
    rateLimited: {
      one: "You have posted a lot in a short time. Please try again in {count} minute.",
      other: "You have posted a lot in a short time. Please try again in {count} minutes.",
    },
  },
};
