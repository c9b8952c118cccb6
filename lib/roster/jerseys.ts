/**
 * Two players may wear the same number (a team can reuse a shirt across age bands), but an
 * admin should know: a claim by that number then matches both, and the admin has to choose.
 * Pure: the roster screens and the import preview use it.
 */
import type { Player } from "../db/players.ts";

type Wearer = Pick<Player, "id" | "jerseyNumber" | "firstName" | "lastName">;

export const JERSEY_MESSAGES = {
  shared: (jersey: number, names: string[]) =>
    `Jersey #${jersey} is also worn by ${names.join(", ")}. Claims by that number will ask you to choose the player.`,
  sharedInFile: (jersey: number, line: number) =>
    `Jersey #${jersey} is also used on line ${line}. Claims by that number will ask you to choose the player.`,
} as const;

const nameOf = (p: Wearer) => `${p.firstName} ${p.lastName}`;

/** For each player, the names of the others wearing the same number (players with a unique number are absent). */
export function jerseySharers(players: Wearer[]): Map<string, string[]> {
  const byNumber = Map.groupBy(players, (p) => p.jerseyNumber);
  const sharers = new Map<string, string[]>();
  for (const wearers of byNumber.values()) {
    if (wearers.length < 2) continue;
    for (const p of wearers) sharers.set(p.id, wearers.filter((o) => o.id !== p.id).map(nameOf));
  }
  return sharers;
}
