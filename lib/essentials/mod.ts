/** The Essentials: a team's recommended items. The public face of `lib/essentials/`. */
export type { EssentialItem, EssentialsViewer } from "./types.ts";
export { ESSENTIAL_CATEGORIES, ESSENTIAL_FIELDS, ESSENTIAL_MESSAGES } from "./rules.ts";
export {
  addEssential,
  addEssentialAsViewer,
  canRemoveEssential,
  type EssentialAdder,
  ESSENTIALS_PAGE_SIZE,
  ESSENTIALS_PER_HOUR,
  listTeamEssentials,
  removeEssential,
} from "./items.ts";
