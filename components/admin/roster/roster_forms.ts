/**
 * What the roster page's forms send, turned into what lib/roster/player_schema.ts checks. Shared by
 * the page routes (posts without JavaScript) and the RosterManager island (JSON calls), so
 * both paths validate the same values the same way.
 */
import type { AdminPlayer } from "../../../lib/roster/manage.ts";
import type { ImportPreview } from "../../../lib/roster/import.ts";
import { countPlayersWithParent } from "../../../lib/teams/team_numbers.ts";

/** A player as the roster page shows it (a subset of lib/roster/manage.ts's AdminPlayer). */
export interface RosterPlayer {
  id: string;
  firstName: string;
  lastName: string;
  jerseyNumber: number;
  position: string | null;
  photoUrlSmall: string | null;
  /** The medium size of the photo, shown in the player photo dialog. */
  photoUrlMedium: string | null;
  /** At least one parent account is linked (the API's name for it): "Has a parent", else "No parent yet". */
  isApproved: boolean;
  birthYear: number | null;
  yearsPlaying: number | null;
  stats: { gamesPlayed: number; goals: number; assists: number } | null;
  /** The other players wearing this number (empty when it is unique). */
  sharesJerseyWith: string[];
}

/** The form a roster page shows open: from `?add=1`, `?edit=`, `?remove=`, `?import=1`. */
export type RosterPanel =
  | { kind: "add" }
  | { kind: "edit"; playerId: string }
  | { kind: "remove"; playerId: string }
  | { kind: "import" };

export type FormFields = Record<string, string>;

/** What the import's dry run answers: the rows as the server checked them (errors and warnings). */
export type ImportPreviewView = ImportPreview;

/** Case-insensitive match on first, last or full name, or an exact jersey number. */
export function filterPlayers<P extends Pick<RosterPlayer, "firstName" | "lastName" | "jerseyNumber">>(
  players: P[],
  query: string,
): P[] {
  const q = query.trim().toLowerCase().replace(/^#/, "");
  if (!q) return players;
  return players.filter((p) =>
    String(p.jerseyNumber) === q || `${p.firstName} ${p.lastName}`.toLowerCase().includes(q)
  );
}

/** The four counts above the table; players with a parent as lib/teams/team_numbers.ts defines them. */
export function rosterCounts(players: Pick<RosterPlayer, "photoUrlSmall" | "position" | "isApproved">[]) {
  return {
    total: players.length,
    withPhotos: players.filter((p) => p.photoUrlSmall).length,
    withPositions: players.filter((p) => p.position).length,
    withParent: countPlayersWithParent(players.map((p) => ({ hasParent: p.isApproved }))),
  };
}

/** Blank means "not set"; digits become a number; anything else is passed on to fail its rule. */
function optionalInt(value: string | undefined): number | string | null {
  const v = (value ?? "").trim();
  if (v === "") return null;
  return /^\d+$/.test(v) ? Number(v) : v;
}

/** Add Player form → `parseNewPlayer` input. */
export function newPlayerFromForm(f: FormFields) {
  return {
    firstName: f.firstName ?? "",
    lastName: f.lastName ?? "",
    jerseyNumber: (f.jerseyNumber ?? "").trim(),
    position: f.position ?? "",
  };
}

/** Edit form → `parsePlayerPatch` input. Stats are kept only when one of the three is filled in. */
export function playerPatchFromForm(f: FormFields) {
  const statNames = ["gamesPlayed", "goals", "assists"] as const;
  const anyStat = statNames.some((n) => (f[n] ?? "").trim() !== "");
  return {
    ...newPlayerFromForm(f),
    birthYear: optionalInt(f.birthYear),
    yearsPlaying: optionalInt(f.yearsPlaying),
    stats: anyStat ? Object.fromEntries(statNames.map((n) => [n, optionalInt(f[n]) ?? 0])) : null,
  };
}

/** A player's current values, to fill in the edit form. */
export function playerFormValues(p: RosterPlayer): FormFields {
  const text = (v: number | null | undefined) => v === null || v === undefined ? "" : String(v);
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    jerseyNumber: String(p.jerseyNumber),
    position: p.position ?? "",
    birthYear: text(p.birthYear),
    yearsPlaying: text(p.yearsPlaying),
    gamesPlayed: text(p.stats?.gamesPlayed),
    goals: text(p.stats?.goals),
    assists: text(p.stats?.assists),
  };
}

/** The notices a post/redirect/get lands with (`?notice=`); their words are the adminRoster area's `notices`. */
export const ROSTER_NOTICES = ["added", "updated", "removed", "imported"] as const;
export type RosterNotice = typeof ROSTER_NOTICES[number];

/** Only what the table and forms show goes into the page's island props (no parents' e-mails). */
export const toRosterPlayer = (p: AdminPlayer): RosterPlayer => ({
  id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
  jerseyNumber: p.jerseyNumber,
  position: p.position,
  photoUrlSmall: p.photoUrlSmall,
  photoUrlMedium: p.photoUrlMedium,
  isApproved: p.isApproved,
  birthYear: p.birthYear,
  yearsPlaying: p.yearsPlaying,
  stats: p.stats,
  sharesJerseyWith: p.sharesJerseyWith,
});

/** The panel a roster page link opens. */
export function panelFrom(query: Record<string, string>): RosterPanel | null {
  if (query.edit) return { kind: "edit", playerId: query.edit };
  if (query.remove) return { kind: "remove", playerId: query.remove };
  if (query.import === "1") return { kind: "import" };
  return query.add === "1" ? { kind: "add" } : null;
}
