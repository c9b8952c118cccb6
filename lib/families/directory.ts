/**
 * The team's directory as the `/api/public/teams/{id}…` and `/api/public/families/{familyId}/members`
 * calls answer it: the team, its players, parents, families and a family's members. 'public' is
 * the spec's name for them, not a licence: without a session of the team only what the public
 * roster shows; parents, families and members need one; e-mails and phones only reach the
 * team's admins and the parent themselves.
 */
import { publicTeam, resolveTeam } from "../db/teams.ts";
import { listPlayersPage, type Player } from "../db/players.ts";
import { getFamily, listFamiliesPage, listFamilyMembersPage, teamIdOfFamily } from "../db/families.ts";
import type { Page, PageOptions } from "../db/kv.ts";
import { loadPublicRoster } from "../roster/mod.ts";
import { NotFoundError } from "../errors.ts";
import type { TeamViewer } from "../team_viewer.ts";
import { asOtherFamiliesSee } from "./child_privacy.ts";
import { FAMILY_TEXTS } from "./texts.ts";
import {
  detailedParent,
  detailedPlayer,
  loadTeamPeople,
  pageById,
  peopleSeenBy,
  personRef,
  playerRef,
  teamParent,
  teamPlayer,
} from "./people.ts";
import type {
  DetailedFamilyMember,
  FamilyMemberLinkView,
  FamilySummary,
  FamilyView,
  TeamParent,
  TeamPlayer,
} from "./types.ts";

/** `GET /api/public/teams/{id}`: the team as its public roster names it (id or slug). */
export async function getPublicTeam(kv: Deno.Kv, teamKey: string) {
  const team = await resolveTeam(kv, teamKey);
  if (!team) throw new NotFoundError(FAMILY_TEXTS.teamNotFound);
  return publicTeam(team);
}

/**
 * `GET /api/public/teams/{id}/players`: a page of players in creation order. A person of the
 * team (`viewer`) sees every field, isNew and the parents; anyone else what the public roster
 * shows (its visibility settings applied, through the roster's own rules).
 */
export async function listTeamPlayers(
  kv: Deno.Kv,
  teamId: string,
  viewer: TeamViewer | null,
  options: PageOptions,
  now: Date,
): Promise<Page<unknown>> {
  const page = await listPlayersPage(kv, teamId, options);
  if (viewer) {
    const people = peopleSeenBy(await loadTeamPeople(kv, teamId), viewer);
    // A player added since the page was read is shown as other families see them.
    const seen = (p: Player) => people.playersById.get(p.id) ?? asOtherFamiliesSee(p);
    const values: TeamPlayer[] = page.values.map((p) => teamPlayer(seen(p), people, now));
    return { values, cursor: page.cursor };
  }
  const roster = await loadPublicRoster(kv, teamId, now);
  if (!roster) throw new NotFoundError(FAMILY_TEXTS.teamNotFound);
  const shown = new Map(roster.players.map((p) => [p.id, p]));
  return { values: page.values.flatMap((p) => shown.get(p.id) ?? []), cursor: page.cursor };
}

/** `GET /api/public/teams/{id}/parents`: a page of the team's parents (SPEC.md's Parent), by id. */
export async function listTeamParents(
  kv: Deno.Kv,
  viewer: TeamViewer,
  options: PageOptions,
  now: Date,
): Promise<Page<TeamParent>> {
  const people = peopleSeenBy(await loadTeamPeople(kv, viewer.teamId), viewer);
  const page = pageById(people.parents, options);
  return { values: page.values.map((u) => teamParent(u, people, viewer, now)), cursor: page.cursor };
}

/** `GET /api/public/teams/{id}/families`: a page of the team's families with their members. */
export async function listTeamFamilies(
  kv: Deno.Kv,
  viewer: TeamViewer,
  options: PageOptions,
): Promise<Page<FamilyView>> {
  const [page, everyone] = await Promise.all([
    listFamiliesPage(kv, viewer.teamId, options),
    loadTeamPeople(kv, viewer.teamId),
  ]);
  const people = peopleSeenBy(everyone, viewer);
  const membersOf = new Map<string, FamilyMemberLinkView[]>();
  for (const [key, familyId] of people.familyOf) {
    const [type, id] = key.split(":");
    const player = type === "player" ? people.playersById.get(id) : undefined;
    const parent = type === "parent" ? people.parentsById.get(id) : undefined;
    if (!player && !parent) continue;
    const link: FamilyMemberLinkView = {
      memberId: id,
      memberType: player ? "player" : "parent",
      relationship: player ? "Child" : "Parent",
      player: player ? playerRef(player) : null,
      parent: parent ? personRef(parent) : null,
    };
    membersOf.set(familyId, [...membersOf.get(familyId) ?? [], link]);
  }
  return {
    values: page.values.map((f) => ({ id: f.id, familyName: f.familyName, members: membersOf.get(f.id) ?? [] })),
    cursor: page.cursor,
  };
}

/** The team a family id belongs to, or null when it cannot be a family id (the caller answers 404). */
export const familyTeamId = (familyId: string): string | null => teamIdOfFamily(familyId);

/**
 * `GET /api/public/families/{familyId}/members`: a page of one family's detailed members for a
 * viewer of its team (the caller checked the viewer's team is the family's).
 */
export async function listFamilyMembers(
  kv: Deno.Kv,
  viewer: TeamViewer,
  familyId: string,
  options: PageOptions,
  now: Date,
): Promise<Page<DetailedFamilyMember> & { family: FamilySummary }> {
  const family = teamIdOfFamily(familyId) === viewer.teamId ? await getFamily(kv, viewer.teamId, familyId) : null;
  if (!family) throw new NotFoundError(FAMILY_TEXTS.familyNotFound);
  const [page, everyone] = await Promise.all([
    listFamilyMembersPage(kv, viewer.teamId, familyId, options),
    loadTeamPeople(kv, viewer.teamId),
  ]);
  const people = peopleSeenBy(everyone, viewer);
  const values = page.values.flatMap((link): DetailedFamilyMember[] => {
    if (link.memberType === "player") {
      const player = people.playersById.get(link.memberId);
      return player ? [detailedPlayer(player, now)] : [];
    }
    const parent = people.parentsById.get(link.memberId);
    return parent ? [detailedParent(parent, people, viewer, now)] : [];
  });
  return { family: { id: family.id, familyName: family.familyName }, values, cursor: page.cursor };
}
