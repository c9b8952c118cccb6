/** The Essentials' shapes that pages, components and islands share (no server code here). */
import type { EssentialRecord } from "../db/essentials.ts";

/** SPEC.md section 3's essential item as the API and the page give it. */
export interface EssentialItem extends EssentialRecord {
  /** The adder's name now (read from their account when shown, never stored): see lib/families/display_name.ts. */
  userName: string;
}

/** What the section needs to know of its viewer: who they are, and whether they administer the team. */
export interface EssentialsViewer {
  userId: string | null;
  isAdmin: boolean;
}
