/**
 * What the server alone writes about the team admin's roster (no island gets it): the roster
 * pages' titles, the printable roster, and lib/roster's answers — CSV import problems, a file the
 * CSV reader cannot read, shared jerseys, a full roster.
 */
export const adminRosterPage = {
  title: "Roster Management",
  pageTitle: "Roster Management · {team}",
  printTitle: "{team} Roster (print)",
  print: {
    back: "Back to Roster Management",
    print: "Print / Save as PDF",
    caption: "{team} roster",
    parentsEmails: "Parents' emails",
    total: { one: "{count} player", other: "{count} players" },
  },
  /** lib/roster/import.ts IMPORT_MESSAGES. */
  import: {
    notCsv: "Please upload the roster as a CSV file (Content-Type: text/csv).",
    noHeader: "The first row must name the columns: {columns}",
    missingColumn: "The header row has no {name} column.",
    unknownColumn: "Unknown column: {name}. The columns are {columns}.",
    repeatedColumn: "The {name} column appears twice.",
    empty: "The file has no player rows.",
    tooManyRows: "A file can hold at most {max} players.",
    extraCells: "This row has more cells than the header row",
    badEmail: "Invalid parent email: {email}",
    tooManyEmails: "At most {max} parent emails per player",
    alreadyOnRoster: "This player is already on the roster",
    repeatedRow: "Same player as line {line}",
    invalid: {
      one: "{count} row has errors; nothing was imported. Fix them and try again.",
      other: "{count} rows have errors; nothing was imported. Fix them and try again.",
    },
    interrupted: "Another change to the roster interrupted the import; nothing was imported. Please try again.",
  },
  /** lib/csv.ts CsvError: a file the CSV reader cannot read. */
  csv: {
    unclosedQuote: "Line {line}: a quoted field is never closed",
    textAfterQuote: "Line {line}: unexpected text after a closing quote",
  },
  /** lib/roster/jerseys.ts JERSEY_MESSAGES. */
  jersey: {
    shared: "Jersey #{jersey} is also worn by {names}. Claims by that number will ask you to choose the player.",
    sharedInFile:
      "Jersey #{jersey} is also used on line {line}. Claims by that number will ask you to choose the player.",
  },
  /** lib/roster/manage.ts ROSTER_MESSAGES. */
  errors: {
    playerNotFound: "Player not found",
    teamNotFound: "Team not found",
    rosterFull:
      "A team can have at most {max} players; adding {adding} would go over. Remove players before adding more.",
  },
};
