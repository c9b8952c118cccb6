import { Island } from "../../lib/render/island.tsx";
import type { Page } from "../../lib/db/kv.ts";
import type { KudosPlayer, TeamPost } from "../../lib/feed/types.ts";
import { canWrite, type TeamViewer } from "../../lib/team_viewer.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import type { SectionForm } from "./forms.ts";

export interface FeedSectionProps {
  teamId: string;
  /** A page of the team's posts, newest first; `cursor` leads to older ones. */
  posts: Page<TeamPost>;
  /** The kudos picker's players (first name, last initial). */
  players: KudosPlayer[];
  viewer: TeamViewer;
  /** The plain Create Post form the server refused, sent back with its errors. */
  form?: SectionForm;
  now: Date;
  /** The team's time zone, the posts' dates' and times'. */
  timeZone: string;
  /** This is a later page (`?feed=` was given): offer the way back to the newest posts. */
  olderPage?: boolean;
}

/**
 * Team Feed: Create Post and the posts, newest first (the FeedComposer island, rendered on the
 * server and hydrated on first interaction), and the link to older posts (`?feed=<cursor>`).
 */
export function FeedSection(
  { teamId, posts, players, viewer, form, now, timeZone, olderPage = false }: FeedSectionProps,
) {
  const { m } = useI18n();
  const page = `/family-dashboard/${encodeURIComponent(teamId)}`;
  return (
    <section className="card dash-section feed" id="feed" aria-labelledby="feed-title">
      <h2 id="feed-title" tabIndex={-1}>{m.feed.title}</h2>
      <Island
        name="FeedComposer"
        hydrate="interaction"
        props={{
          teamId,
          posts: posts.values,
          players,
          viewer: { userId: viewer.userId, isAdmin: viewer.isAdmin, canWrite: canWrite(viewer) },
          form: form ?? null,
          now: now.toISOString(),
          timeZone,
        }}
      />
      {(posts.cursor || olderPage) && (
        <p className="feed__more">
          {olderPage && <a className="button button--secondary" href={`${page}#feed`}>{m.feed.newestPosts}</a>}
          {posts.cursor && (
            <a className="button button--secondary" href={`${page}?feed=${encodeURIComponent(posts.cursor)}#feed`}>
              {m.feed.olderPosts}
            </a>
          )}
        </p>
      )}
    </section>
  );
}
