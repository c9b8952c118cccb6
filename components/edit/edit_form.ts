/** The edit page's player, as the API sends it and as the form holds it (its words: the catalogue's `edit` area). */

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
