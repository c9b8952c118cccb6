import type { FormEvent } from "react";
import type { TeamPost } from "../../../lib/feed/types.ts";
import { POST_TYPE_ICONS } from "../../../lib/feed/post_rules.ts";
import { fullTime, relativeTime } from "../../../lib/feed/relative_time.ts";
import { useI18n } from "../../../lib/i18n/context.tsx";

export interface PostItemProps {
  teamId: string;
  post: TeamPost;
  /** The time the relative times are counted from. */
  now: string;
  /** The team's time zone: older posts show their date, and the tooltip its time, in it. */
  timeZone: string;
  canDelete: boolean;
  /** The island's delete (through the API); without it the confirmation posts its plain form. */
  onDelete?: (post: TeamPost, event: FormEvent<HTMLFormElement>) => void;
}

/**
 * One post of the feed: its type icon (with a text alternative), author, relative time and
 * text, and for its author or an admin a Delete that asks for confirmation first (a
 * disclosure, so it works without JavaScript too).
 */
export function PostItem({ teamId, post, now, timeZone, canDelete, onDelete }: PostItemProps) {
  const { m, t, lang } = useI18n();
  const postType = post.postType in POST_TYPE_ICONS ? post.postType : "news";
  // A kudos keeps its player's id while the player is on the team; without it, it names a former player.
  const kudosName = post.playerId === null ? m.feed.formerPlayer : post.playerName;
  const action = `/family-dashboard/${encodeURIComponent(teamId)}/posts/${encodeURIComponent(post.id)}/delete`;
  return (
    <li className={`feed-post feed-post--${post.postType}`} data-post={post.id}>
      <span className="feed-post__icon" role="img" aria-label={m.feed.types[postType].label}>
        {POST_TYPE_ICONS[postType]}
      </span>
      <div className="feed-post__body">
        <p className="feed-post__meta">
          <span className="feed-post__author">{post.authorName}</span>
          <span aria-hidden="true">·</span>
          <time className="feed-post__time" dateTime={post.createdAt} title={fullTime(post.createdAt, timeZone, lang)}>
            {relativeTime(post.createdAt, now, timeZone, { lang, justNow: m.feed.justNow })}
          </time>
        </p>
        {post.playerName && <p className="feed-post__kudos">{t(m.feed.kudosTo, { name: kudosName ?? "" })}</p>}
        <p className="feed-post__content">{post.content}</p>
        {canDelete && (
          <details className="feed-post__delete">
            <summary className="button button--ghost button--sm">
              {m.feed.delete}
              <span className="visually-hidden">{` ${t(m.feed.deleteWhose, { name: post.authorName })}`}</span>
            </summary>
            <form
              method="post"
              action={action}
              className="feed-post__confirm"
              onSubmit={onDelete && ((event) => onDelete(post, event))}
            >
              <p>{m.feed.confirmDelete}</p>
              <button type="submit" className="button button--danger button--sm">{m.feed.yesDelete}</button>
            </form>
          </details>
        )}
      </div>
    </li>
  );
}

export interface PostListProps extends Omit<PostItemProps, "post" | "canDelete"> {
  posts: TeamPost[];
  canDelete: (post: TeamPost) => boolean;
}

/** The feed, newest first, or the invitation to write the first post. */
export function PostList({ posts, canDelete, ...rest }: PostListProps) {
  const { m } = useI18n();
  if (posts.length === 0) {
    return (
      <div className="feed-empty">
        <p className="feed-empty__icon" aria-hidden="true">💬</p>
        <h3 className="feed-empty__title">{m.feed.empty}</h3>
        <p className="muted">{m.feed.emptyHint}</p>
      </div>
    );
  }
  return (
    <ul className="feed-list" aria-label={m.feed.listLabel} tabIndex={0}>
      {posts.map((post) => <PostItem key={post.id} post={post} canDelete={canDelete(post)} {...rest} />)}
    </ul>
  );
}
