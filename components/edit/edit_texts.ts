/**
 * The edit page's words (SPEC.md section 8). Kept here rather than imported from
 * lib/edit_links.ts, whose KV code must stay out of the browser bundle; a test checks the
 * shared ones still match the API's.
 */
export const EDIT_TEXTS = {
  validating: "Validating edit link...",
  invalidLink: "Invalid Link",
  noToken: "No token provided",
  accessDenied: "Access Denied",
  invalidToken: "Invalid or expired token",
  updated: "Player information updated successfully",
  emailAdded: "Email added successfully",
  error: "Error",
  emailRequired: "Please enter a valid email",
} as const;

/** The player fields the page edits, as the API sends them. */
export interface EditablePlayer {
  id: string;
  firstName: string;
  lastName: string;
  jerseyNumber: number;
  position: string | null;
  photoUrl: string | null;
}

/** The form's values: everything as typed. */
export interface PlayerFields {
  firstName: string;
  lastName: string;
  jerseyNumber: string;
  position: string;
  photoUrl: string;
}

export const fieldsOf = (p: EditablePlayer): PlayerFields => ({
  firstName: p.firstName,
  lastName: p.lastName,
  jerseyNumber: String(p.jerseyNumber),
  position: p.position ?? "",
  photoUrl: p.photoUrl ?? "",
});
