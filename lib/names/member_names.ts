/**
 * The names a team's members go by on what they wrote, read when shown: one batch read of the
 * accounts, and only for people without a name their role, first child or own player. Records
 * keep the author's id alone: a copied name went stale at a rename, and for a parent without a
 * name it was their e-mail.
 */
import { getTeamMemberEntries, getUsers, type User } from "../db/users.ts";
import { listGuardianLinks } from "../db/guardians.ts";
import { getPlayers } from "../db/players.ts";
import { memberDisplayName, type NamedMember, ownName } from "./display_name.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";

/** The name to show for an author's account id (null: the team's shared login). */
export type MemberNames = (userId: string | null) => string;

/** What names a person without a name: their role, their own player (an account of a player), their first child. */
async function relationsOf(kv: Deno.Kv, teamId: string, userIds: string[]): Promise<Map<string, NamedMember>> {
  const wanted = new Set(userIds);
  const [memberships, links] = await Promise.all([
    getTeamMemberEntries(kv, teamId, userIds),
    listGuardianLinks(kv, teamId),
  ]);
  // Links list in player id (roster) order, so a parent's first link is their first child.
  const children = new Map<string, string[]>();
  for (const link of links) {
    if (wanted.has(link.userId)) children.set(link.userId, [...children.get(link.userId) ?? [], link.playerId]);
  }
  const ownPlayer = new Map(memberships.flatMap((m) => m.value?.playerId ? [[m.value.userId, m.value.playerId]] : []));
  const playerIds = [...new Set([...ownPlayer.values(), ...[...children.values()].flat()])];
  const players = await getPlayers(kv, teamId, playerIds);
  const firstNames = new Map(players.flatMap((p) => p ? [[p.id, p.firstName]] : []));
  return new Map(userIds.map((id, i) => {
    const role = memberships[i].value?.role ?? null;
    const playerId = ownPlayer.get(id);
    const child = (children.get(id) ?? []).find((playerId) => firstNames.has(playerId));
    return [id, {
      role,
      playerFirstName: playerId ? firstNames.get(playerId) ?? null : null,
      childFirstName: child ? firstNames.get(child)! : null,
    }];
  }));
}

/**
 * The names of the authors `userIds` in `teamId`, read in one batch (the distinct ids of a page
 * of posts, essentials or photos). An id without an account is "A team member". The names of
 * people without one of their own are worded in `lang`, the reader's.
 */
export async function loadMemberNames(
  kv: Deno.Kv,
  teamId: string,
  userIds: (string | null)[],
  lang: Language = DEFAULT_LANGUAGE,
): Promise<MemberNames> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  const users = new Map((await getUsers(kv, ids)).flatMap((u): [string, User][] => u ? [[u.id, u]] : []));
  const nameless = ids.filter((id) => !ownName(users.get(id) ?? {}));
  const relations = nameless.length > 0 ? await relationsOf(kv, teamId, nameless) : new Map<string, NamedMember>();
  const names = new Map(ids.map((id) => {
    const user = users.get(id);
    return [
      id,
      memberDisplayName({ firstName: user?.firstName, lastName: user?.lastName, ...relations.get(id) }, lang),
    ];
  }));
  // The shared login administers the team and is no one in particular.
  const sharedLogin = memberDisplayName({ role: "TEAM_ADMIN" }, lang);
  return (userId) => userId === null ? sharedLogin : names.get(userId) ?? memberDisplayName({}, lang);
}
