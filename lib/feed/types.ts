/** The feed's shapes that pages, components and islands share (no server code here). */
import type { PostRecord } from "../db/posts.ts";

export type { PostType } from "../db/posts.ts";

/** SPEC.md section 3's team post as the API and the page give it. */
export interface TeamPost extends PostRecord {
  /** The author's name now (read from their account when shown, never stored): see lib/families/display_name.ts. */
  authorName: string;
}

/** A player the kudos picker offers: their id and name as the team sees it (first name, last initial). */
export interface KudosPlayer {
  id: string;
  name: string;
}
