/** The feed's shapes that pages, components and islands share (no server code here). */
export type { PostType, TeamPost } from "../db/posts.ts";

/** A player the kudos picker offers: their id and name as the team sees it (first name, last initial). */
export interface KudosPlayer {
  id: string;
  name: string;
}
