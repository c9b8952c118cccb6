/** The Essentials' shapes that pages, components and islands share (no server code here). */
export type { EssentialItem } from "../db/essentials.ts";

/** What the section needs to know of its viewer: who they are, and whether they administer the team. */
export interface EssentialsViewer {
  userId: string | null;
  isAdmin: boolean;
}
