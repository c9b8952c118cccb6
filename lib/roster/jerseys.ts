/**
 * Two players may wear the same number (a team can reuse a shirt across age bands), but an
 * admin should know: a claim by that number then matches both, and the admin has to choose.
 * No storage: the roster screens and the import preview use it.
 */
import type { Player } from "../db/players.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";

type Wearer = Pick<Player, "id" | "jerseyNumber" | "firstName" | "lastName">;

const M = messagesFor("en").adminRosterPage.jersey;

/** In English, from the catalogue: the routes answer them in the request's language. */
export const JERSEY_MESSAGES = {
  shared: (jersey: number, names: string[]) =>
    format("en", M.shared, { jersey: String(jersey), names: names.join(", ") }),
  sharedInFile: (jersey: number, line: number) =>
    format("en", M.sharedInFile, { jersey: String(jersey), line: String(line) }),
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
