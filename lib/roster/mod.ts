/** Players: the public roster, the admin's roster management and CSV import/export, edit links. The public face of `lib/roster/`. */
export { EDIT_MESSAGES, openEditLink, readEditSession } from "./edit_links.ts";
export { exportRosterCsv, IMPORT_MESSAGES, importRosterCsv, translatePreview } from "./import.ts";
export {
  addPlayer,
  jerseyWarning,
  listAdminPlayers,
  parseNewPlayer,
  parsePlayerPatch,
  removePlayer,
  type RosterChange,
  updatePlayer,
} from "./manage.ts";
export { editableTeamFor, PLAYER_NOT_FOUND, savePlayerEdit } from "./player_edits.ts";
export { checkPlayerEdit } from "./player_schema.ts";
export { GROUPINGS, MODES, pick, SORTS } from "./public_players.ts";
export { loadPublicRoster } from "./public_roster.ts";
