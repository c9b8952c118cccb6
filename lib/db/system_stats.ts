/**
 * Installation-wide counts for the system administrator's dashboard (`/admin`): players of every
 * team, claims waiting in every team, and the mail delivery queue. Reads only; the records are
 * written by their own repositories (players.ts, claims.ts, mail.ts).
 */
import { keys } from "./keys.ts";
import { countKeys, listPage } from "./kv.ts";
import type { Team } from "./teams.ts";

/** How many teams' pending-claim counts are read at once. */
const TEAMS_AT_ONCE = 20;

/** Players of every team (a team holds at most 500). */
export async function countAllPlayers(kv: Deno.Kv): Promise<number> {
  return await countKeys(kv, keys.allPlayers());
}

/**
 * Claims and join requests waiting for a decision, in every team: each team's pending index
 * (which holds only the waiting ones) is counted, teams read a page at a time.
 */
export async function countAllPendingClaims(kv: Deno.Kv): Promise<number> {
  let total = 0;
  let cursor = "";
  do {
    const page = await listPage<Team>(kv, { prefix: keys.allTeams() }, { cursor, limit: 500 });
    for (let i = 0; i < page.values.length; i += TEAMS_AT_ONCE) {
      const counts = await Promise.all(
        page.values.slice(i, i + TEAMS_AT_ONCE).map((team) => countKeys(kv, keys.claimsWithStatus(team.id, "pending"))),
      );
      total += counts.reduce((sum, n) => sum + n, 0);
    }
    cursor = page.cursor;
  } while (cursor);
  return total;
}

/** Mail waiting to be delivered (or retried), and mail that failed for good (kept, never dropped). */
export async function countMailQueue(kv: Deno.Kv): Promise<{ queued: number; failed: number }> {
  const [queued, failed] = await Promise.all([countKeys(kv, keys.pendingMails()), countKeys(kv, keys.failedMails())]);
  return { queued, failed };
}
