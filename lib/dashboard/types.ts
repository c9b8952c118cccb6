/** The family dashboard's shapes that pages and islands share (no server code here). */

/** One of the viewer's own children, as My Players edits them. */
export interface OwnPlayer {
  id: string;
  firstName: string;
  lastName: string;
  jerseyNumber: number;
  position: string | null;
  /** Sent back unchanged by My Players (the save replaces every field of the player). */
  photoUrl: string | null;
}
