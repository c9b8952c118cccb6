/** Deleting a post of the team feed: the author their own, a team admin any (recorded in the audit log). */
import { beginChange } from "../db/kv.ts";
import { retryOnConflict } from "../db/change.ts";
import { commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { getPostEntry, type PostRecord, stagePostRemoval } from "../db/posts.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { canWrite, type TeamViewer } from "../team_viewer.ts";
import { loadMemberNames } from "../names/member_names.ts";
import { mayDeletePost, POST_MESSAGES } from "./rules.ts";
import type { TeamPost } from "./types.ts";

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
  await retryOnConflict(async () => {
    const entry = await getPostEntry(kv, viewer.teamId, postId);
    if (!entry.value) throw new NotFoundError(POST_MESSAGES.notFound);
    if (!canDeletePost(viewer, entry.value)) throw new ForbiddenError(POST_MESSAGES.notYours);
    const op = stagePostRemoval(beginChange(kv), entry as Deno.KvEntry<PostRecord>);
    const byAuthor = viewer.userId !== null && entry.value.authorId === viewer.userId;
    if (!byAuthor) {
      const { postType, authorId } = entry.value;
      const detail = `${postType} by ${(await loadMemberNames(kv, viewer.teamId, [authorId]))(authorId)}`;
      // The author is named in the detail: indexed by their account, so erasing it finds the entry.
      const subjects = authorId ? [authorId] : [];
      stageAuditEntry(
        op,
        { teamId: viewer.teamId, action: "post.deleted", targetId: postId, actor, detail, subjects },
        now,
      );
    }
    await commitTeamChangeOrConflict(kv, op, viewer.teamId);
  }, { attempts: 3 });
}
