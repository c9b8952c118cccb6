/**
 * The Access page's list of the team's parents and players, a page at a time, as a team admin
 * sees them (their names and e-mails; whose parent they are), each with Remove. Admins are
 * listed under Team Admins instead.
 */
import { getUsers, listTeamMembers } from "../db/users.ts";
import { listGuardianLinks } from "../db/guardians.ts";
import { getPlayers } from "../db/players.ts";
import type { Page, PageOptions } from "../db/kv.ts";
import { memberDisplayName } from "../names/display_name.ts";
import type { Language } from "../i18n/languages.ts";

/** How many members one page of the Access page lists. */
export const MEMBERS_PAGE_SIZE = 25;

export interface MemberView {
  userId: string;
  /** Their own name, else "Maya's parent" in the reader's language (never the e-mail: that is shown beside it). */
  name: string;
  email: string;
  role: "TEAM_STANDARD" | "PLAYER";
  /** Full names of their children on the roster (a parent), or of their own roster record (a player). */
  players: string[];
}

/**
 * A page of the team's parents and players, in the order they are stored (by account id). A page
 * reads `limit` memberships and leaves the admins out, so it may hold fewer: its cursor goes on.
 */
export async function listRemovableMembers(
  kv: Deno.Kv,
  teamId: string,
  options: Pick<PageOptions, "cursor" | "limit"> & { lang?: Language } = {},
): Promise<Page<MemberView>> {
  const page = await listTeamMembers(kv, teamId, { cursor: options.cursor, limit: options.limit ?? MEMBERS_PAGE_SIZE });
  const members = page.values.filter((m) => m.role !== "TEAM_ADMIN");
  if (members.length === 0) return { values: [], cursor: page.cursor };
  const wanted = new Set(members.map((m) => m.userId));
  const [users, links] = await Promise.all([
    getUsers(kv, members.map((m) => m.userId)),
    listGuardianLinks(kv, teamId),
  ]);
  const childrenOf = new Map<string, string[]>();
  for (const link of links) {
    if (wanted.has(link.userId)) childrenOf.set(link.userId, [...childrenOf.get(link.userId) ?? [], link.playerId]);
  }
  const playerIds = [
    ...new Set([...members.flatMap((m) => m.playerId ? [m.playerId] : []), ...[...childrenOf.values()].flat()]),
  ];
  const players = new Map((await getPlayers(kv, teamId, playerIds)).flatMap((p) => p ? [[p.id, p] as const] : []));
  const values = members.flatMap((m, i): MemberView[] => {
    const user = users[i];
    if (!user) return [];
    const role = m.role === "PLAYER" ? "PLAYER" : "TEAM_STANDARD";
    const own = role === "PLAYER" && m.playerId ? [m.playerId] : childrenOf.get(m.userId) ?? [];
    const shown = own.flatMap((id) => players.get(id) ?? []);
    return [{
      userId: m.userId,
      name: memberDisplayName({
        firstName: user.firstName,
        lastName: user.lastName,
        role,
        playerFirstName: role === "PLAYER" ? shown[0]?.firstName : null,
        childFirstName: role === "PLAYER" ? null : shown[0]?.firstName,
      }, options.lang),
      email: user.email,
      role,
      players: shown.map((p) => `${p.firstName} ${p.lastName}`.trim()),
    }];
  });
  return { values, cursor: page.cursor };
}
