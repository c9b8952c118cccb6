import type { Player } from "../db/players.ts";
import type { TeamSettings } from "../db/teams.ts";

/**
 * A player as anyone may see them on the public roster (DECISIONS.md privacy rules): last
 * name as an initial ("R.") unless the team shows full names; age instead of birth year;
 * parents' first names only when the team shows parent names (the key is absent otherwise);
 * the photo only when the team shows photos and a guardian agreed (R41). A child's parent who
 * hid the last name or photo from other families hides it here too.
 */
export type PublicPlayer =
  & Pick<
    Player,
    | "id"
    | "firstName"
    | "lastName"
    | "jerseyNumber"
    | "position"
    | "photoUrl"
    | "photoUrlSmall"
    | "photoUrlMedium"
    | "yearsPlaying"
    | "stats"
  >
  & { age: number | null; parentNames?: string[] };

export const SORTS = ["name", "jersey", "position"] as const;
export const GROUPINGS = ["none", "position"] as const;
export const MODES = ["game", "detail"] as const;
export type RosterSort = typeof SORTS[number];
export type RosterGrouping = typeof GROUPINGS[number];
export type RosterMode = typeof MODES[number];

export const NO_POSITION = "No Position";
export const ALL_PLAYERS = "All Players";

/**
 * `headshotPublic`: whether the public may see this player's photo (lib/photos' rule: the
 * team's switch and a current guardian's consent). Off unless said; the switch is asked again
 * here, so the team hiding photos always wins.
 */
export function toPublicPlayer(
  p: Player,
  settings: TeamSettings,
  now = new Date(),
  parentFirstNames: string[] = [],
  headshotPublic = false,
): PublicPlayer {
  // A parent who hid the last name or photo from the team's other families hid it from everyone (issue 22).
  const photos = settings.showPhotos && headshotPublic && !p.hidePhoto;
  const shown: PublicPlayer = {
    id: p.id,
    firstName: p.firstName,
    lastName: settings.showLastNames && !p.hideLastName ? p.lastName : lastInitial(p.lastName),
    jerseyNumber: p.jerseyNumber,
    position: settings.showPositions ? p.position : null,
    photoUrl: photos ? p.photoUrl : null,
    photoUrlSmall: photos ? p.photoUrlSmall : null,
    photoUrlMedium: photos ? p.photoUrlMedium : null,
    age: p.birthYear ? now.getUTCFullYear() - p.birthYear : null,
    yearsPlaying: p.yearsPlaying,
    stats: p.stats,
  };
  if (settings.showParentNames) shown.parentNames = parentFirstNames.filter((name) => name.trim() !== "");
  return shown;
}

export function lastInitial(lastName: string): string {
  const first = [...lastName.trim()][0];
  return first ? `${first.toUpperCase()}.` : "";
}

const byName = (a: PublicPlayer, b: PublicPlayer) =>
  a.firstName.localeCompare(b.firstName, "en", { sensitivity: "base" }) ||
  a.lastName.localeCompare(b.lastName, "en", { sensitivity: "base" }) ||
  a.jerseyNumber - b.jerseyNumber;

/** Sorts a copy: by name, by jersey (numeric ascending), or by position (none last). */
export function sortPlayers(players: PublicPlayer[], sort: RosterSort): PublicPlayer[] {
  const sorted = [...players];
  if (sort === "jersey") return sorted.sort((a, b) => a.jerseyNumber - b.jerseyNumber || byName(a, b));
  if (sort === "position") {
    return sorted.sort((a, b) =>
      (a.position === null ? 1 : 0) - (b.position === null ? 1 : 0) ||
      (a.position ?? "").localeCompare(b.position ?? "", "en", { sensitivity: "base" }) ||
      byName(a, b)
    );
  }
  return sorted.sort(byName);
}

export interface PlayerGroup {
  label: string;
  players: PublicPlayer[];
}

/**
 * One 'All Players' group, or a group per position (positions that differ only in case are
 * one group, named as first seen) with 'No Position' last.
 */
export function groupPlayers(players: PublicPlayer[], grouping: RosterGrouping): PlayerGroup[] {
  if (grouping === "none") return [{ label: ALL_PLAYERS, players }];
  const groups = new Map<string, PlayerGroup>();
  for (const p of players) {
    const label = p.position ?? NO_POSITION;
    const key = p.position === null ? "" : label.toLowerCase();
    const group = groups.get(key) ?? groups.set(key, { label, players: [] }).get(key)!;
    group.players.push(p);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === "" ? 1 : 0) - (b === "" ? 1 : 0) || a.localeCompare(b, "en"))
    .map(([, group]) => group);
}

/** Reads a query value from a fixed list, else the default. */
export function pick<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? value as T : fallback;
}
