/**
 * The roster management's forms (the RosterPanel island, and the page the same when they post
 * without JavaScript): add, edit and remove a player, import a CSV file with its preview, and the
 * notices after a change. The player rules' messages are the `players` area's.
 */
export const adminRosterForms = {
  titles: {
    add: "Add Player",
    import: "Import CSV",
    edit: "Edit #{jersey} {name}",
    remove: "Remove #{jersey} {name}",
    notFound: "Player not found",
  },
  fields: {
    firstName: "First name",
    lastName: "Last name",
    jerseyNumber: "Jersey number (0–99)",
    position: "Position",
    birthYear: "Birth year",
    yearsPlaying: "Years playing",
    seasonStats: "Season stats",
    gamesPlayed: "Games played",
    goals: "Goals",
    assists: "Assists",
  },
  addPlayer: "Add Player",
  saveChanges: "Save Changes",
  cancel: "Cancel",
  /** A refusal that came without a message of its own. */
  error: "Error",
  removeWarning: "This removes the player and their parent links from the roster. It cannot be undone.",
  removePlayer: "Remove Player",
  importForm: {
    /** The column names are lib/roster/import.ts IMPORT_COLUMNS, the same in every language. */
    hint:
      "Header row: firstName, lastName, jerseyNumber, position, parentEmails. Nothing is saved until you press Import.",
    file: "CSV file",
    paste: "Or paste the CSV",
    preview: "Preview",
    import: "Import",
  },
  preview: {
    ready: {
      one: "{count} row ready to import, {invalid} with errors.",
      other: "{count} rows ready to import, {invalid} with errors.",
    },
    fixRows: "Fix the rows with errors before importing.",
    caption: "Import preview",
    line: "Line",
    jersey: "Jersey",
    name: "Name",
    position: "Position",
    parentEmails: "Parent emails",
    check: "Check",
    noName: "(no name)",
    ok: "OK",
    okWith: "OK. {warnings}",
  },
  /** After a change (`?notice=` when the form posted without JavaScript). */
  notices: {
    added: "Player added",
    updated: "Player updated",
    removed: "Player removed",
    imported: "Players imported",
    importedCount: { one: "{count} player imported", other: "{count} players imported" },
  },
};
