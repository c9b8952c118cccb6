/**
 * The team admin's roster management: what the RosterManager island shows (the toolbar, the
 * counts, the search and the table). Its forms are the RosterPanel island's (`adminRosterForms`),
 * the team's numbers the `adminCommon` area's; what only the server writes is `adminRosterPage`.
 */
export const adminRoster = {
  toolbar: {
    addPlayer: "Add Player",
    importCsv: "Import CSV",
    exportCsv: "Export CSV",
    generatePdf: "Generate PDF",
  },
  /** Beside the team's numbers (the adminCommon area's). */
  counts: {
    withPhotos: "With photos",
    withPositions: "With positions",
  },
  search: {
    label: "Search by name or jersey number",
    button: "Search",
    showing: { one: "Showing {shown} of {count} player", other: "Showing {shown} of {count} players" },
  },
  table: {
    caption: "Players",
    jersey: "Jersey",
    photo: "Photo",
    name: "Name",
    position: "Position",
    status: "Status",
    actions: "Actions",
    noMatch: 'No players match "{query}".',
    empty: "No players yet. Add one or import a CSV file.",
    shared: "Shared",
    alsoWornBy: { one: "Also worn by {names}", other: "Also worn by {names}" },
    photoAlt: "Photo of {name}",
    edit: "Edit",
    remove: "Remove",
  },
};
